import { afterAll, beforeAll, describe, expect } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator/server";
import {
  type Activity,
  type CreateCampaignBody,
  type RequestEvent,
  SenderClient,
  SenderHttpError,
} from "../../../provider/client";
import { it } from "../../support/pulumi-words";

const TOKEN = "t0ken-secret";
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const ID = /^[A-Za-z0-9]{6}$/;

let emulator: RunningEmulator;
let client: SenderClient;
const events: RequestEvent[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN });
  client = new SenderClient({
    baseUrl: emulator.url,
    apiToken: TOKEN,
    retry: { maxAttempts: 1 },
    onRequest: (event) => events.push(event),
  });
});
afterAll(() => emulator.close());

/** The status of the last attempt, for asserting 200 vs 201. */
function lastStatus(): number | undefined {
  return events.at(-1)?.status;
}

const draft: CreateCampaignBody = {
  title: "Welcome",
  subject: "Hello",
  from: "Example News",
  reply_to: "news@example.com",
  content_type: "html",
  content: '<p>Hi <a href="https://example.com/x">x</a></p>',
};

async function newDraft(): Promise<string> {
  return (await client.createCampaign(draft)).id;
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe("regular campaigns against the emulator", () => {
  it("createCampaign answers 201 with a DRAFT record", async () => {
    const created = await client.createCampaign(draft);
    expect(lastStatus()).toBe(201);
    expect(created).toMatchObject({
      title: "Welcome",
      subject: "Hello",
      from: "Example News",
      reply_to: "news@example.com",
      preheader: null,
      domain_id: "dom001",
      language: "en",
      recipient_count: 0,
      sent_count: 0,
      schedule_time: null,
      sent_time: null,
      status: "DRAFT",
      last_action: "step1",
      editor: "html",
      auto_followup_active: 0,
      auto_followup_subject: null,
      auto_followup_delay: null,
      send_to_all: 0,
      campaign_groups: [],
      segments: [],
      html: { html_content: '<p>Hi <a href="https://example.com/x">x</a></p>' },
    });
    expect(created.id).toMatch(ID);
    expect(created.created).toMatch(TIMESTAMP);
    expect(await client.getCampaign(created.id)).toEqual(created);
  });

  it("getCampaign reads the seeded SENT campaign exactly", async () => {
    const sent = await client.getCampaign("snt001");
    expect(lastStatus()).toBe(200);
    expect(sent).toMatchObject({
      id: "snt001",
      title: "Launch announcement",
      status: "SENT",
      sent_time: "2026-01-06 10:00:00",
      last_action: "step4",
      recipient_count: 23,
      sent_count: 23,
      send_to_all: 1,
      google_analytics: 1,
    });
  });

  it("listCampaigns filters by status, and iterateCampaigns walks them", async () => {
    const page = await client.listCampaigns({ status: "SENT", page: 1, limit: 10 });
    expect(page.data.map((c) => c.id)).toContain("snt001");
    expect(page.data.every((c) => c.status === "SENT")).toBe(true);
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 10 });
    const all = await collect(client.iterateCampaigns({ status: "SENT" }));
    expect(all.map((c) => c.id)).toEqual(page.data.map((c) => c.id));
  });

  it("updateCampaign, setLastAction, setSendToAll and the previews act on a draft", async () => {
    const id = await newDraft();
    expect(await client.updateCampaign(id, { subject: "Hello 2", preheader: "pre" })).toEqual({
      success: true,
      message: "Campaign updated.",
    });
    expect(await client.setLastAction(id, "step3")).toEqual({
      success: true,
      message: "Last action updated.",
    });
    expect(await client.setSendToAll(id, false)).toEqual({
      success: true,
      message: "Send to all turned off.",
    });
    expect(await client.getCampaign(id)).toMatchObject({
      subject: "Hello 2",
      preheader: "pre",
      last_action: "step3",
      send_to_all: 0,
    });
    expect(await client.getPreview(id)).toEqual({
      html: '<!DOCTYPE html><html><body><p>Hi <a href="https://example.com/x">x</a></p></body></html>',
    });
    expect(await client.getPlainPreview(id)).toEqual({ text: "Hi x" });
    expect(await client.getPdf(id)).toEqual({ url: `https://cdn.emulator.sender.test/campaigns/${id}.pdf` });
    expect(await client.getShareLink(id)).toEqual({ url: `https://cdn.emulator.sender.test/share/${id}` });
    expect(await client.sendTestEmail(id, "me@example.com")).toEqual({
      success: true,
      message: "Test email sent to me@example.com.",
    });
    expect(await client.getCampaignErrors(id)).toEqual({
      errors: ["The campaign has no recipients."],
      warnings: [],
    });
  });

  it("getCampaignPrefill gives the sender and the domains", async () => {
    expect(await client.getCampaignPrefill()).toEqual({
      from: "Example News",
      reply_to: "news@example.com",
      domains: [
        { id: "dom001", domain: "example.com", verified: true },
        { id: "dom002", domain: "unverified.example", verified: false },
      ],
    });
  });

  it("targeting: tags, excluded tags, filters and excluded filters", async () => {
    const id = await newDraft();
    expect(await client.setTags(id, ["tag001", "tag003"])).toEqual({ success: true, message: "Tags set." });
    expect(await client.getCampaignTags(id)).toEqual([
      { id: "tag001", name: "Customers" },
      { id: "tag003", name: "VIP" },
    ]);
    expect(await client.getCampaignTag(id, "tag001")).toEqual({ id: "tag001", name: "Customers" });
    expect(await client.addTag(id, "tag002")).toEqual({ success: true, message: "Tag added." });
    expect(await client.removeTag(id, "tag002")).toEqual({ success: true, message: "Tag removed." });
    expect(await client.addExcludedTag(id, "tag004")).toEqual({ success: true, message: "Tag excluded." });
    expect(await client.getCampaignExcludedTags(id)).toEqual([{ id: "tag004", name: "Churned" }]);
    expect(await client.removeExcludedTag(id, "tag004")).toEqual({
      success: true,
      message: "Tag no longer excluded.",
    });
    expect(await client.addFilter(id, "flt001")).toEqual({ success: true, message: "Filter added." });
    expect(await client.getCampaignFilters(id)).toEqual([{ id: "flt001", name: "Opened last 30 days" }]);
    expect(await client.getCampaignFilter(id, "flt001")).toEqual({
      id: "flt001",
      name: "Opened last 30 days",
    });
    expect(await client.clearFilters(id)).toEqual({ success: true, message: "Filters removed." });
    expect(await client.getCampaignFilters(id)).toEqual([]);
    expect(await client.setFilters(id, ["flt001", "flt002"])).toEqual({
      success: true,
      message: "Filters set.",
    });
    expect(await client.setExcludedFilters(id, ["flt003"])).toEqual({
      success: true,
      message: "Excluded filters set.",
    });
    expect(await client.getCampaignExcludedFilters(id)).toEqual([{ id: "flt003", name: "Inactive" }]);
    expect(await client.clearExcludedFilters(id)).toEqual({
      success: true,
      message: "Excluded filters removed.",
    });
  });

  it("a 422 on an unknown tag id names the dotted field", async () => {
    const id = await newDraft();
    const error = await client.setTags(id, ["nope00"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SenderHttpError);
    expect((error as SenderHttpError).status).toBe(422);
    expect(Object.keys((error as SenderHttpError).fieldErrors)).toEqual(["tags_arr.0"]);
  });

  it("follow-up: set, cancel, delete", async () => {
    const id = await newDraft();
    expect(await client.setFollowUp(id, { subject: "Again", time: 48 })).toEqual({
      success: true,
      message: "Follow-up saved.",
    });
    expect(await client.getCampaign(id)).toMatchObject({
      auto_followup_active: 1,
      auto_followup_subject: "Again",
      auto_followup_delay: 48,
    });
    expect(await client.cancelFollowUp(id)).toEqual({ success: true, message: "Follow-up cancelled." });
    expect(await client.getCampaign(id)).toMatchObject({
      auto_followup_active: 0,
      auto_followup_subject: "Again",
      auto_followup_delay: 48,
    });
    expect(await client.deleteFollowUp(id)).toEqual({ success: true, message: "Follow-up deleted." });
    expect(await client.getCampaign(id)).toMatchObject({
      auto_followup_active: 0,
      auto_followup_subject: null,
      auto_followup_delay: null,
    });
  });

  it("attachments: add, list, delete, delete by name", async () => {
    const id = await newDraft();
    const added = await client.addAttachment(id, { file: "https://files.example/report.pdf" });
    expect(added).toMatchObject({
      file_name: "report.pdf",
      url: `https://cdn.emulator.sender.test/attachments/${id}/report.pdf`,
    });
    expect(await client.listAttachments(id)).toEqual([added]);
    expect(await client.deleteAttachment(id, "report.pdf")).toEqual({
      success: true,
      message: "Attachment deleted.",
    });
    expect(await client.listAttachments(id)).toEqual([]);
    await client.addAttachment(id, { file: "https://files.example/b.pdf" });
    expect(await client.deleteAttachmentByName("b.pdf")).toEqual({
      success: true,
      message: "Attachment deleted.",
    });
    expect(await client.listAttachments(id)).toEqual([]);
  });

  it("schedule, unschedule, copy, send, sending status, delete", async () => {
    const id = await newDraft();
    await client.setTags(id, ["tag001"]);
    const ack = await client.scheduleCampaign(id, "2099-01-02 03:04:05");
    expect(ack).toEqual({ success: true, message: "Campaign scheduled for 2099-01-02 03:04:05." });
    expect(await client.getCampaign(id)).toMatchObject({
      status: "SCHEDULED",
      schedule_time: "2099-01-02 03:04:05",
    });
    expect(await client.unscheduleCampaign(id)).toEqual({ success: true, message: "Campaign unscheduled." });
    expect(await client.getCampaign(id)).toMatchObject({ status: "DRAFT", schedule_time: null });
    const copy = await client.copyCampaign(id);
    expect(copy).toEqual({
      success: true,
      message: "Campaign copied.",
      data: { id: copy.data.id, status: "DRAFT" },
    });
    expect(copy.data.id).not.toBe(id);
    expect(await client.getCampaign(copy.data.id)).toMatchObject({ id: copy.data.id, status: "DRAFT" });
    expect(await client.sendCampaign(id)).toEqual({ success: true, message: "Campaign is being sent." });
    const status = await client.getSendingStatus(id);
    expect(status).toEqual({
      status: "SENT",
      recipient_count: status.recipient_count,
      sent_count: status.recipient_count,
      progress: 100,
    });
    expect(await client.deleteCampaigns([id, "nope00"])).toEqual({
      success: true,
      message: "Campaign deleted.",
    });
    const gone = await client.getCampaign(id).catch((e: unknown) => e);
    expect((gone as SenderHttpError).message).toBe(
      `GET /v2/campaigns/${id} failed with 404: Campaign ${id} not found.`,
    );
  });

  it("a SENT campaign refuses scheduling with a 400", async () => {
    const error = await client.scheduleCampaign("snt001", "2099-01-01 00:00:00").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SenderHttpError);
    expect((error as SenderHttpError).status).toBe(400);
  });
});

