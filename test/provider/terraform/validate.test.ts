// The Terraform door's validate calls (provider/terraform/validate.ts): every check that needs no
// API, each diagnostic on its attribute, values not yet known skipped, and not one request.
import * as grpc from "@grpc/grpc-js";
import { afterAll, describe, expect, it, test } from "vitest";
import { startEmulator } from "../../../emulator/server";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { TerraformDoor } from "../../../provider/terraform/door";
import { loadProtocol, type Served, serveTerraform } from "../../../provider/terraform/server";
import {
  validateDataResourceConfig,
  validateProviderConfig,
  validateResourceConfig,
} from "../../../provider/terraform/validate";
import { encodeDynamic, fromCore, TF_UNKNOWN, type TfObject } from "../../../provider/terraform/values";

const { schema } = new TerraformDoor();

/** A resource type's configuration: every attribute, null where the bag (camelCase) lacks it. */
const resource = (type: string, bag: Record<string, unknown>): TfObject =>
  fromCore(schema.resources[type]!.block.attributes, bag);
const dataSource = (type: string, bag: Record<string, unknown>): TfObject =>
  fromCore(schema.dataSources[type]!.block.attributes, bag);
const providerConfig = (bag: Record<string, unknown>): TfObject => fromCore(schema.provider.attributes, bag);

const error = (path: string, summary: string) => ({ severity: "ERROR", summary, path: [path] });

const CAMPAIGN = {
  title: "News",
  subject: "Hello",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
};

/** Bad configurations of each kind, and the diagnostics validate answers, in order. */
const REFUSED: [string, string, Record<string, unknown>, ReturnType<typeof error>[]][] = [
  [
    "a control character in a title, an address that is none, a content type the service lacks",
    "sender_campaign",
    { ...CAMPAIGN, title: "News\u0007", replyTo: "nope", contentType: "pdf" },
    [
      error(
        "title",
        "title: must not hold control characters (U+0007 at character 5): only tab and newline may be used",
      ),
      error("reply_to", "reply_to: must be an email address"),
      error("content_type", "content_type: must be one of editor, html, text"),
    ],
  ],
  [
    // Many bad elements of one list: one line for the list, not one per element.
    "two bad group ids, the unknown third skipped",
    "sender_campaign",
    { ...CAMPAIGN, groups: ["", "x\u0001", UNKNOWN] },
    [
      error(
        "groups",
        'groups: 2 elements are refused (groups[0] must not hold an empty id; groups[1] must be a group id: "x\\u0001" contains a control character)',
      ),
    ],
  ],
  [
    "tag ids beside send_to_all (a conflict between fields)",
    "sender_campaign_targeting",
    { campaignId: "cmp001", tagIds: ["tag001"], sendToAll: true },
    [
      error(
        "tag_ids",
        "tag_ids: cannot be combined with send_to_all = true, which already targets every active subscriber",
      ),
    ],
  ],
  [
    "an output set in the configuration, and a time that is no ISO 8601 time",
    "sender_campaign_schedule",
    { campaignId: "cmp001", scheduleTime: "tomorrow", sent: false },
    [
      error(
        "sent",
        "sent: sent is an output the provider records, never an input: remove it from the resource's arguments",
      ),
      error(
        "schedule_time",
        "schedule_time: must be an ISO 8601 time with an offset, e.g. 2026-12-01T09:00:00+01:00",
      ),
    ],
  ],
  [
    // The url's own value is never echoed whole: its path and query may hold the receiver's secret.
    "a plain http url, and a group topic without its group",
    "sender_webhook",
    { url: "http://hooks.example.com/a?secret=1", topic: "groups/new-subscriber" },
    [
      error("url", "url must be an https URL (given http://hooks.example.com/…)"),
      error(
        "relation_id",
        "relation_id: is required for topic groups/new-subscriber: the id of the group to watch",
      ),
    ],
  ],
  [
    "a blank subject and a delay the service lacks (a range)",
    "sender_campaign_follow_up",
    { campaignId: "cmp001", subject: " ", delayHours: -1 },
    [
      error("subject", "subject: must be a non-empty string"),
      error("delay_hours", "delay_hours: must be one of 12, 24, 48, 72, 96, 120, 144, 168 (hours)"),
    ],
  ],
  [
    "an address that is none",
    "sender_campaign_proof",
    { campaignId: "cmp001", addresses: ["x"] },
    [error("addresses", 'addresses: "x" is not an email address')],
  ],
  [
    "an editor the service lacks",
    "sender_transactional_campaign",
    { ...CAMPAIGN, contentType: undefined, editor: "word", content: "<p>x</p>" },
    [error("editor", "editor: must be plain or html")],
  ],
  [
    "an ftp url",
    "sender_attachment",
    { campaignId: "cmp001", url: "ftp://files.example.com/a.pdf" },
    [error("url", "url: must be a public http(s) URL: Sender downloads the file from it")],
  ],
];

