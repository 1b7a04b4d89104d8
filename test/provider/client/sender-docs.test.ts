import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SenderClient, SenderHttpError } from "../../../provider/client";
import { contentHashOf } from "../../../provider/core/content-hash";
import { ProviderContext } from "../../../provider/core/context";
import type { ResourceProviderImpl } from "../../../provider/core/contract";
import { providersOf, type ResourceKind } from "../../../provider/index";
import { type CannedServer, startCannedServer } from "./helpers/canned-server";

/**
 * The corpus of answers published by Sender (its API docs pages, its own SDK's tests), replayed
 * through the client against a canned server and through the resources' read paths.
 */
interface Fixture {
  source: string;
  section: string;
  route: string;
  status: number;
  request?: Record<string, unknown>;
  body: any;
}

const DIR = path.resolve(__dirname, "../../fixtures/sender-docs");
const TOKEN = "docs-fixture-token-7Yq";
const fixtures = Object.fromEntries(
  fs
    .readdirSync(DIR)
    .filter((name) => name.endsWith(".json"))
    .map((name) => [name, JSON.parse(fs.readFileSync(path.join(DIR, name), "utf8")) as Fixture]),
);
const fixture = (name: string): Fixture => {
  const found = fixtures[name];
  if (!found) throw new Error(`no fixture ${name}`);
  return found;
};

let server: CannedServer;
let client: SenderClient;
const serve = (f: Fixture) => server.handle(() => ({ status: f.status, body: f.body }));

beforeAll(async () => {
  server = await startCannedServer();
  client = new SenderClient({ baseUrl: server.url, apiToken: TOKEN, retry: { maxAttempts: 1 } });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
});

describe("the fixture corpus", () => {
  it("holds the seven published examples, each naming where it comes from", () => {
    expect(Object.keys(fixtures).sort()).toEqual([
      "campaigns-list.json",
      "error-400.json",
      "error-422.json",
      "php-sdk-422.json",
      "php-sdk-429.json",
      "transactional-create.json",
      "transactional-update.json",
    ]);
    for (const f of Object.values(fixtures)) {
      expect(f.source).toMatch(/^https:\/\/(api\.sender\.net\/|github\.com\/sendernet\/)/);
      expect(f.section.length).toBeGreaterThan(0);
      expect(f.route).toMatch(/^((GET|POST|PATCH|DELETE) \/|\(any\))/);
      expect(Number.isInteger(f.status)).toBe(true);
    }
  });
});

