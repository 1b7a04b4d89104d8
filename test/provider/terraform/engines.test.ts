// The answers of the newest engines' calls (issue 56): provider-defined functions, resource
// identity, the refused move, and the write-only url of sender_webhook, through gRPC where the
// protocol's field names matter and through the door where the service does.
import * as grpc from "@grpc/grpc-js";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator/server";
import { contentHashOf } from "../../../provider/core/content-hash";
import { callFunction } from "../../../provider/terraform/functions";
import { identityData, importId } from "../../../provider/terraform/identity";
import { loadProtocol, type Served, serveTerraform } from "../../../provider/terraform/server";
import {
  decodeDynamic,
  encodeDynamic,
  fromCore,
  TF_UNKNOWN,
  type TfObject,
  type TfValue,
} from "../../../provider/terraform/values";
import {
  noteClientCapabilities,
  WRITE_ONLY,
  writeOnlyFailures,
} from "../../../provider/terraform/write-only";
import { WriteOnlyDoor } from "../../../provider/terraform/write-only-door";

/** content_hash("Hello", "<h1>Hi</h1>"): the hex SHA-256 of `["Hello","<h1>Hi</h1>"]`. */
const HELLO_HASH = "8d503ac00b253fa025dd556f0a988f1df753df71c15e6e8bb9ce7cc28191cef7";

type Call = <T>(method: string, request?: object) => Promise<T>;

