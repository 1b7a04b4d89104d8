/**
 * The field tables: one per resource kind, the single place where the facts of a field live (its
 * API name, type, TSDoc (the doc text, which `npm run docs:fields` copies to
 * field-docs.generated.ts for the schema and docs/), check rule, whether it is required, replace-only, a set, output-only,
 * secret, and the value that clears it). The check schema, the `DiffSpec`, the request bodies, the
 * read-back and the SDK's output list are derived from a table; what the API does irregularly
 * stays hand-written in the resource's module.
 */
import { z } from "zod";
import { fieldWord, say } from "../words";
import { comparableTitle } from "./autoname";
import { type DiffSpec, sameSet, sameValue } from "./diff";
import type { FieldType } from "./field-type";
import { safeId } from "./ids";

/** Every fact about one field of a resource. */
export interface Field {
  /** How the package schema and the SDK type it. */
  readonly type: FieldType;
  /** The snake_case API name; absent when it is never sent or read (e.g. `adoptId`). */
  readonly api?: string;
  /** The allowed values, when closed on input. */
  readonly enum?: readonly (string | number)[];
  /** A required input. */
  readonly required?: boolean;
  /** Output only: computed by the service. */
  readonly output?: boolean;
  /** A change replaces the resource. */
  readonly replaceOnChange?: boolean;
  /** An unordered list: its order never shows as a diff. */
  readonly set?: boolean;
  /**
   * The value sent to clear it when the program drops it. In an optional input it means "not set",
   * as absent, null, `""` and an empty list do ({@link isUnset}).
   */
  readonly cleared?: unknown;
  /**
   * The service may store it trimmed and in Unicode NFC (a title, `PUT /__emulator/title-normalization`):
   * two values that differ only there are the same ({@link sameInput}).
   */
  readonly normalized?: boolean;
  /** Never shown in clear. */
  readonly secret?: boolean;
  /** The input rule; its failures name the property. */
  readonly check?: z.ZodType;
  /** Not compared by `diff` (read only at create, like `adoptId`). */
  readonly createOnly?: boolean;
  /**
   * Kept in the stack's state only (no API name): `diff` compares it so that a change reaches the
   * state, but it is never sent, and changing it is allowed on a sent campaign (`deleteEvenIfSent`).
   */
  readonly stateOnly?: boolean;
  /** The value `check` gives an input the program leaves out; such an input is always in the outputs. */
  readonly default?: unknown;
  /** An output-only field the service may lack: then absent from the outputs. */
  readonly optional?: boolean;
  /** Type only, never set at run time: a narrower TypeScript type than `type` gives (see {@link typed}). */
  readonly typed?: unknown;
  /**
   * What moves an output-only field besides a create (see `planned-outputs.ts`). `update`: the
   * inputs of its own kind whose change moves it, or `"any"` when every update does (a `modified`
   * time); `kinds`: the other kinds whose apply moves it on the object they point at (a
   * CampaignSchedule moves its campaign's `status`). Absent, no update moves it: a plan keeps its
   * value (the Terraform framework's `UseStateForUnknown`), and only the service itself moves it.
   */
  readonly movedBy?: { readonly update?: "any" | readonly string[]; readonly kinds?: readonly string[] };
  /**
   * The value the provider sets an output-only field to whenever a create or update moves it,
   * computed from the checked inputs with no request; undefined where it cannot know before the
   * service answers. A plan shows it instead of an unknown.
   */
  readonly planned?: (inputs: Readonly<Record<string, unknown>>) => unknown;
}

/** The fields of one resource kind, keyed by camelCase property name. */
export type FieldTable = Readonly<Record<string, Field>>;

/** A field with its doc text: the TSDoc of its key, from field-docs.generated.ts. */
export interface DocumentedField extends Field {
  /** The TSDoc text of the key, on one line (the schema description). */
  readonly doc: string;
}

/** A field table with each field's doc, as the package schema and docs/resources.md read it. */
export type DocumentedTable = Readonly<Record<string, DocumentedField>>;

/** A field table with each field's doc: what {@link withDocs} makes, its keys and facts kept. */
export type WithDocs<T extends FieldTable> = { readonly [K in keyof T]: T[K] & { readonly doc: string } };

/**
 * The table with each field's doc from `docs` (a kind's entry of the generated `fieldDocs`): a key
 * without a doc fails to compile; `npm run docs:fields` regenerates them.
 */
export function withDocs<T extends FieldTable>(
  table: T,
  docs: { readonly [K in keyof T]: string },
): WithDocs<T> {
  const out: Record<string, DocumentedField> = {};
  for (const name of Object.keys(table) as (keyof T & string)[]) {
    out[name] = { ...table[name], doc: docs[name] } as DocumentedField;
  }
  return out as WithDocs<T>;
}

