/**
 * The package's `pulumi-sender/provider` entry: the dynamic-provider runtime (`providerFor`, which
 * the state's provider stub loads), the provider context, the registry of resource kinds, and the
 * content checks (`checkContent`, which the GitOps review runs on the campaigns it shows).
 */
import "./client/node-version";

export {
  CONTENT_RULES,
  type ContentFinding,
  type ContentToCheck,
  checkContent,
} from "./core/content-checks";
export { type ConfigureInput, ContextHolder, ProviderContext } from "./core/context";
export type { FieldType } from "./core/field-type";
export type { DocumentedField, DocumentedTable, Field, FieldTable } from "./core/fields";
export { cleanError, configureProvider, getClient, providerFor } from "./dynamic/runtime";
export { checkInContext } from "./kinds/account-checks";
export {
  fieldTables,
  providerFactories,
  providersOf,
  type ResourceKind,
  resourceDescriptions,
} from "./kinds/registry";
