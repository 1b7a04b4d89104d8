import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { journalKey } from "../../../provider/core/create-journal";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { pickInputs } from "../../../provider/core/field-bodies";
import { webhookFields } from "../../../provider/kinds/webhook";
import { type Harness, NO_CHANGE, startHarness, TOKEN, UPDATE } from "./harness";

const PROVIDER = "exports.handler=function(){}";
const TOPIC_REASON =
  "must be one of subscribers/new, subscribers/updated, subscribers/unsubscribed, groups/new-subscriber, " +
  "groups/unsubscribed, groups/new, campaigns/new, bounces/new";
const HOOK = "https://hooks.example.com/sender";
const OTHER_HOOK = "https://hooks.example.org/other";
// How messages show them: never a path or a query, where a webhook's own secret usually lives.
const SHOWN = "https://hooks.example.com/…";
const OTHER_SHOWN = "https://hooks.example.org/…";
const INPUTS = { url: HOOK, topic: "subscribers/new" };

/** Turns the emulator's variance mode on or off. */
async function setVariance(enabled: boolean): Promise<void> {
  const answer = await fetch(`${harness.url}/__emulator/variance`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ enabled }),
  });
  expect(answer.status).toBe(200);
}

async function webhooks(): Promise<unknown[]> {
  return (await harness.state()).webhooks;
}

/** The webhook record the emulator keeps. */
function record(id: string, url: string, topic: string, group: string | null = null) {
  return {
    id,
    account_id: "acc001",
    url,
    topic,
    group,
    total_deliveries: 0,
    total_failures: 0,
    response_time: 0,
    status: "ACTIVE",
  };
}

/** The outputs of a fresh webhook. */
function outputs(inputs: Record<string, unknown>) {
  return {
    ...inputs,
    status: "ACTIVE",
    accountId: "acc001",
    totalDeliveries: 0,
    totalFailures: 0,
    responseTime: 0,
  };
}

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness.close();
});

