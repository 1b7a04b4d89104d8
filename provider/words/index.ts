/**
 * The words of a message, by the door that shows it. The core writes each message once, from its
 * parts: the field it is about, the kind, the command that fixes it, the setting, the place the
 * engine keeps its resources. Each door supplies a {@link Dialect} that spells those parts as its
 * engine's users read them (`tagIds` and `pulumi up` for Pulumi, `tag_ids` and `apply` for
 * Terraform), and runs every operation in it ({@link inDialect}); nothing rewrites a finished line.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** A command a message tells the user to run. */
export type Command =
  /** The run that writes: `pulumi up`, `apply`. */
  | "up"
  /** The run that reads every object back and drops the gone ones: `pulumi refresh`, `apply -refresh-only`. */
  | "refresh"
  /** The run that deletes everything: `pulumi destroy`, `destroy`. */
  | "destroy"
  /** Bringing an existing object under management: `pulumi import`, `import`. */
  | "import"
  /** Replacing one resource on purpose: `pulumi up --replace` with its URN, `apply -replace=<its address>`. */
  | "replace"
  /** The run that writes without showing its changes first: `pulumi up --skip-preview`, `apply`. */
  | "upSkippingPreview";

/** A door's spelling of the parts of a message. */
export interface Dialect {
  /** The engine's name as its users say it: `Pulumi`, `Terraform`. */
  readonly engine: string;
  /** Where the user declares resources, without an article: "stack", "configuration". */
  readonly declared: string;
  /** Where the engine records what it manages, without an article: "stack", "state". */
  readonly recorded: string;
  /** The run that writes, as prose names it: "up", "apply". */
  readonly apply: string;
  /** The run that shows changes and writes nothing: "preview", "plan". */
  readonly preview: string;
  /** An operation of the core (`check`, `diff`, `create`, `read`, `update`, `delete`) as its engine calls that step. */
  operation(name: string): string;
  /** A resource kind of the core (`CampaignSchedule`): `CampaignSchedule`, `sender_campaign_schedule`. */
  kind(kind: string): string;
  /** An argument or attribute by its core path (`tagIds`, `tagIds[1]`): `tagIds[1]`, `tag_ids[1]`. */
  field(path: string): string;
  /** An argument given a value, as a program or a configuration writes it: `adoptId: "wh1"`, `adopt_id = "wh1"`. */
  assignment(name: string, value: string): string;
  /** A provider setting by its core name (`minScheduleLeadMinutes`): `sender:minScheduleLeadMinutes`, `min_schedule_lead_minutes`. */
  setting(name: string): string;
  /** How to give a setting a value (`example`), or a secret one: a command or a line of the provider block. */
  setSetting(name: string, example: string, secret?: boolean): string;
  /** A data source by its core name (`getTag`): `getTag`, the `sender_tag` data source. */
  lookup(name: string): string;
  /** A data source as a doc links it: TSDoc's `{@link getTag}` for Pulumi's SDK, the `sender_tag` data source. */
  link(name: string): string;
  /** An argument given a data source's id (`tagIds`, `tag`, `vip`): `tagIds: [vip.id]`, `tag_ids = [data.sender_tag.vip.id]`. */
  lookupUse(field: string, source: string, variable: string): string;
  /** The engine's record of a resource: "the stack's state", "the state". */
  readonly state: string;
  /**
   * A core name (a kind, a field) in a doc as this dialect spells it, or undefined to keep it: alone
   * in a code span, among other code, or in prose. Absent: every name is kept.
   */
  readonly identifier?: (name: string, where: "alone" | "code" | "prose") => string | undefined;
  /** A command, as the user types it (in backticks). */
  command(command: Command): string;
  /** Where the door takes the API token from, as advice after "check": a setting, a command, the environment. */
  readonly tokenSource: string;
  /**
   * What clears an engine's own record of creates a killed run left pending, as a sentence with a
   * leading space; empty when the engine keeps no such record (Terraform).
   */
  readonly pendingCreates: string;
}

