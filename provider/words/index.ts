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
  | "replace";

/** A door's spelling of the parts of a message. */
export interface Dialect {
  /** The engine's name as its users say it: `Pulumi`, `Terraform`. */
  readonly engine: string;
  /** Where the user declares resources: "the stack", "the configuration". */
  readonly declared: string;
  /** Where the engine records what it manages: "the stack", "the state". */
  readonly recorded: string;
  /** The run that shows changes and writes nothing: "preview", "plan". */
  readonly preview: string;
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
  /** A command, as the user types it (in backticks). */
  command(command: Command): string;
  /**
   * What clears an engine's own record of creates a killed run left pending, as a sentence with a
   * leading space; empty when the engine keeps no such record (Terraform).
   */
  readonly pendingCreates: string;
}

/** The words of a process that runs in no door (a unit under test, a script): the core's own names. */
export const CORE_WORDS: Dialect = {
  engine: "the engine",
  declared: "the configuration",
  recorded: "the state",
  preview: "preview",
  kind: (kind) => kind,
  field: (path) => path,
  assignment: (name, value) => `${name} = ${value}`,
  setting: (name) => name,
  setSetting: (name, example) => `set ${name} to ${example}`,
  lookup: (name) => name,
  command: (command) => `\`${command}\``,
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
export const field =
  (path: string): Part =>
  (d) =>
    d.field(path);
/** A field in backticks, as prose quotes it. */
export const quoted =
  (path: string): Part =>
  (d) =>
    `\`${d.field(path)}\``;
/** A resource kind. */
export const kind =
  (name: string): Part =>
  (d) =>
    d.kind(name);
/** A command in backticks. */
export const command =
  (name: Command): Part =>
  (d) =>
    d.command(name);
/** A provider setting. */
export const setting =
  (name: string): Part =>
  (d) =>
    d.setting(name);
/** How to give a setting a value. */
export const setSetting =
  (name: string, example: string, secret = false): Part =>
  (d) =>
    d.setSetting(name, example, secret);
/** An argument given a value, in backticks. */
export const assignment =
  (name: string, value: string): Part =>
  (d) =>
    `\`${d.assignment(name, value)}\``;
/** A data source. */
export const lookup =
  (name: string): Part =>
  (d) =>
    d.lookup(name);
/** Where the user declares resources ("the stack", "the configuration"). */
export const declared: Part = (d) => d.declared;
/** Where the engine records them ("the stack", "the state"). */
export const recorded: Part = (d) => d.recorded;
/** The run that writes nothing ("preview", "plan"). */
export const preview: Part = (d) => d.preview;
/** The engine's name. */
export const engine: Part = (d) => d.engine;
/** The sentence that clears pending creates, or nothing. */
export const pendingCreates: Part = (d) => d.pendingCreates;

/**
 * A message in the running door's words: literal text with {@link Part}s between, each spelt by
 * {@link words}; any other value as `String` gives it.
 */
export function say(strings: TemplateStringsArray, ...values: readonly unknown[]): string {
  return spell(words(), strings, values);
}

/** {@link say} in a given dialect. */
export function sayIn(
  dialect: Dialect,
  strings: TemplateStringsArray,
  ...values: readonly unknown[]
): string {
  return spell(dialect, strings, values);
}

function spell(dialect: Dialect, strings: TemplateStringsArray, values: readonly unknown[]): string {
  let text = strings[0] ?? "";
  values.forEach((value, i) => {
    text += typeof value === "function" ? (value as Part)(dialect) : String(value);
    text += strings[i + 1] ?? "";
  });
  return text;
}
