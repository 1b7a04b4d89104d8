import { describe, expect, test } from "vitest";
import {
  type GetTransactionalCampaignResult,
  getTransactionalCampaign,
  getTransactionalCampaigns,
} from "../../../sdk/functions";
import { NOW_TS, useEmulator } from "./helpers";

const emulator = useEmulator();

const seeded = (
  id: string,
  fields: Pick<GetTransactionalCampaignResult, "title" | "subject" | "editor" | "content" | "created">,
  counters: { sent: number; opens: number; clicks: number; bounced: number },
): GetTransactionalCampaignResult => ({
  id,
  userId: "usr001",
  accountId: "acc001",
  from: "Example News",
  replyTo: "news@example.com",
  domainId: "dom001",
  modified: fields.created,
  type: "API",
  lastAction: "editor",
  html: {
    id: `h${id}`,
    thumbnailUrl: `https://cdn.emulator.sender.test/thumbnails/${id}.png`,
    hasPreview: true,
    hasSnapshots: false,
    styles: null,
  },
  purchaseCount: 0,
  unsubscribeCount: 0,
  // A single read does not carry it; list items do.
  disableClickTracking: null,
  preheader: null,
  ...fields,
  ...counters,
});

const ORDER_CONFIRMATION = seeded(
  "trn001",
  {
    title: "Order confirmation",
    subject: "Your order is confirmed",
    editor: "html",
    content: "<p>Thanks for your order {{order_id}}.</p>",
    created: "2026-01-02 08:00:00",
  },
  { sent: 120, opens: 98, clicks: 40, bounced: 2 },
);

const PASSWORD_RESET = seeded(
  "trn002",
  {
    title: "Password reset",
    subject: "Reset your password",
    editor: "plain",
    content: "Reset it here: {{link}}",
    created: "2026-01-02 08:30:00",
  },
  { sent: 45, opens: 30, clicks: 25, bounced: 1 },
);

const listed = (record: GetTransactionalCampaignResult) => ({ ...record, disableClickTracking: false });

describe("getTransactionalCampaign", () => {
  test.each([
    ["trn001", ORDER_CONFIRMATION],
    ["trn002", PASSWORD_RESET],
  ])("should read %s", async (id, expected) => {
    expect(await getTransactionalCampaign({ id })).toEqual(expected);
  });
});

describe("getTransactionalCampaigns", () => {
  test("should list both seeded campaigns, newest first", async () => {
    expect(await getTransactionalCampaigns()).toEqual({
      campaigns: [listed(PASSWORD_RESET), listed(ORDER_CONFIRMATION)],
      total: 2,
    });
  });

  test("should read three pages with limit 1 once a third campaign exists", async () => {
    const created = await emulator.client.createTransactional({
      title: "Welcome",
      subject: "Welcome aboard",
      from: "Example News",
      reply_to: "news@example.com",
      editor: "plain",
      content: "Hello {{name}}",
    });
    await emulator.clearRequests();

    const result = await getTransactionalCampaigns({ limit: 1 });

    expect(result.total).toBe(3);
    expect(result.campaigns.map((c) => c.id)).toEqual([created.id, "trn002", "trn001"]);
    expect(result.campaigns[0]).toMatchObject({
      title: "Welcome",
      editor: "plain",
      content: "Hello {{name}}",
      created: NOW_TS,
      sent: 0,
      disableClickTracking: false,
    });
    expect((await emulator.requests()).map((r) => r.path)).toEqual([
      "/v2/transactional?page=1&limit=1",
      "/v2/transactional?page=2&limit=1",
      "/v2/transactional?page=3&limit=1",
    ]);
  });

  test("should stop at maxItems", async () => {
    await emulator.clearRequests();
    const result = await getTransactionalCampaigns({ limit: 1, maxItems: 2 });
    expect(result.campaigns.map((c) => c.id).slice(1)).toEqual(["trn002"]);
    expect(result.total).toBe(3);
    expect(await emulator.requests()).toHaveLength(2);
  });
});