/**
 * The shape of a resource's table: an input's API name among `Body` (the request body's keys, which
 * {@link bodyOf} writes and {@link readInputs} reads back), an output-only field's among `Rec` (the
 * service record's keys, which {@link readComputed} reads). Used with `as const satisfies` so a
 * misspelt fact or API name, or a record key on an input, fails to compile while the table keeps
 * its literal types, from which {@link InputsOf} and {@link OutputsOf} (and the SDK's types) are derived.
 */
export type TableOf<Body extends string = string, Rec extends string = Body> = Readonly<
  Record<
    string,
    | (Field & { readonly output?: false; readonly api?: Body })
    | (Field & { readonly output: true; readonly api?: Rec })
  >
>;

/**
 * A field's TypeScript type where the table's `type` is wider than the API's (a closed status
 * set, say): `...typed<CampaignStatus>()` in the field. Type only: it adds nothing at run time.
 */
export function typed<T>(): { readonly typed?: T } {
  return {};
}

/** The TypeScript type of each {@link FieldType}. */
interface TypeOfFieldType {
  string: string;
  integer: number;
  number: number;
  boolean: boolean;
  stringList: string[];
  anyList: unknown[];
}

/** A field's value type: its `typed` type, else the union of its `enum`, else its `type`'s. */
export type ValueOf<F extends Field> = "typed" extends keyof F
  ? Exclude<F["typed"], undefined>
  : F extends { readonly enum: readonly (infer E)[] }
    ? E
    : TypeOfFieldType[F["type"]];

/** A field that is output only. */
type OutputField = { readonly output: true };
/** An input that is required. */
type RequiredField = { readonly required: true };
/** An output-only field that may be absent. */
type OptionalOutput = { readonly output: true; readonly optional: true };

// The mapped types below filter `keyof T` (`as ... ? K : never`), so each property keeps the
// declaration, and so the TSDoc, of the table's key: the docs shown on hover are the table's.

/** The inputs of a table (after `check`): optional unless `required`; output-only fields left out. */
export type InputsOf<T extends FieldTable> = {
  -readonly [K in keyof T as T[K] extends OutputField
    ? never
    : T[K] extends RequiredField
      ? K
      : never]: ValueOf<T[K]>;
} & {
  -readonly [K in keyof T as T[K] extends OutputField | RequiredField ? never : K]?: ValueOf<T[K]>;
};

/** The output-only fields of a table: present unless `optional`. */
export type ComputedOf<T extends FieldTable> = {
  -readonly [K in keyof T as T[K] extends OutputField
    ? T[K] extends OptionalOutput
      ? never
      : K
    : never]: ValueOf<T[K]>;
} & {
  -readonly [K in keyof T as T[K] extends OptionalOutput ? K : never]?: ValueOf<T[K]>;
};

/** True for a field always in the outputs: a required or defaulted input, or a computed field not `optional`. */
export type AlwaysPresent<F extends Field> = F extends RequiredField | { readonly default: unknown }
  ? true
  : F extends OutputField
    ? F extends OptionalOutput
      ? false
      : true
    : false;

/** The outputs of a table: its inputs, echoed, and its computed fields; present unless they may be absent. */
export type OutputsOf<T extends FieldTable> = {
  -readonly [K in keyof T as AlwaysPresent<T[K]> extends true ? K : never]: ValueOf<T[K]>;
} & {
  -readonly [K in keyof T as AlwaysPresent<T[K]> extends true ? never : K]?: ValueOf<T[K]>;
};

/** A field's API name, `never` without one. */
type ApiOf<F> = F extends { readonly api: infer A extends string } ? A : never;

/** The input fields of a table that have an API name: what a request body carries. */
type BodyKey<T extends FieldTable, K extends keyof T> = T[K] extends OutputField ? never : ApiOf<T[K]>;

/** The request body a table's inputs make ({@link bodyOf}), keyed by API names: required where the input is. */
export type BodyOf<T extends FieldTable> = {
  -readonly [K in keyof T as T[K] extends RequiredField ? BodyKey<T, K> : never]: ValueOf<T[K]>;
} & {
  -readonly [K in keyof T as T[K] extends RequiredField ? never : BodyKey<T, K>]?: ValueOf<T[K]>;
};

/** A service answer as {@link readInputs} reads it: keyed by the inputs' API names, its values not yet trusted. */
export type InputRecordOf<T extends FieldTable> = { readonly [K in keyof T as BodyKey<T, K>]?: unknown };

/** A service record as {@link readComputed} reads it: keyed by the output-only fields' API names. */
export type ComputedRecordOf<T extends FieldTable> = {
  readonly [K in keyof T as T[K] extends OutputField ? ApiOf<T[K]> : never]?: unknown;
};