describe("the newest engines' calls over gRPC", () => {
  let served: Served | undefined;
  afterAll(() => served?.server.forceShutdown());
  const client = async (): Promise<Call> => {
    served ??= await serveTerraform(new WriteOnlyDoor(), {}, () => undefined);
    const { provider } = loadProtocol();
    const c = new provider(
      `127.0.0.1:${served.port}`,
      grpc.credentials.createInsecure(),
    ) as unknown as Record<string, (req: object, cb: (e: Error | null, r: unknown) => void) => void>;
    return <T>(method: string, request: object = {}) =>
      new Promise<T>((resolve, reject) =>
        c[method]!.call(c, request, (e, r) => (e ? reject(e) : resolve(r as T))),
      );
  };

  it("declares content_hash in the schema, GetFunctions and GetMetadata, and runs it by CallFunction", async () => {
    const call = await client();
    type Fn = {
      parameters: { name: string; type: Buffer; allow_null_value: boolean; allow_unknown_values: boolean }[];
      return: { type: Buffer };
      summary: string;
    };
    const schema = await call<{
      functions: Record<string, Fn>;
      server_capabilities: Record<string, boolean>;
    }>("GetProviderSchema");
    const fn = schema.functions.content_hash!;
    expect(Object.keys(schema.functions)).toEqual(["content_hash", "content_report"]);
    expect(
      fn.parameters.map((p) => [
        p.name,
        Buffer.from(p.type).toString(),
        p.allow_null_value,
        p.allow_unknown_values,
      ]),
    ).toEqual([
      ["subject", '"string"', false, false],
      ["content", '"string"', false, false],
    ]);
    expect(Buffer.from(fn.return.type).toString()).toBe('"string"');
    expect(fn.summary).toBe("The content hash of a subject and an HTML content");
    expect(schema.server_capabilities).toEqual({
      plan_destroy: false,
      get_provider_schema_optional: true,
      move_resource_state: false,
      generate_resource_config: false,
    });
    const listed = await call<{ functions: Record<string, Fn> }>("GetFunctions");
    expect(Object.keys(listed.functions)).toEqual(["content_hash", "content_report"]);
    const metadata = await call<{ functions: { name: string }[] }>("GetMetadata");
    expect(metadata.functions).toEqual([{ name: "content_hash" }, { name: "content_report" }]);

    const answer = await call<{ result: { msgpack: Buffer }; error: unknown }>("CallFunction", {
      name: "content_hash",
      arguments: [encodeDynamic("Hello"), encodeDynamic("<h1>Hi</h1>")],
    });
    expect(decodeDynamic(answer.result)).toBe(HELLO_HASH);
    expect(answer.error).toBeNull();
    expect(HELLO_HASH).toBe(contentHashOf("Hello", "<h1>Hi</h1>"));
    const unknown = await call<{ result: unknown; error: { text: string } }>("CallFunction", {
      name: "tag_id",
      arguments: [],
    });
    expect(unknown.error.text).toBe(
      "terraform-provider-sender has no function tag_id: it has content_hash, content_report",
    );
  });

  it("answers each resource type's identity schema, { id } at version 0, and upgrades a stored identity", async () => {
    const call = await client();
    type Identity = {
      version: number;
      identity_attributes: {
        name: string;
        type: Buffer;
        required_for_import: boolean;
        optional_for_import: boolean;
        description: string;
      }[];
    };
    const answer = await call<{ identity_schemas: Record<string, Identity> }>("GetResourceIdentitySchemas");
    expect(Object.keys(answer.identity_schemas).sort()).toEqual([
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
    const webhook = answer.identity_schemas.sender_webhook!;
    expect(Number(webhook.version)).toBe(0);
    expect(webhook.identity_attributes.map((a) => ({ ...a, type: Buffer.from(a.type).toString() }))).toEqual([
      {
        name: "id",
        type: '"string"',
        required_for_import: true,
        optional_for_import: false,
        description: "The sender_webhook's id in Sender, as `import` takes it.",
      },
    ]);
    const upgraded = await call<{ upgraded_identity: { identity_data: { msgpack: Buffer } } }>(
      "UpgradeResourceIdentity",
      { type_name: "sender_webhook", version: 0, raw_identity: { json: Buffer.from('{"id":"wh0001"}') } },
    );
    expect(decodeDynamic(upgraded.upgraded_identity.identity_data)).toEqual({ id: "wh0001" });
  });

  it("refuses a move between two types with a diagnostic that names them and what to do instead", async () => {
    const call = await client();
    const answer = await call<{ diagnostics: { severity: string; summary: string; detail: string }[] }>(
      "MoveResourceState",
      { source_type_name: "sender_campaign", target_type_name: "sender_transactional_campaign" },
    );
    expect(answer.diagnostics.map((d) => [d.severity, d.summary])).toEqual([
      [
        "ERROR",
        "terraform-provider-sender moves no state from sender_campaign to sender_transactional_campaign",
      ],
    ]);
    expect(answer.diagnostics[0]!.detail).toContain("a `removed` block (lifecycle { destroy = false })");
  });

  it("validates url_wo with url's checks, as url, and refuses it from an engine that does not keep it out of the state", async () => {
    const call = await client();
    type Diagnostics = {
      diagnostics: { summary: string; attribute: { steps: { attribute_name: string }[] } }[];
    };
    const validate = (config: TfObject, allowed?: boolean) =>
      call<Diagnostics>("ValidateResourceConfig", {
        type_name: "sender_webhook",
        config: encodeDynamic(config),
        ...(allowed === undefined ? {} : { client_capabilities: { write_only_attributes_allowed: allowed } }),
      });
    const said = (answer: Diagnostics) =>
      answer.diagnostics.map((d) => [d.summary, d.attribute.steps.map((s) => s.attribute_name)]);
    const webhook = (url: TfValue, wo: TfValue): TfObject => ({
      url,
      url_wo: wo,
      url_wo_version: 1,
      topic: "subscribers/new",
    });
    expect(said(await validate(webhook(null, "https://hooks.example.com/?key=s3cret"), true))).toEqual([]);
    expect(said(await validate(webhook("https://hooks.example.com/", null)))).toEqual([]);
    expect(said(await validate(webhook(null, "http://hooks.example.com/"), true))).toEqual([
      ["url_wo: must be an https URL", ["url_wo"]],
    ]);
    expect(said(await validate(webhook(null, "https://hooks.example.com/")))).toEqual([
      [
        "url_wo: this engine keeps no write-only attribute (Terraform 1.11, OpenTofu 1.11 and later do): set url instead",
        ["url_wo"],
      ],
    ]);
    expect(
      said(await validate({ ...webhook(null, "https://hooks.example.com/"), topic: "nope" }, true))[0]?.[1],
    ).toEqual(["topic"]);
  });

  it("declares sender_webhook's url_wo write-only and sensitive, url optional, url_wo_version a number", async () => {
    const call = await client();
    type Attr = {
      name: string;
      type: Buffer;
      required: boolean;
      optional: boolean;
      sensitive: boolean;
      write_only: boolean;
    };
    const schema = await call<{ resource_schemas: Record<string, { block: { attributes: Attr[] } }> }>(
      "GetProviderSchema",
    );
    const pick = (a: Attr) => [
      a.name,
      Buffer.from(a.type).toString(),
      a.required,
      a.optional,
      a.sensitive,
      a.write_only,
    ];
    const attributes = schema.resource_schemas.sender_webhook!.block.attributes;
    expect(attributes.filter((a) => a.name.startsWith("url")).map(pick)).toEqual([
      ["url", '"string"', false, true, false, false],
      ["url_wo", '"string"', false, true, true, true],
      ["url_wo_version", '"number"', false, true, false, false],
    ]);
    const writeOnly = Object.entries(schema.resource_schemas).flatMap(([type, s]) =>
      s.block.attributes.filter((a) => a.write_only).map((a) => `${type}.${a.name}`),
    );
    expect(writeOnly).toEqual(["sender_webhook.url_wo"]);
  });
});

describe("functions, identities and the write-only pair, offline", () => {
  it("refuses a wrong count and a non-string argument, naming the argument", () => {
    expect(callFunction("content_hash", ["a"])).toEqual({
      error: { text: "content_hash takes 2 arguments, not 1" },
    });
    expect(callFunction("content_hash", ["a", 3])).toEqual({
      error: { text: "content_hash: content must be a string", argument: 1 },
    });
    expect(callFunction("content_hash", ["", ""])).toEqual({ result: contentHashOf("", "") });
  });

  it("answers a state's identity as { id } in msgpack, and none while the id is unknown or the object gone", () => {
    expect(decodeDynamic(identityData({ id: "cmp001", title: "T" })!.identity_data)).toEqual({
      id: "cmp001",
    });
    expect(identityData({ id: TF_UNKNOWN, title: "T" })).toBeUndefined();
    expect(identityData(null)).toBeUndefined();
  });

  it("takes an import's id from the request, else from its identity", () => {
    expect(importId({ id: "c1" })).toBe("c1");
    expect(importId({ id: "", identity: { identity_data: encodeDynamic({ id: "wh0002" }) } })).toBe("wh0002");
    expect(importId({ id: "" })).toBe("");
  });

  it("checks the pair with no request: one of them, url's checks on url_wo, and an engine that keeps it", () => {
    const spec = WRITE_ONLY.sender_webhook!;
    const config = (url: TfValue, wo: TfValue): TfObject => ({
      url,
      url_wo: wo,
      url_wo_version: null,
      topic: "subscribers/new",
    });
    expect(writeOnlyFailures(spec, config("https://a.example.com", "https://b.example.com"))).toEqual([
      {
        attribute: "url_wo",
        summary: "url_wo: set only one of url and url_wo, which keeps the value out of the state",
      },
    ]);
    expect(writeOnlyFailures(spec, config(null, null))).toEqual([
      { attribute: "url", summary: "url: set url or url_wo (exactly one of them)" },
    ]);
    expect(writeOnlyFailures(spec, config(null, "http://hooks.example.com/?key=s3cret"))).toEqual([
      { attribute: "url_wo", summary: "url_wo: must be an https URL" },
    ]);
    expect(writeOnlyFailures(spec, config(null, "https://hooks.example.com/\u0007"))).toEqual([
      {
        attribute: "url_wo",
        summary:
          "url_wo: must not hold control characters (U+0007 at character 27): only tab and newline may be used",
      },
    ]);
    expect(writeOnlyFailures(spec, config(null, TF_UNKNOWN))).toEqual([]);
    expect(writeOnlyFailures(spec, config(null, "https://hooks.example.com/"), false)).toEqual([
      {
        attribute: "url_wo",
        summary:
          "url_wo: this engine keeps no write-only attribute (Terraform 1.11, OpenTofu 1.11 and later do): set url instead",
      },
    ]);
  });
});

describe("sender_webhook's url_wo against the emulator", () => {
  const TOKEN = "tok-unit-terraform-engines-9Vb2";
  let emu: Awaited<ReturnType<typeof startEmulator>>;
  afterAll(async () => {
    await emu?.close();
  });

  it("creates, reads and updates by url_wo_version with the url in no plan and no state, and imports by identity", async () => {
    emu = await startEmulator({ port: 0, token: TOKEN });
    const door = new WriteOnlyDoor();
    const provider = fromCore(door.schema.provider.attributes, {
      apiToken: TOKEN,
      baseUrl: emu.url,
      ownershipScope: "unit/terraform-engines",
    });
    expect(door.configure(provider, {}).diagnostics).toEqual([]);
    const attrs = door.schema.resources.sender_webhook!.block.attributes;
    const secret = "https://hooks.example.com/in?key=s3cret-1";
    const config = fromCore(attrs, { urlWo: secret, urlWoVersion: 1, topic: "subscribers/new" });
    // An engine that sent no write_only_attributes_allowed (OpenTofu 1.10) is refused at plan.
    const old = await door.plan("sender_webhook", null, { ...config, url_wo: null }, config, undefined);
    expect(old.diagnostics.map((d) => [d.summary, d.path])).toEqual([
      [
        "url_wo: this engine keeps no write-only attribute (Terraform 1.11, OpenTofu 1.11 and later do): set url instead",
        ["url_wo"],
      ],
    ]);
    noteClientCapabilities(door, { write_only_attributes_allowed: true });
    const proposed = { ...config, url_wo: null };
    const planned = await door.plan("sender_webhook", null, proposed, config, undefined);
    expect(planned.diagnostics).toEqual([]);
    const plan = planned.planned as TfObject;
    expect([plan.url, plan.url_wo, plan.url_wo_version, plan.id]).toEqual([null, null, 1, TF_UNKNOWN]);
    const created = await door.apply("sender_webhook", null, plan, config, planned.private);
    expect(created.diagnostics).toEqual([]);
    const state = created.state as TfObject;
    expect([state.url, state.url_wo, state.url_wo_version, state.topic, state.status]).toEqual([
      null,
      null,
      1,
      "subscribers/new",
      "ACTIVE",
    ]);
    expect(JSON.stringify(state)).not.toContain("s3cret");
    expect(created.private?.toString() ?? "").not.toContain("s3cret");
    const read = await door.read("sender_webhook", state, created.private);
    expect(read.state).toEqual(state);
    // The service holds the url: import (by id, as by identity) reads it back.
    const imported = await door.import("sender_webhook", state.id as string);
    expect((imported.state as TfObject).url).toBe(secret);

    // The same version plans no change; a new one plans an update that sends the new url.
    const same = await door.plan(
      "sender_webhook",
      state,
      { ...state, url_wo: null },
      config,
      created.private,
    );
    expect(same.planned).toEqual(state);
    const rotated = "https://hooks.example.com/in?key=s3cret-2";
    const next = { ...config, url_wo: rotated, url_wo_version: 2 };
    const update = await door.plan(
      "sender_webhook",
      state,
      { ...state, url_wo_version: 2 },
      next,
      created.private,
    );
    expect(update.diagnostics).toEqual([]);
    expect(update.requiresReplace).toEqual([]);
    const updatePlan = update.planned as TfObject;
    expect([updatePlan.url, updatePlan.url_wo, updatePlan.url_wo_version, updatePlan.id]).toEqual([
      null,
      null,
      2,
      state.id,
    ]);
    const updated = await door.apply("sender_webhook", state, updatePlan, next, update.private);
    expect(updated.diagnostics).toEqual([]);
    expect([(updated.state as TfObject).url, (updated.state as TfObject).url_wo_version]).toEqual([null, 2]);
    expect(((await door.import("sender_webhook", state.id as string)).state as TfObject).url).toBe(rotated);
  });
});