describe("ValidateResourceConfig", () => {
  test.each(REFUSED)("refuses %s, each on its attribute", async (_, type, bag, expected) => {
    expect(await validateResourceConfig(schema, type, resource(type, bag))).toEqual(expected);
  });

  it("passes a good configuration, and one whose values are not known yet", async () => {
    expect(
      await validateResourceConfig(schema, "sender_campaign", resource("sender_campaign", CAMPAIGN)),
    ).toEqual([]);
    const unknown = resource("sender_campaign", {
      ...CAMPAIGN,
      title: UNKNOWN,
      contentType: UNKNOWN,
      tagIds: UNKNOWN,
    });
    expect(await validateResourceConfig(schema, "sender_campaign", unknown)).toEqual([]);
    expect(await validateResourceConfig(schema, "sender_campaign", TF_UNKNOWN)).toEqual([]);
  });

  it("leaves a schedule time in the past to the plan: validate has no state to tell a new schedule from a sent one", async () => {
    // Terraform validates before every plan: refusing here would block every plan once the
    // campaign went out. The plan refuses a new or moved past time (terraform-door.test.ts).
    const past = resource("sender_campaign_schedule", {
      campaignId: "cmp001",
      scheduleTime: "2001-01-01T00:00:00Z",
    });
    expect(await validateResourceConfig(schema, "sender_campaign_schedule", past)).toEqual([]);
  });

  it("gives no takeover notice: that is the plan's to say", async () => {
    const adopting = resource("sender_webhook", {
      url: "https://hooks.example.com/a",
      topic: "subscribers/new",
      adoptId: "wh001",
    });
    expect(await validateResourceConfig(schema, "sender_webhook", adopting)).toEqual([]);
  });

  it("throws for a type the provider lacks", async () => {
    await expect(validateResourceConfig(schema, "sender_nothing", {})).rejects.toThrow(
      "terraform-provider-sender: unknown resource type sender_nothing",
    );
  });
});

describe("ValidateDataResourceConfig", () => {
  it("refuses each bad argument on its argument, and skips one not known yet", () => {
    expect(
      validateDataResourceConfig(
        schema,
        "sender_campaigns",
        dataSource("sender_campaigns", { status: "WHATEVER", limit: 500 }),
      ),
    ).toEqual([
      error(
        "status",
        "the `sender_campaigns` data source: status must be one of DRAFT, SCHEDULED, SENDING, SENT",
      ),
      error("limit", "the `sender_campaigns` data source: limit must be a whole number from 1 to 100"),
    ]);
    expect(
      validateDataResourceConfig(
        schema,
        "sender_campaigns",
        dataSource("sender_campaigns", { status: UNKNOWN, limit: 5 }),
      ),
    ).toEqual([]);
    expect(validateDataResourceConfig(schema, "sender_plans", dataSource("sender_plans", {}))).toEqual([]);
  });
});

