import { createPrivateKey, X509Certificate } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator/server";
import { contentHashOf } from "../../../provider/core/content-hash";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { fieldTables } from "../../../provider/kinds/registry";
import {
  attributePath,
  failureDiagnostic,
  identityOf,
  scopeNonce,
  TerraformDoor,
} from "../../../provider/terraform/door";
import { isTerraformHandshake, TF_MAGIC_COOKIE_VALUE } from "../../../provider/terraform/handshake";
import {
  loadProtocol,
  type Served,
  selfSignedCertificate,
  serveTerraform,
} from "../../../provider/terraform/server";
import {
  decodeDynamic,
  encodeDynamic,
  fromCore,
  TF_UNKNOWN,
  type TfObject,
  toCore,
} from "../../../provider/terraform/values";

const campaign = () => new TerraformDoor().schema.resources.sender_campaign!.block.attributes;

describe("terraform values", () => {
  it("reads and writes cty's unknown as msgpack extension 0 (fixext1, one zero byte)", () => {
    expect(decodeDynamic({ msgpack: Buffer.from([0xd4, 0, 0]) })).toBe(TF_UNKNOWN);
    expect([...encodeDynamic(TF_UNKNOWN).msgpack]).toEqual([0xd4, 0, 0]);
    expect([...encodeDynamic({ a: null }).msgpack]).toEqual([0x81, 0xa1, 0x61, 0xc0]);
    expect(decodeDynamic({ json: Buffer.from('{"id":"c1"}') })).toEqual({ id: "c1" });
    expect(decodeDynamic({})).toBeNull();
  });

  it("translates snake_case objects to the core's camelCase bags and back, unknowns as the core's UNKNOWN", () => {
    const attributes = campaign();
    const object = fromCore(attributes, {});
    const given: TfObject = {
      ...object,
      reply_to: "news@example.com",
      groups: ["g1", TF_UNKNOWN],
      title: TF_UNKNOWN,
    };
    const bag = toCore(attributes, decodeDynamic(encodeDynamic(given)));
    expect(bag).toEqual({ replyTo: "news@example.com", groups: ["g1", UNKNOWN], title: UNKNOWN });
    const back = fromCore(attributes, { ...bag, googleAnalytics: 1 });
    expect(back.reply_to).toBe("news@example.com");
    expect(back.groups).toEqual(["g1", TF_UNKNOWN]);
    expect(back.google_analytics).toBe(true);
    expect(back.preheader).toBeNull();
    expect(Object.keys(back).length).toBe(attributes.length);
  });
});

describe("terraform door", () => {
  it("puts a check failure on its attribute, a set's element on the set", () => {
    expect(attributePath("replyTo", fieldTables.Campaign)).toEqual(["reply_to"]);
    expect(attributePath("tagIds[1]", fieldTables.CampaignTargeting)).toEqual(["tag_ids"]);
    expect(attributePath("items[2].name")).toEqual(["items", 2, "name"]);
    expect(attributePath("")).toEqual([]);
  });

  it("derives the ownership mark's nonce from the scope and names a resource by its type and title", () => {
    expect(scopeNonce("acme/prod")).toMatch(/^[0-9a-f]{32}$/);
    expect(scopeNonce("acme/prod")).toBe(scopeNonce("acme/prod"));
    expect(scopeNonce("acme/prod")).not.toBe(scopeNonce("acme/staging"));
    expect(identityOf("sender_campaign", { title: "News", subject: "x" })).toBe("sender_campaign::News");
    expect(identityOf("sender_webhook", { url: "https://h.example/a", topic: "subscribers/new" })).toBe(
      "sender_webhook::https://h.example/a::subscribers/new::",
    );
  });

  it("reports a missing token and a bad setting on the provider attribute", () => {
    const door = new TerraformDoor();
    expect(door.configure(fromCore(door.schema.provider.attributes, {}), {}).diagnostics).toEqual([
      {
        severity: "ERROR",
        summary:
          "No Sender API token: set it with `api_token` in the provider block (from a sensitive variable) or the SENDER_API_TOKEN environment variable",
        path: ["api_token"],
      },
    ]);
    const bad = door.configure(
      fromCore(door.schema.provider.attributes, { apiToken: "t", maxAttempts: 0 }),
      {},
    );
    expect(bad.diagnostics.map((d) => [d.path, d.summary])).toEqual([
      [
        ["max_attempts"],
        'Invalid provider attribute max_attempts: max_attempts must be greater than 0 (got "0"), e.g. `max_attempts = 5` in the provider block',
      ],
    ]);
  });

  it("plans no create of a marked kind without an ownership scope, before any request", async () => {
    const door = new TerraformDoor();
    const provider = fromCore(door.schema.provider.attributes, {
      apiToken: "t",
      baseUrl: "http://127.0.0.1:9",
    });
    expect(door.configure(provider, {}).diagnostics).toEqual([]);
    const config = fromCore(campaign(), {
      title: "News",
      subject: "s",
      from: "f",
      replyTo: "news@example.com",
      contentType: "html",
    });
    const plan = await door.plan("sender_campaign", null, config, config, undefined);
    expect(plan.planned).toBeUndefined();
    expect(plan.diagnostics).toEqual([
      {
        severity: "ERROR",
        summary:
          "ownership_scope is not set: set it in the provider block (or SENDER_OWNERSHIP_SCOPE) to a name unique to this workspace, so that a create whose answer is lost is found again and no other workspace's sender_campaign is taken; nothing was planned",
      },
    ]);
    expect(await door.plan("sender_campaign", config, null, null, undefined)).toEqual({
      diagnostics: [],
      planned: null,
      requiresReplace: [],
    });
  });
});

