import { describe, expect, test } from "vitest";
import { testEmulator } from "./helpers";

// The seeded SENT campaign snt001 went to the 23 active subscribers (sub001..sub023) at
// 2026-01-06 10:00:00; the k-th of them (k = 0..22) follows the rules of emulator/activity.ts.
describe("reports of the seeded SENT campaign", () => {
  test("should show the counters on the campaign record", async () => {
    const emu = testEmulator();
    expect((await emu.call("GET", "/v2/campaigns/snt001")).body.data).toMatchObject({
      status: "SENT",
      sent_time: "2026-01-06 10:00:00",
      recipient_count: 23,
      sent_count: 23,
      opens: 19,
      clicks: 10,
      bounces_count: 2,
      reports: { spam_percentage: 8.7, hard_bounce_percentage: 8.7, unsubscribe_percentage: 13.04 },
    });
  });

  test("should answer the report", async () => {
    const emu = testEmulator();
    expect(await emu.call("GET", "/v2/campaigns/snt001/report")).toMatchObject({
      status: 200,
      body: {
        data: {
          sent: 23,
          delivered: 21,
          opens: 26,
          unique_opens: 19,
          clicks: 10,
          unique_clicks: 10,
          bounces: 2,
          hard_bounces: 2,
          unsubscribes: 3,
          complaints: 2,
          open_rate: 90.48,
          click_rate: 47.62,
        },
      },
    });
  });

  test("should page 26 opens over 3 pages of 10", async () => {
    const emu = testEmulator();
    const page3 = await emu.call("GET", "/v2/campaigns/snt001/opens?page=3");
    expect(page3.status).toBe(200);
    expect(page3.body.meta).toMatchObject({
      current_page: 3,
      from: 21,
      to: 26,
      last_page: 3,
      total: 26,
      per_page: 10,
    });
    // Items 20..26 are the second opens (k % 3 == 0) three hours later.
    expect(page3.body.data.map((open: { subscriber_id: string }) => open.subscriber_id)).toEqual([
      "sub004",
      "sub007",
      "sub013",
      "sub016",
      "sub019",
      "sub022",
    ]);
    expect(page3.body.data[0]).toEqual({
      subscriber_id: "sub004",
      email: "subscriber4@example.com",
      created_at: "2026-01-06 13:03:00",
      type: "open",
    });
  });

  // Each row: the list, its total, and its first item.
  test.each([
    ["clicks", 10, { subscriber_id: "sub001", created_at: "2026-01-06 10:07:00", type: "click" }],
    ["bounces", 2, { subscriber_id: "sub010", created_at: "2026-01-06 10:01:00", type: "bounce" }],
    ["unsubscribes", 3, { subscriber_id: "sub007", created_at: "2026-01-06 10:16:00", type: "unsubscribe" }],
    ["complaints", 2, { subscriber_id: "sub011", created_at: "2026-01-06 10:22:00", type: "complaint" }],
    ["unopens", 2, { subscriber_id: "sub005", created_at: "2026-01-06 10:00:00", type: "unopen" }],
    // events mixes every kind, oldest first.
    ["events", 45, { subscriber_id: "sub005", created_at: "2026-01-06 10:00:00", type: "unopen" }],
  ])("should list %s (%i items)", async (list, total, first) => {
    const emu = testEmulator();
    const answer = await emu.call("GET", `/v2/campaigns/snt001/${list}`);
    expect(answer.status).toBe(200);
    expect(answer.body.meta.total).toBe(total);
    expect(answer.body.data[0]).toEqual({
      ...first,
      email: `subscriber${Number(first.subscriber_id.slice(3))}@example.com`,
    });
  });

  test("should list the links with their clicks, and the clicks of one link", async () => {
    const emu = testEmulator();
    expect((await emu.call("GET", "/v2/campaigns/snt001/links")).body).toEqual({
      data: [
        { id: "lnk001", url: "https://example.com/launch", clicks: 4 },
        { id: "lnk002", url: "https://example.com/pricing", clicks: 3 },
        { id: "lnk003", url: "https://example.com/docs", clicks: 3 },
      ],
    });
    const clicks = await emu.call("GET", "/v2/campaigns/snt001/link_clicks/lnk002");
    expect(clicks.body.data).toEqual([
      {
        subscriber_id: "sub003",
        email: "subscriber3@example.com",
        created_at: "2026-01-06 10:09:00",
        type: "click",
      },
      {
        subscriber_id: "sub009",
        email: "subscriber9@example.com",
        created_at: "2026-01-06 10:15:00",
        type: "click",
      },
      {
        subscriber_id: "sub021",
        email: "subscriber21@example.com",
        created_at: "2026-01-06 10:27:00",
        type: "click",
      },
    ]);
    expect(await emu.call("GET", "/v2/campaigns/snt001/link_clicks/lnk009")).toMatchObject({
      status: 404,
      body: { message: "Link lnk009 not found." },
    });
  });

  test("should list the hard bounces", async () => {
    const emu = testEmulator();
    const answer = await emu.call("GET", "/v2/campaigns/snt001/hard_bounces");
    const message = "550 5.1.1 The email account that you tried to reach does not exist.";
    expect(answer.body.data).toEqual([
      { recipient_id: "sub010", message, created_at: "2026-01-06 10:01:00" },
      { recipient_id: "sub020", message, created_at: "2026-01-06 10:01:00" },
    ]);
    expect(answer.body.meta.total).toBe(2);
  });

  test("should list the audience and the groups", async () => {
    const emu = testEmulator();
    const subscribers = await emu.call("GET", "/v2/campaigns/snt001/subscribers?limit=100");
    expect(subscribers.body.meta.total).toBe(23);
    expect(subscribers.body.data[0]).toEqual({
      id: "sub001",
      email: "subscriber1@example.com",
      firstname: "Ada",
      lastname: "Stone",
      status: "ACTIVE",
    });
    expect((await emu.call("GET", "/v2/campaigns/snt001/groups")).body).toEqual({ data: [] });
    const campaign = await emu.createCampaign({ groups: ["grp002", "grp001"] });
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}/groups`)).body).toEqual({
      data: [
        { id: "grp001", title: "Main list" },
        { id: "grp002", title: "Beta testers" },
      ],
    });
  });

  test.each(["events", "opens", "clicks", "bounces", "unsubscribes", "complaints", "unopens"])(
    "should answer an export URL for %s",
    async (type) => {
      const emu = testEmulator();
      expect((await emu.call("GET", `/v2/campaigns/snt001/${type}/export`)).body).toEqual({
        data: { url: `https://cdn.emulator.sender.test/exports/snt001/${type}.csv` },
      });
    },
  );

  test("should not know an export of another type", async () => {
    const emu = testEmulator();
    expect((await emu.call("GET", "/v2/campaigns/snt001/sales/export")).status).toBe(404);
  });

  test("should answer empty reports before a send", async () => {
    const emu = testEmulator();
    const campaign = await emu.createCampaign();
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}/events`)).body.meta).toMatchObject({
      total: 0,
      from: null,
      to: null,
    });
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}/report`)).body.data).toMatchObject({
      sent: 0,
      opens: 0,
      open_rate: 0,
    });
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}/links`)).body).toEqual({
      data: [{ id: "lnk001", url: "https://example.com/sale", clicks: 0 }],
    });
  });
});
