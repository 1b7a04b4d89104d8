import { describe, expect, test } from "vitest";
import {
  type CampaignActivityKind,
  getCampaignActivity,
  getCampaignHardBounces,
  getCampaignLinks,
  getCampaignReport,
} from "../../../sdk/functions";
import { DRAFT_BODY } from "./fixtures";
import { useEmulator } from "./helpers";

const emulator = useEmulator();

// snt001 went to the 23 active subscribers; the k-th (0-based) bounces when k%10==9, does not
// open when k%5==4, opens twice when k%3==0, clicks when it opened and k is even, unsubscribes
// when k%7==6 and complains when k%11==10 (emulator/activity.ts).
const sub = (...numbers: number[]) => numbers.map((n) => `sub${String(n).padStart(3, "0")}`);

// First opens come 5+k minutes after the send, second opens 180+k minutes after.
const OPENERS = sub(
  1,
  2,
  3,
  4,
  6,
  7,
  8,
  9,
  11,
  12,
  13,
  14,
  16,
  17,
  18,
  19,
  21,
  22,
  23,
  1,
  4,
  7,
  13,
  16,
  19,
  22,
);

describe("getCampaignReport", () => {
  test("should return the seeded report of snt001", async () => {
    expect(await getCampaignReport({ id: "snt001" })).toEqual({
      campaignId: "snt001",
      sent: 23,
      delivered: 21,
      opens: 26,
      uniqueOpens: 19,
      clicks: 10,
      uniqueClicks: 10,
      bounces: 2,
      hardBounces: 2,
      unsubscribes: 3,
      complaints: 2,
      // 19/21 and 10/21 of the delivered emails, rounded to 2 decimals.
      openRate: 90.48,
      clickRate: 47.62,
    });
  });

  test("should return zeros for a campaign not sent yet", async () => {
    const draft = await emulator.client.createCampaign({ ...DRAFT_BODY });
    const report = await getCampaignReport({ id: draft.id });
    expect(report).toEqual({
      campaignId: draft.id,
      sent: 0,
      delivered: 0,
      opens: 0,
      uniqueOpens: 0,
      clicks: 0,
      uniqueClicks: 0,
      bounces: 0,
      hardBounces: 0,
      unsubscribes: 0,
      complaints: 0,
      openRate: 0,
      clickRate: 0,
    });
    expect(await getCampaignActivity({ id: draft.id, kind: "events" })).toEqual({
      campaignId: draft.id,
      kind: "events",
      items: [],
      total: 0,
    });
  });
});

describe("getCampaignActivity", () => {
  test.each<[CampaignActivityKind, string, string[]]>([
    ["opens", "open", OPENERS],
    ["clicks", "click", sub(1, 3, 7, 9, 11, 13, 17, 19, 21, 23)],
    ["bounces", "bounce", sub(10, 20)],
    ["unsubscribes", "unsubscribe", sub(7, 14, 21)],
    ["complaints", "complaint", sub(11, 22)],
    ["unopens", "unopen", sub(5, 15)],
  ])("should read every %s of snt001", async (kind, type, subscribers) => {
    const activity = await getCampaignActivity({ id: "snt001", kind });
    expect(activity.campaignId).toBe("snt001");
    expect(activity.kind).toBe(kind);
    expect(activity.total).toBe(subscribers.length);
    expect(activity.items.map((item) => item.subscriberId)).toEqual(subscribers);
    expect(new Set(activity.items.map((item) => item.type))).toEqual(new Set([type]));
  });

  test("should map each record to camelCase", async () => {
    const { items } = await getCampaignActivity({ id: "snt001", kind: "opens", maxItems: 1 });
    expect(items).toEqual([
      {
        subscriberId: "sub001",
        email: "subscriber1@example.com",
        createdAt: "2026-01-06 10:05:00",
        type: "open",
      },
    ]);
  });

  test("should mix every kind in events, 45 in all", async () => {
    const events = await getCampaignActivity({ id: "snt001", kind: "events" });
    const counts: Record<string, number> = {};
    for (const item of events.items) counts[String(item.type)] = (counts[String(item.type)] ?? 0) + 1;
    expect(events.total).toBe(45);
    expect(counts).toEqual({ open: 26, click: 10, bounce: 2, unsubscribe: 3, complaint: 2, unopen: 2 });
    // Oldest first: the two unopens are stamped at the send time itself.
    expect(events.items[0]).toEqual({
      subscriberId: "sub005",
      email: "subscriber5@example.com",
      createdAt: "2026-01-06 10:00:00",
      type: "unopen",
    });
  });

  test("should read three pages of 10 opens and return the same list as one page", async () => {
    await emulator.clearRequests();
    const paged = await getCampaignActivity({ id: "snt001", kind: "opens", limit: 10 });
    expect(await emulator.requests()).toEqual([
      { method: "GET", path: "/v2/campaigns/snt001/opens?page=1&limit=10", status: 200 },
      { method: "GET", path: "/v2/campaigns/snt001/opens?page=2&limit=10", status: 200 },
      { method: "GET", path: "/v2/campaigns/snt001/opens?page=3&limit=10", status: 200 },
    ]);
    expect(paged.items.map((item) => item.subscriberId)).toEqual(OPENERS);
    expect(paged).toEqual(await getCampaignActivity({ id: "snt001", kind: "opens" }));
  });

  test("should stop at maxItems without reading the third page", async () => {
    await emulator.clearRequests();
    const capped = await getCampaignActivity({ id: "snt001", kind: "opens", limit: 10, maxItems: 15 });
    expect(capped.items.map((item) => item.subscriberId)).toEqual(OPENERS.slice(0, 15));
    // The total still says how long the list is.
    expect(capped.total).toBe(26);
    expect((await emulator.requests()).map((r) => r.path)).toEqual([
      "/v2/campaigns/snt001/opens?page=1&limit=10",
      "/v2/campaigns/snt001/opens?page=2&limit=10",
    ]);
  });

  test("should ask for a smaller page when maxItems is below the page size", async () => {
    await emulator.clearRequests();
    const capped = await getCampaignActivity({ id: "snt001", kind: "events", maxItems: 3 });
    expect(capped.items).toHaveLength(3);
    expect((await emulator.requests()).map((r) => r.path)).toEqual([
      "/v2/campaigns/snt001/events?page=1&limit=3",
    ]);
  });
});