describe("reports of the seeded SENT campaign", () => {
  it("getReport", async () => {
    expect(await client.getReport("snt001")).toEqual({
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
    });
  });

  it("getLinks, getLinkClicks, getCampaignGroups", async () => {
    expect(await client.getLinks("snt001")).toEqual([
      { id: "lnk001", url: "https://example.com/launch", clicks: 4 },
      { id: "lnk002", url: "https://example.com/pricing", clicks: 3 },
      { id: "lnk003", url: "https://example.com/docs", clicks: 3 },
    ]);
    const clicks = await client.getLinkClicks("snt001", "lnk001", { limit: 2 });
    expect(clicks.data).toEqual([
      {
        subscriber_id: "sub001",
        email: "subscriber1@example.com",
        created_at: "2026-01-06 10:07:00",
        type: "click",
      },
      {
        subscriber_id: "sub007",
        email: "subscriber7@example.com",
        created_at: "2026-01-06 10:13:00",
        type: "click",
      },
    ]);
    expect(clicks.meta).toMatchObject({
      current_page: 1,
      last_page: 2,
      per_page: 2,
      total: 4,
      from: 1,
      to: 2,
    });
    expect(await client.getCampaignGroups("snt001")).toEqual([]);
  });

  it("listCampaignSubscribers pages the 23 recipients", async () => {
    const page = await client.listCampaignSubscribers("snt001", { limit: 3 });
    expect(page.data).toEqual([
      {
        id: "sub001",
        email: "subscriber1@example.com",
        firstname: "Ada",
        lastname: "Stone",
        status: "ACTIVE",
      },
      {
        id: "sub002",
        email: "subscriber2@example.com",
        firstname: "Ben",
        lastname: "Rivera",
        status: "ACTIVE",
      },
      {
        id: "sub003",
        email: "subscriber3@example.com",
        firstname: "Cleo",
        lastname: "Okafor",
        status: "ACTIVE",
      },
    ]);
    expect(page.meta).toMatchObject({ last_page: 8, total: 23 });
  });

  it("iterateActivity walks the 26 opens over 3 pages of 10", async () => {
    const before = events.length;
    const opens: Activity[] = await collect(client.iterateActivity("snt001", "opens", { limit: 10 }));
    expect(opens).toHaveLength(26);
    expect(opens[0]).toEqual({
      subscriber_id: "sub001",
      email: "subscriber1@example.com",
      created_at: "2026-01-06 10:05:00",
      type: "open",
    });
    expect(opens.every((o) => o.type === "open")).toBe(true);
    expect(events.length - before).toBe(3);
  });

  it.each([
    ["events", 45, undefined],
    ["clicks", 10, "click"],
    ["bounces", 2, "bounce"],
    ["unsubscribes", 3, "unsubscribe"],
    ["complaints", 2, "complaint"],
    ["unopens", undefined, "unopen"],
  ] as const)("listActivity %s", async (kind, total, type) => {
    const page = await client.listActivity("snt001", kind, { limit: 2 });
    if (total !== undefined) expect(page.meta.total).toBe(total);
    if (type !== undefined) expect(page.data.every((a) => a.type === type)).toBe(true);
    expect(page.data.length).toBeGreaterThan(0);
  });

  it("exportActivity and listHardBounces", async () => {
    expect(await client.exportActivity("snt001", "clicks")).toEqual({
      url: "https://cdn.emulator.sender.test/exports/snt001/clicks.csv",
    });
    const bounces = await client.listHardBounces("snt001");
    expect(bounces.data).toEqual([
      {
        recipient_id: "sub010",
        message: "550 5.1.1 The email account that you tried to reach does not exist.",
        created_at: "2026-01-06 10:01:00",
      },
      {
        recipient_id: "sub020",
        message: "550 5.1.1 The email account that you tried to reach does not exist.",
        created_at: "2026-01-06 10:01:00",
      },
    ]);
    expect(await collect(client.iterateHardBounces("snt001"))).toEqual(bounces.data);
  });
});