describe("replayed through SenderClient", () => {
  it("reads the docs' campaign list: numeric ids as strings, null send_to_all, no sent_count or reports", async () => {
    const f = fixture("campaigns-list.json");
    serve(f);
    const page = await client.listCampaigns();
    expect(server.requests[0]?.url).toBe("/v2/campaigns");
    expect(page.data).toHaveLength(1);
    const [campaign] = page.data;
    expect(campaign).toMatchObject({
      id: "1",
      title: "campaign title",
      subject: "campaign subject",
      from: "email from",
      reply_to: "[email protected]",
      status: "SENT",
      editor: "editor",
      last_action: "step4",
      created: "2020-05-06 13:34:26",
      modified: "2020-11-19 17:04:56",
      recipient_count: 144,
      schedule_time: null,
      sent_time: null,
      auto_followup_active: 1,
      auto_followup_delay: 72,
      send_to_all: null,
      html: { id: "1" },
    });
    expect(campaign?.sent_count).toBeUndefined();
    expect(campaign?.reports).toBeUndefined();
    expect(page.meta).toMatchObject({ current_page: 1, last_page: 257, total: 1282, per_page: 5 });
    expect(page.links?.next).toBe("https://app.sender.net/client-api/api/campaigns?page=2");
  });

  it("sends the docs' transactional create body as given and reads the answer without counters", async () => {
    const f = fixture("transactional-create.json");
    serve(f);
    const record = await client.createTransactional(f.request as never);
    expect(server.requests[0]?.method).toBe("POST");
    expect(server.requests[0]?.url).toBe("/v2/transactional");
    expect(server.requests[0]?.body).toEqual(f.request);
    expect(record).toMatchObject({
      id: "ep2W4y",
      title: "Transactional campaign test title",
      subject: "Transactional campaign test subject",
      from: "Sender support",
      editor: "plain",
      type: "API",
      last_action: "step1",
      domain_id: "bkRz2N",
      created: "2025-07-24 21:09:28",
      purchaseCount: 0,
    });
    expect(record.preheader).toBeUndefined();
    expect(record.content).toBeUndefined();
    expect(record.sent).toBeUndefined();
  });

  it("sends the docs' transactional update body with PATCH and reads the full record back", async () => {
    const f = fixture("transactional-update.json");
    serve(f);
    const record = await client.updateTransactional("ep2W4y", f.request as never);
    expect(server.requests[0]?.method).toBe("PATCH");
    expect(server.requests[0]?.url).toBe("/v2/transactional/ep2W4y");
    expect(server.requests[0]?.body).toEqual(f.request);
    expect(record).toMatchObject({
      id: "ep2W4y",
      subject: "Transactional campaign test subject change",
      title: "Transactional campaign test title change",
      modified: "2025-07-24 21:33:30",
      reply_to: "[email protected]",
    });
  });

  it.each([
    ["error-400.json", 400, "You must activate workflow first", {}, "You must activate workflow first"],
    [
      "error-422.json",
      422,
      "The given data was invalid.",
      { email: ["Required value, email"] },
      "email: Required value, email",
    ],
    ["php-sdk-422.json", 422, "Validation Error", {}, "Validation Error"],
    // No Retry-After in the fixture: the message says so.
    [
      "php-sdk-429.json",
      429,
      "Too Many Attempts",
      {},
      "Too Many Attempts (rate limited; the service did not say how long to wait)",
    ],
  ])(
    "turns %s into a SenderHttpError with the API's message",
    async (name, status, message, fieldErrors, shown) => {
      serve(fixture(name));
      const error = await client.sendCampaign("b6gXkQ").then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SenderHttpError);
      const http = error as SenderHttpError;
      expect(http.status).toBe(status);
      expect(http.apiMessage).toBe(message);
      expect(http.fieldErrors).toEqual(fieldErrors);
      expect(http.message).toBe(`POST /v2/campaigns/b6gXkQ/send failed with ${status}: ${shown}`);
    },
  );
});