beforeEach(async () => {
  await harness.reset();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("check", () => {
  test.each([
    {
      name: "a plain http url",
      news: { ...INPUTS, url: "http://hooks.example.com/sender?secret=abc" },
      // No property: the engine would print its value, query and all, beside it.
      failures: [
        { property: "", field: "url", reason: "url must be an https URL (given http://hooks.example.com/…)" },
      ],
    },
    {
      name: "a url that is no URL",
      news: { ...INPUTS, url: "hooks.example.com?secret=abc" },
      failures: [
        { property: "", field: "url", reason: "url must be an https URL (given a value that is not a URL)" },
      ],
    },
    {
      name: "an unknown topic",
      news: { ...INPUTS, topic: "orders/new" },
      failures: [{ property: "topic", reason: TOPIC_REASON }],
    },
    {
      name: "a group topic without its group",
      news: { ...INPUTS, topic: "groups/new-subscriber" },
      failures: [
        {
          property: "relationId",
          reason: "is required for topic groups/new-subscriber: the id of the group to watch",
        },
      ],
    },
    // The group rule is judged even when another field fails too.
    {
      name: "a bad url and a group topic without its group",
      news: { url: "ftp://hooks.example.com", topic: "groups/unsubscribed" },
      failures: [
        { property: "", field: "url", reason: "url must be an https URL (given ftp://hooks.example.com)" },
        {
          property: "relationId",
          reason: "is required for topic groups/unsubscribed: the id of the group to watch",
        },
      ],
    },
    {
      name: "an empty relation id",
      news: { ...INPUTS, relationId: "" },
      failures: [{ property: "relationId", reason: "must be a group id" }],
    },
  ])("should refuse $name", async ({ news, failures }) => {
    expect((await harness.providers.Webhook.check({}, { ...news, __provider: PROVIDER })).failures).toEqual(
      failures,
    );
  });

  test.each([
    { name: "a topic without a group", news: INPUTS },
    {
      name: "a group topic with its group",
      news: { ...INPUTS, topic: "groups/unsubscribed", relationId: "grp001" },
    },
    { name: "unknown values during preview", news: { url: UNKNOWN, topic: UNKNOWN, relationId: UNKNOWN } },
    {
      name: "an unknown group of a group topic",
      news: { ...INPUTS, topic: "groups/new-subscriber", relationId: UNKNOWN },
    },
  ])("should accept $name", async ({ news }) => {
    expect(await harness.providers.Webhook.check({}, news)).toStrictEqual({ inputs: news });
  });
});

describe("create", () => {
  test.each([
    { name: "a topic without a group", inputs: INPUTS, group: null },
    {
      name: "a group topic",
      inputs: { url: HOOK, topic: "groups/new-subscriber", relationId: "grp002" },
      group: "grp002",
    },
  ])("should create $name", async ({ inputs, group }) => {
    const created = await harness.providers.Webhook.create({ ...inputs, __provider: PROVIDER });
    expect(created).toStrictEqual({ id: created.id, outs: outputs(inputs) });
    expect(await webhooks()).toEqual([record(created.id, HOOK, inputs.topic, group)]);
  });

  test("never adopts the webhook a create with a lost answer made: it names it and what to do, and makes no second one", async () => {
    await harness.clearRequests();
    await harness.addFaults([
      { method: "POST", path: "^/v2/account/webhooks$", kind: "drop-after", count: 1 },
    ]);
    const error = (await harness.providers.Webhook.create(INPUTS).catch((err) => err)) as Error;
    const [made] = (await webhooks()) as Array<{ id: string }>;
    expect((await webhooks()).length).toBe(1);
    // The client's own words for the dropped connection come between these two parts.
    expect(error.message).toMatch(
      /^create Webhook subscribers\/new \S+ failed: POST \/v2\/account\/webhooks failed: /,
    );
    expect(error.message).toContain(
      `1 candidate(s) for the subscribers/new webhook for ${SHOWN} appeared meanwhile (${made?.id}), and nothing proves whose they are: ` +
        "another stack may have made them, so none is reclaimed and nothing else was created. " +
        `If it is this resource's, set \`adoptId: "${made?.id}"\` on it; otherwise delete it in Sender and run \`pulumi up\` again.`,
    );
    expect(await harness.calls()).toEqual([
      { method: "GET", path: "/v2/account/webhooks" },
      { method: "POST", path: "/v2/account/webhooks", fault: "drop-after" },
      { method: "GET", path: "/v2/account/webhooks" },
    ]);
  });

  test("refuses a create when a webhook of the same url and topic exists, naming it, with one GET and no POST", async () => {
    const existing = await harness.client.createWebhook({ url: HOOK, topic: "subscribers/new" });
    await harness.clearRequests();
    const error = (await harness.providers.Webhook.create(INPUTS).catch((err) => err)) as Error;
    expect(error.message).toBe(
      `create Webhook subscribers/new ${SHOWN} failed: a subscribers/new webhook for ${SHOWN} already exists (${existing.id}), ` +
        `and a second would deliver every event twice: if it is this resource's, set \`adoptId: "${existing.id}"\` on it; ` +
        "otherwise delete it in Sender and run `pulumi up` again",
    );
    expect(await harness.calls()).toEqual([
      { method: "GET", path: "/v2/account/webhooks" },
      { method: "GET", path: "/v2/account/webhooks" },
    ]);
    expect((await webhooks()).length).toBe(1);
  });

  test("a webhook of the same url and topic but another group is no duplicate", async () => {
    await harness.client.createWebhook({ url: HOOK, topic: "groups/new-subscriber", relation_id: "grp001" });
    const inputs = { url: HOOK, topic: "groups/new-subscriber", relationId: "grp002" };
    const created = await harness.providers.Webhook.create(inputs);
    expect((await webhooks()).length).toBe(2);
    expect(created.outs).toEqual(outputs(inputs));
  });

  test("a listed duplicate deleted since (a replacement) is confirmed gone with a fresh list, and the create goes on", async () => {
    const existing = await harness.client.createWebhook({ url: HOOK, topic: "subscribers/new" });
    // The context's shared list now holds it.
    await harness.providers.Webhook.create({ url: OTHER_HOOK, topic: "subscribers/new" });
    await harness.client.deleteWebhook(existing.id);
    await harness.clearRequests();
    const created = await harness.providers.Webhook.create(INPUTS);
    expect(await harness.calls()).toEqual([
      { method: "GET", path: "/v2/account/webhooks" },
      { method: "POST", path: "/v2/account/webhooks" },
    ]);
    expect(created.outs).toEqual(outputs(INPUTS));
  });

  test("adoptId takes the existing webhook over with one GET and no POST; a read keeps adoptId", async () => {
    const existing = await harness.client.createWebhook({ url: HOOK, topic: "subscribers/new" });
    await harness.clearRequests();
    const adopted = await harness.providers.Webhook.create({ ...INPUTS, adoptId: existing.id });
    expect(adopted).toStrictEqual({ id: existing.id, outs: outputs({ ...INPUTS, adoptId: existing.id }) });
    expect(await harness.calls()).toEqual([{ method: "GET", path: `/v2/account/webhooks/${existing.id}` }]);
    const read = await harness.providers.Webhook.read!(existing.id, adopted.outs);
    expect(read.inputs).toEqual({ ...INPUTS, adoptId: existing.id });
    expect((await webhooks()).length).toBe(1);
  });

  test("adoptId with another url changes the url with one PATCH", async () => {
    const existing = await harness.client.createWebhook({ url: OTHER_HOOK, topic: "subscribers/new" });
    await harness.clearRequests();
    const adopted = await harness.providers.Webhook.create({ ...INPUTS, adoptId: existing.id });
    expect(adopted.id).toBe(existing.id);
    expect(await harness.mutations()).toEqual([`PATCH /v2/account/webhooks/${existing.id}`]);
    expect(await webhooks()).toEqual([record(existing.id, HOOK, "subscribers/new")]);
  });

  test.each([
    {
      name: "another topic",
      made: { url: HOOK, topic: "bounces/new" },
      detail: 'topic is "bounces/new", not "subscribers/new"',
    },
    {
      name: "a group the inputs lack",
      made: { url: HOOK, topic: "subscribers/new", relation_id: "grp001" },
      detail: 'relationId is "grp001", not null',
    },
  ])(
    "adoptId of a webhook with $name fails naming the field, and changes nothing",
    async ({ made, detail }) => {
      const existing = await harness.client.createWebhook(made as never);
      await harness.clearRequests();
      const error = (await harness.providers.Webhook.create({ ...INPUTS, adoptId: existing.id }).catch(
        (err) => err,
      )) as Error;
      expect(error.message).toBe(
        `create Webhook ${existing.id} failed: adoptId ${existing.id}: the webhook differs from the inputs (${detail}); ` +
          "a webhook's topic and group cannot change in place, so set these inputs to its values",
      );
      expect(await harness.mutations()).toEqual([]);
    },
  );

  test("adoptId of a webhook that does not exist fails saying so; two resources cannot adopt the same one", async () => {
    const missing = (await harness.providers.Webhook.create({ ...INPUTS, adoptId: "wh404" }).catch(
      (err) => err,
    )) as Error;
    expect(missing.message).toBe(
      "create Webhook wh404 failed: adoptId wh404: no webhook with this id exists",
    );
    const existing = await harness.client.createWebhook({ url: HOOK, topic: "subscribers/new" });
    await harness.providers.Webhook.create({ ...INPUTS, adoptId: existing.id });
    const twice = (await harness.providers.Webhook.create({ ...INPUTS, adoptId: existing.id }).catch(
      (err) => err,
    )) as Error;
    expect(twice.message).toBe(
      `create Webhook ${existing.id} failed: adoptId ${existing.id}: another Webhook resource of this stack has already taken it`,
    );
  });

  describe("the create journal (a resource with an ownership mark)", () => {
    const MARK = "0a1b2c3d";
    const MARKED = { ...INPUTS, ownershipMark: MARK };
    /** Ends the faults the doubtful create left unspent. */
    const clearFaults = async () => {
      expect((await fetch(`${harness.url}/__emulator/faults`, { method: "DELETE" })).status).toBe(200);
    };
    /** The journal file of this resource in the harness's journal folder, or undefined when there is none. */
    const journal = (): unknown => {
      const file = path.join(
        process.env.PULUMI_SENDER_JOURNAL_DIR as string,
        `${journalKey("Webhook", MARK, harness.url)}.json`,
      );
      return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined;
    };

    test("a create whose answer was lost adopts the webhook that appeared after its intent: no error, no second POST", async () => {
      await harness.clearRequests();
      await harness.addFaults([
        { method: "POST", path: "^/v2/account/webhooks$", kind: "drop-after", count: 1 },
      ]);
      const created = await harness.providers.Webhook.create(MARKED);
      const [made] = (await webhooks()) as Array<{ id: string }>;
      expect([created.id, (await webhooks()).length]).toEqual([made?.id, 1]);
      expect(await harness.mutations()).toEqual(["POST /v2/account/webhooks (drop-after)"]);
      expect(journal()).toEqual({ ids: [made?.id] });
    });

    test("after a crash between the POST and the record (the intent alone survives), the next process adopts the webhook, with the note", async () => {
      // The POST commits without an answer and every look-up after it fails: the create ends in doubt.
      await harness.addFaults([
        { method: "POST", path: "^/v2/account/webhooks$", kind: "drop-after", count: 1 },
        { method: "GET", path: "^/v2/account/webhooks$", kind: "status", status: 503, skip: 1, count: 15 },
      ]);
      const doubt = (await harness.providers.Webhook.create(MARKED).catch((err) => err)) as Error;
      expect(doubt.message).toContain(
        "Running `pulumi up` again reclaims it if it exists, as it appeared after this resource's create journal recorded none like it.",
      );
      await clearFaults();
      const [made] = (await webhooks()) as Array<{ id: string }>;
      expect(journal()).toEqual({ ids: [], absent: expect.stringMatching(/^[0-9a-f]{16}$/) });
      harness.newProcess();
      await harness.clearRequests();
      const notes: string[] = [];
      vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
        notes.push(String(chunk));
        return true;
      });
      const again = await harness.providers.Webhook.create(MARKED);
      expect([again.id, (await webhooks()).length]).toEqual([made?.id, 1]);
      expect(await harness.mutations()).toEqual([]);
      expect(notes.join("")).toContain(
        `note: Webhook ${made?.id} was made by an earlier run that did not record it (a lost answer, an interrupted up) and appeared after this resource's create journal recorded none like it: reclaimed, not made again.`,
      );
      expect(journal()).toEqual({ ids: [made?.id] });
    });

    test("a webhook that existed before the intent is refused, as is a second one that appeared after it", async () => {
      const before = await harness.client.createWebhook({ url: HOOK, topic: "subscribers/new" });
      const refused = (await harness.providers.Webhook.create(MARKED).catch((err) => err)) as Error;
      expect(refused.message).toContain(`already exists (${before.id})`);
      // No intent was recorded: the refusal holds on every later run.
      expect(journal()).toBeUndefined();
      harness.newProcess();
      const again = (await harness.providers.Webhook.create(MARKED).catch((err) => err)) as Error;
      expect(again.message).toContain(`already exists (${before.id})`);
    });

    test("an intent followed by two look-alikes proves neither: refused, naming both", async () => {
      await harness.addFaults([
        { method: "POST", path: "^/v2/account/webhooks$", kind: "drop-after", count: 1 },
        { method: "GET", path: "^/v2/account/webhooks$", kind: "status", status: 503, skip: 1, count: 15 },
      ]);
      await harness.providers.Webhook.create(MARKED).catch(() => undefined);
      await clearFaults();
      const other = await harness.client.createWebhook({ url: HOOK, topic: "subscribers/new" });
      harness.newProcess();
      const error = (await harness.providers.Webhook.create(MARKED).catch((err) => err)) as Error;
      const ids = ((await webhooks()) as Array<{ id: string }>).map((w) => w.id);
      expect(ids).toContain(other.id);
      expect(error.message).toContain(`already exists (${ids.join(", ")})`);
    });

    test("a POST the service refused clears the intent: a look-alike someone makes later is refused, never adopted", async () => {
      await harness.addFaults([
        { method: "POST", path: "^/v2/account/webhooks$", kind: "status", status: 422, count: 1 },
      ]);
      await harness.providers.Webhook.create(MARKED).catch(() => undefined);
      expect(journal()).toBeUndefined();
      const later = await harness.client.createWebhook({ url: HOOK, topic: "subscribers/new" });
      harness.newProcess();
      const error = (await harness.providers.Webhook.create(MARKED).catch((err) => err)) as Error;
      expect(error.message).toContain(`already exists (${later.id})`);
    });

    test("a delete forgets the id", async () => {
      const created = await harness.providers.Webhook.create(MARKED);
      expect(journal()).toEqual({ ids: [created.id] });
      await harness.providers.Webhook.delete!(created.id, created.outs);
      expect(journal()).toBeUndefined();
    });
  });

  test("should name the operation and the service's message on failure, never the token", async () => {
    const inputs = { url: HOOK, topic: "groups/unsubscribed", relationId: "grp999" };
    const serviceError = await harness.client
      .createWebhook({ url: HOOK, topic: "groups/unsubscribed", relation_id: "grp999" })
      .catch((err: Error) => err.message);
    expect(serviceError).toContain("relation_id");
    const error = (await harness.providers.Webhook.create(inputs).catch((err) => err)) as Error;
    expect(error.message).toBe(`create Webhook groups/unsubscribed ${SHOWN} failed: ${serviceError}`);
    expect(error.message).not.toContain(TOKEN);
  });
});