describe("go-plugin handshake", () => {
  const served: Served[] = [];
  afterAll(() => {
    for (const s of served) s.server.forceShutdown();
  });

  it("is chosen by Terraform's magic cookie alone", () => {
    expect(isTerraformHandshake({ TF_PLUGIN_MAGIC_COOKIE: TF_MAGIC_COOKIE_VALUE })).toBe(true);
    expect(isTerraformHandshake({ TF_PLUGIN_MAGIC_COOKIE: "other" })).toBe(false);
    expect(isTerraformHandshake({})).toBe(false);
  });

  it("makes a self-signed P-256 certificate for localhost, a CA for TLS server and client, valid for 30 days, that its key signed", () => {
    const before = Date.now();
    const own = selfSignedCertificate();
    const x509 = new X509Certificate(own.der);
    expect(x509.toString()).toBe(own.certPem);
    expect(x509.publicKey.asymmetricKeyType).toBe("ec");
    expect(x509.publicKey.asymmetricKeyDetails).toEqual({ namedCurve: "prime256v1" });
    expect(x509.subject).toBe("CN=localhost\nO=terraform-provider-sender");
    expect(x509.issuer).toBe(x509.subject);
    expect(x509.subjectAltName).toBe("DNS:localhost");
    expect(x509.ca).toBe(true);
    expect(x509.keyUsage).toEqual(["1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2"]);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.checkPrivateKey(createPrivateKey(own.keyPem))).toBe(true);
    // A positive serial of 64 random bits behind a 01 byte.
    expect(x509.serialNumber).toMatch(/^01[0-9A-F]{16}$/);
    // UTCTime keeps whole seconds: from 30 s before now to 30 days after now.
    const from = Date.parse(x509.validFrom);
    expect(from).toBeGreaterThanOrEqual(Math.floor((before - 30_000) / 1000) * 1000);
    expect(from).toBeLessThanOrEqual(Date.now() - 29_000);
    expect(Date.parse(x509.validTo) - from).toBe(30 * 24 * 3600_000 + 30_000);
    // Two certificates share neither key nor serial.
    const other = new X509Certificate(selfSignedCertificate().der);
    expect(other.serialNumber).not.toBe(x509.serialNumber);
    expect(other.verify(x509.publicKey)).toBe(false);
  });

  it("serves plugin protocol 6 over mutual TLS: the line carries the server's DER unpadded, the schema and health answer", async () => {
    const client = selfSignedCertificate();
    const s = await serveTerraform(
      new TerraformDoor(),
      { PLUGIN_CLIENT_CERT: client.certPem },
      () => undefined,
    );
    served.push(s);
    const [core, app, network, address, protocol, cert] = s.line.split("|");
    expect([core, app, network, address, protocol]).toEqual(["1", "6", "tcp", `127.0.0.1:${s.port}`, "grpc"]);
    expect(cert).toMatch(/^[A-Za-z0-9+/]+$/);
    const x509 = new X509Certificate(Buffer.from(cert!, "base64"));
    expect(x509.checkHost("localhost")).toBe("localhost");
    expect(x509.ca).toBe(true);
    const { provider, health } = loadProtocol();
    const credentials = grpc.credentials.createSsl(
      Buffer.from(x509.toString()),
      Buffer.from(client.keyPem),
      Buffer.from(client.certPem),
    );
    const options = { "grpc.ssl_target_name_override": "localhost" };
    const call = <T>(ctor: typeof provider, method: string): Promise<T> =>
      new Promise((resolve, reject) => {
        const c = new ctor(address!, credentials, options) as unknown as Record<
          string,
          (req: object, cb: (e: Error | null, r: T) => void) => void
        >;
        c[method]!.call(c, {}, (e, r) => (e ? reject(e) : resolve(r)));
      });
    expect(await call<{ status: string }>(health, "Check")).toEqual({ status: "SERVING" });
    const schema = await call<{
      resource_schemas: Record<
        string,
        { block: { attributes: { name: string; type: Buffer; sensitive: boolean }[] } }
      >;
      provider: { block: { attributes: { name: string; sensitive: boolean }[] } };
    }>(provider, "GetProviderSchema");
    expect(Object.keys(schema.resource_schemas).sort()).toEqual([
      "sender_attachment",
      "sender_campaign",
      "sender_campaign_follow_up",
      "sender_campaign_proof",
      "sender_campaign_schedule",
      "sender_campaign_targeting",
      "sender_group",
      "sender_transactional_campaign",
      "sender_webhook",
    ]);
    const replyTo = schema.resource_schemas.sender_campaign!.block.attributes.find(
      (a) => a.name === "reply_to",
    );
    expect(Buffer.from(replyTo!.type).toString()).toBe('"string"');
    expect(schema.provider.block.attributes.filter((a) => a.sensitive).map((a) => a.name)).toEqual([
      "api_token",
    ]);
    // A client without the pinned certificate is refused.
    const stranger = selfSignedCertificate();
    const refused = new provider(
      address!,
      grpc.credentials.createSsl(
        Buffer.from(x509.toString()),
        Buffer.from(stranger.keyPem),
        Buffer.from(stranger.certPem),
      ),
      options,
    ) as unknown as Record<string, (req: object, o: object, cb: (e: Error | null) => void) => void>;
    const error = await new Promise<Error | null>((resolve) =>
      refused.GetMetadata!.call(refused, {}, { deadline: Date.now() + 5000 }, (e) => resolve(e)),
    );
    expect(error).not.toBeNull();
  });

  it("serves without TLS when the client offers no certificate: the line's last field is empty", async () => {
    const s = await serveTerraform(new TerraformDoor(), {}, () => undefined);
    served.push(s);
    expect(s.line).toBe(`1|6|tcp|127.0.0.1:${s.port}|grpc|`);
  });
});