describe("replayed through the resources' read paths", () => {
  let providers: Record<ResourceKind, ResourceProviderImpl>;
  beforeAll(() => {
    const context = ProviderContext.configure({
      get: (key) =>
        ({ "sender:apiToken": TOKEN, "sender:baseUrl": server.url, "sender:maxAttempts": "1" })[key],
    });
    providers = providersOf(context);
  });

  // The docs show the campaign record in a list; GET /campaigns/{id} wraps one record in `data`.
  const campaignRecord = () => fixture("campaigns-list.json").body.data[0];
  const serveCampaign = () => server.handle(() => ({ body: { data: campaignRecord() } }));

  it("Campaign reads the docs' record: the fields it shows, the previous values for those it lacks", async () => {
    serveCampaign();
    const previous = {
      title: "campaign title",
      subject: "campaign subject",
      from: "email from",
      replyTo: "[email protected]",
      contentType: "editor",
      preheader: "Kept: the record has no preheader",
      googleAnalytics: true,
      groups: ["grp001"],
    };
    const read = await providers.Campaign.read("1", previous);
    // The list first (this server answers every path with the one record, an unreadable page: so
    // the read falls back to its own GET, as after any failed page).
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /v2/campaigns?page=1&limit=100",
      "GET /v2/campaigns/1",
    ]);
    expect(read).toEqual({
      id: "1",
      inputs: previous,
      props: {
        ...previous,
        status: "SENT",
        created: "2020-05-06 13:34:26",
        modified: "2020-11-19 17:04:56",
        recipientCount: 144,
        lastAction: "step4",
        // The hash of the record's own subject and content, as a CampaignProof records it.
        contentHash: contentHashOf(campaignRecord().subject, campaignRecord().html?.html_content ?? ""),
      },
    });
  });

  it("Campaign reads the docs' list page in place of its GET when `modified` is the state's", async () => {
    // A new process: its own list. The page is the docs' list example, as the service answers it.
    const fresh = providersOf(
      ProviderContext.configure({
        get: (key) =>
          ({ "sender:apiToken": TOKEN, "sender:baseUrl": server.url, "sender:maxAttempts": "1" })[key],
      }),
    );
    server.handle(() => ({ body: fixture("campaigns-list.json").body }));
    const inputs = {
      title: "campaign title",
      subject: "campaign subject",
      from: "email from",
      replyTo: "[email protected]",
      contentType: "editor",
      content: "<p>Kept: the list carries no content</p>",
      preheader: "Kept: the list carries no preheader",
      googleAnalytics: true,
      groups: ["grp001"],
    };
    const previous = {
      ...inputs,
      status: "SENT",
      created: "2020-05-06 13:34:26",
      modified: "2020-11-19 17:04:56",
      recipientCount: 144,
      lastAction: "step4",
      domainId: "dom001",
      contentHash: contentHashOf("campaign subject", inputs.content),
    };
    const read = await fresh.Campaign.read("1", previous);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /v2/campaigns?page=1&limit=100",
    ]);
    expect(read).toEqual({ id: "1", inputs, props: previous });
  });

  it("CampaignFollowUp reads the docs' follow-up fields", async () => {
    serveCampaign();
    const read = await providers.CampaignFollowUp.read("1", { campaignId: "1" });
    expect(read.id).toBe("1");
    expect(read.props).toMatchObject({
      campaignId: "1",
      subject: "followup subject",
      delayHours: 72,
      active: true,
    });
  });

  it("CampaignSchedule reads the docs' SENT campaign as sent", async () => {
    serveCampaign();
    const read = await providers.CampaignSchedule.read("1", {
      campaignId: "1",
      scheduleTime: "2020-11-19T17:00:00Z",
    });
    expect(read.id).toBe("1");
    expect(read.props).toMatchObject({ campaignId: "1", status: "SENT", sent: true });
  });

  it("CampaignTargeting keeps sendToAll where the docs' record says send_to_all: null", async () => {
    // Tags and filters lists as the contract has them ({data: [...]}); the campaign is the docs'.
    server.handle((request) =>
      request.url === "/v2/campaigns/1" ? { body: { data: campaignRecord() } } : { body: { data: [] } },
    );
    const read = await providers.CampaignTargeting.read("1", { campaignId: "1", sendToAll: true });
    expect(read).toEqual({
      id: "1",
      props: { campaignId: "1", sendToAll: true },
      inputs: { campaignId: "1", sendToAll: true },
    });
  });

  it("TransactionalCampaign reads the docs' record and keeps content and preheader, which it lacks", async () => {
    const f = fixture("transactional-update.json");
    server.handle(() => ({ body: f.body }));
    const previous = {
      title: "Transactional campaign test title change",
      subject: "Transactional campaign test subject change",
      from: "Sender support",
      replyTo: "[email protected]",
      editor: "plain",
      preheader: "Preview changed text of my transactional campaign",
      content: "Adding the first content of my campaign",
    };
    const read = await providers.TransactionalCampaign.read("ep2W4y", previous);
    // The list first (this server answers every path with the one record, an unreadable page), then its GET.
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /v2/transactional?page=1&limit=100",
      "GET /v2/transactional/ep2W4y",
    ]);
    expect(read).toEqual({
      id: "ep2W4y",
      inputs: previous,
      props: {
        ...previous,
        type: "API",
        lastAction: "step1",
        created: "2025-07-24 21:09:28",
        modified: "2025-07-24 21:33:30",
        domainId: "bkRz2N",
        sent: 0,
        opens: 0,
        clicks: 0,
        bounced: 0,
        unsubscribeCount: 0,
      },
    });
  });
});
