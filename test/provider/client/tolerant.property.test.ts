import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { Ack, envelope, Id, RECORD_TABLES, record } from "../../../provider/client/schemas";
import * as f from "./helpers/fixtures";

/**
 * The tolerant reader's promise: take a valid answer, add unknown fields, null out or drop or
 * garble every field the provider does not need, turn ids into numbers and open enum values into
 * unknown strings; the read never throws and what the provider needs comes through unchanged.
 */
type TableName = keyof typeof RECORD_TABLES;
type Json = Record<string, unknown>;

const docs = (name: string) =>
  JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../fixtures/sender-docs", name), "utf8")).body;

// Valid records of each table: the docs' examples where there are some, the contract's otherwise.
const SAMPLES: Record<TableName, Json[]> = {
  Campaign: [f.campaign, docs("campaigns-list.json").data[0]],
  "Campaign.html": [f.campaign.html, { id: 1 }],
  SendingStatus: [{ status: "SENDING", recipient_count: 25, sent_count: 10, progress: 40 }],
  Attachment: [{ file_name: "guide.pdf", url: "https://cdn.example/guide.pdf", size: 1024 }],
  Transactional: [
    f.transactional,
    docs("transactional-create.json").data,
    docs("transactional-update.json").data,
  ],
  Webhook: [f.webhook],
  Group: [f.group],
  Field: [f.field],
  Cart: [f.cart],
  Plan: [f.plan],
};

const anyJson = fc.jsonValue({ maxDepth: 2 });
type Change = "keep" | "null" | "drop" | "garble";

interface Variation {
  extras: Record<string, unknown>;
  optional: Record<string, Change>;
  garble: Record<string, unknown>;
  // Per needed field: a number for an id, a string for a free string, or undefined to keep it.
  needed: Record<string, number | string | undefined>;
}

/** Needed fields that take any string (open enums, text) or an id (string or number). */
function neededKinds(name: TableName, sample: Json) {
  const table = RECORD_TABLES[name] as Record<string, { schema: z.ZodType; needed: boolean }>;
  const ids: string[] = [];
  const strings: string[] = [];
  for (const [field, rule] of Object.entries(table)) {
    if (!rule.needed) continue;
    if (rule.schema === Id) ids.push(field);
    else if (typeof sample[field] === "string" && rule.schema.safeParse("zz-unknown-value").success)
      strings.push(field);
  }
  return { ids, strings };
}

function variation(name: TableName, sample: Json): fc.Arbitrary<Variation> {
  const table = RECORD_TABLES[name] as Record<string, { needed: boolean }>;
  const optionalFields = Object.keys(table).filter((field) => !table[field]?.needed);
  const { ids, strings } = neededKinds(name, sample);
  const record = <T>(keys: string[], value: fc.Arbitrary<T>) =>
    fc.record(Object.fromEntries(keys.map((k) => [k, value])) as Record<string, fc.Arbitrary<T>>);
  return fc.record({
    extras: fc.dictionary(
      fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in table) && k !== "__proto__"),
      anyJson,
      { maxKeys: 4 },
    ),
    optional: record(optionalFields, fc.constantFrom<Change>("keep", "null", "drop", "garble")),
    // A value of no type any field takes: an object where a scalar is due and the reverse.
    garble: record(optionalFields, fc.constantFrom<unknown>({ odd: true }, "not-a-number", [1, "x"], 12.5)),
    needed: fc.record({
      ...Object.fromEntries(ids.map((k) => [k, fc.option(fc.nat({ max: 2 ** 31 }), { nil: undefined })])),
      ...Object.fromEntries(
        strings.map((k) => [k, fc.option(fc.string({ maxLength: 20 }), { nil: undefined })]),
      ),
    }) as fc.Arbitrary<Record<string, number | string | undefined>>,
  });
}

function apply(sample: Json, v: Variation): { input: Json; expected: Json } {
  const input: Json = { ...v.extras, ...structuredClone(sample) };
  for (const [field, change] of Object.entries(v.optional)) {
    if (change === "null") input[field] = null;
    if (change === "drop") delete input[field];
    if (change === "garble") input[field] = v.garble[field];
  }
  const expected: Json = {};
  for (const [field, value] of Object.entries(v.needed)) {
    if (value !== undefined) input[field] = value;
  }
  return { input, expected };
}

describe("the tolerant reader under variation", () => {
  for (const name of Object.keys(SAMPLES) as TableName[]) {
    const table = RECORD_TABLES[name] as Record<string, { schema: z.ZodType; needed: boolean }>;
    const schema = record(RECORD_TABLES[name]);
    SAMPLES[name].forEach((sample, index) => {
      it(`${name} sample ${index + 1}: never throws, and keeps every needed field`, () => {
        // The needed fields of the untouched sample, as the reader gives them.
        const baseline = schema.parse(sample) as Json;
        fc.assert(
          fc.property(variation(name, sample), (v) => {
            const { input } = apply(sample, v);
            const parsed = schema.safeParse(input);
            expect(parsed.success).toBe(true);
            const out = parsed.data as Json;
            for (const [field, rule] of Object.entries(table)) {
              if (!rule.needed) {
                // Optional: absent, null or a value of its type; never a throw.
                continue;
              }
              const replaced = v.needed[field];
              const want =
                replaced === undefined
                  ? baseline[field]
                  : typeof replaced === "number"
                    ? String(replaced)
                    : replaced;
              expect(out[field]).toEqual(want);
            }
            // Unknown fields pass through untouched.
            for (const [key, value] of Object.entries(v.extras)) {
              if (!(key in sample)) expect(out[key]).toEqual(value);
            }
          }),
          { numRuns: 150 },
        );
      });
    });
  }

  it("reads a list envelope of varied campaigns, with or without links and has_more_resources", () => {
    const list = envelope(record(RECORD_TABLES.Campaign));
    const page = f.page([f.campaign]);
    fc.assert(
      fc.property(
        variation("Campaign", f.campaign),
        fc.boolean(),
        fc.constantFrom(undefined, true, false, null),
        (v, withLinks, more) => {
          const { input } = apply(f.campaign, v);
          const answer: Json = {
            ...page,
            data: [input],
            ...(more === undefined ? {} : { has_more_resources: more }),
          };
          if (!withLinks) delete answer.links;
          const parsed = list.parse(answer);
          expect(parsed.data).toHaveLength(1);
          expect(parsed.meta.last_page).toBe(1);
          expect(parsed.has_more_resources).toBe(more);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("reads any ack whose message is any JSON value, and an empty body, as an ack", () => {
    fc.assert(
      fc.property(fc.option(fc.boolean(), { nil: undefined }), anyJson, (success, message) => {
        const parsed = Ack.parse({ ...(success === undefined ? {} : { success }), message });
        expect(parsed.success).toBe(success ?? true);
        expect(typeof parsed.message).toBe("string");
        if (typeof message === "string") expect(parsed.message).toBe(message);
      }),
    );
    expect(Ack.parse(undefined)).toEqual({ success: true, message: "" });
  });
});