describe("diff", () => {
  test.each([
    { name: "a new url", change: { url: OTHER_HOOK }, shows: "an update in place", expected: UPDATE },
    {
      name: "a url not yet known (preview)",
      change: { url: UNKNOWN },
      shows: "an update in place",
      expected: UPDATE,
    },
    {
      name: "a new topic",
      change: { topic: "bounces/new" },
      shows: "a replacement, the old one first",
      expected: { changes: true, replaces: ["topic"], deleteBeforeReplace: true },
    },
    {
      name: "a new url and topic",
      change: { url: OTHER_HOOK, topic: "bounces/new" },
      shows: "a replacement, the old one first",
      expected: { changes: true, replaces: ["topic"], deleteBeforeReplace: true },
    },
    {
      name: "a new topic with its group",
      change: { topic: "groups/new-subscriber", relationId: "grp001" },
      shows: "a replacement, the old one first",
      expected: { changes: true, replaces: ["topic", "relationId"], deleteBeforeReplace: true },
    },
  ])("$name: $shows", async ({ change, expected }) => {
    const created = await harness.providers.Webhook.create(INPUTS);
    await harness.clearRequests();
    expect(
      await harness.providers.Webhook.diff(created.id, created.outs, { ...INPUTS, ...change }),
    ).toStrictEqual(expected);
    expect(await harness.calls()).toEqual([]);
  });

  test("no change is no change, and costs no API call", async () => {
    const created = await harness.providers.Webhook.create(INPUTS);
    await harness.clearRequests();
    expect(
      await harness.providers.Webhook.diff(created.id, created.outs, { ...INPUTS, __provider: PROVIDER }),
    ).toStrictEqual(NO_CHANGE);
    expect(await harness.calls()).toEqual([]);
    expect(await webhooks()).toEqual([record(created.id, HOOK, "subscribers/new")]);
  });
});