/** Any property bag holding some of a table's fields (the engine's, or typed inputs or outputs). */
export type PropsOf<T extends FieldTable> = { readonly [K in keyof T]?: unknown };

/** The names of a table's inputs (everything not output-only). */
export function inputNames<T extends FieldTable>(table: T): (keyof T & string)[] {
  return outputNames(table).filter((name) => table[name]?.output !== true);
}

/** The names of the inputs `diff` compares (inputs that are not create-only). */
export function managedNames<T extends FieldTable>(table: T): (keyof T & string)[] {
  return inputNames(table).filter((name) => table[name]?.createOnly !== true);
}

/** Every name a resource exposes as an output: its inputs, echoed, and the computed fields. */
export function outputNames<T extends FieldTable>(table: T): (keyof T & string)[] {
  // A table's keys are its fields: `keyof T` holds no more at run time.
  return Object.keys(table) as (keyof T & string)[];
}

/** The names of the output-only fields. */
export function computedNames<T extends FieldTable>(table: T): (keyof T & string)[] {
  return outputNames(table).filter((name) => table[name]?.output === true);
}

/**
 * One check failure per output-only field the program gives as an input (`sent: true` on a
 * CampaignSchedule, say). The provider records those fields itself; taken as inputs they would
 * reach the state and the policy pack's reading of it as if the service had said them, so `check`
 * refuses them whatever their value, known or not. An absent or null value is no claim.
 */
export function outputFieldFailures(table: FieldTable, news: object): { property: string; reason: string }[] {
  const given = news as Readonly<Record<string, unknown>>;
  return computedNames(table)
    .filter((name) => given[name] !== undefined && given[name] !== null)
    .map((name) => ({
      property: name,
      reason: say`${fieldWord(name)} is an output the provider records, never an input: remove it from the resource's arguments`,
    }));
}

/**
 * The first control character of a text and its place (1-based, in characters), or undefined.
 * Refused: NUL and every C0 control but tab, newline and the carriage return of a CRLF newline
 * (a file's line ending); DEL; the C1 controls (U+0080 to U+009F, mostly mis-decoded Windows-1252).
 */
export function controlCharacter(text: string): { code: string; at: number } | undefined {
  const chars = [...text];
  for (const [index, char] of chars.entries()) {
    const point = char.codePointAt(0) as number;
    const control = point < 0x20 || (point >= 0x7f && point <= 0x9f);
    if (!control || char === "\t" || char === "\n" || (char === "\r" && chars[index + 1] === "\n")) continue;
    return { code: `U+${point.toString(16).toUpperCase().padStart(4, "0")}`, at: index + 1 };
  }
  return undefined;
}

/**
 * The rule every text input passes before its own (`schemaOf` puts it in front of each `string`
 * field's check): no control character ({@link controlCharacter}). The issue hides the value, which
 * the engine would otherwise print beside the property.
 */
export function plainText() {
  return z.unknown().superRefine((value, ctx) => {
    if (typeof value !== "string") return;
    const found = controlCharacter(value);
    if (found === undefined) return;
    ctx.addIssue({
      code: "custom",
      params: { hideValue: true },
      message: `must not hold control characters (${found.code} at character ${found.at}): only tab and newline may be used`,
    });
  });
}

/**
 * The object schema of the inputs: each field's rule, optional unless it is required; a text field's
 * passes {@link plainText} first.
 */
export function schemaOf(table: FieldTable) {
  const shape: Record<string, z.ZodType> = {};
  for (const name of inputNames(table)) {
    const field = table[name] as Field;
    const own = field.check ?? z.unknown();
    const rule = field.type === "string" ? plainText().pipe(own) : own;
    shape[name] = field.required === true ? rule : rule.optional();
  }
  return z.object(shape);
}

/** The `DiffSpec` of a table: managed inputs, replace-only ones and sets. */
export function diffSpecOf(table: FieldTable, deleteBeforeReplace = false): DiffSpec {
  const fields = managedNames(table);
  return {
    fields,
    replaceOnChange: fields.filter((name) => table[name]?.replaceOnChange === true),
    setFields: fields.filter((name) => table[name]?.set === true),
    stateOnly: fields.filter((name) => table[name]?.stateOnly === true),
    deleteBeforeReplace,
    same: Object.fromEntries(
      fields.map((name) => [name, (a: unknown, b: unknown) => sameInput(table[name], a, b)]),
    ),
  };
}

/**
 * True for a value that leaves an input unset. In an optional input that is absent, null, `""`, an
 * empty list and the field's `cleared` alike: one rule, so that `preheader = ""` and no preheader
 * are the same to `diff`, to a read (a service that stores `""` as null) and to each door. A
 * required input is unset only when absent or null.
 */
