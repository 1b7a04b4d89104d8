/**
 * The package's `pulumi-sender/provider` entry: the dynamic-provider runtime (`providerFor`, which
 * the state's provider stub loads), the provider context, and the registry of resource kinds.
 */
import "./node-version";

export { type ConfigureInput, ContextHolder, ProviderContext } from "./context";
export { cleanError, configureProvider, getClient, providerFor } from "./dynamic/runtime";
export type { FieldType } from "./field-type";
export { checkInContext } from "./resources/account-checks";
export type { DocumentedField, DocumentedTable, Field, FieldTable } from "./resources/fields";
export {
  fieldTables,
  providerFactories,
  providersOf,
  type ResourceKind,
  resourceDescriptions,
} from "./resources/registry";