describe("check failures as diagnostics", () => {
  it("puts a failure stated without a property on the field it carries", () => {
    // The reason as the core writes it in Terraform's words (the door runs every check in them).
    expect(
      failureDiagnostic(
        { property: "", field: "tagIds[1]", reason: 'tag_ids[1] "tag999" is not a tag of this account' },
        fieldTables.CampaignTargeting,
      ),
    ).toEqual({
      severity: "ERROR",
      summary: 'tag_ids[1] "tag999" is not a tag of this account',
      path: ["tag_ids"],
    });
    expect(
      failureDiagnostic({ property: "replyTo", reason: "must be an email address" }, fieldTables.Campaign),
    ).toEqual({ severity: "ERROR", summary: "reply_to: must be an email address", path: ["reply_to"] });
    expect(
      failureDiagnostic({ property: "", reason: "the token is refused" }, fieldTables.Campaign).path,
    ).toEqual([]);
  });
});

describe("output fields in a configuration", () => {
  it("refuses a schedule's sent and schedule_time_utc at plan, each on its attribute, before any request", async () => {
    const door = new TerraformDoor();
    const provider = fromCore(door.schema.provider.attributes, {
      apiToken: "t",
      baseUrl: "http://127.0.0.1:9",
      ownershipScope: "unit/outputs",
    });
    expect(door.configure(provider, {}).diagnostics).toEqual([]);
    const attributes = door.schema.resources.sender_campaign_schedule!.block.attributes;
    const config = fromCore(attributes, {
      campaignId: "cmp001",
      scheduleTime: "2030-01-15T09:00:00+01:00",
      sent: false,
      scheduleTimeUtc: "2030-01-15 08:00:00",
    });
    const plan = await door.plan("sender_campaign_schedule", null, config, config, undefined);
    expect(plan).toEqual({
      diagnostics: [
        {
          severity: "ERROR",
          summary:
            "schedule_time_utc: schedule_time_utc is an output the provider records, never an input: remove it from the resource's arguments",
          path: ["schedule_time_utc"],
        },
        {
          severity: "ERROR",
          summary:
            "sent: sent is an output the provider records, never an input: remove it from the resource's arguments",
          path: ["sent"],
        },
      ],
      requiresReplace: [],
    });
  });
});

