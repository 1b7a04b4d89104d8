import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { LAUNCH_CONTENT } from "../../../emulator/seed";
import { type RunningEmulator, startEmulator } from "../../../emulator/server";
import { SenderClient } from "../../../provider/client";
import { autonamedTitleOf, instanceMark, titleFromUrn } from "../../../provider/core/autoname";
import { cartAsText } from "../../../provider/functions/served";
import {
  autonameInputs,
  checkPluginConfig,
  checkProviderConfig,
  guardPlace,
  NONCE_INPUT,
  nativeProvider,
  PLACE_INPUT,
  pluginPlace,
} from "../../../provider/plugin/server";
import {
  BOTH_CONFIRMATIONS,
  COPY_OF_ENV,
  MOVED_FROM_ENV,
  placeOf,
} from "../../../provider/pulumi/stack-place";
import { test as inPulumiWords } from "../../support/pulumi-words";

// The plugin's provider object in-process, against an emulator: the engine's Configure variables
// reach the resources and the functions, and a bad token is refused with the client's error.
const TOKEN = "plugin-unit-token-7Hq2";
const URN = (kind: string) => `urn:pulumi:dev::proj::sender:index:${kind}::x`;

let emu: RunningEmulator;
const provider = nativeProvider("{}", "0.0.0");
// Each test's Configure builds the provider's context anew.
const configure = (variables: ReadonlyMap<string, string>) => provider.configure(variables);

beforeAll(async () => {
  emu = await startEmulator({ port: 0, token: TOKEN });
});
afterAll(async () => {
  await emu?.close();
});

/** The stack instance's nonce the tests' provider is configured with. */
const NONCE = "0123456789abcdef0123456789abcdef";

const variables = (token: string) =>
  new Map([
    ["sender:config:apiToken", token],
    ["sender:config:baseUrl", emu.url],
    [`sender:config:${NONCE_INPUT}`, NONCE],
  ]);

