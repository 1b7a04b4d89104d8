/**
 * Pulumi's words for the core's messages: the dialect both Pulumi doors (the dynamic provider and
 * the native plugin) run every operation in. Names stay as the programs spell them (`tagIds`,
 * `CampaignSchedule`, `getTag`); settings are stack config keys under `sender:`.
 */
import type { Command, Dialect } from "../words";

const COMMANDS: Readonly<Record<Command, string>> = {
  up: "`pulumi up`",
  refresh: "`pulumi refresh`",
  destroy: "`pulumi destroy`",
  import: "`pulumi import`",
  replace: "`pulumi up --replace` with its URN",
  upSkippingPreview: "`pulumi up --skip-preview`",
};

/** The dialect of a Pulumi program, its stack and its CLI. */
export const PULUMI_WORDS: Dialect = {
  engine: "Pulumi",
  declared: "stack",
  recorded: "stack",
  apply: "up",
  preview: "preview",
  operation: (name) => name,
  kind: (kind) => kind,
  field: (path) => path,
  assignment: (name, value) => `${name}: ${value}`,
  setting: (name) => `sender:${name}`,
  setSetting: (name, example, secret = false) =>
    `\`pulumi config set${secret ? " --secret" : ""} sender:${name} ${example}\``,
  lookup: (name) => name,
  link: (name) => `{@link ${name}}`,
  lookupUse: (field, _source, variable) => `${field}: [${variable}.id]`,
  state: "the stack's state",
  command: (command) => COMMANDS[command],
  tokenSource:
    "`sender:apiToken` (set it with `pulumi config set --secret sender:apiToken <token>`) or SENDER_API_TOKEN",
  pendingCreates:
    " If that run left pending CREATE operations, `pulumi refresh --clear-pending-creates --yes` clears them (docs/reliability.md).",
};