describe("ValidateProviderConfig", () => {
  it("refuses each bad attribute on its attribute; neither a missing token nor the environment is judged", () => {
    expect(
      validateProviderConfig(
        schema,
        providerConfig({
          maxAttempts: 0,
          baseUrl: "http://example.com",
          requestTimeoutSeconds: 2.5,
          retryDeadlineSeconds: UNKNOWN,
          scheduleNeedsAudience: true,
          apiToken: "",
        }),
      ),
    ).toEqual([
      error(
        "base_url",
        "Invalid provider attribute base_url (or SENDER_BASE_URL): must use https (got http://example.com); plain http is only allowed for a loopback host, e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator",
      ),
      error(
        "max_attempts",
        'Invalid provider attribute max_attempts: max_attempts must be greater than 0 (got "0"), e.g. `max_attempts = 5` in the provider block',
      ),
      error(
        "request_timeout_seconds",
        'Invalid provider attribute request_timeout_seconds: request_timeout_seconds must be a whole number (got "2.5"), e.g. `request_timeout_seconds = 30` in the provider block',
      ),
    ]);
    expect(validateProviderConfig(schema, providerConfig({}))).toEqual([]);
    expect(validateProviderConfig(schema, providerConfig({ baseUrl: "http://127.0.0.1:4010" }))).toEqual([]);
  });
});

describe("the validate calls over gRPC", () => {
  const TOKEN = "tok-unit-terraform-validate-Xq4R";
  let emu: Awaited<ReturnType<typeof startEmulator>> | undefined;
  const served: Served[] = [];
  afterAll(async () => {
    for (const s of served) s.server.forceShutdown();
    await emu?.close();
  });

  it("answer each diagnostic on its attribute's steps, and send the service no request", async () => {
    emu = await startEmulator({ port: 0, token: TOKEN });
    const door = new TerraformDoor();
    const configured = door.configure(
      providerConfig({ apiToken: TOKEN, baseUrl: emu.url, ownershipScope: "unit/validate" }),
      {},
    );
    expect(configured.diagnostics).toEqual([]);
    const s = await serveTerraform(door, {}, () => undefined);
    served.push(s);
    const { provider } = loadProtocol();
    const client = new provider(
      `127.0.0.1:${s.port}`,
      grpc.credentials.createInsecure(),
    ) as unknown as Record<
      string,
      (request: object, callback: (e: Error | null, r: { diagnostics: object[] }) => void) => void
    >;
    const call = (method: string, request: object) =>
      new Promise<object[]>((resolve, reject) =>
        client[method]!.call(client, request, (e, r) => (e ? reject(e) : resolve(r.diagnostics))),
      );
    const steps = (name: string) => ({ steps: [{ attribute_name: name, selector: "attribute_name" }] });
    const answered = (summary: string, name: string) => ({
      severity: "ERROR",
      summary,
      detail: "",
      attribute: steps(name),
    });
    expect(
      await call("ValidateResourceConfig", {
        type_name: "sender_campaign",
        config: encodeDynamic(
          resource("sender_campaign", { ...CAMPAIGN, title: "News\u0007", contentType: "pdf" }),
        ),
      }),
    ).toMatchObject([
      answered(
        "title: must not hold control characters (U+0007 at character 5): only tab and newline may be used",
        "title",
      ),
      answered("content_type: must be one of editor, html, text", "content_type"),
    ]);
    for (const [, type, bag] of REFUSED)
      await call("ValidateResourceConfig", { type_name: type, config: encodeDynamic(resource(type, bag)) });
    expect(
      await call("ValidateDataResourceConfig", {
        type_name: "sender_campaigns",
        config: encodeDynamic(dataSource("sender_campaigns", { limit: 0 })),
      }),
    ).toMatchObject([
      answered("the `sender_campaigns` data source: limit must be a whole number from 1 to 100", "limit"),
    ]);
    expect(
      await call("ValidateProviderConfig", { config: encodeDynamic(providerConfig({ maxAttempts: 0 })) }),
    ).toMatchObject([
      answered(
        'Invalid provider attribute max_attempts: max_attempts must be greater than 0 (got "0"), e.g. `max_attempts = 5` in the provider block',
        "max_attempts",
      ),
    ]);
    (client as unknown as grpc.Client).close();
    // Not one request reached the service: no read, no write.
    const counts = (await (await fetch(`${emu.url}/__emulator/request-counts`)).json()) as { seq: number };
    expect(counts.seq).toBe(0);
  });
});