describe("nativeProvider", () => {
  test("a function runs the data source with the configured provider's client", async () => {
    configure(variables(TOKEN));
    const result = await provider.invoke!("sender:index:getPlan", { planId: 3 });
    expect((result.outputs as { name: string }).name).toBe("Professional");
    const plans = await provider.invoke!("sender:index:getPlans", {});
    expect((plans.outputs as { plans: { name: string }[] }).plans.map((p) => p.name)).toEqual([
      "Free",
      "Standard",
      "Professional",
    ]);
  });

  test("a function with another provider's token is refused by the service, and the token is not shown", async () => {
    configure(variables("not-the-token"));
    const error = await provider.invoke!("sender:index:getActiveSubscribers", {}).catch((e: Error) => e);
    expect(String(error)).toMatch(/^SenderFunctionError: getActiveSubscribers: .*401/);
    expect(String(error)).not.toContain("not-the-token");
  });

  test("a campaign read has the schema's shape; an argument left out as null counts as absent", async () => {
    configure(variables(TOKEN));
    const one = (await provider.invoke!("sender:index:getCampaign", { id: "snt001" })).outputs as any;
    expect([one.id, one.status, one.subject, one.contentType]).toEqual([
      "snt001",
      "SENT",
      "We have launched",
      "html",
    ]);
    const all = (
      await provider.invoke!("sender:index:getCampaigns", { status: null, limit: null, maxItems: 1 })
    ).outputs as any;
    expect([all.campaigns.map((c: any) => c.id), all.total]).toEqual([["snt001"], 1]);
  });

  test("an unknown function is an error naming it", async () => {
    configure(variables(TOKEN));
    await expect(provider.invoke!("sender:index:getNothing", {})).rejects.toThrow(
      "pulumi-resource-sender: unknown function sender:index:getNothing",
    );
  });

  test("import (read with no state) of a campaign returns the service's inputs", async () => {
    configure(variables(TOKEN));
    const read = await provider.read!("snt001", URN("Campaign"), {});
    expect(read.id).toBe("snt001");
    expect(read.inputs).toMatchObject({ subject: "We have launched", replyTo: "news@example.com" });
  });

  test("import (read with no state) of an id the service does not have fails saying so; a refresh (with state) of it answers gone", async () => {
    configure(variables(TOKEN));
    await expect(provider.read!("nonexistent", URN("Campaign"), {})).rejects.toThrow(
      /^Campaign nonexistent does not exist in Sender$/,
    );
    expect(await provider.read!("nonexistent", URN("Campaign"), { subject: "Hi" })).toEqual({ id: "" });
  });

  test("import (read with no state) of a webhook returns its inputs", async () => {
    configure(variables(TOKEN));
    const client = new SenderClient({ baseUrl: emu.url, apiToken: TOKEN });
    const made = await client.createWebhook({
      url: "https://hooks.example.com/import",
      topic: "groups/new-subscriber",
      relation_id: "grp001",
    });
    const read = await provider.read!(made.id, URN("Webhook"), {});
    expect([read.id, read.inputs]).toEqual([
      made.id,
      { url: "https://hooks.example.com/import", topic: "groups/new-subscriber", relationId: "grp001" },
    ]);
  });

  // The seeded SENT campaign snt001 (emulator/seed.ts, emulator/activity.ts): 23 recipients.
  const run = async (name: string, args: Record<string, unknown>) =>
    (await provider.invoke!(`sender:index:${name}`, args)).outputs as any;
  const BOUNCE = "550 5.1.1 The email account that you tried to reach does not exist.";

  test("getCampaignPreview and getCampaignReport read the seeded campaign", async () => {
    configure(variables(TOKEN));
    const preview = await run("getCampaignPreview", { id: "snt001" });
    expect([preview.campaignId, preview.text]).toEqual([
      "snt001",
      "We have launched Read the announcement , see pricing or the docs .",
    ]);
    expect(preview.html).toBe(`<!DOCTYPE html><html><body>${LAUNCH_CONTENT}</body></html>`);
    expect(await run("getCampaignReport", { id: "snt001" })).toEqual({
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
      openRate: 90.48,
      clickRate: 47.62,
    });
  });

  test("getCampaignActivity, getCampaignHardBounces and getCampaignLinks read the seeded activity", async () => {
    configure(variables(TOKEN));
    expect(
      await run("getCampaignActivity", { id: "snt001", kind: "bounces", limit: null, maxItems: null }),
    ).toEqual({
      campaignId: "snt001",
      kind: "bounces",
      items: [
        {
          subscriberId: "sub010",
          email: "subscriber10@example.com",
          createdAt: "2026-01-06 10:01:00",
          type: "bounce",
        },
        {
          subscriberId: "sub020",
          email: "subscriber20@example.com",
          createdAt: "2026-01-06 10:01:00",
          type: "bounce",
        },
      ],
      total: 2,
    });
    expect(await run("getCampaignHardBounces", { id: "snt001", maxItems: 1 })).toEqual({
      campaignId: "snt001",
      hardBounces: [{ recipientId: "sub010", message: BOUNCE, createdAt: "2026-01-06 10:01:00" }],
      total: 2,
    });
    const links = await run("getCampaignLinks", { id: "snt001", maxClicksPerLink: 1 });
    expect(
      links.links.map((l: any) => [l.id, l.url, l.clickCount, l.clicks.map((c: any) => c.subscriberId)]),
    ).toEqual([
      ["lnk001", "https://example.com/launch", 4, ["sub001"]],
      ["lnk002", "https://example.com/pricing", 3, ["sub003"]],
      ["lnk003", "https://example.com/docs", 3, ["sub011"]],
    ]);
    await expect(run("getCampaignActivity", { id: "snt001", kind: "nope" })).rejects.toThrow(
      /getCampaignActivity: .*kind.*must be one of events, opens/,
    );
  });

  test("getSubscriberEvents reads a subscriber's history by action", async () => {
    configure(variables(TOKEN));
    expect(await run("getSubscriberEvents", { identifier: "sub001", actions: ["clicked", "got"] })).toEqual({
      identifier: "sub001",
      actions: ["clicked", "got"],
      events: {
        clicked: [
          {
            campaignId: "snt001",
            subscriberId: "sub001",
            title: "Launch announcement",
            createdAt: "2026-01-06 10:07:00",
          },
        ],
        got: [
          {
            campaignId: "trn001",
            subscriberId: "sub001",
            title: "Order confirmation",
            createdAt: "2026-01-03 09:15:00",
          },
          {
            campaignId: "snt001",
            subscriberId: "sub001",
            title: "Launch announcement",
            createdAt: "2026-01-06 10:00:00",
          },
        ],
      },
      emailCampaign: {
        sentCount: 3,
        openedCount: 2,
        clickedCount: 1,
        unsubscribed: 1,
        bounced: 1,
        spamReported: 0,
      },
      smsCampaign: {
        sentCount: 0,
        clickedCount: 0,
        deliveredCount: 0,
        failedCount: 0,
        unsubscribedAt: null,
        unsubscribed: 0,
      },
    });
  });

  test("getCart and getCarts read the carts, amounts as text", async () => {
    configure(variables(TOKEN));
    const client = new SenderClient({ baseUrl: emu.url, apiToken: TOKEN });
    const made = await client.createCart({
      external_id: 201,
      email: "subscriber1@example.com",
      url: "https://shop.example.com/cart/201",
      currency: "EUR",
      order_total: "42.50",
      products: [{ sku: "MUG", name: "Mug", price: 12, qty: 1 }],
    });
    const one = await run("getCart", { cartHash: made.cart_hash });
    expect(one).toMatchObject({
      cartHash: made.cart_hash,
      externalId: 201,
      currency: "EUR",
      orderTotal: "42.50",
      email: "subscriber1@example.com",
      url: "https://shop.example.com/cart/201",
      taxTotal: null,
      status: "ACTIVE",
      products: [{ sku: "MUG", name: "Mug", price: "12", priceDisplay: null, qty: 1, image: null }],
    });
    const all = await run("getCarts", { maxItems: 1 });
    expect([all.carts, all.total]).toEqual([[one], 1]);
  });

  test("cartAsText turns amounts the service sent as numbers into text", () => {
    const line = { sku: "A", name: "A", price: 3.5, priceDisplay: null, qty: 1, image: null };
    const cart = {
      cartHash: "h",
      externalId: 1,
      email: null,
      url: null,
      currency: null,
      orderTotal: 7,
      taxTotal: null,
      products: [line],
      status: null,
      created: null,
    };
    expect(cartAsText(cart)).toEqual({ ...cart, orderTotal: "7", products: [{ ...line, price: "3.5" }] });
    expect(cartAsText({ ...cart, products: null }).products).toBeNull();
  });

  test("check refuses a schedule's outputs given as inputs, as the dynamic provider does, and marks an unchanged schedule", async () => {
    configure(variables(TOKEN));
    const urn = URN("CampaignSchedule");
    const inputs = { campaignId: "c1", scheduleTime: "2031-06-01T09:00:00Z" };
    const refused = await provider.check!(
      urn,
      {},
      { ...inputs, sent: true, scheduleTimeUtc: "2031-06-01 09:00:00" },
    );
    expect(refused.failures).toEqual(
      ["scheduleTimeUtc", "sent"].map((property) => ({
        property,
        reason: `${property} is an output the provider records, never an input: remove it from the resource's arguments`,
      })),
    );
    expect(await provider.check!(urn, inputs, inputs)).toEqual({
      inputs: { ...inputs, scheduleKept: true },
    });
  });

  test("a create-first replacement's create never reclaims the campaign its Diff named: a second campaign, the first untouched", async () => {
    configure(variables(TOKEN));
    process.env.PULUMI_SENDER_JOURNAL_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-reclaim-"));
    const urn = "urn:pulumi:dev::proj::sender:index:Campaign::replaced";
    const inputs = {
      ...autonameInputs(urn, { subject: "Replaced" }, NONCE),
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
    };
    const first = await provider.create!(urn, inputs);
    // The replacing run, a new plugin process: Diff on the old object, then Create.
    const replacing = nativeProvider("{}", "0.0.0");
    replacing.configure(variables(TOKEN));
    const diff = await replacing.diff!(first.id, urn, first.outs, { ...inputs, contentType: "text" });
    expect(diff.changes).toBe(true); // the engine replaces it (a forced replacement: `--replace`, `-replace`)
    const second = await replacing.create!(urn, { ...inputs, contentType: "text" });
    const client = new SenderClient({ baseUrl: emu.url, apiToken: TOKEN });
    expect([second.id === first.id, (await client.getCampaign(first.id)).title]).toEqual([
      false,
      `replaced-${instanceMark(NONCE, urn)}`,
    ]);
  });

  test("check autonames a campaign without title or adoptId from its stack instance's nonce and URN", async () => {
    configure(variables(TOKEN));
    const urn = "urn:pulumi:dev::proj::sender:index:Campaign::launch";
    const mark = instanceMark(NONCE, urn);
    const title = `launch-${mark}`;
    // Not the URN-only title of old: another backend's stack of the same names has the same URN.
    expect(title).not.toBe(titleFromUrn("launch", urn));
    // With its mark, as the dynamic SDK sends it: a create whose answer was lost is provably this one's (issue 44).
    expect(autonameInputs(urn, { subject: "S" }, NONCE)).toEqual({
      subject: "S",
      title,
      autonamed: true,
      ownershipMark: mark,
    });
    expect(autonameInputs(urn, { subject: "S" }, "ffffffffffffffffffffffffffffffff").title).not.toBe(title);
    // A title gets the same 8 hex as its ownership mark; an adoptId, or another kind: left alone.
    expect(autonameInputs(urn, { title: "Mine" }, NONCE)).toEqual({ title: "Mine", ownershipMark: mark });
    expect(autonameInputs(urn, { adoptId: "snt001" }, NONCE)).toEqual({ adoptId: "snt001" });
    // A webhook has no title: its mark keys the create journal, which proves a crashed create's webhook.
    expect(autonameInputs(URN("Webhook"), { url: "u" }, NONCE)).toEqual({
      url: "u",
      ownershipMark: instanceMark(NONCE, URN("Webhook")),
    });
    expect(autonameInputs(URN("Webhook"), { url: "u", adoptId: "wh1" }, NONCE)).toEqual({
      url: "u",
      adoptId: "wh1",
    });
    // Without a nonce nothing could prove ownership: refused rather than made unprovable.
    expect(() => autonameInputs(urn, { subject: "S" }, undefined)).toThrow(/no stack-instance nonce/);
    // What `pulumi import` read, checked before any Configure: kept as read, nothing is created.
    expect(autonameInputs(urn, { title: "Launch" }, undefined, { title: "Launch" })).toEqual({
      title: "Launch",
    });
    const inputs = {
      subject: "Hi",
      from: "News",
      replyTo: "news@example.com",
      contentType: "html",
      content: "<p>x</p>",
    };
    const checked = await provider.check!(urn, {}, inputs);
    expect(checked).toEqual({ inputs: { ...inputs, title, autonamed: true, ownershipMark: mark } });
    // An existing resource keeps its autoname, even under another name (an alias).
    const renamed = await provider.check!(`${urn}-2`, { ...inputs, title, autonamed: true }, inputs);
    expect(renamed.inputs.title).toBe(title);
    const receipt = "urn:pulumi:dev::proj::sender:index:TransactionalCampaign::receipt";
    const transactional = await provider.check!(
      receipt,
      {},
      { subject: "Receipt", from: "Shop", replyTo: "news@example.com", editor: "plain", content: "x" },
    );
    expect(transactional.failures).toBeUndefined();
    expect([transactional.inputs.title, transactional.inputs.ownershipMark]).toEqual([
      autonamedTitleOf("receipt", instanceMark(NONCE, receipt)),
      instanceMark(NONCE, receipt),
    ]);
  });

  test.each([
    [
      "Campaign",
      { subject: "Hi", from: "News", replyTo: "news@example.com", contentType: "html", content: "<p>x</p>" },
    ],
    [
      "TransactionalCampaign",
      { subject: "Receipt", from: "Shop", replyTo: "news@example.com", editor: "plain", content: "x" },
    ],
  ])(
    "a %s autonamed by an older plugin, whose state holds no mark, diffs unchanged",
    async (kind, inputs) => {
      configure(variables(TOKEN));
      const urn = `urn:pulumi:dev::proj::sender:index:${kind}::upgrade`;
      const mark = instanceMark(NONCE, urn);
      // What the plugin before issue 44 checked and created: the autonamed title without its mark.
      const { ownershipMark: _none, ...older } = (await provider.check!(urn, {}, inputs)).inputs;
      const created = await provider.create!(urn, older);
      expect([created.outs?.title, created.outs?.ownershipMark]).toEqual([`upgrade-${mark}`, undefined]);
      const now = (await provider.check!(urn, older, inputs)).inputs;
      expect([now.title, now.autonamed, now.ownershipMark]).toEqual([`upgrade-${mark}`, true, mark]);
      // The mark is read at create only (createOnly): its arrival in the inputs changes nothing.
      expect(await provider.diff!(created.id, urn, created.outs, now)).toEqual({
        changes: false,
        replaces: [],
        deleteBeforeReplace: false,
      });
    },
  );

  test("CheckConfig keeps the nonce the provider's state holds, and makes one only when it holds none", () => {
    const kept = checkProviderConfig({ [NONCE_INPUT]: NONCE, apiToken: "old" }, { apiToken: "new" }).inputs;
    expect(kept).toEqual({ apiToken: "new", [NONCE_INPUT]: NONCE });
    // A value the program or the config gives is never taken: the nonce is made, not chosen.
    const fresh = checkProviderConfig({}, { baseUrl: "u", [NONCE_INPUT]: NONCE }).inputs;
    expect(fresh.baseUrl).toBe("u");
    expect(fresh[NONCE_INPUT]).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh[NONCE_INPUT]).not.toBe(NONCE);
    expect(checkProviderConfig(undefined, {}).inputs[NONCE_INPUT]).not.toBe(fresh[NONCE_INPUT]);
  });

  describe("CheckConfig keeps the place the nonce was last used in", () => {
    const A = "aaaaaaaaaaaaaaaa";
    const B = "bbbbbbbbbbbbbbbb";
    const olds = { [NONCE_INPUT]: NONCE, [PLACE_INPUT]: A };
    test.each([
      { name: "a new stack records its place", olds: {}, env: {}, nonce: "fresh", place: B },
      { name: "the same place keeps the nonce", olds, here: A, env: {}, nonce: NONCE, place: A },
      {
        name: "a state from before places records it, keeping the nonce",
        olds: { [NONCE_INPUT]: NONCE },
        env: {},
        nonce: NONCE,
        place: B,
      },
      {
        name: "a confirmed move keeps the nonce",
        olds,
        env: { [MOVED_FROM_ENV]: A },
        nonce: NONCE,
        place: B,
      },
      {
        name: "a declared copy takes a fresh nonce",
        olds,
        env: { [COPY_OF_ENV]: A },
        nonce: "fresh",
        place: B,
      },
      {
        name: "a record of the same place hashed the old way keeps the nonce and records the new way",
        olds: { [NONCE_INPUT]: NONCE, [PLACE_INPUT]: "cccccccccccccccc" },
        oldWay: "cccccccccccccccc",
        env: {},
        nonce: NONCE,
        place: B,
      },
    ])("$name", ({ olds, here = B, oldWay, env, nonce, place }) => {
      const answer = checkProviderConfig(olds, { [PLACE_INPUT]: "ffffffffffffffff" }, { here, oldWay }, env);
      expect(answer.failure).toBeUndefined();
      expect(answer.inputs[PLACE_INPUT]).toBe(place);
      if (nonce === "fresh") expect(answer.inputs[NONCE_INPUT]).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
      if (nonce === "fresh") expect(answer.inputs[NONCE_INPUT]).not.toBe(NONCE);
      else expect(answer.inputs[NONCE_INPUT]).toBe(nonce);
    });

    test.each([
      { name: "nothing said", env: {} },
      { name: "a move from another place", env: { [MOVED_FROM_ENV]: "cccccccccccccccc" } },
      { name: "a copy of another place", env: { [COPY_OF_ENV]: "cccccccccccccccc" } },
    ])("another place with $name fails with one line naming both variables", ({ env }) => {
      const answer = checkProviderConfig(olds, {}, { here: B, oldWay: undefined }, env);
      expect(answer.failure).toBe(
        `this stack's state was last used in another place (another backend, organization, project or stack: ${A} there, ${B} here), ` +
          "and a copy must not take over the objects of the stack it was copied from. " +
          `If the stack moved here, run again with ${MOVED_FROM_ENV}=${A}; if it is a copy, with ${COPY_OF_ENV}=${A}, ` +
          "which gives it a nonce of its own (docs/reliability.md)",
      );
      expect(answer.inputs[NONCE_INPUT]).toBe(NONCE);
    });

    test.each([
      { name: "a new stack", olds: {} },
      { name: "the same place", olds },
    ])("both confirmations at once fail with one line naming both, for $name", ({ olds }) => {
      const env = { [MOVED_FROM_ENV]: A, [COPY_OF_ENV]: A };
      const answer = checkProviderConfig(olds, {}, { here: A, oldWay: undefined }, env);
      expect(answer.failure).toBe(
        `${MOVED_FROM_ENV} and ${COPY_OF_ENV} are both set, but a stack is either moved (the nonce stays) or copied (a fresh nonce): set only the one that is true (docs/reliability.md)`,
      );
    });

    test("the place of a provider names its backend, project and stack", () => {
      const urn = "urn:pulumi:dev::newsletter::pulumi:providers:sender::default_0_1_0";
      const env = { PULUMI_BACKEND_URL: "file:///tmp/a" };
      expect(pluginPlace(urn, env)).toEqual({
        here: placeOf({ backendUrl: "file:///tmp/a", organization: "", project: "newsletter", stack: "dev" }),
        oldWay: undefined,
      });
      expect(pluginPlace(urn, { PULUMI_BACKEND_URL: "file:///tmp/b" }).here).not.toBe(
        pluginPlace(urn, env).here,
      );
    });

    test("a relative backend names the project's folder on this machine, and its old-way place", () => {
      const urn = "urn:pulumi:dev::newsletter::pulumi:providers:sender::default_0_1_0";
      const env = { PULUMI_BACKEND_URL: "file://.state" };
      const one = pluginPlace(urn, env, "/srv/one");
      expect(one).toEqual({
        here: placeOf({
          backendUrl: `file://${os.hostname()}/srv/one/.state`,
          organization: "",
          project: "newsletter",
          stack: "dev",
        }),
        oldWay: placeOf({
          backendUrl: "file://.state",
          organization: "",
          project: "newsletter",
          stack: "dev",
        }),
      });
      expect(pluginPlace(urn, env, "/srv/two").here).not.toBe(one.here);
      expect(pluginPlace(urn, env, "/srv/two").oldWay).toBe(one.oldWay);
    });
  });

  describe("create, update and delete judge the place the provider was configured with", () => {
    const urn = "urn:pulumi:dev::newsletter::sender:index:Campaign::digest";
    const env = { PULUMI_BACKEND_URL: "file:///tmp/a" };
    const here = pluginPlace(urn, env).here;
    const there = "aaaaaaaaaaaaaaaa";
    const REFUSED =
      `this stack's state was last used in another place (another backend, organization, project or stack: ${there} there, ${here} here), ` +
      "and a copy must not take over the objects of the stack it was copied from. " +
      `If the stack moved here, run again with ${MOVED_FROM_ENV}=${there}; if it is a copy, with ${COPY_OF_ENV}=${there}, ` +
      "which gives it a nonce of its own (docs/reliability.md)";
    test.each([
      { name: "this place", recorded: here, env, error: undefined },
      { name: "a record from before places", recorded: undefined, env, error: undefined },
      {
        name: "a confirmed move",
        recorded: there,
        env: { ...env, [MOVED_FROM_ENV]: there },
        error: undefined,
      },
      { name: "another place", recorded: there, env, error: REFUSED },
      {
        name: "a declared copy, which needs its CheckConfig in the run",
        recorded: there,
        env: { ...env, [COPY_OF_ENV]: there },
        error: `this run declares a copy (${COPY_OF_ENV}=${there}), which takes a nonce of its own, but the stack's nonce record is not in it (--target, --exclude or a delete): run once without --target and --exclude, then go on (docs/reliability.md)`,
      },
      {
        name: "both confirmations",
        recorded: here,
        env: { ...env, [MOVED_FROM_ENV]: there, [COPY_OF_ENV]: there },
        error: BOTH_CONFIRMATIONS,
      },
    ])("$name", ({ recorded, env, error }) => {
      const run = () => guardPlace(recorded, urn, env);
      if (error === undefined) expect(run).not.toThrow();
      else expect(run).toThrow(new Error(error));
    });

    test("the provider refuses a create and a delete in another place, before any request", async () => {
      vi.stubEnv("PULUMI_BACKEND_URL", env.PULUMI_BACKEND_URL);
      const refusing = nativeProvider("{}", "0.0.0");
      refusing.configure(
        new Map([
          ["sender:config:apiToken", TOKEN],
          // Nothing listens there: a request would fail otherwise.
          ["sender:config:baseUrl", "http://127.0.0.1:9"],
          [`sender:config:${PLACE_INPUT}`, there],
        ]),
      );
      await expect(refusing.create!(urn, { title: "x" })).rejects.toThrow(new Error(REFUSED));
      await expect(refusing.delete!("id1", urn, {})).rejects.toThrow(new Error(REFUSED));
      vi.unstubAllEnvs();
    });
  });
});