/** The words of a process that runs in no door (a unit under test, a script): the core's own names. */
export const CORE_WORDS: Dialect = {
  engine: "the engine",
  declared: "configuration",
  recorded: "state",
  apply: "apply",
  preview: "preview",
  operation: (name) => name,
  kind: (kind) => kind,
  field: (path) => path,
  assignment: (name, value) => `${name} = ${value}`,
  setting: (name) => name,
  setSetting: (name, example) => `set ${name} to ${example}`,
  lookup: (name) => name,
  link: (name) => name,
  lookupUse: (field, _source, variable) => `${field} = [${variable}.id]`,
  state: "the state",
  command: (command) => `\`${command}\``,
  tokenSource: "apiToken or SENDER_API_TOKEN",
  pendingCreates: "",
};

const current = new AsyncLocalStorage<Dialect>();

/** Runs `run` with `dialect` as the words of every message its operations write. */
export function inDialect<T>(dialect: Dialect, run: () => T): T {
  return current.run(dialect, run);
}

/** The words of the running operation's door ({@link CORE_WORDS} outside any). */
export function words(): Dialect {
  return current.getStore() ?? CORE_WORDS;
}

/** One part of a message, spelt by the dialect. */
export type Part = (dialect: Dialect) => string;

/** The field at a core path (`tagIds[1]`). */
export const fieldWord =
  (path: string): Part =>
  (d) =>
    d.field(path);
/** Fields by their core paths, joined with commas (`replyTo, subject`; `reply_to, subject`). */
export const fieldList =
  (paths: readonly string[]): Part =>
  (d) =>
    paths.map((path) => d.field(path)).join(", ");
/** A field in backticks, as prose quotes it. */
export const quotedField =
  (path: string): Part =>
  (d) =>
    `\`${d.field(path)}\``;
/** An operation of the core. */
export const operationWord =
  (name: string): Part =>
  (d) =>
    d.operation(name);
/** A resource kind. */
export const kindWord =
  (name: string): Part =>
  (d) =>
    d.kind(name);
/** A command in backticks. */
export const commandWord =
  (name: Command): Part =>
  (d) =>
    d.command(name);
/** A provider setting. */
export const settingWord =
  (name: string): Part =>
  (d) =>
    d.setting(name);
/** How to give a setting a value. */
export const setSettingWord =
  (name: string, example: string, secret = false): Part =>
  (d) =>
    d.setSetting(name, example, secret);
/** An argument given a value (`adoptId: "wh1"`), without backticks. */
export const assignWord =
  (name: string, value: string): Part =>
  (d) =>
    d.assignment(name, value);
/** A data source. */
export const lookupWord =
  (name: string): Part =>
  (d) =>
    d.lookup(name);
/** Where the user declares resources ("stack", "configuration"), without an article. */
export const declared: Part = (d) => d.declared;
/** Where the engine records them ("stack", "state"), without an article. */
export const recorded: Part = (d) => d.recorded;
/** The run that writes ("up", "apply"). */
export const apply: Part = (d) => d.apply;
/** The run that writes nothing ("preview", "plan"). */
export const preview: Part = (d) => d.preview;
/** The engine's name. */
export const engine: Part = (d) => d.engine;
/** Where the API token comes from. */
export const tokenSource: Part = (d) => d.tokenSource;
/** The sentence that clears pending creates, or nothing. */
export const pendingCreates: Part = (d) => d.pendingCreates;

/**
 * A message in the running door's words: literal text with {@link Part}s between, each spelt by
 * {@link words}; any other value as `String` gives it.
 */
export function say(strings: TemplateStringsArray, ...values: readonly unknown[]): string {
  return spell(words(), strings, values);
}

/** {@link say} in a given dialect: ``sayIn(dialect)`…` ``. */
export function sayIn(dialect: Dialect) {
  return (strings: TemplateStringsArray, ...values: readonly unknown[]): string =>
    spell(dialect, strings, values);
}

function spell(dialect: Dialect, strings: TemplateStringsArray, values: readonly unknown[]): string {
  let text = strings[0] ?? "";
  values.forEach((value, i) => {
    text += typeof value === "function" ? (value as Part)(dialect) : String(value);
    text += strings[i + 1] ?? "";
  });
  return text;
}