describe("getCampaignHardBounces", () => {
  const BOUNCE_MESSAGE = "550 5.1.1 The email account that you tried to reach does not exist.";

  test("should read the two hard bounces of snt001, one page at a time", async () => {
    await emulator.clearRequests();
    expect(await getCampaignHardBounces({ id: "snt001", limit: 1 })).toEqual({
      campaignId: "snt001",
      hardBounces: [
        { recipientId: "sub010", message: BOUNCE_MESSAGE, createdAt: "2026-01-06 10:01:00" },
        { recipientId: "sub020", message: BOUNCE_MESSAGE, createdAt: "2026-01-06 10:01:00" },
      ],
      total: 2,
    });
    expect((await emulator.requests()).map((r) => r.path)).toEqual([
      "/v2/campaigns/snt001/hard_bounces?page=1&limit=1",
      "/v2/campaigns/snt001/hard_bounces?page=2&limit=1",
    ]);
  });

  test("should honour maxItems", async () => {
    const capped = await getCampaignHardBounces({ id: "snt001", maxItems: 1 });
    expect(capped.hardBounces.map((bounce) => bounce.recipientId)).toEqual(["sub010"]);
    expect(capped.total).toBe(2);
  });
});

describe("getCampaignLinks", () => {
  // Clicker k goes to link floor(k/2) % 3, so links get clickers in turn.
  const click = (n: number, minute: number) => ({
    subscriberId: sub(n)[0],
    email: `subscriber${n}@example.com`,
    createdAt: `2026-01-06 10:${String(minute).padStart(2, "0")}:00`,
    type: "click",
  });

  test("should return each link of snt001 with its count and every click", async () => {
    expect(await getCampaignLinks({ id: "snt001" })).toEqual({
      campaignId: "snt001",
      links: [
        {
          id: "lnk001",
          url: "https://example.com/launch",
          clickCount: 4,
          clicks: [click(1, 7), click(7, 13), click(13, 19), click(19, 25)],
        },
        {
          id: "lnk002",
          url: "https://example.com/pricing",
          clickCount: 3,
          clicks: [click(3, 9), click(9, 15), click(21, 27)],
        },
        {
          id: "lnk003",
          url: "https://example.com/docs",
          clickCount: 3,
          clicks: [click(11, 17), click(17, 23), click(23, 29)],
        },
      ],
    });
  });

  test("should read every page of each link's clicks and cap them per link", async () => {
    await emulator.clearRequests();
    const links = await getCampaignLinks({ id: "snt001", limit: 2, maxClicksPerLink: 3 });
    expect(links.links.map((link) => [link.id, link.clickCount, link.clicks.length])).toEqual([
      ["lnk001", 4, 3],
      ["lnk002", 3, 3],
      ["lnk003", 3, 3],
    ]);
    expect((await emulator.requests()).map((r) => r.path)).toEqual([
      "/v2/campaigns/snt001/links",
      "/v2/campaigns/snt001/link_clicks/lnk001?page=1&limit=2",
      "/v2/campaigns/snt001/link_clicks/lnk001?page=2&limit=2",
      "/v2/campaigns/snt001/link_clicks/lnk002?page=1&limit=2",
      "/v2/campaigns/snt001/link_clicks/lnk002?page=2&limit=2",
      "/v2/campaigns/snt001/link_clicks/lnk003?page=1&limit=2",
      "/v2/campaigns/snt001/link_clicks/lnk003?page=2&limit=2",
    ]);
  });

  test("should read only the links and their counts with maxClicksPerLink 0", async () => {
    await emulator.clearRequests();
    const links = await getCampaignLinks({ id: "snt001", maxClicksPerLink: 0 });
    expect(links.links.map((link) => [link.id, link.clickCount, link.clicks])).toEqual([
      ["lnk001", 4, []],
      ["lnk002", 3, []],
      ["lnk003", 3, []],
    ]);
    expect((await emulator.requests()).map((r) => r.path)).toEqual(["/v2/campaigns/snt001/links"]);
  });
});
