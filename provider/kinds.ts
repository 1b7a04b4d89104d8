// The kinds are the registry's keys (resources/registry.ts); kept here for the importers of kinds.
export { RESOURCE_KINDS, type ResourceKind } from "./resources/registry";
