import { describe, expect, test } from "vitest";
import { changedFields } from "../../../provider/core/diff";
import { readInputs } from "../../../provider/core/field-bodies";
import { diffSpecOf, type Field, isUnset, sameAnswer, sameInput } from "../../../provider/core/fields";
import { fieldTables, RESOURCE_KINDS } from "../../../provider/kinds/registry";

const text: Field = { type: "string", api: "preheader", cleared: "" };
const required: Field = { type: "string", api: "subject", required: true };
const title: Field = { type: "string", api: "title", cleared: "", normalized: true };
const flag: Field = { type: "boolean", api: "google_analytics", cleared: false };
const plainFlag: Field = { type: "boolean", api: "send_to_all" };
const set: Field = { type: "stringList", api: "groups", set: true, cleared: [] };

describe("empty and absent are one rule (issue 54, item 4)", () => {
  test("an optional input is unset when absent, null, empty or its cleared value; a required one only when absent or null", () => {
    expect([undefined, null, "", [], false].map((value) => isUnset(flag, value))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([undefined, null, "", "x"].map((value) => isUnset(text, value))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([undefined, null, "", "x"].map((value) => isUnset(required, value))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    // A boolean whose table names no cleared value: false is a value.
    expect(isUnset(plainFlag, false)).toBe(false);
  });

  test('"" , null and absent compare the same in an optional text input; a value never equals them', () => {
    expect(sameInput(text, "", undefined)).toBe(true);
    expect(sameInput(text, "", null)).toBe(true);
    expect(sameInput(text, undefined, null)).toBe(true);
    expect(sameInput(text, "", "x")).toBe(false);
    expect(sameInput(text, "x", "x")).toBe(true);
    expect(sameInput(required, "", undefined)).toBe(false);
    expect(sameInput(set, ["b", "a"], ["a", "b"])).toBe(true);
    expect(sameInput(set, [], undefined)).toBe(true);
    expect(sameInput(plainFlag, false, undefined)).toBe(false);
  });

  test('every kind\'s diff takes an optional text input set to "" as no change from an absent one', () => {
    let compared = 0;
    for (const kind of RESOURCE_KINDS) {
      const table = fieldTables[kind];
      const spec = diffSpecOf(table);
      for (const name of spec.fields) {
        const field = table[name]!;
        if (field.type !== "string" || field.required === true) continue;
        expect([kind, name, changedFields(spec, {}, { [name]: "" })]).toEqual([kind, name, []]);
        expect([kind, name, changedFields(spec, { [name]: "" }, {})]).toEqual([kind, name, []]);
        expect([kind, name, changedFields(spec, { [name]: "" }, { [name]: "x" })]).toEqual([
          kind,
          name,
          [name],
        ]);
        compared++;
      }
    }
    // Campaign title, preheader, content; TransactionalCampaign title, preheader, content; Webhook
    // relationId; CampaignProof contentHash; Group title.
    expect(compared).toBe(9);
  });

  test('the read keeps "" where the service holds null, and leaves an absent input absent', () => {
    const table = { preheader: text, subject: required };
    expect(readInputs(table, { preheader: null, subject: "S" }, { preheader: "", subject: "S" })).toEqual({
      preheader: "",
      subject: "S",
    });
    expect(readInputs(table, { preheader: null, subject: "S" }, { subject: "S" })).toEqual({ subject: "S" });
    expect(readInputs(table, { preheader: "", subject: "S" }, { subject: "S" })).toEqual({ subject: "S" });
    // Drift stays drift.
    expect(readInputs(table, { preheader: "New", subject: "S" }, { preheader: "", subject: "S" })).toEqual({
      preheader: "New",
      subject: "S",
    });
  });

  test('an update\'s answer of null for a preheader sent as "" made the change', () => {
    const table = fieldTables.TransactionalCampaign;
    expect(sameAnswer(table, "preheader", null, "")).toBe(true);
    expect(sameAnswer(table, "preheader", "Old", "")).toBe(false);
    expect(sameAnswer(table, "subject", null, "")).toBe(false);
  });
});

describe("a title the service trims compares equal (issue 54, item 7)", () => {
  test("trailing spaces and NFC are the same title; case and inner spaces are not", () => {
    expect(sameInput(title, "Trailing space  ", "Trailing space")).toBe(true);
    expect(sameInput(title, "Cafe\u0301", "Caf\u00e9")).toBe(true);
    expect(sameInput(title, "News", "news")).toBe(false);
    expect(sameInput(title, "A  B", "A B")).toBe(false);
    // A text field without the fact stays exact.
    expect(sameInput(text, "x ", "x")).toBe(false);
  });

  test("the read keeps the program's spelling of a title the service trimmed; diff sees no change", () => {
    const table = { title };
    expect(readInputs(table, { title: "Trailing space" }, { title: "Trailing space  " })).toEqual({
      title: "Trailing space  ",
    });
    const spec = diffSpecOf(fieldTables.Campaign);
    expect(changedFields(spec, { title: "Trailing space" }, { title: "Trailing space  " })).toEqual([]);
    expect(changedFields(spec, { title: "Trailing space" }, { title: "Trailing Space" })).toEqual(["title"]);
  });

  test("the campaign titles carry the fact", () => {
    expect(fieldTables.Campaign.title?.normalized).toBe(true);
    expect(fieldTables.TransactionalCampaign.title?.normalized).toBe(true);
  });
});