describe("transactional, message, events, webhooks", () => {
  it("createTransactional answers 201 without reply_to; getTransactional reads the seed", async () => {
    const created = await client.createTransactional({
      title: "Receipt",
      subject: "Your receipt",
      from: "Example News",
      reply_to: "news@example.com",
      editor: "plain",
      content: "Thanks",
    });
    expect(lastStatus()).toBe(201);
    expect(created).toMatchObject({
      title: "Receipt",
      type: "API",
      last_action: "step1",
      editor: "plain",
      content: "Thanks",
    });
    expect(created.reply_to).toBeUndefined();
    expect(await client.getTransactional("trn001")).toEqual({
      id: "trn001",
      user_id: "usr001",
      account_id: "acc001",
      title: "Order confirmation",
      subject: "Your order is confirmed",
      from: "Example News",
      reply_to: "news@example.com",
      domain_id: "dom001",
      created: "2026-01-02 08:00:00",
      modified: "2026-01-02 08:00:00",
      type: "API",
      last_action: "editor",
      editor: "html",
      html: {
        id: "htrn001",
        thumbnail_url: "https://cdn.emulator.sender.test/thumbnails/trn001.png",
        has_preview: true,
        has_snapshots: false,
        styles: null,
      },
      purchaseCount: 0,
      bounced: 2,
      unsubscribeCount: 0,
      opens: 98,
      clicks: 40,
      sent: 120,
      preheader: null,
      content: "<p>Thanks for your order {{order_id}}.</p>",
    });
  });

  it("listTransactional has has_more_resources, and iterateTransactional walks every page", async () => {
    const page = await client.listTransactional({ limit: 1 });
    expect(page.has_more_resources).toBe(true);
    expect(page.data[0]?.disable_click_tracking).toBe(false);
    const all = await collect(client.iterateTransactional({ limit: 1 }));
    expect(all.map((t) => t.id)).toEqual(expect.arrayContaining(["trn001", "trn002"]));
    expect(all).toHaveLength(page.meta.total);
  });

  it("sendMessage", async () => {
    const sent = await client.sendMessage({
      from: { email: "news@example.com", name: "Example News" },
      to: { email: "a@example.com" },
      subject: "Hi",
      text: "Hello",
    });
    expect(sent).toEqual({ success: true, message: "Email sent", emailId: sent.emailId });
    expect(sent.emailId).not.toBe("");
  });

  it("getSubscriberEvents returns exactly the requested actions", async () => {
    const history = await client.getSubscriberEvents("subscriber1@example.com", ["opened", "got"]);
    expect(Object.keys(history.email).sort()).toEqual(["got", "opened"]);
    expect(history.email.opened?.[0]).toEqual({
      campaign_id: "snt001",
      subscriber_id: "sub001",
      title: "Launch announcement",
      created_at: "2026-01-06 10:05:00",
    });
    expect(history.email.got?.[0]).toEqual({
      campaign_id: "trn001",
      subscriber_id: "sub001",
      title: "Order confirmation",
      created_at: "2026-01-03 09:15:00",
    });
    expect(history.sms).toEqual([]);
    expect(history.temail).toEqual({ sent: [] });
    const byId = await client.getSubscriberEvents("sub001", ["bounced"]);
    expect(byId.email.bounced?.[0]).toMatchObject({ campaign_id: "trn002", title: "Password reset" });
  });

  it("createWebhook answers 201 with the bare webhook; deleteWebhook, then 404", async () => {
    const hook = await client.createWebhook({
      url: "https://hooks.example/in",
      topic: "groups/new-subscriber",
      relation_id: "grp001",
    });
    expect(lastStatus()).toBe(201);
    expect(hook).toEqual({
      id: hook.id,
      account_id: "acc001",
      url: "https://hooks.example/in",
      topic: "groups/new-subscriber",
      group: "grp001",
      total_deliveries: 0,
      total_failures: 0,
      response_time: 0,
      status: "ACTIVE",
    });
    expect(await client.deleteWebhook(hook.id)).toEqual({ success: true, message: "Webhook deleted." });
    const again = await client.deleteWebhook(hook.id).catch((e: unknown) => e);
    expect((again as SenderHttpError).status).toBe(404);
  });

  it("groups: list, create, read, rename, delete; fields: list", async () => {
    const first = await client.listGroups({ limit: 100 });
    expect(first.data.map((group) => [group.id, group.title, group.active_subscribers])).toEqual([
      ["grp001", "Main list", 20],
      ["grp002", "Beta testers", 5],
    ]);
    const made = await client.createGroup({ title: "Early birds" });
    expect(lastStatus()).toBe(201);
    expect(made).toMatchObject({ title: "Early birds", recipient_count: 0, account_id: "acc001" });
    expect(made.id).toMatch(ID);
    expect(made.created).toMatch(TIMESTAMP);
    expect((await client.getGroup(made.id)).title).toBe("Early birds");
    expect(await client.renameGroup(made.id, { title: "Night owls" })).toMatchObject({
      id: made.id,
      title: "Night owls",
    });
    expect(await client.deleteGroup(made.id)).toEqual({
      success: true,
      message: "Group successfully deleted",
    });
    const gone = await client.getGroup(made.id).catch((e: unknown) => e);
    expect((gone as SenderHttpError).status).toBe(404);
    const fields = await client.listFields({ limit: 100 });
    expect(fields.data.map((field) => field.field_name)).toEqual([
      "{$email}",
      "{$firstname}",
      "{$lastname}",
      "{$phone}",
      "{$company}",
      "{$birthday}",
    ]);
  });
});