export function isUnset(field: Field, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (field.required === true) return false;
  return (
    value === "" ||
    (Array.isArray(value) && value.length === 0) ||
    (field.cleared !== undefined && sameValue(value, field.cleared))
  );
}

/**
 * True when two values of one input mean the same to the service: both unset ({@link isUnset}),
 * the same members of a set, the same text once trimmed and in NFC for a `normalized` field, or
 * deeply equal. `diff`, the read-back ({@link readInputs}), an update's check of what the service
 * took ({@link sameAnswer}) and the Terraform door's refresh all compare with it.
 */
export function sameInput(field: Field | undefined, a: unknown, b: unknown): boolean {
  if (field === undefined) return sameValue(a, b);
  if (isUnset(field, a) || isUnset(field, b)) return isUnset(field, a) && isUnset(field, b);
  if (field.set === true && Array.isArray(a) && Array.isArray(b)) return sameSet(a, b);
  if (field.normalized === true && typeof a === "string" && typeof b === "string")
    return comparableTitle(a) === comparableTitle(b);
  return sameValue(a, b);
}

/**
 * True when the value a service answered for the API name `api` is the one sent ({@link sameInput}
 * of the table's field of that API name): an update that sent `preheader: ""` and reads back null
 * made its change.
 */
export function sameAnswer(table: FieldTable, api: string, answered: unknown, sent: unknown): boolean {
  const field = Object.values(table).find((candidate) => candidate.api === api && candidate.output !== true);
  return sameInput(field, answered, sent);
}

/**
 * A string of at most 255 characters, as the service takes (required and non-empty when `min` is
 * 1). Like every check message, its messages leave the property out: the engine names it
 * (`property <name> … has a problem: <reason>`).
 */
export function textInput(min = 0) {
  const base = z.string({ error: min > 0 ? "must be a non-empty string" : "must be a string" });
  return (min > 0 ? base.min(min, "must be a non-empty string") : base).max(
    255,
    "must be at most 255 characters",
  );
}

/** A list of ids (see `ids.ts`: no `.`, `..`, `/`, control characters); `what` names the ids in its messages. */
export function idList(what: string) {
  return z.array(
    z
      .string({ error: `must hold ${what} ids (strings)` })
      .min(1, "must not hold an empty id")
      .superRefine(safeId(what)),
    { error: `must be a list of ${what} ids` },
  );
}

/**
 * The rule of an `ownershipMark` (campaigns' and webhooks'): 8 lowercase hex digits, which the SDK or
 * the plugin's check sets.
 */
export function ownershipMarkCheck() {
  return z
    .string({ error: "must be a string" })
    .regex(/^[0-9a-f]{8}$/, "must be 8 lowercase hex digits (set by the SDK, not by programs)");
}

/**
 * The fields of the kinds whose title the SDK (or the plugin's check) makes up or marks
 * (`sdk/autoname.ts`), spread into their tables so that their TSDoc is written once: `autonamed`,
 * whose made-up title then proves which object is the resource's, and `ownershipMark`, with which an
 * explicit title is created (`<title> [<mark>]`) and renamed right after, so that one whose create
 * lost its answer is provably the resource's.
 */
export const autonameFields = {
  /**
   * Set by the SDK (or the plugin's check) when it made up the title (see `title`): the title then proves
   * which campaign is this resource's. Not meant to be set by programs. Only read at create.
   */
  autonamed: {
    type: "boolean",
    createOnly: true,
    check: z.boolean({ error: "must be a boolean" }),
  },
  /**
   * Set by the SDK (or the plugin's check): 8 hex of a hash of the stack instance's nonce (kept in the
   * stack's state) and the resource's URN. An autonamed title ends with it; with an explicit title the
   * campaign is created as `<title> [<mark>]` and renamed to `title` as soon as the create answers, so that
   * one whose create lost its answer, or whose `{@apply}` was killed, is provably this resource's, and no other
   * stack's. Not meant to be set by programs. Only read at create and update.
   */
  ownershipMark: {
    type: "string",
    createOnly: true,
    check: ownershipMarkCheck(),
  },
} as const;

/** The `campaignId` of a part of a campaign (targeting, schedule, follow-up, attachment): moving it replaces the part. */
export function campaignIdField() {
  return {
    type: "string",
    required: true,
    replaceOnChange: true,
    check: z
      .string({ error: "must be a campaign id" })
      .min(1, "must be a campaign id")
      .superRefine(safeId("campaign")),
  } as const;
}

/**
 * What a table yields at module load (a resource module is required by the provider process, never
 * closure-serialized, so building it once is safe): its `DiffSpec` and its input schema.
 */
export function derive(table: FieldTable, deleteBeforeReplace = false) {
  return { spec: diffSpecOf(table, deleteBeforeReplace), schema: schemaOf(table) };
}
