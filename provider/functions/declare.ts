// The shape of a data-source declaration. As in pulumi-go-provider's `infer.Function`, the TypeScript
// types of the arguments and the result come first; the compiler then holds each declared property
// to its type (schema kind, nullability, the API field it is read from), and everything else (the
// SDK functions, the plugin's schema and handlers, the reference in docs/) is derived from it.
import type { z } from "zod";
import type { SenderClient } from "../client";
import type { FieldType } from "../core/field-type";

/**
 * The doc of each property of T: the TSDoc of the property, which `npm run docs:data-source-fields`
 * copies to docs.generated.ts. A property without one fails to compile (or to generate).
 */
export type FieldDocs<T> = { readonly [K in keyof T]-?: string };

/** The doc of property `name` in `docs`; a property without one is a bug of the declaration, so it throws. */
export function docOf(docs: Readonly<Record<string, string>>, name: string): string {
  const doc = docs[name];
  if (doc === undefined) throw new Error(`data sources: no doc for the property ${name}`);
  return doc;
}

/** An object type of the results, named as the schema names it (`sender:index:<name>`). */
export interface ObjectShape<T> {
  /** The schema's type name, e.g. `Plan`. */
  readonly name: string;
  /** Its properties. */
  readonly fields: Props<T>;
  /** The doc of each property (from `objectTypeDocs`, generated from T's TSDoc). */
  readonly docs: FieldDocs<T>;
}

/**
 * The schema kind of a TypeScript type (null left out): text, numbers, switches, lists of text,
 * or a named object type (alone or as a list) whose own properties match the type's.
 */
export type KindOf<T> = [T] extends [readonly (infer Item)[]]
  ? [Item] extends [string]
    ? "stringList"
    : { readonly objectList: ObjectShape<Item> }
  : T extends string
    ? "string"
    : T extends number
      ? "integer" | "number"
      : T extends boolean
        ? "boolean"
        : T extends object
          ? { readonly object: ObjectShape<T> }
          : never;

/** Whether property K of T may be absent or null: then the schema does not require it. */
export type IsOptional<T, K extends keyof T> =
  Record<never, never> extends Pick<T, K> ? true : null extends T[K] ? true : false;

/**
 * One property as the schema and the docs describe it. `optional` must say what the type says. Its
 * doc is the TSDoc of the property it is held to (see {@link FieldDocs}).
 */
export type Prop<V, Optional> = {
  /** Its schema kind, e.g. `integer`, or `{ objectList: Plan }`. */
  readonly type: KindOf<NonNullable<V>>;
} & (Optional extends true ? { readonly optional: true } : { readonly optional?: false });

/** The properties of T, one per key, each held to the key's type. */
export type Props<T> = { readonly [K in keyof T]-?: Prop<T[K], IsOptional<T, K>> };

// The keys of a record type without its index signature (`z.looseObject` infers one, so that
// `keyof` alone would accept any misspelt name).
type Named<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
type Loosen<X> = X extends readonly (infer Item)[] ? Item[] : X;
type Fits<X, V> = [Loosen<null extends V ? Exclude<X, undefined> : X>] extends [V] ? true : false;

/**
 * The API fields of a record whose value fits a result property of type V: absent reads as null,
 * so a nullable property accepts an optional field, and a required one only a field always present.
 */
export type ApiKey<Rec, V> = {
  [A in keyof Named<Rec>]-?: Fits<Named<Rec>[A], V> extends true ? A : never;
}[keyof Named<Rec>];

/** A result property read from an API record: by the field's name, or computed from the record. */
export type RecordProp<V, Optional, Rec> = Prop<V, Optional> & {
  /** The API field it holds (absent reads as null), or how it is computed from the record. */
  readonly from: ApiKey<Rec, V> | ((record: Rec) => V);
};

/** The properties of T, each read from the API record Rec. */
export type RecordProps<T, Rec> = { readonly [K in keyof T]-?: RecordProp<T[K], IsOptional<T, K>, Rec> };

/** An object type read from an API record: its properties and the mapping they derive. */
export interface RecordShape<T, Rec> extends ObjectShape<T> {
  /** Its properties, each with its API source. */
  readonly fields: RecordProps<T, Rec>;
  /** The object of an API record, each property read from its source. */
  readonly read: (record: Rec) => T;
}