describe("carts and account", () => {
  it("carts: create, list, get, convert, delete", async () => {
    const cart = await client.createCart({
      external_id: 4242,
      email: "buyer@example.com",
      url: "https://shop.example/cart/4242",
      currency: "EUR",
      order_total: "10.00",
      products: [{ sku: "S1", name: "Mug", price: "10.00", qty: 1 }],
    });
    expect(lastStatus()).toBe(201);
    expect(cart).toEqual({
      cart_hash: cart.cart_hash,
      external_id: 4242,
      email: "buyer@example.com",
      url: "https://shop.example/cart/4242",
      currency: "EUR",
      order_total: "10.00",
      tax_total: null,
      products: [{ sku: "S1", name: "Mug", price: "10.00", qty: 1 }],
      status: "ACTIVE",
      created: cart.created,
    });
    expect(cart.cart_hash).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await client.listCarts()).data.map((c) => c.cart_hash)).toContain(cart.cart_hash);
    expect((await collect(client.iterateCarts())).map((c) => c.external_id)).toContain(4242);
    expect(await client.getCart(cart.cart_hash)).toEqual(cart);
    expect(await client.convertCart(4242)).toEqual({ success: true, message: "Cart converted." });
    expect((await client.getCart(cart.cart_hash)).status).toBe("CONVERTED");
    expect(await client.deleteCart(4242)).toEqual({ success: true, message: "Cart deleted." });
  });

  it("plans, active subscribers, image folders", async () => {
    const plans = await client.listPlans();
    expect(plans.map((p) => [p.id, p.name])).toEqual([
      [1, "Free"],
      [2, "Standard"],
      [3, "Professional"],
    ]);
    expect(await client.getPlan(2)).toEqual(plans[1]);
    expect(await client.getActiveSubscribers()).toEqual({ active_subscribers: 23 });
    expect(await client.listImageFolders()).toEqual([
      { id: "fld001", name: "Brand", images_count: 2 },
      { id: "fld002", name: "Products", images_count: 3 },
    ]);
  });

  it("uploadImage, bulkDeleteImages, getProductData, deleteMe, sendAdditionalInfo", async () => {
    const image = await client.uploadImage("img001", "fld002", "https://files.example/logo.png");
    expect(image).toEqual({
      id: image.id,
      url: `https://cdn.emulator.sender.test/images/${image.id}.png`,
      folder_id: "fld002",
    });
    expect(await client.bulkDeleteImages([image.id])).toEqual({
      success: true,
      message: "1 image(s) deleted.",
    });
    const product = await client.getProductData("https://shop.example/products/mug");
    expect(product).toMatchObject({ title: "Mug", url: "https://shop.example/products/mug" });
    expect(await client.deleteMe()).toEqual({ success: true, message: "Account deletion requested." });
    expect(await client.sendAdditionalInfo({ company_size: "10-50" })).toEqual({
      success: true,
      message: "Additional info saved.",
    });
  });
});

