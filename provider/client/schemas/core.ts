/**
 * Zod schemas of every answer in `docs/wire-contract.md`, with their inferred types: a tolerant
 * reader. Each record is a table of fields; a field is `need`ed when the provider uses it (ids,
 * status, managed fields) and `opt`ional otherwise. Optional fields may be absent or null, and
 * one of the wrong type reads as absent. Unknown fields pass through. Ids may be strings or
 * numbers and come out as strings; enums are open (an unknown value is kept as a string).
 * Every field names its source: the section of docs/wire-contract.md that holds it
 * (`wire contract "<section>"`, where the contract names the specification's section), a Sender
 * docs page (`docs <url>`), `observed` or `assumed`.
 *
 * This file holds the reader's building blocks (fields, tables, envelopes); the records are
 * in the area files beside it, mirroring `emulator/routes/`, and `index.ts` exports them all.
 */
import { z } from "zod";

/** Where a field's shape comes from. */
export type FieldSource = `wire contract "${string}"` | `docs https://${string}` | "observed" | "assumed";

/** One field of a record table: its schema, whether the provider needs it, and its source. */
export interface FieldRule<S extends z.ZodType = z.ZodType> {
  /** The schema the field is read with (optional rules already wrap it). */
  readonly schema: S;
  /** True when a read fails without it; false when it may be absent, null or malformed. */
  readonly needed: boolean;
  /** Where its shape comes from. */
  readonly source: FieldSource;
}

/** A field the provider needs: the read fails when it is missing or malformed. */
export function need<S extends z.ZodType>(schema: S, source: FieldSource): FieldRule<S> {
  return { schema, needed: true, source };
}

/** A field the provider can do without: absent, null or of another type, the read goes on. */
export function opt<S extends z.ZodType>(schema: S, source: FieldSource) {
  // A malformed optional value reads as absent rather than failing the whole record.
  const schemaOut = schema.nullish().catch(undefined);
  return { schema: schemaOut, needed: false, source } as FieldRule<typeof schemaOut>;
}

type Table = Record<string, FieldRule>;

type ShapeOf<T extends Table> = { [K in keyof T]: T[K]["schema"] };

/** A record read by its table; unknown fields pass through. */
export function record<T extends Table>(table: T) {
  const shape = Object.fromEntries(Object.entries(table).map(([key, rule]) => [key, rule.schema]));
  return z.looseObject(shape as ShapeOf<T>);
}

/**
 * The declared field names of a record type, without the index signature `z.looseObject` adds
 * (with it, `keyof` is just `string`): what a resource table's `api:` may name, so that a
 * misspelt name fails to compile.
 */
export type KnownKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : symbol extends K ? never : K]: T[K];
} &
  string;

/**
 * `YYYY-MM-DD HH:MM:SS` in UTC (wire contract "Common shapes"). Kept as text: the API compares and
 * echoes it as such.
 */
export const Timestamp = z.string();

/** An id: a string, or a number (docs examples) normalised to its decimal string. */
export const Id = z.union([z.string(), z.number()]).transform((v): string => String(v));

/** An integer counter; some answers send it as a numeric string. */
export const Count = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);

/**
 * A 0/1 switch (observed as integers, `null` in the docs' campaign list). A boolean is accepted
 * too and normalised to 0/1; null reads as absent.
 */
export const Flag = z
  .union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.boolean()])
  .transform((v): 0 | 1 => (v === true || v === 1 || v === "1" ? 1 : 0));

/** A value of an open enum: one of `known`, or any other string, kept as it came. */
export type Open<T extends string> = T | (string & {});

/** An open enum: any string is read; the known values only type it. */
export function openEnum<const T extends readonly string[]>(_known: T) {
  return z.string() as unknown as z.ZodType<Open<T[number]>, string>;
}

/** A text `message`; a non-string one (an object, a list) is kept as its JSON text. */
export const MessageText = z
  .unknown()
  .optional()
  .transform((v): string =>
    typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v),
  );

const AckObject = z.looseObject({
  // docs https://api.sender.net/errors: every 2xx means success; a missing flag reads as true.
  success: z.boolean().optional(),
  message: MessageText,
});

/**
 * Generic acknowledgement (wire contract "Common shapes"), read liberally: an empty 2xx body is
 * success, a missing `success` is true, a non-string `message` is kept as its JSON text.
 */
export const Ack = z.preprocess(
  (v) => (v === undefined ? {} : v),
  AckObject.transform((v) => ({ ...v, success: v.success ?? true, message: v.message })),
);

/** Generic acknowledgement (wire contract "Common shapes"). */
export interface Ack {
  /** Whether the service did it. */
  success: boolean;
  /** What it said, as text. */
  message: string;
  /** Other members pass through. */
  [key: string]: unknown;
}