describe("update", () => {
  test("a new url is changed in place with one PATCH: same id, one webhook, no delete or create", async () => {
    const created = await harness.providers.Webhook.create(INPUTS);
    const news = { ...INPUTS, url: OTHER_HOOK };
    await harness.clearRequests();
    const updated = await harness.providers.Webhook.update(created.id, created.outs, {
      ...news,
      __provider: PROVIDER,
    });
    expect(updated).toStrictEqual({ outs: outputs(news) });
    expect(await harness.calls()).toEqual([{ method: "PATCH", path: `/v2/account/webhooks/${created.id}` }]);
    expect(await webhooks()).toEqual([record(created.id, OTHER_HOOK, "subscribers/new")]);
    // The new state is what a refresh reads.
    expect(await harness.providers.Webhook.diff(created.id, updated.outs, news)).toStrictEqual(NO_CHANGE);
    expect((await harness.providers.Webhook.read(created.id, updated.outs)).inputs).toStrictEqual(news);
  });

  test("keeps the group of a group topic", async () => {
    const inputs = { url: HOOK, topic: "groups/unsubscribed", relationId: "grp002" };
    const created = await harness.providers.Webhook.create(inputs);
    const news = { ...inputs, url: OTHER_HOOK };
    const updated = await harness.providers.Webhook.update(created.id, created.outs, news);
    expect(updated).toStrictEqual({ outs: outputs(news) });
    expect(await webhooks()).toEqual([record(created.id, OTHER_HOOK, "groups/unsubscribed", "grp002")]);
  });

  test("fails, naming the field, when the service answers without making the change", async () => {
    const created = await harness.providers.Webhook.create(INPUTS);
    // A service that ignores a field it does not take in place answers the webhook unchanged.
    const client = harness.client;
    const spy = vi.spyOn(client, "updateWebhook").mockImplementation((id) => client.getWebhook(id));
    const error = (await harness.providers.Webhook.update(created.id, created.outs, {
      ...INPUTS,
      url: OTHER_HOOK,
    }).catch((err) => err)) as Error;
    expect(spy).toHaveBeenCalledWith(created.id, { url: OTHER_HOOK });
    expect(error.message).toBe(
      `update Webhook ${created.id} failed: PATCH /v2/account/webhooks/${created.id} succeeded but did not ` +
        `make the change (url is "${SHOWN}", not "${OTHER_SHOWN}"). Replace the webhook instead ` +
        "(`pulumi up --replace` with its URN).",
    );
  });

  test("a 404 fails the update with the service's message, never the token", async () => {
    const created = await harness.providers.Webhook.create(INPUTS);
    await harness.providers.Webhook.delete(created.id, created.outs);
    const error = (await harness.providers.Webhook.update(created.id, created.outs, {
      ...INPUTS,
      url: OTHER_HOOK,
    }).catch((err) => err)) as Error;
    expect(error.message).toMatch(
      new RegExp(
        `^update Webhook ${created.id} failed: PATCH /v2/account/webhooks/${created.id} failed with 404`,
      ),
    );
    expect(error.message).not.toContain(TOKEN);
    expect(await webhooks()).toEqual([]);
  });
});

