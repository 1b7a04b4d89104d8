import { inspect } from "node:util";
import { describe, expect, test } from "vitest";
import { SenderHttpError } from "../../../provider/client";
import * as fns from "../../../sdk/functions";
import { SenderFunctionError } from "../../../sdk/functions";
import { TOKEN, useEmulator } from "./helpers";

const emulator = useEmulator();

// Args deliberately wrong for the static types too: programs in plain JavaScript, or values from
// config, reach the functions unchecked.
const bad = (value: unknown) => value as never;

const ACTIONS_RULE = "must be a non-empty list of opened, bounced, clicked, unsubscribed, got";
const KINDS = "events, opens, clicks, bounces, unsubscribes, complaints, unopens";

/** Waits for the call to fail and returns its error. */
async function failure(call: () => Promise<unknown>): Promise<SenderFunctionError> {
  const error = await call().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SenderFunctionError);
  return error as SenderFunctionError;
}

describe("bad arguments", () => {
  test.each<[string, () => Promise<unknown>, string, string | undefined]>([
    [
      "planId 0",
      () => fns.getPlan({ planId: 0 }),
      "getPlan: planId must be a positive whole number",
      "planId",
    ],
    [
      "planId not a number",
      () => fns.getPlan({ planId: "3a" }),
      "getPlan: planId must be a positive whole number",
      "planId",
    ],
    [
      "planId missing",
      () => fns.getPlan(bad({})),
      "getPlan: planId must be a positive whole number",
      "planId",
    ],
    [
      "unknown status",
      () => fns.getCampaigns({ status: bad("DONE") }),
      "getCampaigns: status must be one of DRAFT, SCHEDULED, SENDING, SENT",
      "status",
    ],
    [
      "limit above 100",
      () => fns.getCampaigns({ limit: 101 }),
      "getCampaigns: limit must be a whole number from 1 to 100",
      "limit",
    ],
    [
      "maxItems 0",
      () => fns.getCampaigns({ maxItems: 0 }),
      "getCampaigns: maxItems must be a whole number of at least 1",
      "maxItems",
    ],
    [
      "a misspelt argument",
      () => fns.getCampaigns(bad({ maxitems: 5 })),
      'getCampaigns: unknown argument "maxitems" (expected status, limit, maxItems)',
      "maxitems",
    ],
    ["empty id", () => fns.getCampaign({ id: "" }), "getCampaign: id must be a non-empty string", "id"],
    ["blank id", () => fns.getCampaign({ id: "   " }), "getCampaign: id must be a non-empty string", "id"],
    [
      "args not an object",
      () => fns.getCampaign(bad("snt001")),
      "getCampaign: args must be an object",
      undefined,
    ],
    [
      "numeric id",
      () => fns.getCampaignReport({ id: bad(5) }),
      "getCampaignReport: id must be a non-empty string",
      "id",
    ],
    [
      "missing id",
      () => fns.getCampaignSendingStatus(bad({})),
      "getCampaignSendingStatus: id must be a non-empty string",
      "id",
    ],
    [
      "null id",
      () => fns.getCampaignPreview({ id: bad(null) }),
      "getCampaignPreview: id must be a non-empty string",
      "id",
    ],
    [
      "unknown kind",
      () => fns.getCampaignActivity({ id: "snt001", kind: bad("views") }),
      `getCampaignActivity: kind must be one of ${KINDS}`,
      "kind",
    ],
    [
      "fractional limit",
      () => fns.getCampaignActivity({ id: "snt001", kind: "opens", limit: 2.5 }),
      "getCampaignActivity: limit must be a whole number from 1 to 100",
      "limit",
    ],
    [
      "negative maxItems",
      () => fns.getCampaignHardBounces({ id: "snt001", maxItems: -1 }),
      "getCampaignHardBounces: maxItems must be a whole number of at least 1",
      "maxItems",
    ],
    [
      "negative maxClicksPerLink",
      () => fns.getCampaignLinks({ id: "snt001", maxClicksPerLink: -1 }),
      "getCampaignLinks: maxClicksPerLink must be a whole number of at least 0",
      "maxClicksPerLink",
    ],
    [
      "no actions",
      () => fns.getSubscriberEvents({ identifier: "sub001", actions: [] }),
      `getSubscriberEvents: actions ${ACTIONS_RULE}`,
      "actions",
    ],
    [
      "an unknown action",
      () => fns.getSubscriberEvents({ identifier: "sub001", actions: ["opened", bad("viewed")] }),
      `getSubscriberEvents: actions ${ACTIONS_RULE}`,
      "actions",
    ],
    [
      "actions not a list",
      () => fns.getSubscriberEvents({ identifier: "sub001", actions: bad("opened") }),
      `getSubscriberEvents: actions ${ACTIONS_RULE}`,
      "actions",
    ],
    [
      "empty identifier",
      () => fns.getSubscriberEvents({ identifier: "", actions: ["got"] }),
      "getSubscriberEvents: identifier must be a non-empty string",
      "identifier",
    ],
    [
      "empty transactional id",
      () => fns.getTransactionalCampaign({ id: "" }),
      "getTransactionalCampaign: id must be a non-empty string",
      "id",
    ],
    [
      "limit 0",
      () => fns.getTransactionalCampaigns({ limit: 0 }),
      "getTransactionalCampaigns: limit must be a whole number from 1 to 100",
      "limit",
    ],
    [
      "fractional maxItems",
      () => fns.getCarts({ maxItems: 1.5 }),
      "getCarts: maxItems must be a whole number of at least 1",
      "maxItems",
    ],
    [
      "empty cart hash",
      () => fns.getCart({ cartHash: "" }),
      "getCart: cartHash must be a non-empty string",
      "cartHash",
    ],
  ])("should refuse %s before sending any request", async (_case, call, message, argument) => {
    await emulator.clearRequests();
    const error = await failure(call);
    expect(error.message).toBe(message);
    expect(error.reason).toBe("argument");
    expect(error.argument).toBe(argument);
    expect(await emulator.requests()).toEqual([]);
  });

  test("should not echo a bad value, so a token passed by mistake stays hidden", async () => {
    const error = await failure(() => fns.getCampaignActivity({ id: "snt001", kind: bad(TOKEN) }));
    expect(error.message).toBe(`getCampaignActivity: kind must be one of ${KINDS}`);
    expect(inspect(error, { depth: 10 })).not.toContain(TOKEN);
  });
});