/** Declares an object type of the results that is not read from one API record. */
export function objectType<T>(name: string, docs: FieldDocs<T>, fields: Props<T>): ObjectShape<T> {
  return { name, fields, docs };
}

/**
 * Declares an object type read from the API record Rec, with the docs generated from T under the
 * same name: `recordType<Plan, api.Plan>("Plan", objectTypeDocs.Plan, {...})`.
 */
export function recordType<T, Rec extends object>(
  name: string,
  docs: FieldDocs<T>,
  fields: RecordProps<T, Rec>,
): RecordShape<T, Rec> {
  return { name, fields, docs, read: (record) => readRecord(fields, record) };
}

function readRecord<T, Rec extends object>(fields: RecordProps<T, Rec>, record: Rec): T {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries<{ from: string | ((record: Rec) => unknown) }>(fields)) {
    const value = typeof field.from === "function" ? field.from(record) : Reflect.get(record, field.from);
    // A copy of a list, so that the result shares nothing with the parsed answer.
    out[key] = Array.isArray(value) ? [...value] : (value ?? null);
  }
  // Every property of T has a source of its type (RecordProps), which the loop cannot show the compiler.
  return out as T;
}

/** An argument: its schema kind, the check it must pass and the rule the failure states. */
export type ArgDecl<V, Optional> = Prop<V, Optional> & {
  /** The check of a given value (absence is allowed when the argument is optional). */
  readonly check: z.ZodType<NonNullable<V>>;
  /** The rule the check states, e.g. `must be a non-empty string`: the message of a failure. */
  readonly rule: string;
};

/** The arguments of a function taking A, one per key, in the order the messages list them. */
export type ArgDecls<A> = { readonly [K in keyof A]-?: ArgDecl<A[K], IsOptional<A, K>> };

/** The arguments of a data source that takes none. */
export type NoArgs = Record<never, never>;

/** One data source: a function `sender:index:<name>` of the plugin and `<name>` of the SDK. */
export interface DataSource<A, R> {
  /** The function's name, e.g. `getPlan`. */
  readonly name: string;
  /** Its arguments. */
  readonly args: ArgDecls<A>;
  /** Its result's properties. */
  readonly result: Props<R>;
  /**
   * Its docs, from `dataSourceDocs`: what it reads, with the request(s) (the TSDoc of this
   * declaration), and the doc of each argument and result property (the TSDoc of A's and R's).
   */
  readonly docs: { readonly description: string; readonly args: FieldDocs<A>; readonly result: FieldDocs<R> };
  /** Reads the result with this client; the arguments are checked already. */
  readonly run: (client: SenderClient, args: A) => Promise<R>;
  /**
   * The result computed from the arguments alone, for a data source that reads nothing: then no
   * client is made (no token needed) and `run` is not called.
   */
  readonly local?: (args: A) => R;
}

/** A data source of any arguments and result, as the registry lists them. */
export interface AnyDataSource {
  /** See {@link DataSource.name}. */
  readonly name: string;
  /** See {@link DataSource.args}. */
  readonly args: Readonly<Record<string, AnyProp & { readonly rule: string; readonly check: z.ZodType }>>;
  /** See {@link DataSource.result}. */
  readonly result: Readonly<Record<string, AnyProp>>;
  /** See {@link DataSource.docs}. */
  readonly docs: {
    readonly description: string;
    readonly args: Readonly<Record<string, string>>;
    readonly result: Readonly<Record<string, string>>;
  };
}

/** A property with its kind erased to what the schema and the docs read. */
export interface AnyProp {
  /** The schema kind, or a named object type (alone or as a list). */
  readonly type: FieldType | { readonly object: AnyObjectShape } | { readonly objectList: AnyObjectShape };
  /** May be absent or null. */
  readonly optional?: boolean;
  /** The API field it is read from, for result properties read by name. */
  readonly from?: unknown;
}

/** An object type with its properties erased. */
export interface AnyObjectShape {
  /** The schema's type name. */
  readonly name: string;
  /** Its properties. */
  readonly fields: Readonly<Record<string, AnyProp>>;
  /** The doc of each property. */
  readonly docs: Readonly<Record<string, string>>;
}