describe("read", () => {
  test("reads the webhook back: an unchanged one reads as its state, with one GET", async () => {
    const created = await harness.providers.Webhook.create(INPUTS);
    await harness.clearRequests();
    const olds = { ...created.outs, __provider: PROVIDER };
    expect(await harness.providers.Webhook.read(created.id, olds)).toStrictEqual({
      id: created.id,
      props: created.outs,
      inputs: INPUTS,
    });
    expect(await harness.calls()).toEqual([{ method: "GET", path: `/v2/account/webhooks/${created.id}` }]);
  });

  test("finds a url changed behind the stack's back, and the diff puts it back in place", async () => {
    const created = await harness.providers.Webhook.create(INPUTS);
    await harness.client.updateWebhook(created.id, { url: OTHER_HOOK });
    const read = await harness.providers.Webhook.read(created.id, created.outs);
    expect(read).toStrictEqual({
      id: created.id,
      props: outputs({ ...INPUTS, url: OTHER_HOOK }),
      inputs: { ...INPUTS, url: OTHER_HOOK },
    });
    expect(await harness.providers.Webhook.diff(created.id, read.props, INPUTS)).toStrictEqual(UPDATE);
  });

  test("finds a topic and group changed behind the stack's back", async () => {
    const created = await harness.providers.Webhook.create(INPUTS);
    await harness.client.updateWebhook(created.id, { topic: "groups/new-subscriber", relation_id: "grp002" });
    const read = await harness.providers.Webhook.read(created.id, created.outs);
    const drifted = { ...INPUTS, topic: "groups/new-subscriber", relationId: "grp002" };
    expect(read).toStrictEqual({ id: created.id, props: outputs(drifted), inputs: drifted });
    expect(await harness.providers.Webhook.diff(created.id, read.props, INPUTS)).toStrictEqual({
      changes: true,
      replaces: ["topic", "relationId"],
      deleteBeforeReplace: true,
    });
  });

  test("says gone for a webhook deleted behind the stack's back", async () => {
    const created = await harness.providers.Webhook.create(INPUTS);
    await harness.client.deleteWebhook(created.id);
    expect(await harness.providers.Webhook.read(created.id, created.outs)).toStrictEqual({ id: "" });
  });

  test("reads an enveloped answer without a group key (variance mode) as the same state", async () => {
    const plain = await harness.providers.Webhook.create(INPUTS);
    const grouped = await harness.providers.Webhook.create({
      url: OTHER_HOOK,
      topic: "groups/new-subscriber",
      relationId: "grp001",
    });
    await setVariance(true);
    try {
      expect(await harness.client.getWebhook(plain.id)).not.toHaveProperty("group");
      for (const created of [plain, grouped]) {
        const read = await harness.providers.Webhook.read(created.id, created.outs);
        expect(read).toStrictEqual({
          id: created.id,
          props: created.outs,
          inputs: pickInputs(webhookFields, created.outs),
        });
      }
    } finally {
      await setVariance(false);
    }
  });
});

describe("delete", () => {
  test("should delete it, and succeed again when it is already gone", async () => {
    const created = await harness.providers.Webhook.create(INPUTS);
    await harness.providers.Webhook.delete(created.id, created.outs);
    expect(await webhooks()).toEqual([]);
    await expect(harness.providers.Webhook.delete(created.id, created.outs)).resolves.toBeUndefined();
  });
});
