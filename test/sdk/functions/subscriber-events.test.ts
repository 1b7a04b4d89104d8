import { describe, expect, test } from "vitest";
import { getSubscriberEvents } from "../../../sdk/functions";
import { useEmulator } from "./helpers";

const emulator = useEmulator();

const LAUNCH = { campaignId: "snt001", subscriberId: "sub001", title: "Launch announcement" };
const ORDER = { campaignId: "trn001", subscriberId: "sub001", title: "Order confirmation" };
const RESET = { campaignId: "trn002", subscriberId: "sub001", title: "Password reset" };

// sub001 is the first recipient of snt001 (opens twice, clicks once) and has seeded history in
// the two transactional campaigns (got, unsubscribed, bounced): every action has data.
const SUB001_EVENTS = {
  opened: [
    { ...LAUNCH, createdAt: "2026-01-06 10:05:00" },
    { ...LAUNCH, createdAt: "2026-01-06 13:00:00" },
  ],
  bounced: [{ ...RESET, createdAt: "2026-01-04 11:00:00" }],
  clicked: [{ ...LAUNCH, createdAt: "2026-01-06 10:07:00" }],
  unsubscribed: [{ ...ORDER, createdAt: "2026-01-03 09:20:00" }],
  got: [
    { ...ORDER, createdAt: "2026-01-03 09:15:00" },
    { ...LAUNCH, createdAt: "2026-01-06 10:00:00" },
  ],
};

const SUB001_COUNTERS = {
  emailCampaign: {
    sentCount: 3,
    openedCount: 2,
    clickedCount: 1,
    unsubscribed: 1,
    bounced: 1,
    spamReported: 0,
  },
  smsCampaign: {
    sentCount: 0,
    clickedCount: 0,
    deliveredCount: 0,
    failedCount: 0,
    unsubscribedAt: null,
    unsubscribed: 0,
  },
};

describe("getSubscriberEvents", () => {
  test("should read sub001's events for every action", async () => {
    const actions = ["opened", "bounced", "clicked", "unsubscribed", "got"] as const;
    expect(await getSubscriberEvents({ identifier: "sub001", actions: [...actions] })).toEqual({
      identifier: "sub001",
      actions,
      events: SUB001_EVENTS,
      ...SUB001_COUNTERS,
    });
  });

  test.each([
    ["opened", SUB001_EVENTS.opened],
    ["bounced", SUB001_EVENTS.bounced],
    ["clicked", SUB001_EVENTS.clicked],
    ["unsubscribed", SUB001_EVENTS.unsubscribed],
    ["got", SUB001_EVENTS.got],
  ] as const)("should return only the %s events when asked for that action alone", async (action, events) => {
    const result = await getSubscriberEvents({ identifier: "sub001", actions: [action] });
    expect(result.events).toEqual({ [action]: events });
  });

  test("should find the subscriber by email and send each action once, as a JSON array", async () => {
    await emulator.clearRequests();
    const result = await getSubscriberEvents({
      identifier: "subscriber1@example.com",
      actions: ["clicked", "opened", "clicked"],
    });
    expect(result.identifier).toBe("subscriber1@example.com");
    expect(result.actions).toEqual(["clicked", "opened"]);
    expect(result.events).toEqual({ clicked: SUB001_EVENTS.clicked, opened: SUB001_EVENTS.opened });
    expect(await emulator.requests()).toEqual([
      {
        method: "GET",
        path: "/v2/subscribers/subscriber1%40example.com/events?actions=[%22clicked%22,%22opened%22]",
        status: 200,
      },
    ]);
  });

  test("should give an empty list for an action without events", async () => {
    // sub005 did not open snt001 (k=4) and has no seeded history.
    const result = await getSubscriberEvents({ identifier: "sub005", actions: ["opened", "got"] });
    expect(result.events).toEqual({
      opened: [],
      got: [
        {
          campaignId: "snt001",
          subscriberId: "sub005",
          title: "Launch announcement",
          createdAt: "2026-01-06 10:00:00",
        },
      ],
    });
  });
});
