import { afterAll, beforeAll, expect, test } from "vitest";
import { fieldTables } from "../../../provider";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { computedNames } from "../../../provider/core/fields";
import { RESOURCE_KINDS } from "../../../provider/kinds/registry";
import { type Harness, PROVIDER_STUB, startHarness } from "./harness";

// An output-only field given as an input (`sent: true` on a schedule) would reach the state and the
// policy pack as if the service had said it: every kind's check refuses it, in the dynamic provider
// and the plugin alike (both call the same check).

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const cases = RESOURCE_KINDS.flatMap((kind) =>
  computedNames(fieldTables[kind]).map((field) => ({ kind, field })),
);

test("the kinds with output-only fields, each tried below, are those whose tables have one", () => {
  expect([...new Set(cases.map((c) => c.kind))]).toEqual(
    RESOURCE_KINDS.filter((kind) => Object.values(fieldTables[kind]).some((field) => field.output === true)),
  );
});

test.each(cases)(
  "$kind's check refuses its output $field as an input, known or not",
  async ({ kind, field }) => {
    for (const value of [true, "SENT", "2026-11-26 12:30:00", 0, UNKNOWN]) {
      const news = { [field]: value, __provider: PROVIDER_STUB };
      const result = await h.providers[kind].check({}, news);
      expect(result.failures?.filter((f) => f.property === field)).toEqual([
        {
          property: field,
          reason: `${field} is an output the provider records, never an input: remove it from the resource's arguments`,
        },
      ]);
    }
    // Absent or null: no claim, nothing refused.
    for (const news of [{}, { [field]: null }]) {
      const result = await h.providers[kind].check({}, { ...news, __provider: PROVIDER_STUB });
      expect(result.failures?.filter((f) => f.property === field) ?? []).toEqual([]);
    }
  },
);
