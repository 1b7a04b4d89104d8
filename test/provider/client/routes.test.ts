import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ROUTES, SenderClient } from "../../../provider/client";
import { type CannedServer, startCannedServer } from "./helpers/canned-server";
import * as f from "./helpers/fixtures";

let server: CannedServer;
let client: SenderClient;

beforeAll(async () => {
  server = await startCannedServer();
  client = new SenderClient({ baseUrl: server.url, apiToken: f.TOKEN, retry: { maxAttempts: 1 } });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

interface Row {
  /** What is called. */
  call: (c: SenderClient) => Promise<unknown>;
  method: string;
  /** The raw request target, exactly as it must appear on the wire. */
  url: string;
  /** The JSON body sent, or undefined for none. */
  body?: unknown;
  /** The canned answer. */
  answer: unknown;
  status?: number;
  /** What the method must return. */
  result: unknown;
}

const list = f.page([f.campaign]);
const tag = { id: "tag001", name: "Customers" };
const filter = { id: "flt001", name: "Opened last 30 days" };

// One row per client method: the exact method, target and body on the wire, and the parsed result.
const rows: Record<string, Row> = {
  createCampaign: {
    call: (c) =>
      c.createCampaign({
        subject: "Hello",
        from: "Example News",
        reply_to: "news@example.com",
        content_type: "html",
      }),
    method: "POST",
    url: "/v2/campaigns",
    body: { subject: "Hello", from: "Example News", reply_to: "news@example.com", content_type: "html" },
    status: 201,
    answer: { data: f.campaign },
    result: f.campaign,
  },
  getCampaign: {
    call: (c) => c.getCampaign("b6gXkQ"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ",
    answer: { data: f.campaign },
    result: f.campaign,
  },
  listCampaigns: {
    call: (c) => c.listCampaigns({ status: "DRAFT", page: 2, limit: 10 }),
    method: "GET",
    url: "/v2/campaigns?status=DRAFT&page=2&limit=10",
    answer: list,
    result: list,
  },
  "listCampaigns without query": {
    call: (c) => c.listCampaigns(),
    method: "GET",
    url: "/v2/campaigns",
    answer: list,
    result: list,
  },
  updateCampaign: {
    call: (c) => c.updateCampaign("b6gXkQ", { subject: "New" }),
    method: "PATCH",
    url: "/v2/campaigns/b6gXkQ",
    body: { subject: "New" },
    answer: f.ack(),
    result: f.ack(),
  },
  deleteCampaigns: {
    call: (c) => c.deleteCampaigns(["b6gXkQ", "c7hYlR"]),
    method: "DELETE",
    url: "/v2/campaigns?ids=[b6gXkQ,c7hYlR]",
    answer: f.ack(),
    result: f.ack(),
  },
  getCampaignPrefill: {
    call: (c) => c.getCampaignPrefill(),
    method: "GET",
    url: "/v2/campaigns/prefill",
    answer: {
      data: {
        from: "Example News",
        reply_to: "news@example.com",
        domains: [{ id: "dom001", domain: "example.com", verified: true }],
      },
    },
    result: {
      from: "Example News",
      reply_to: "news@example.com",
      domains: [{ id: "dom001", domain: "example.com", verified: true }],
    },
  },
  sendCampaign: {
    call: (c) => c.sendCampaign("b6gXkQ"),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/send",
    answer: f.ack(),
    result: f.ack(),
  },
  getSendingStatus: {
    call: (c) => c.getSendingStatus("b6gXkQ"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/sending_status",
    answer: { data: { status: "SENDING", recipient_count: 25, sent_count: 5, progress: 20 } },
    result: { status: "SENDING", recipient_count: 25, sent_count: 5, progress: 20 },
  },
  scheduleCampaign: {
    call: (c) => c.scheduleCampaign("b6gXkQ", "2030-01-02 03:04:05"),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/schedule",
    body: { schedule_time: "2030-01-02 03:04:05" },
    answer: f.ack(),
    result: f.ack(),
  },
  "scheduleCampaign with a Date": {
    call: (c) => c.scheduleCampaign("b6gXkQ", new Date("2030-01-02T03:04:05.678Z")),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/schedule",
    body: { schedule_time: "2030-01-02 03:04:05" },
    answer: f.ack(),
    result: f.ack(),
  },
  unscheduleCampaign: {
    call: (c) => c.unscheduleCampaign("b6gXkQ"),
    method: "DELETE",
    url: "/v2/campaigns/b6gXkQ/schedule",
    answer: f.ack(),
    result: f.ack(),
  },
  setSendToAll: {
    call: (c) => c.setSendToAll("b6gXkQ"),
    method: "PATCH",
    url: "/v2/campaigns/b6gXkQ/send_to_all",
    body: { send_to_all: true },
    answer: f.ack(),
    result: f.ack(),
  },
  "setSendToAll false": {
    call: (c) => c.setSendToAll("b6gXkQ", false),
    method: "PATCH",
    url: "/v2/campaigns/b6gXkQ/send_to_all",
    body: { send_to_all: false },
    answer: f.ack(),
    result: f.ack(),
  },
  copyCampaign: {
    call: (c) => c.copyCampaign("b6gXkQ"),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/copy",
    answer: { ...f.ack("Campaign copied."), data: { id: "c0pyId", status: "DRAFT" } },
    result: { ...f.ack("Campaign copied."), data: { id: "c0pyId", status: "DRAFT" } },
  },
  setLastAction: {
    call: (c) => c.setLastAction("b6gXkQ", "step3"),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/last_action",
    body: { last_action: "step3" },
    answer: f.ack(),
    result: f.ack(),
  },
  getPreview: {
    call: (c) => c.getPreview("b6gXkQ"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/preview",
    answer: { data: { html: "<p>Hi</p>" } },
    result: { html: "<p>Hi</p>" },
  },
  getPlainPreview: {
    call: (c) => c.getPlainPreview("b6gXkQ"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/plain_preview",
    answer: { data: { text: "Hi" } },
    result: { text: "Hi" },
  },
  getPdf: {
    call: (c) => c.getPdf("b6gXkQ"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/pdf",
    answer: { data: { url: "https://x/p.pdf" } },
    result: { url: "https://x/p.pdf" },
  },
  getShareLink: {
    call: (c) => c.getShareLink("b6gXkQ"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/share",
    answer: { data: { url: "https://x/s" } },
    result: { url: "https://x/s" },
  },
  sendTestEmail: {
    call: (c) => c.sendTestEmail("b6gXkQ", "me@example.com"),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/send_test_email",
    body: { address: "me@example.com" },
    answer: f.ack(),
    result: f.ack(),
  },
  getCampaignErrors: {
    call: (c) => c.getCampaignErrors("b6gXkQ"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/errors",
    answer: { errors: ["No recipients"], warnings: [] },
    result: { errors: ["No recipients"], warnings: [] },
  },
  getLinks: {
    call: (c) => c.getLinks("b6gXkQ"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/links",
    answer: { data: [{ id: "lnk001", url: "https://example.com", clicks: 3 }] },
    result: [{ id: "lnk001", url: "https://example.com", clicks: 3 }],
  },
  getLinkClicks: {
    call: (c) => c.getLinkClicks("b6gXkQ", "lnk001", { page: 1 }),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/link_clicks/lnk001?page=1",
    answer: f.page([f.activity]),
    result: f.page([f.activity]),
  },
  getCampaignGroups: {
    call: (c) => c.getCampaignGroups("b6gXkQ"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/groups",
    answer: { data: [{ id: "grp001", title: "Main list" }] },
    result: [{ id: "grp001", title: "Main list" }],
  },
  listCampaignSubscribers: {
    call: (c) => c.listCampaignSubscribers("b6gXkQ", { page: 3, limit: 5 }),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/subscribers?page=3&limit=5",
    answer: f.page([
      { id: "sub001", email: "subscriber1@example.com", firstname: "Ann", lastname: null, status: "ACTIVE" },
    ]),
    result: f.page([
      { id: "sub001", email: "subscriber1@example.com", firstname: "Ann", lastname: null, status: "ACTIVE" },
    ]),
  },
  listActivity: {
    call: (c) => c.listActivity("snt001", "unsubscribes", { page: 2, limit: 10 }),
    method: "GET",
    url: "/v2/campaigns/snt001/unsubscribes?page=2&limit=10",
    answer: f.page([f.activity]),
    result: f.page([f.activity]),
  },
  getReport: {
    call: (c) => c.getReport("snt001"),
    method: "GET",
    url: "/v2/campaigns/snt001/report",
    answer: {
      data: {
        sent: 25,
        delivered: 24,
        opens: 30,
        unique_opens: 20,
        clicks: 5,
        unique_clicks: 4,
        bounces: 1,
        hard_bounces: 1,
        unsubscribes: 1,
        complaints: 0,
        open_rate: 83.33,
        click_rate: 16.67,
      },
    },
    result: {
      sent: 25,
      delivered: 24,
      opens: 30,
      unique_opens: 20,
      clicks: 5,
      unique_clicks: 4,
      bounces: 1,
      hard_bounces: 1,
      unsubscribes: 1,
      complaints: 0,
      open_rate: 83.33,
      click_rate: 16.67,
    },
  },
  exportActivity: {
    call: (c) => c.exportActivity("snt001", "opens"),
    method: "GET",
    url: "/v2/campaigns/snt001/opens/export",
    answer: { data: { url: "https://x/e.csv" } },
    result: { url: "https://x/e.csv" },
  },
  listHardBounces: {
    call: (c) => c.listHardBounces("snt001"),
    method: "GET",
    url: "/v2/campaigns/snt001/hard_bounces",
    answer: f.page([{ recipient_id: "sub002", message: null, created_at: "2026-03-18 13:05:00" }]),
    result: f.page([{ recipient_id: "sub002", message: null, created_at: "2026-03-18 13:05:00" }]),
  },
  listAttachments: {
    call: (c) => c.listAttachments("b6gXkQ"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/attachments",
    answer: { data: [{ file_name: "a.pdf", url: "https://x/a.pdf", size: 10 }] },
    result: [{ file_name: "a.pdf", url: "https://x/a.pdf", size: 10 }],
  },
  addAttachment: {
    call: (c) => c.addAttachment("b6gXkQ", { file: "https://x/a.pdf" }),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/attachments",
    body: { file: "https://x/a.pdf" },
    answer: {
      success: true,
      message: "Attached.",
      data: { file_name: "a.pdf", url: "https://x/a.pdf", size: 10 },
    },
    result: { file_name: "a.pdf", url: "https://x/a.pdf", size: 10 },
  },
  deleteAttachment: {
    call: (c) => c.deleteAttachment("b6gXkQ", "a.pdf"),
    method: "DELETE",
    url: "/v2/campaigns/b6gXkQ/attachments",
    body: { file_name: "a.pdf" },
    answer: f.ack(),
    result: f.ack(),
  },
  deleteAttachmentByName: {
    call: (c) => c.deleteAttachmentByName("a.pdf"),
    method: "POST",
    url: "/v2/attachment/delete",
    body: { file_name: "a.pdf" },
    answer: f.ack(),
    result: f.ack(),
  },
  setFollowUp: {
    call: (c) => c.setFollowUp("b6gXkQ", { subject: "Did you see?", time: 48 }),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/follow_up",
    body: { subject: "Did you see?", time: 48 },
    answer: f.ack(),
    result: f.ack(),
  },
  deleteFollowUp: {
    call: (c) => c.deleteFollowUp("b6gXkQ"),
    method: "DELETE",
    url: "/v2/campaigns/b6gXkQ/follow_up",
    answer: f.ack(),
    result: f.ack(),
  },
  cancelFollowUp: {
    call: (c) => c.cancelFollowUp("b6gXkQ"),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/cancel_followup",
    answer: f.ack(),
    result: f.ack(),
  },
  listAccountTags: {
    call: (c) => c.listAccountTags(),
    method: "GET",
    url: "/v2/tags",
    answer: { data: [tag] },
    result: { data: [tag] },
  },
  "listAccountTags, a page of the envelope": {
    call: (c) => c.listAccountTags({ page: 2, limit: 100 }),
    method: "GET",
    url: "/v2/tags?page=2&limit=100",
    answer: { data: [tag], links: {}, meta: { current_page: 2, last_page: "3", total: 201 } },
    result: { data: [tag], meta: { last_page: 3 } },
  },
  "listAccountTags, a bare array": {
    call: (c) => c.listAccountTags(),
    method: "GET",
    url: "/v2/tags",
    answer: [tag],
    result: { data: [tag] },
  },
  "listAccountTags, a meta without a readable last_page": {
    call: (c) => c.listAccountTags(),
    method: "GET",
    url: "/v2/tags",
    answer: { data: [tag], meta: { last_page: "many" } },
    result: { data: [tag] },
  },
  listAccountFilters: {
    call: (c) => c.listAccountFilters({ page: 1, limit: 100 }),
    method: "GET",
    url: "/v2/filters?page=1&limit=100",
    answer: { data: [{ id: "flt001", name: "Opened" }] },
    result: { data: [{ id: "flt001", name: "Opened" }] },
  },
  getCampaignTags: {
    call: (c) => c.getCampaignTags("b6gXkQ"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/tags",
    answer: { data: [tag] },
    result: [tag],
  },
  setTags: {
    call: (c) => c.setTags("b6gXkQ", ["tag001", "tag003"]),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/tags/set",
    body: { tags_arr: ["tag001", "tag003"] },
    answer: f.ack(),
    result: f.ack(),
  },
  getCampaignTag: {
    call: (c) => c.getCampaignTag("b6gXkQ", "tag001"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/tags/tag001",
    answer: { data: tag },
    result: tag,
  },
  addTag: {
    call: (c) => c.addTag("b6gXkQ", "tag001"),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/tags/tag001",
    answer: f.ack(),
    result: f.ack(),
  },
  removeTag: {
    call: (c) => c.removeTag("b6gXkQ", "tag001"),
    method: "DELETE",
    url: "/v2/campaigns/b6gXkQ/tags/tag001",
    answer: f.ack(),
    result: f.ack(),
  },
  getCampaignExcludedTags: {
    call: (c) => c.getCampaignExcludedTags("b6gXkQ"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/exclude_tags",
    answer: { data: [tag] },
    result: [tag],
  },
  addExcludedTag: {
    call: (c) => c.addExcludedTag("b6gXkQ", "tag004"),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/exclude_tags/tag004",
    answer: f.ack(),
    result: f.ack(),
  },
  removeExcludedTag: {
    call: (c) => c.removeExcludedTag("b6gXkQ", "tag004"),
    method: "DELETE",
    url: "/v2/campaigns/b6gXkQ/exclude_tags/tag004",
    answer: f.ack(),
    result: f.ack(),
  },
  getCampaignFilters: {
    call: (c) => c.getCampaignFilters("b6gXkQ"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/filters",
    answer: { data: [filter] },
    result: [filter],
  },
  getCampaignFilter: {
    call: (c) => c.getCampaignFilter("b6gXkQ", "flt001"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/filters/flt001",
    answer: { data: filter },
    result: filter,
  },
  addFilter: {
    call: (c) => c.addFilter("b6gXkQ", "flt001"),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/filters",
    body: { filter_id: "flt001" },
    answer: f.ack(),
    result: f.ack(),
  },
  clearFilters: {
    call: (c) => c.clearFilters("b6gXkQ"),
    method: "DELETE",
    url: "/v2/campaigns/b6gXkQ/filters",
    answer: f.ack(),
    result: f.ack(),
  },
  setFilters: {
    call: (c) => c.setFilters("b6gXkQ", ["flt001", "flt002"]),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/filters/set",
    body: { filters_arr: ["flt001", "flt002"] },
    answer: f.ack(),
    result: f.ack(),
  },
  getCampaignExcludedFilters: {
    call: (c) => c.getCampaignExcludedFilters("b6gXkQ"),
    method: "GET",
    url: "/v2/campaigns/b6gXkQ/exclude_filters",
    answer: { data: [filter] },
    result: [filter],
  },
  setExcludedFilters: {
    call: (c) => c.setExcludedFilters("b6gXkQ", ["flt003"]),
    method: "POST",
    url: "/v2/campaigns/b6gXkQ/exclude_filters",
    body: { filters_arr: ["flt003"] },
    answer: f.ack(),
    result: f.ack(),
  },
  clearExcludedFilters: {
    call: (c) => c.clearExcludedFilters("b6gXkQ"),
    method: "DELETE",
    url: "/v2/campaigns/b6gXkQ/exclude_filters",
    answer: f.ack(),
    result: f.ack(),
  },
  createTransactional: {
    call: (c) =>
      c.createTransactional({
        subject: "Your receipt",
        from: "Example News",
        reply_to: "news@example.com",
        editor: "plain",
        content: "Thanks",
      }),
    method: "POST",
    url: "/v2/transactional",
    body: {
      subject: "Your receipt",
      from: "Example News",
      reply_to: "news@example.com",
      editor: "plain",
      content: "Thanks",
    },
    status: 201,
    answer: { data: f.transactional },
    result: f.transactional,
  },
  getTransactional: {
    call: (c) => c.getTransactional("trn001"),
    method: "GET",
    url: "/v2/transactional/trn001",
    answer: { data: f.transactional },
    result: f.transactional,
  },
  updateTransactional: {
    call: (c) => c.updateTransactional("trn001", { subject: "New subject", preheader: "Soon" }),
    method: "PATCH",
    url: "/v2/transactional/trn001",
    body: { subject: "New subject", preheader: "Soon" },
    answer: { data: { ...f.transactional, subject: "New subject" } },
    result: { ...f.transactional, subject: "New subject" },
  },
  listWebhooks: {
    call: (c) => c.listWebhooks(),
    method: "GET",
    url: "/v2/account/webhooks",
    answer: { data: [f.webhook] },
    result: [f.webhook],
  },
  "listWebhooks, bare list": {
    call: (c) => c.listWebhooks(),
    method: "GET",
    url: "/v2/account/webhooks",
    answer: [f.webhook],
    result: [f.webhook],
  },
  getWebhook: {
    call: (c) => c.getWebhook("whk001"),
    method: "GET",
    url: "/v2/account/webhooks/whk001",
    answer: f.webhook,
    result: f.webhook,
  },
  "getWebhook, enveloped": {
    call: (c) => c.getWebhook("whk001"),
    method: "GET",
    url: "/v2/account/webhooks/whk001",
    answer: { data: f.webhook },
    result: f.webhook,
  },
  updateWebhook: {
    call: (c) => c.updateWebhook("whk001", { url: "https://hooks.example/new" }),
    method: "PATCH",
    url: "/v2/account/webhooks/whk001",
    body: { url: "https://hooks.example/new" },
    answer: { ...f.webhook, url: "https://hooks.example/new" },
    result: { ...f.webhook, url: "https://hooks.example/new" },
  },
  listTransactional: {
    call: (c) => c.listTransactional({ limit: 5 }),
    method: "GET",
    url: "/v2/transactional?limit=5",
    answer: { ...f.page([{ ...f.transactional, disable_click_tracking: false }]), has_more_resources: false },
    result: { ...f.page([{ ...f.transactional, disable_click_tracking: false }]), has_more_resources: false },
  },
  sendMessage: {
    call: (c) =>
      c.sendMessage({
        from: { email: "news@example.com", name: "Example News" },
        to: { email: "a@example.com" },
        subject: "Hi",
        text: "Hello",
      }),
    method: "POST",
    url: "/v2/message/send",
    body: {
      from: { email: "news@example.com", name: "Example News" },
      to: { email: "a@example.com" },
      subject: "Hi",
      text: "Hello",
    },
    answer: { success: true, message: "Email sent", emailId: "em001" },
    result: { success: true, message: "Email sent", emailId: "em001" },
  },
  getSubscriberEvents: {
    call: (c) => c.getSubscriberEvents("subscriber1@example.com", ["opened", "clicked"]),
    method: "GET",
    // The quotes of the JSON literal are percent-encoded; brackets and commas stay literal.
    url: "/v2/subscribers/subscriber1%40example.com/events?actions=[%22opened%22,%22clicked%22]",
    answer: f.subscriberEvents,
    result: f.subscriberEvents,
  },
  createWebhook: {
    call: (c) =>
      c.createWebhook({
        url: "https://hooks.example/in",
        topic: "groups/new-subscriber",
        relation_id: "grp001",
      }),
    method: "POST",
    url: "/v2/account/webhooks",
    body: { url: "https://hooks.example/in", topic: "groups/new-subscriber", relation_id: "grp001" },
    status: 201,
    answer: f.webhook,
    result: f.webhook,
  },
  deleteWebhook: {
    call: (c) => c.deleteWebhook("whk001"),
    method: "DELETE",
    url: "/v2/account/webhooks/whk001",
    answer: f.ack(),
    result: f.ack(),
  },
  listGroups: {
    call: (c) => c.listGroups({ page: 2, limit: 100 }),
    method: "GET",
    url: "/v2/groups?page=2&limit=100",
    answer: { data: [f.group], meta: { last_page: 2 } },
    result: { data: [f.group], meta: { last_page: 2 } },
  },
  getGroup: {
    call: (c) => c.getGroup("dJKq5K"),
    method: "GET",
    url: "/v2/groups/dJKq5K",
    answer: { data: f.group },
    result: f.group,
  },
  createGroup: {
    call: (c) => c.createGroup({ title: "Group title" }),
    method: "POST",
    url: "/v2/groups",
    body: { title: "Group title" },
    answer: { success: true, message: "Group successfully created", data: f.group },
    result: f.group,
  },
  renameGroup: {
    call: (c) => c.renameGroup("dJKq5K", { title: "Renamed" }),
    method: "PATCH",
    url: "/v2/groups/dJKq5K",
    body: { title: "Renamed" },
    answer: { success: true, message: "ok", data: { ...f.group, title: "Renamed" } },
    result: { ...f.group, title: "Renamed" },
  },
  deleteGroup: {
    call: (c) => c.deleteGroup("dJKq5K"),
    method: "DELETE",
    url: "/v2/groups/dJKq5K",
    answer: f.ack(),
    result: f.ack(),
  },
  listFields: {
    call: (c) => c.listFields({ page: 1, limit: 100 }),
    method: "GET",
    url: "/v2/fields?page=1&limit=100",
    answer: { data: [f.field] },
    result: { data: [f.field] },
  },
  createCart: {
    call: (c) =>
      c.createCart({ external_id: 42, email: "buyer@example.com", url: "https://shop.example/cart/42" }),
    method: "POST",
    url: "/v2/carts",
    body: { external_id: 42, email: "buyer@example.com", url: "https://shop.example/cart/42" },
    status: 201,
    answer: { data: f.cart },
    result: f.cart,
  },
  listCarts: {
    call: (c) => c.listCarts({ page: 1, limit: 100 }),
    method: "GET",
    url: "/v2/carts?page=1&limit=100",
    answer: f.page([f.cart]),
    result: f.page([f.cart]),
  },
  getCart: {
    call: (c) => c.getCart("abcdef123456"),
    method: "GET",
    url: "/v2/carts/abcdef123456",
    answer: { data: f.cart },
    result: f.cart,
  },
  deleteCart: {
    call: (c) => c.deleteCart(42),
    method: "DELETE",
    url: "/v2/carts/42",
    answer: f.ack(),
    result: f.ack(),
  },
  convertCart: {
    call: (c) => c.convertCart(42),
    method: "POST",
    url: "/v2/carts/42/convert",
    answer: f.ack(),
    result: f.ack(),
  },
  listPlans: {
    call: (c) => c.listPlans(),
    method: "GET",
    url: "/v2/plans",
    answer: { data: [f.plan] },
    result: [f.plan],
  },
  getPlan: {
    call: (c) => c.getPlan(2),
    method: "GET",
    url: "/v2/plans/2",
    answer: { data: f.plan },
    result: f.plan,
  },
  getActiveSubscribers: {
    call: (c) => c.getActiveSubscribers(),
    method: "GET",
    url: "/v2/active_subscribers",
    answer: { data: { active_subscribers: 25 } },
    result: { active_subscribers: 25 },
  },
  deleteMe: {
    call: (c) => c.deleteMe(),
    method: "POST",
    url: "/v2/delete_me",
    answer: f.ack(),
    result: f.ack(),
  },
  sendAdditionalInfo: {
    call: (c) => c.sendAdditionalInfo({ company_size: "10-50" }),
    method: "POST",
    url: "/v2/additional_info",
    body: { company_size: "10-50" },
    answer: f.ack(),
    result: f.ack(),
  },
  getProductData: {
    call: (c) => c.getProductData("https://shop.example/p?id=1&x=a b"),
    method: "GET",
    url: "/v2/EditorImports/getProductData?url=https%3A%2F%2Fshop.example%2Fp%3Fid%3D1%26x%3Da%20b",
    answer: { data: { title: "Mug", price: "10.00", image: null, url: "https://shop.example/p?id=1&x=a b" } },
    result: { title: "Mug", price: "10.00", image: null, url: "https://shop.example/p?id=1&x=a b" },
  },
  uploadImage: {
    call: (c) => c.uploadImage("img001", "fld001", "https://x/i.png"),
    method: "POST",
    url: "/v2/upload/v2/img001/fld001",
    body: { file: "https://x/i.png" },
    answer: { data: { id: "img001", url: "https://cdn.x/i.png", folder_id: "fld001" } },
    result: { id: "img001", url: "https://cdn.x/i.png", folder_id: "fld001" },
  },
  bulkDeleteImages: {
    call: (c) => c.bulkDeleteImages(["img001", "img002"]),
    method: "POST",
    url: "/v2/userImages/bulkDelete",
    body: { ids: ["img001", "img002"] },
    answer: f.ack(),
    result: f.ack(),
  },
  listImageFolders: {
    call: (c) => c.listImageFolders(),
    method: "GET",
    url: "/v2/imageFolders",
    answer: { data: [{ id: "fld001", name: "Brand", images_count: 0 }] },
    result: [{ id: "fld001", name: "Brand", images_count: 0 }],
  },
  "path segments are encoded": {
    call: (c) => c.getCampaign("a b?c#d%e"),
    method: "GET",
    url: "/v2/campaigns/a%20b%3Fc%23d%25e",
    answer: { data: f.campaign },
    result: f.campaign,
  },
};

describe("SenderClient routes", () => {
  it.each(Object.entries(rows))("%s sends the exact request and parses the answer", async (_name, row) => {
    server.handle(() => ({ status: row.status ?? 200, body: row.answer }));
    const result = await row.call(client);
    expect(result).toEqual(row.result);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe(row.method);
    expect(request?.url).toBe(row.url);
    expect(request?.body).toEqual(row.body);
  });

  it("should send the bearer token, JSON content type and accept headers on every request", async () => {
    server.handle(() => ({ body: { data: f.campaign } }));
    await client.getCampaign("b6gXkQ");
    const headers = server.requests[0]?.headers;
    expect(headers?.authorization).toBe(`Bearer ${f.TOKEN}`);
    expect(headers?.["content-type"]).toBe("application/json");
    expect(headers?.accept).toBe("application/json");
    expect(headers?.["user-agent"]).toBe("pulumi-sender-client");
  });

  it("should accept a base URL ending in /v2 without doubling it", async () => {
    const other = new SenderClient({ baseUrl: `${server.url}/v2/`, apiToken: f.TOKEN });
    server.handle(() => ({ body: { data: [] } }));
    await other.listPlans();
    expect(server.requests[0]?.url).toBe("/v2/plans");
  });

  it("should have a method for every route of the table", () => {
    // Every route of ROUTES is exercised by some row above (activity kinds share one template).
    const exercised = new Set(Object.values(rows).map((row) => `${row.method} ${row.url.split("?")[0]}`));
    const templates = Object.keys(ROUTES).map(
      (route) => new RegExp(`^${route.replace(/\{\w+\}/g, "[^/]+")}$`.replace(" /", " /v2/")),
    );
    for (const template of templates) {
      expect(
        [...exercised].some((request) => template.test(request)),
        String(template),
      ).toBe(true);
    }
  });
});
