import { describe, expect, test } from "vitest";
import {
  getCampaign,
  getCampaignPreview,
  getCampaignSendingStatus,
  getCampaigns,
} from "../../../sdk/functions";
import { DRAFT_BODY, LAUNCH_CAMPAIGN, LISTED_LAUNCH_CAMPAIGN } from "./fixtures";
import { NOW_TS, useEmulator } from "./helpers";

const emulator = useEmulator();

// Tests run in file order: the seeded-only reads come before the describe that adds drafts.
describe("seeded campaigns", () => {
  test("getCampaigns should list the one seeded campaign, as the list carries it", async () => {
    expect(await getCampaigns()).toEqual({ campaigns: [LISTED_LAUNCH_CAMPAIGN], total: 1 });
  });

  test("getCampaigns should pass the status filter to the service", async () => {
    await emulator.clearRequests();
    expect(await getCampaigns({ status: "SENT" })).toEqual({ campaigns: [LISTED_LAUNCH_CAMPAIGN], total: 1 });
    expect(await getCampaigns({ status: "DRAFT" })).toEqual({ campaigns: [], total: 0 });
    expect((await emulator.requests()).map((r) => r.path)).toEqual([
      "/v2/campaigns?status=SENT&page=1&limit=100",
      "/v2/campaigns?status=DRAFT&page=1&limit=100",
    ]);
  });

  test("getCampaign should read snt001", async () => {
    expect(await getCampaign({ id: "snt001" })).toEqual(LAUNCH_CAMPAIGN);
  });

  test("getCampaignSendingStatus should show a finished send", async () => {
    expect(await getCampaignSendingStatus({ id: "snt001" })).toEqual({
      campaignId: "snt001",
      status: "SENT",
      recipientCount: 23,
      sentCount: 23,
      progress: 100,
    });
  });

  test("getCampaignPreview should return both the html and the plain rendering", async () => {
    await emulator.clearRequests();
    expect(await getCampaignPreview({ id: "snt001" })).toEqual({
      campaignId: "snt001",
      html: `<!DOCTYPE html><html><body>${LAUNCH_CAMPAIGN.html?.content}</body></html>`,
      text: "We have launched Read the announcement , see pricing or the docs .",
    });
    expect((await emulator.requests()).map((r) => r.path).sort()).toEqual([
      "/v2/campaigns/snt001/plain_preview",
      "/v2/campaigns/snt001/preview",
    ]);
  });
});

describe("with drafts added", () => {
  test("getCampaigns should read every page, newest first, and keep the status filter on each", async () => {
    const ids: string[] = [];
    for (const title of ["Draft A", "Draft B", "Draft C"]) {
      ids.push((await emulator.client.createCampaign({ ...DRAFT_BODY, title })).id);
    }
    await emulator.clearRequests();

    const drafts = await getCampaigns({ status: "DRAFT", limit: 1 });

    expect(drafts.total).toBe(3);
    expect(drafts.campaigns.map((c) => [c.id, c.title, c.status])).toEqual([
      [ids[2], "Draft C", "DRAFT"],
      [ids[1], "Draft B", "DRAFT"],
      [ids[0], "Draft A", "DRAFT"],
    ]);
    // Three pages of one record: the walk stops at last_page, not at an empty page.
    expect((await emulator.requests()).map((r) => r.path)).toEqual([
      "/v2/campaigns?status=DRAFT&page=1&limit=1",
      "/v2/campaigns?status=DRAFT&page=2&limit=1",
      "/v2/campaigns?status=DRAFT&page=3&limit=1",
    ]);
  });

  test("getCampaigns should stop at maxItems and still report the full total", async () => {
    await emulator.clearRequests();
    const all = await getCampaigns({ limit: 2, maxItems: 3 });
    expect(all.total).toBe(4);
    expect(all.campaigns.map((c) => c.title)).toEqual(["Draft C", "Draft B", "Draft A"]);
    expect((await emulator.requests()).map((r) => r.path)).toEqual([
      "/v2/campaigns?page=1&limit=2",
      "/v2/campaigns?page=2&limit=2",
    ]);
  });

  test("getCampaign, getCampaignSendingStatus and getCampaignPreview should read a draft", async () => {
    const draft = await emulator.client.createCampaign({
      ...DRAFT_BODY,
      title: "Draft D",
      content_type: "text",
      content: "Hi https://example.com/x",
    });
    const campaign = await getCampaign({ id: draft.id });
    expect(campaign).toMatchObject({
      id: draft.id,
      title: "Draft D",
      status: "DRAFT",
      contentType: "text",
      created: NOW_TS,
      sentTime: null,
      recipientCount: 0,
      sendToAll: false,
      html: { content: "Hi https://example.com/x" },
    });
    expect(await getCampaignSendingStatus({ id: draft.id })).toEqual({
      campaignId: draft.id,
      status: "DRAFT",
      recipientCount: 0,
      sentCount: 0,
      progress: 0,
    });
    expect(await getCampaignPreview({ id: draft.id })).toEqual({
      campaignId: draft.id,
      html: "<!DOCTYPE html><html><body><pre>Hi https://example.com/x</pre></body></html>",
      text: "Hi https://example.com/x",
    });
  });
});