describe("CheckConfig: the dynamic package's own config check", () => {
  const MISSING =
    "No Sender API token: set it with `pulumi config set --secret sender:apiToken <token>` or the SENDER_API_TOKEN environment variable";
  beforeAll(() => {
    vi.stubEnv("SENDER_API_TOKEN", "");
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  inPulumiWords("a misspelt token key: one failure with the hint the dynamic package gives", () => {
    expect(checkPluginConfig({ apitoken: "x", baseUrl: "http://127.0.0.1:1" })).toEqual({
      failure: `${MISSING} (sender:apitoken is set: did you mean sender:apiToken?)`,
      warnings: [],
    });
  });

  test("a secret token (wrapped by the engine) is read; an unknown key gets the warning naming the closest", () => {
    const secret = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "t" };
    expect(checkPluginConfig({ apiToken: secret, baseurl: "http://x", version: "1.2.3" })).toEqual({
      failure: undefined,
      warnings: ["Unknown config key sender:baseurl (did you mean sender:baseUrl?); it is ignored"],
    });
  });

  inPulumiWords("a malformed value names its key", () => {
    expect(checkPluginConfig({ apiToken: "t", maxAttempts: "many" }).failure).toBe(
      'Invalid config sender:maxAttempts: sender:maxAttempts must be a whole number (got "many"), e.g. `pulumi config set sender:maxAttempts 5`',
    );
  });

  test("Configure gives the same hint: the plugin's context reads the keys as the stack spells them", () => {
    expect(() => configure(new Map([["sender:config:apitoken", "x"]]))).toThrow(
      `${MISSING} (sender:apitoken is set: did you mean sender:apiToken?)`,
    );
  });
});

describe("the plugin's warnings and notices reach the engine on their resource", () => {
  const lines: Array<[string, string, string | undefined]> = [];
  // The plugin's server object carries its sink (plugin/main.ts gives it the engine's Log).
  const reporting = nativeProvider("{}", "0.0.0", undefined, {
    sink: async (severity, message, urn) => {
      lines.push([severity, message, urn]);
    },
  });

  test("check of a new Campaign with adoptId: one notice naming the id, on the resource", async () => {
    reporting.configure(variables(TOKEN));
    lines.length = 0;
    const news = { subject: "Hi", from: "Example News", replyTo: "news@example.com", contentType: "html" };
    await reporting.check!(URN("Campaign"), {}, { ...news, adoptId: "abc123" });
    // An existing resource (olds present) and a new one without adoptId say nothing.
    await reporting.check!(URN("Campaign"), { ...news, adoptId: "abc123" }, { ...news, adoptId: "abc123" });
    await reporting.check!(URN("Campaign"), {}, news);
    expect(lines).toEqual([
      [
        "info",
        "Campaign adopts the existing campaign abc123 (adoptId) instead of creating one",
        URN("Campaign"),
      ],
    ]);
  });

  test("check of a new resource of each other adopting kind with adoptId: one notice each, on it", async () => {
    reporting.configure(variables(TOKEN));
    lines.length = 0;
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [
        "TransactionalCampaign",
        {
          subject: "Shipped",
          from: "Example Shop",
          replyTo: "news@example.com",
          editor: "html",
          content: "<p>x</p>",
        },
        "transactional campaign tr0001",
      ],
      ["CampaignTargeting", { campaignId: "cmp001", tagIds: ["tag001"] }, "targeting of campaign cmp001"],
      [
        "CampaignFollowUp",
        { campaignId: "cmp001", subject: "Still there?", delayHours: 48 },
        "follow-up of campaign cmp001",
      ],
      [
        "CampaignSchedule",
        { campaignId: "cmp001", scheduleTime: "2031-03-01T09:00:00Z" },
        "schedule of campaign cmp001",
      ],
      [
        "Attachment",
        { campaignId: "cmp001", url: "https://files.example.com/guide.pdf" },
        "attachment cmp001/guide.pdf",
      ],
      ["Webhook", { url: "https://hooks.example.com/sender", topic: "subscribers/new" }, "webhook wh0001"],
    ];
    for (const [kind, inputs, what] of cases) {
      const adoptId = what.split(" ").pop() as string;
      const result = await reporting.check!(URN(kind), {}, { ...inputs, adoptId });
      expect(result.failures ?? []).toEqual([]);
    }
    expect(lines).toEqual(
      cases.map(([kind, , what]) => [
        "info",
        `${kind} adopts the existing ${what} (adoptId) instead of creating one`,
        URN(kind),
      ]),
    );
  });

  test("delete of a sent Campaign: the kept warning, on the resource, and no DELETE", async () => {
    reporting.configure(variables(TOKEN));
    lines.length = 0;
    await reporting.delete!("snt001", URN("Campaign"), { title: "Launch" });
    expect(lines).toEqual([
      [
        "warning",
        'Campaign "Launch" (id snt001) has been sent (status SENT), so it was kept in Sender and only removed ' +
          "from the stack. To delete it, delete it in Sender; to have the provider delete a sent campaign, set " +
          "`deleteEvenIfSent: true` on it and run `pulumi up` before removing it.",
        URN("Campaign"),
      ],
    ]);
    expect(emu.store.data.campaigns.some((c) => c.id === "snt001")).toBe(true);
  });
});