describe("terraform door against the emulator", () => {
  const TOKEN = "tok-unit-terraform-door-Lw3Q";
  let emu: Awaited<ReturnType<typeof startEmulator>>;
  afterAll(async () => {
    await emu?.close();
  });
  const writes = async () =>
    ((await (await fetch(`${emu.url}/__emulator/request-counts`)).json()) as { mutating: number }).mutating;

  it("creates, reads back with no drift, plans an update and a replacement with no write, imports and reads a data source", async () => {
    emu = await startEmulator({ port: 0, token: TOKEN });
    const door = new TerraformDoor();
    const provider = fromCore(door.schema.provider.attributes, {
      apiToken: TOKEN,
      baseUrl: emu.url,
      ownershipScope: "unit/terraform-door",
    });
    expect(door.configure(provider, {}).diagnostics).toEqual([]);
    const attrs = campaign();
    const config = fromCore(attrs, {
      title: "Unit news",
      subject: "Hello",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
    });
    const planned = await door.plan("sender_campaign", null, config, config, undefined);
    expect(planned.diagnostics).toEqual([]);
    expect((planned.planned as TfObject).id).toBe(TF_UNKNOWN);
    expect((planned.planned as TfObject).preheader).toBeNull();
    const created = await door.apply("sender_campaign", null, planned.planned!, config, planned.private);
    expect(created.diagnostics).toEqual([]);
    const state = created.state as TfObject;
    expect([state.title, state.last_action, typeof state.id]).toEqual(["Unit news", "step1", "string"]);
    // The mark rides in the private data, not in the state Terraform shows, and so does the
    // campaign's `modified` (left out of sender_campaign), which the next plan's read compares.
    const madePrivate = JSON.parse(created.private!.toString());
    expect(Object.keys(madePrivate)).toEqual(["ownershipMark", "modified"]);
    expect(madePrivate.modified).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const read = await door.read("sender_campaign", state, created.private);
    expect(read.state).toEqual(state);

    const before = await writes();
    const changed = { ...config, subject: "Changed" };
    const update = await door.plan(
      "sender_campaign",
      state,
      { ...state, subject: "Changed" },
      changed,
      created.private,
    );
    expect(update.diagnostics).toEqual([]);
    expect(update.requiresReplace).toEqual([]);
    // A subject change moves the content hash, known offline for an html campaign; nothing else.
    expect((update.planned as TfObject).content_hash).toBe(contentHashOf("Changed", ""));
    expect((update.planned as TfObject).created).toBe(state.created);
    expect((update.planned as TfObject).id).toBe(state.id);
    const same = await door.plan("sender_campaign", state, state, config, created.private);
    expect(same.planned).toEqual(state);

    const attachmentAttrs = door.schema.resources.sender_attachment!.block.attributes;
    const attachment = fromCore(attachmentAttrs, { campaignId: state.id, url: "https://example.com/a.pdf" });
    const planA = await door.plan("sender_attachment", null, attachment, attachment, undefined);
    expect(planA.diagnostics).toEqual([]);
    expect(await writes()).toBe(before);
    const madeA = await door.apply("sender_attachment", null, planA.planned!, attachment, undefined);
    expect(madeA.diagnostics).toEqual([]);
    const moved = { ...attachment, url: "https://example.com/b.pdf" };
    const afterA = await writes();
    const replace = await door.plan(
      "sender_attachment",
      madeA.state!,
      { ...(madeA.state as TfObject), url: moved.url },
      moved,
      undefined,
    );
    expect(replace.requiresReplace).toEqual(["url"]);
    expect((replace.planned as TfObject).id).toBe(TF_UNKNOWN);
    expect(await writes()).toBe(afterA);

    const imported = await door.import("sender_campaign", state.id as string);
    expect((imported.state as TfObject).title).toBe("Unit news");
    expect((await door.import("sender_campaign", "nope0000")).diagnostics[0]?.summary).toContain(
      "does not exist in Sender",
    );
    const plans = await door.readDataSource("sender_plans", { plans: null });
    expect(((plans.state as TfObject).plans as TfObject[]).length).toBeGreaterThan(0);
  });

  it("a plan's read takes the campaign from the list while the private modified proves it; the private data changes only with a change the state shows", async () => {
    const configured = (door: TerraformDoor) =>
      door.configure(
        fromCore(door.schema.provider.attributes, {
          apiToken: TOKEN,
          baseUrl: emu.url,
          ownershipScope: "unit/terraform-door-reads",
        }),
        {},
      );
    const maker = new TerraformDoor();
    configured(maker);
    const config = fromCore(campaign(), {
      title: "Unit reads",
      subject: "Hello",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
      content: "<p>Hello</p>",
    });
    const planned = await maker.plan("sender_campaign", null, config, config, undefined);
    const created = await maker.apply("sender_campaign", null, planned.planned!, config, planned.private);
    const state = created.state as TfObject;
    const id = state.id as string;
    const api = (method: string, route: string, body?: unknown) =>
      fetch(`${emu.url}/v2/${route}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const requests = async () =>
      (
        (await (await fetch(`${emu.url}/__emulator/requests`)).json()) as {
          requests: { method: string; path: string }[];
        }
      ).requests.map((r) => `${r.method} ${r.path}`);
    /** A plan's read in a new provider process, and the requests it sent. */
    const readFresh = async (priv: Buffer | undefined) => {
      const door = new TerraformDoor();
      configured(door);
      await fetch(`${emu.url}/__emulator/requests`, { method: "DELETE" });
      const read = await door.read("sender_campaign", state, priv);
      return { read, sent: await requests() };
    };
    const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

    const unchanged = await readFresh(created.private);
    expect([unchanged.read.state, unchanged.sent]).toEqual([state, ["GET /v2/campaigns?page=1&limit=100"]]);
    expect(unchanged.read.private).toEqual(created.private);

    // A tag added outside moves `modified` and nothing sender_campaign shows: read on its own, and
    // the private data stays as it was (OpenTofu would count its change as one of the state).
    await nextSecond();
    expect((await api("POST", `campaigns/${id}/tags/tag001`)).status).toBe(200);
    const tagged = await readFresh(created.private);
    expect([tagged.read.state, tagged.sent]).toEqual([
      state,
      ["GET /v2/campaigns?page=1&limit=100", `GET /v2/campaigns/${id}`],
    ]);
    expect(tagged.read.private).toEqual(created.private);

    // The content changed outside: found by the GET, and the private data takes the new modified.
    await nextSecond();
    expect((await api("PATCH", `campaigns/${id}`, { content: "<p>Changed outside</p>" })).status).toBe(200);
    const drifted = await readFresh(created.private);
    expect([(drifted.read.state as TfObject).content, drifted.sent]).toEqual([
      "<p>Changed outside</p>",
      ["GET /v2/campaigns?page=1&limit=100", `GET /v2/campaigns/${id}`],
    ]);
    const service = (await (await api("GET", `campaigns/${id}`)).json()) as { data: { modified: string } };
    expect(JSON.parse(drifted.read.private!.toString())).toEqual({
      ...JSON.parse(created.private!.toString()),
      modified: service.data.modified,
    });
  });
});

describe("terraform door: what a reclaim takes", () => {
  const TOKEN = "tok-unit-terraform-reclaim-Vq8N";
  let emu: Awaited<ReturnType<typeof startEmulator>>;
  const saved = process.env.PULUMI_SENDER_JOURNAL_DIR;
  afterAll(async () => {
    if (saved === undefined) delete process.env.PULUMI_SENDER_JOURNAL_DIR;
    else process.env.PULUMI_SENDER_JOURNAL_DIR = saved;
    await emu?.close();
  });
  /** A provider process of the workspace: a door configured against the emulator. */
  const process_ = () => {
    const door = new TerraformDoor();
    const provider = fromCore(door.schema.provider.attributes, {
      apiToken: TOKEN,
      baseUrl: emu.url,
      ownershipScope: "unit/terraform-reclaim",
    });
    expect(door.configure(provider, {}).diagnostics).toEqual([]);
    return door;
  };
  const campaigns = async () =>
    (
      (await (await fetch(`${emu.url}/__emulator/state`)).json()) as {
        campaigns: { id: string; title: string }[];
      }
    ).campaigns;

  it("refuses a candidate the state records: a create-first replacement and a forgotten object each get a new campaign", async () => {
    emu = await startEmulator({ port: 0, token: TOKEN });
    process.env.PULUMI_SENDER_JOURNAL_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "tf-reclaim-"));
    const config = fromCore(campaign(), {
      title: "March news",
      subject: "March",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
    });
    const first = process_();
    const planned = await first.plan("sender_campaign", null, config, config, undefined);
    const made = await first.apply("sender_campaign", null, planned.planned!, config, planned.private);
    expect(made.diagnostics).toEqual([]);
    const march = made.state as TfObject;

    // A create-first replacement: the plan process reads the object the state holds, and the apply
    // process creates the replacement before it deletes that object.
    const plan = process_();
    expect((await plan.read("sender_campaign", march, made.private)).diagnostics).toEqual([]);
    const apply = process_();
    const replacing = await apply.plan("sender_campaign", null, config, config, undefined);
    const replacement = await apply.apply(
      "sender_campaign",
      null,
      replacing.planned!,
      config,
      replacing.private,
    );
    expect(replacement.diagnostics).toEqual([]);
    const second = (replacement.state as TfObject).id;
    expect([second === march.id, (await campaigns()).filter((c) => c.title === "March news").length]).toEqual(
      [false, 2],
    );

    // The next plan reads the replacement; then it is forgotten (`removed`, destroy = false), and a
    // new block of the same title and another subject makes a third campaign, leaving both others.
    const refresh = process_();
    const held = replacement.state as TfObject;
    expect((await refresh.read("sender_campaign", held, replacement.private)).diagnostics).toEqual([]);
    const april = { ...config, subject: "April" };
    const later = process_();
    const plannedApril = await later.plan("sender_campaign", null, april, april, undefined);
    const madeApril = await later.apply(
      "sender_campaign",
      null,
      plannedApril.planned!,
      april,
      plannedApril.private,
    );
    expect(madeApril.diagnostics).toEqual([]);
    const third = (madeApril.state as TfObject).id;
    const byId = new Map((await campaigns()).map((c) => [c.id, c]));
    expect([
      third === march.id,
      third === second,
      (byId.get(march.id as string) as { subject?: string })?.subject,
      (byId.get(second as string) as { subject?: string })?.subject,
    ]).toEqual([false, false, "March", "March"]);
  });
});

describe("terraform door: one mark, one resource", () => {
  const TOKEN = "tok-unit-terraform-marks-Zp2W";
  let emu: Awaited<ReturnType<typeof startEmulator>>;
  afterAll(async () => {
    await emu?.close();
  });

  it("refuses the plan of a second resource of the same title, and passes a replacement's two plans and a re-plan of one object", async () => {
    emu = await startEmulator({ port: 0, token: TOKEN });
    const door = new TerraformDoor();
    const provider = fromCore(door.schema.provider.attributes, {
      apiToken: TOKEN,
      baseUrl: emu.url,
      ownershipScope: "unit/terraform-marks",
    });
    expect(door.configure(provider, {}).diagnostics).toEqual([]);
    const config = fromCore(campaign(), {
      title: "Shared title",
      subject: "Hello",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
    });
    const first = await door.plan("sender_campaign", null, config, config, undefined);
    expect(first.diagnostics).toEqual([]);
    const second = await door.plan("sender_campaign", null, config, config, undefined);
    expect(second.diagnostics).toEqual([
      {
        severity: "ERROR",
        summary:
          "sender_campaign: another resource to create has the same title in this workspace's ownership_scope, so both would carry one ownership mark and neither could prove which object is its own; give each resource its own title",
        path: ["title"],
      },
    ]);
    expect(second.planned).toBeUndefined();

    // An existing object, planned twice (a plan, then a replacement's second plan with its private data).
    const other = fromCore(campaign(), { ...toCore(campaign(), config), title: "Own title" });
    const planned = await door.plan("sender_campaign", null, other, other, undefined);
    const made = await door.apply("sender_campaign", null, planned.planned!, other, planned.private);
    expect(made.diagnostics).toEqual([]);
    const state = made.state as TfObject;
    const again = await door.plan("sender_campaign", state, state, other, made.private);
    const replacing = await door.plan("sender_campaign", state, state, other, made.private);
    const secondHalf = await door.plan("sender_campaign", null, other, other, replacing.private);
    expect([again.diagnostics, replacing.diagnostics, secondHalf.diagnostics]).toEqual([[], [], []]);
  });
});
