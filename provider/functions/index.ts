// The data sources: one declaration each (provider/functions/<area>.ts), listed in registry.ts.
// The SDK's functions, the plugin's function schema and handlers, and docs/data-sources.md derive from it.
export * from "./audiences";
export * from "./campaign-reports";
export * from "./campaigns";
export * from "./carts";
export * from "./content-report";
export type * from "./declare";
export * from "./plans";
export * from "./registry";
export * from "./run";
export * from "./subscriber-events";
export * from "./transactional-campaigns";
