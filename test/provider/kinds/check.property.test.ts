import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator } from "../../../emulator/server";
import { ProviderContext } from "../../../provider/core/context";
import type { ResourceProviderImpl } from "../../../provider/core/contract";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { declaredInputs } from "../../../provider/core/kind-sample";
import { providerFactories } from "../../../provider/index";
import { RESOURCE_KINDS, type ResourceKind, registry } from "../../../provider/kinds/registry";

const TOKEN = "check-property-token-Ud7s";

// Each kind's valid inputs, and every input it declares, are its sample's (its own file's).
const VALID = (kind: ResourceKind) => registry[kind].sample.valid;
const DECLARED = (kind: ResourceKind) => declaredInputs(registry[kind].sample);

/** A value that no input of any kind accepts: an object with keys, where a scalar or list is due. */
const hostile = fc.oneof(
  fc.dictionary(fc.string({ minLength: 1 }), fc.anything(), { minKeys: 1 }),
  fc.constant({ __proto__: null, toString: "x" }),
);

const root = (property: string) => property.split(/[.[]/)[0]!;
/**
 * The property a failure names: its own, or, for a failure the engine must not print the value of
 * (a webhook's url, which may carry a secret), the first word of its reason.
 */
const named = (failure: { property: string; reason: string }) =>
  // A failure without a property names its field first: `tagIds[1] "x" is…` or `tagIds: 3 elements…`.
  root(failure.property === "" ? failure.reason.split(" ")[0]!.replace(/:$/, "") : failure.property);

let emulator: Awaited<ReturnType<typeof startEmulator>>;
let context: ProviderContext;
const requests = async () =>
  ((await (await fetch(`${emulator.url}/__emulator/requests`)).json()) as { requests: unknown[] }).requests;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN });
  // Configured against a live emulator, so that any call check made would show in its log.
  context = ProviderContext.configure({
    get: (k) => ({ "sender:apiToken": TOKEN, "sender:baseUrl": emulator.url })[k],
  });
});
afterAll(async () => {
  await emulator?.close();
});

describe.each(RESOURCE_KINDS)("%s check under random and hostile inputs", (kind) => {
  let provider: ResourceProviderImpl;
  beforeAll(() => {
    provider = providerFactories[kind](context);
  });

  test("the valid inputs pass", async () => {
    expect(await provider.check({}, { ...VALID(kind) })).toEqual({ inputs: VALID(kind) });
  });

  test("never throws, and every failure names a declared property with a reason", async () => {
    const inputs = fc.record(
      Object.fromEntries(
        DECLARED(kind).map((name) => [name, fc.oneof(fc.anything(), hostile, fc.constant(UNKNOWN))]),
      ),
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(inputs, async (news) => {
        const result = await provider.check({}, news);
        for (const failure of result.failures ?? []) {
          expect(DECLARED(kind)).toContain(named(failure));
          expect(failure.reason.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 200, seed: 7 },
    );
    expect(await requests()).toEqual([]);
  });

  test("one hostile value among valid inputs is named in the failures", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...DECLARED(kind)), hostile, async (name, value) => {
        const result = await provider.check({}, { ...VALID(kind), [name]: value });
        expect((result.failures ?? []).map(named)).toContain(name);
      }),
      { numRuns: 100, seed: 11 },
    );
    expect(await requests()).toEqual([]);
  });

  test("an unknown value (preview) is never a failure", async () => {
    for (const name of Object.keys(VALID(kind))) {
      const result = await provider.check({}, { ...VALID(kind), [name]: UNKNOWN });
      expect(result.failures ?? []).toEqual([]);
    }
  });
});