describe("errors from the emulator", () => {
  it("401 with a wrong token, without revealing either token", async () => {
    const wrong = new SenderClient({
      baseUrl: emulator.url,
      apiToken: "wrong-token-123",
      retry: { maxAttempts: 1 },
    });
    const error = await wrong.listPlans().catch((e: unknown) => e);
    expect((error as SenderHttpError).message).toBe(
      "GET /v2/plans failed with 401: Unauthenticated. (the service refused the API token: check `sender:apiToken` (set it with `pulumi config set --secret sender:apiToken <token>`) or SENDER_API_TOKEN)",
    );
    expect(JSON.stringify(error)).not.toContain("wrong-token-123");
  });

  it("422 names the field, e.g. reply_to on an unverified domain", async () => {
    const error = await client
      .createCampaign({ ...draft, reply_to: "news@unverified.example" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SenderHttpError);
    expect((error as SenderHttpError).status).toBe(422);
    expect(Object.keys((error as SenderHttpError).fieldErrors)).toEqual(["reply_to"]);
    expect((error as SenderHttpError).message).toMatch(/^POST \/v2\/campaigns failed with 422: reply_to: /);
  });
});

describe("rate limit of the emulator", () => {
  it("should get every call through a limit of 2 per minute near the end of a window", async () => {
    // The emulator's clock is set just before the end of its minute, so that its window resets within 1 s.
    const shift = 59_000 - (Date.now() % 60_000) - (Date.now() % 60_000 > 59_000 ? 0 : 60_000);
    const limited = await startEmulator({
      port: 0,
      token: TOKEN,
      rateLimitPerMinute: 2,
      now: () => new Date(Date.now() + shift),
    });
    try {
      const c = new SenderClient({ baseUrl: limited.url, apiToken: TOKEN, retry: { baseDelayMs: 50 } });
      const started = Date.now();
      const results = await Promise.all(Array.from({ length: 3 }, () => c.listPlans()));
      expect(results.map((plans) => plans.length)).toEqual([3, 3, 3]);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await limited.close();
    }
  });
});