// Schemas built from an item schema are made once per item: zod compiles a schema on its first
// parse, and building one per request would compile on every request.
const built = new WeakMap<z.ZodType, Map<string, unknown>>();

/** The schema `make(item)`, built once per item schema and kind. */
export function once<T extends z.ZodType, R>(kind: string, item: T, make: (item: T) => R): R {
  let byKind = built.get(item);
  if (byKind === undefined) {
    byKind = new Map();
    built.set(item, byKind);
  }
  if (!byKind.has(kind)) byKind.set(kind, make(item));
  return byKind.get(kind) as R;
}

/** `{data: T}` unwrapped to `T` (observed wrapping of single objects). */
// dataOf and dataOrBare declare their types: the inferred ones inline zod's internal mapped types
// into the .d.ts, which a user's `tsc` without skipLibCheck rejects (TS2536).
export function dataOf<T extends z.ZodType>(item: T): z.ZodType<z.output<T>> {
  return once("dataOf", item, (i) =>
    z.looseObject({ data: i }).transform((answer) => (answer as { data: z.output<T> }).data),
  );
}

/** Either `{data: T}` or a bare `T`, where sources disagree; both come out as `T`. */
export function dataOrBare<T extends z.ZodType>(item: T): z.ZodType<z.output<T>> {
  return once("dataOrBare", item, (i) => z.union([dataOf(i), i]));
}

/** A list of `item`, built once per item schema. */
export function listOf<T extends z.ZodType>(item: T) {
  return once("list", item, (i) => z.array(i));
}

/**
 * The `links` member of a paginated envelope (wire contract "Common shapes", docs
 * https://api.sender.net/pagination).
 */
export const PageLinks = z.looseObject({
  first: z.string().nullish(),
  last: z.string().nullish(),
  prev: z.string().nullish(),
  next: z.string().nullish(),
});

/**
 * The `meta` member of a paginated envelope (wire contract "Common shapes", docs
 * https://api.sender.net/pagination).
 */
export const PageMeta = z.looseObject({
  current_page: Count,
  from: Count.nullish(),
  last_page: Count,
  path: z.string().nullish(),
  per_page: Count.nullish(),
  to: Count.nullish(),
  total: Count,
  links: z
    .array(
      z.looseObject({
        url: z.string().nullish(),
        label: z.union([z.string(), z.number()]).nullish(),
        active: z.boolean().nullish(),
      }),
    )
    .nullish()
    .catch(undefined),
});

/** The `meta` member of a paginated envelope. */
export type PageMeta = z.infer<typeof PageMeta>;

/**
 * A paginated envelope `{data, links, meta}` of `item` (wire contract "Common shapes").
 * `has_more_resources` (docs https://api.sender.net/pagination) is read when present; `links` may
 * be absent.
 */
export function envelope<T extends z.ZodType>(item: T) {
  return once("envelope", item, (i) =>
    z.looseObject({
      data: z.array(i),
      links: PageLinks.nullish().catch(undefined),
      meta: PageMeta,
      has_more_resources: z.boolean().nullish().catch(undefined),
    }),
  );
}

/** One page of a paginated list. */
export interface Page<T> {
  /** The records of this page. */
  data: T[];
  /** URLs of the neighbouring pages, when the service sends them. */
  links?: z.infer<typeof PageLinks> | null | undefined;
  /** Position of this page; `last_page` ends the walk. */
  meta: PageMeta;
  /** Whether a next page exists, when the service says so. */
  has_more_resources?: boolean | null | undefined;
}

/** One page of a list the service may or may not page (see {@link listPage}). */
export interface ListPage<T> {
  /** The records of this page. */
  data: T[];
  /** The page's position when the answer carries one; absent, the answer is the whole list. */
  meta?: { last_page: number } | undefined;
}

/**
 * A list read tolerantly where no source shows whether the service pages it (the account's tags
 * and filters, assumed): the paginated envelope (wire contract "Common shapes"), `{data}` without `meta`, or a bare
 * array; the latter two are the whole list. A `meta` without a readable `last_page` reads as absent.
 */
export function listPage<T extends z.ZodType>(item: T): z.ZodType<ListPage<z.output<T>>> {
  return once("listPage", item, (i) =>
    z
      .union([
        z.looseObject({
          data: z.array(i),
          meta: z.looseObject({ last_page: Count }).nullish().catch(undefined),
        }),
        z.array(i).transform((data) => ({ data, meta: undefined })),
      ])
      .transform(
        (answer): ListPage<z.output<T>> =>
          answer.meta
            ? { data: answer.data, meta: { last_page: answer.meta.last_page } }
            : { data: answer.data },
      ),
  );
}
