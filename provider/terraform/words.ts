// The Terraform door's words: the dialect its operations run in (provider/words), which spells the
// parts of the core's messages and the tags and names of its docs (provider/words/doc.ts) as
// Terraform's and OpenTofu's users write them; and an override where a whole sentence of a doc
// describes something Terraform does otherwise (a title it requires, `import` it has). The schema's
// descriptions and docs/terraform/ (scripts/terraform-docs.js) both take their words from here.
import { CONFIG_TABLE } from "../core/config";
import { dataSources } from "../functions";
import { fieldTables, RESOURCE_KINDS, type ResourceKind } from "../kinds/registry";
import type { Command, Dialect } from "../words";
import { dataSourceTypeOf, resourceTypeOf, snakeCase, TF_PROVIDER_NAME } from "./names";

/** Resource kinds named as Terraform types (`CampaignProof` → `sender_campaign_proof`), longest first. */
const KIND_TYPES: readonly [string, string][] = [...RESOURCE_KINDS]
  .sort((a, b) => b.length - a.length)
  .map((kind) => [kind, resourceTypeOf(kind)]);

/** {@link KIND_TYPES} by kind. */
const KIND_TYPE: ReadonlyMap<string, string> = new Map(KIND_TYPES);

/** Every camelCase name of the tables, the config keys and the data sources (`tagIds`, `sendToAll`). */
const CAMEL_NAMES: ReadonlySet<string> = new Set(
  [
    ...Object.values(fieldTables).flatMap((table) => Object.keys(table)),
    ...Object.keys(CONFIG_TABLE),
    ...Object.values(dataSources).flatMap((s) => [...Object.keys(s.args), ...Object.keys(s.result)]),
  ].filter((name) => /[a-z][A-Z]/.test(name)),
);

const COMMANDS: Readonly<Record<Command, string>> = {
  up: "`apply`",
  refresh: "`apply -refresh-only`",
  destroy: "`destroy`",
  import: "`import`",
  replace: "`apply -replace=<its address>`",
  upSkippingPreview: "`apply`",
};

/** A data source as prose names it: the `sender_tag` data source. */
const dataSourceWord = (name: string) => `the \`${dataSourceTypeOf(name)}\` data source`;

/** A core path (`tagIds[1]`, `settings.replyTo`) as HCL spells it: each name in snake_case. */
const snakePath = (path: string): string =>
  path
    .split(/(\[\d+\]|\.)/)
    .map((step) => (step.startsWith("[") || step === "." ? step : snakeCase(step)))
    .join("");

/**
 * Terraform's and OpenTofu's words for the core's messages: resource types, snake_case
 * attributes, the provider block's attributes, the data sources, `apply` and `plan`, the
 * configuration a user writes and the state the engine keeps. Terraform keeps no pending creates.
 */
export const TERRAFORM_WORDS: Dialect = {
  engine: "Terraform",
  declared: "configuration",
  recorded: "state",
  apply: "apply",
  preview: "plan",
  // Terraform plans where Pulumi diffs and checks.
  operation: (name) => (name === "diff" || name === "check" ? "plan" : name),
  kind: (kind) => resourceTypeOf(kind as ResourceKind),
  field: snakePath,
  assignment: (name, value) => `${snakeCase(name)} = ${value}`,
  setting: (name) => snakeCase(name),
  setSetting: (name, example, secret = false) =>
    secret
      ? `\`${snakeCase(name)}\` in the provider block (from a sensitive variable)`
      : `\`${snakeCase(name)} = ${example}\` in the provider block`,
  lookup: dataSourceWord,
  link: dataSourceWord,
  lookupUse: (field, source, variable) =>
    `${snakeCase(field)} = [data.${TF_PROVIDER_NAME}_${source}.${variable}.id]`,
  state: "the state",
  identifier: (name, where) => {
    const type = KIND_TYPE.get(name);
    // A kind of more than one word wherever it stands, in backticks; a one-word kind (`Campaign`)
    // only quoted alone, never the prose word.
    if (type !== undefined && (where === "alone" || /[a-z][A-Z]/.test(name)))
      return where === "prose" ? `\`${type}\`` : type;
    return CAMEL_NAMES.has(name) ? snakeCase(name) : undefined;
  },
  command: (command) => COMMANDS[command],
  tokenSource: "`api_token` in the provider block or SENDER_API_TOKEN",
  pendingCreates: "",
};

/**
 * Sentences a doc's parts cannot carry over, by `<kind or function>.<field>` (or the function alone
 * for a data source's description, `config.<key>` for a provider attribute): Terraform's wording.
 */
export const TERRAFORM_OVERRIDES: Readonly<Record<string, string>> = {
  "Campaign.title":
    "Internal name, shown in the Sender dashboard and reports. Required: with `ownership_scope` and the resource type it makes the ownership mark, so that a create that lost its answer or an `apply` that was killed finds its own campaign instead of making a second one. The campaign is created as `<title> [<8 hex>]` and renamed right after (see `ownership_mark`).",
  "TransactionalCampaign.title":
    "Name shown in reports. Required: with `ownership_scope` and the resource type it makes the ownership mark, so that a create that lost its answer or an `apply` that was killed finds its own transactional campaign instead of making a second one, which matters since the API cannot delete one. The campaign is created as `<title> [<8 hex>]` and renamed right after (see `ownership_mark`).",
  "Campaign.adoptId":
    "Id of an existing campaign to take over instead of creating one; `create` then updates it to match these arguments. `import` (or an `import` block) is the usual way to bring a campaign made elsewhere under the configuration. Refused when the campaign has already been sent and differs from the arguments. Only read at create.",
  "TransactionalCampaign.adoptId":
    "The id of an existing transactional campaign to take over instead of creating one (`import`, or an `import` block, is the usual way). Its fields must already equal the arguments, since adopting takes the campaign over as it is; `create` fails otherwise and lists the fields that differ. Only read at create: changing or removing it later does nothing.",
  "Campaign.deleteEvenIfSent":
    "`true` lets the provider delete the campaign when it leaves the configuration (`destroy`, or removal of its block) even though the service reports it as sending or sent, and with it its reports and history. Left out or `false`, such a campaign is kept in Sender and only dropped from the state, with a warning. The delete reads it from the state: set it and run `apply` first. Never sent to the service; it may change on a sent campaign.",
  "CampaignProof.contentHash":
    "The campaign's `content_hash` (`content_hash = sender_campaign.<name>.content_hash`): given, a plan already shows the proof a change of the campaign's subject or content will send. Left out, the `apply` that applies such a change still sends it (the plan compares the campaign's current hash with `proofed_hash`).",
  "config.scheduleNeedsAudience":
    "Refuse a `sender_campaign_schedule`'s create or update, before it reaches the service, when its campaign has no audience there (no tags, saved filters or groups, and not `send_to_all`).",
};

/** The override for `key`, if any. */
export function terraformOverride(key: string): string | undefined {
  return TERRAFORM_OVERRIDES[key];
}
