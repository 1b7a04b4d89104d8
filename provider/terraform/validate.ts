/**
 * The Terraform door's validate calls (`ValidateResourceConfig`, `ValidateDataResourceConfig`,
 * `ValidateProviderConfig`): every rule of the core that needs no API, run on the configuration
 * alone, as terraform-plugin-framework's attribute validators run at `validate`, before any plan.
 * Each diagnostic is on its attribute, in Terraform's words; values not yet known are skipped, as
 * the core skips them at preview; nothing here sends a request (the kinds' checks run on a context
 * whose client cannot be built).
 *
 * What needs the state is the plan's: Terraform validates a configuration without it, and before
 * every plan. A schedule time in the past is refused for a new or moved schedule only, never for
 * one the state already holds (its campaign has gone out); the plan, which has the prior state,
 * says it. So the checks here judge the configuration as the state would hold it (`olds` = the
 * inputs): the rules that compare with the state pass, and no takeover notice is given.
 */
import { SenderConfigError } from "../client/errors/config-error";
import { PacerRegistry } from "../client/pacer";
import { CONFIG_TABLE, type ConfigKeyName, readSettings } from "../core/config";
import { clientFromSettings, ProviderContext } from "../core/context";
import { forResource } from "../core/diagnostics";
import { containsUnknown, UNKNOWN } from "../core/engine-values";
import { outputFieldFailures } from "../core/fields";
import { dataSources } from "../functions";
import { argumentFailures } from "../functions/run";
import { fieldTables, providerFactories } from "../kinds/registry";
import { inDialect } from "../words";
import { configDiagnostic, failureDiagnostic, type TfDiagnostic } from "./door";
import { inputAttributes, outputAttributes } from "./planned";
import { kindOfResourceType, snakeCase, type TfSchema } from "./schema";
import { isObject, type TfValue, toCore } from "./values";
import { TERRAFORM_WORDS } from "./words";

/**
 * The context the kinds' checks run in at validate: its client is never built, so that no code a
 * check runs can send a request (it would fail with this reason instead).
 */
const NO_REQUEST_CONTEXT = new ProviderContext({
  failure: new SenderConfigError("validate", "validate sends no request"),
});

/** The token the provider attributes' checks are given: the token itself is not judged at validate. */
const PLACEHOLDER_TOKEN = "validate";

/**
 * ValidateResourceConfig: the output-only attributes a configuration sets, then the kind's `check`
 * (its table's types, enums, formats, control characters and ranges, and its rules across fields),
 * one diagnostic per failure, on its attribute.
 *
 * @throws Error for a resource type this provider lacks.
 */
export async function validateResourceConfig(
  schema: TfSchema,
  type: string,
  config: TfValue,
): Promise<TfDiagnostic[]> {
  const resource = schema.resources[type];
  const kind = kindOfResourceType(type);
  if (!resource || !kind) throw new Error(`terraform-provider-sender: unknown resource type ${type}`);
  if (!isObject(config)) return [];
  const table = fieldTables[kind];
  const { attributes } = resource.block;
  const inputs = toCore(inputAttributes(attributes), config);
  // Notices and warnings of the check (a takeover's) are the plan's to say: validate keeps none.
  const quiet = () => undefined;
  return forResource(
    type,
    () =>
      inDialect(TERRAFORM_WORDS, async () => {
        const claimed = outputFieldFailures(table, toCore(outputAttributes(attributes), config));
        const checked = await providerFactories[kind](NO_REQUEST_CONTEXT).check(inputs, inputs);
        return [...claimed, ...(checked.failures ?? [])].map((failure) => failureDiagnostic(failure, table));
      }),
    quiet,
  );
}

/**
 * ValidateDataResourceConfig: each argument its declaration refuses (a blank id, a limit out of
 * range, a status the service lacks), one diagnostic each, on the argument.
 *
 * @throws Error for a data-source type this provider lacks.
 */
export function validateDataResourceConfig(schema: TfSchema, type: string, config: TfValue): TfDiagnostic[] {
  const source = schema.dataSources[type];
  const declared = source && dataSources[source.function];
  if (!source || !declared) throw new Error(`terraform-provider-sender: unknown data source ${type}`);
  if (!isObject(config)) return [];
  const args = toCore(
    source.block.attributes.filter((a) => a.required || a.optional),
    config,
  );
  return inDialect(TERRAFORM_WORDS, () =>
    argumentFailures(declared.name, declared.args, args, containsUnknown).map((failure) => ({
      severity: "ERROR" as const,
      summary: failure.message,
      path: [snakeCase(failure.argument ?? "")],
    })),
  );
}

/**
 * ValidateProviderConfig: each provider attribute the configuration gives, judged alone as
 * `configure` reads it (a whole number above 0, `true` or `false`, a base URL of https or a
 * loopback host), one diagnostic each. The environment is not read and a missing token is not an
 * error: both are the plan's, in the environment it runs in.
 */
export function validateProviderConfig(schema: TfSchema, config: TfValue): TfDiagnostic[] {
  if (!isObject(config)) return [];
  const given = toCore(schema.provider.attributes, config);
  const diagnostics: TfDiagnostic[] = [];
  for (const name of Object.keys(CONFIG_TABLE) as ConfigKeyName[]) {
    const value = given[name];
    if (name === "apiToken" || value === undefined || value === UNKNOWN) continue;
    const failure = inDialect(TERRAFORM_WORDS, () => settingFailure(name, String(value)));
    if (failure !== undefined) diagnostics.push(configDiagnostic(failure));
  }
  return diagnostics;
}

/** Why `configure` would refuse this one value of a setting, or undefined; builds a client, sends nothing. */
function settingFailure(name: ConfigKeyName, value: string): SenderConfigError | undefined {
  const values = new Map([[`sender:${name}`, value]]);
  try {
    const settings = readSettings({ get: (key) => values.get(key) }, {});
    clientFromSettings({ ...settings, apiToken: PLACEHOLDER_TOKEN }, new PacerRegistry());
    return undefined;
  } catch (error) {
    if (SenderConfigError.is(error)) return error;
    throw error;
  }
}