describe("unknown ids", () => {
  test.each<[string, () => Promise<unknown>]>([
    ['getPlan: no plan with id "99"', () => fns.getPlan({ planId: 99 })],
    ['getCampaign: no campaign with id "nope1"', () => fns.getCampaign({ id: "nope1" })],
    ['getCampaignReport: no campaign with id "nope1"', () => fns.getCampaignReport({ id: "nope1" })],
    [
      'getCampaignActivity: no campaign with id "nope1"',
      () => fns.getCampaignActivity({ id: "nope1", kind: "opens" }),
    ],
    [
      'getCampaignHardBounces: no campaign with id "nope1"',
      () => fns.getCampaignHardBounces({ id: "nope1" }),
    ],
    [
      'getCampaignSendingStatus: no campaign with id "nope1"',
      () => fns.getCampaignSendingStatus({ id: "nope1" }),
    ],
    ['getCampaignPreview: no campaign with id "nope1"', () => fns.getCampaignPreview({ id: "nope1" })],
    ['getCampaignLinks: no campaign with id "nope1"', () => fns.getCampaignLinks({ id: "nope1" })],
    [
      'getSubscriberEvents: no subscriber with identifier "nobody@example.com"',
      () => fns.getSubscriberEvents({ identifier: "nobody@example.com", actions: ["got"] }),
    ],
    [
      'getTransactionalCampaign: no transactional campaign with id "trn999"',
      () => fns.getTransactionalCampaign({ id: "trn999" }),
    ],
    ['getCart: no cart with hash "nohash"', () => fns.getCart({ cartHash: "nohash" })],
  ])("should say %s", async (message, call) => {
    const error = await failure(call);
    expect(error.message).toBe(message);
    expect(error.reason).toBe("not-found");
    // The client's error stays reachable for callers who want the status or the API's words.
    expect(SenderHttpError.is(error.cause) && error.cause.status).toBe(404);
    expect(inspect(error, { depth: 10 })).not.toContain(TOKEN);
  });

  test("should redact the token from the message even when it was passed as the id", async () => {
    const error = await failure(() => fns.getCampaign({ id: TOKEN }));
    expect(error.message).toBe('getCampaign: no campaign with id "[redacted]"');
  });
});
