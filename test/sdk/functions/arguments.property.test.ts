import fc from "fast-check";
import { describe, expect, test } from "vitest";
import * as fns from "../../../sdk/functions";
import { SenderFunctionError } from "../../../sdk/functions";
import { TOKEN, useEmulator } from "./helpers";

const emulator = useEmulator();

// Every function's Promise form that takes arguments, with the arguments it declares and a valid set (getPlans,
// getActiveSubscribers and getImageFolders take none: their only parameter is the invoke options).
const FUNCTIONS: Array<[string, (args: never) => Promise<unknown>, string[], Record<string, unknown>]> = [
  ["getPlan", fns.getPlan as never, ["planId"], { planId: 1 }],
  ["getCampaigns", fns.getCampaigns as never, ["status", "limit", "maxItems"], {}],
  ["getCampaign", fns.getCampaign as never, ["id"], { id: "snt001" }],
  ["getCampaignReport", fns.getCampaignReport as never, ["id"], { id: "snt001" }],
  [
    "getCampaignActivity",
    fns.getCampaignActivity as never,
    ["id", "kind", "limit", "maxItems"],
    { id: "snt001", kind: "opens" },
  ],
  [
    "getCampaignHardBounces",
    fns.getCampaignHardBounces as never,
    ["id", "limit", "maxItems"],
    { id: "snt001" },
  ],
  ["getCampaignSendingStatus", fns.getCampaignSendingStatus as never, ["id"], { id: "snt001" }],
  ["getCampaignPreview", fns.getCampaignPreview as never, ["id"], { id: "snt001" }],
  ["getCampaignLinks", fns.getCampaignLinks as never, ["id", "limit", "maxClicksPerLink"], { id: "snt001" }],
  [
    "getSubscriberEvents",
    fns.getSubscriberEvents as never,
    ["identifier", "actions"],
    { identifier: "subscriber1@example.com", actions: ["opened"] },
  ],
  ["getTransactionalCampaign", fns.getTransactionalCampaign as never, ["id"], { id: "trn001" }],
  ["getTransactionalCampaigns", fns.getTransactionalCampaigns as never, ["limit", "maxItems"], {}],
  ["getCarts", fns.getCarts as never, ["limit", "maxItems"], {}],
  ["getCart", fns.getCart as never, ["cartHash"], { cartHash: "abc123def456" }],
];

/** A value no argument accepts: a boolean, or an object with keys where a scalar or list is due. */
const hostile = fc.oneof(
  fc.boolean(),
  fc.dictionary(fc.string({ minLength: 1 }), fc.anything(), { minKeys: 1 }),
);
const unknownName = fc.string({ minLength: 1 }).filter((s) => !/^[a-zA-Z]+$/.test(s) || s.length > 20);

describe.each(FUNCTIONS)("%s under random and hostile arguments", (name, fn, declared, valid) => {
  test("fails with an error naming the argument, and sends nothing", async () => {
    // Either a declared argument gets a hostile value, or an argument the function does not know appears.
    const args = fc.oneof(
      fc
        .tuple(fc.constantFrom(...declared), hostile)
        .map(([arg, value]) => ({ args: { ...valid, [arg]: value }, named: arg })),
      unknownName.map((arg) => ({ args: { ...valid, [arg]: 1 }, named: arg })),
    );
    await emulator.clearRequests();
    await fc.assert(
      fc.asyncProperty(args, async ({ args: given, named }) => {
        const error = await fn(given as never).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(SenderFunctionError);
        const failure = error as SenderFunctionError;
        expect([failure.functionName, failure.reason]).toEqual([name, "argument"]);
        expect(failure.message.startsWith(`${name}: `)).toBe(true);
        // The hostile argument is named; an argument the function does not know is quoted.
        if (declared.includes(named)) expect(failure.argument).toBe(named);
        else expect(failure.message).toContain(named);
        expect(failure.message.includes(TOKEN)).toBe(false);
      }),
      { numRuns: 60, seed: 5 },
    );
    expect(await emulator.requests()).toEqual([]);
  });
});
