import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { getClient } from "../../../provider/context";
import { UNKNOWN } from "../../../provider/resources/common";
import { webhookProvider as provider } from "../../../provider/resources/webhook";
import { type Harness, NO_CHANGE, startHarness, TOKEN } from "./harness";

const PROVIDER = "exports.handler=function(){}";
const TOPIC_REASON =
  "must be one of subscribers/new, subscribers/updated, subscribers/unsubscribed, groups/new-subscriber, " +
  "groups/unsubscribed, groups/new, campaigns/new, bounces/new";
const HOOK = "https://hooks.example.com/sender";
const INPUTS = { url: HOOK, topic: "subscribers/new" };

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

describe("check", () => {
  test.each([
    {
      name: "a plain http url",
      news: { ...INPUTS, url: "http://hooks.example.com/sender" },
      failures: [{ property: "url", reason: "must be an https URL" }],
    },
    {
      name: "a url that is no URL",
      news: { ...INPUTS, url: "hooks.example.com" },
      failures: [{ property: "url", reason: "must be an https URL" }],
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
        { property: "url", reason: "must be an https URL" },
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
    expect((await provider.check({}, { ...news, __provider: PROVIDER })).failures).toEqual(failures);
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
    expect(await provider.check({}, news)).toStrictEqual({ inputs: news });
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
    const created = await provider.create({ ...inputs, __provider: PROVIDER });
    expect(created).toStrictEqual({ id: created.id, outs: outputs(inputs) });
    expect(await webhooks()).toEqual([record(created.id, HOOK, inputs.topic, group)]);
  });

  test("should not try again after a lost answer, and say the webhook may exist", async () => {
    await harness.clearRequests();
    await harness.addFaults([
      { method: "POST", path: "^/v2/account/webhooks$", kind: "drop-after", count: 1 },
    ]);
    const error = (await provider.create(INPUTS).catch((err) => err)) as Error;
    expect(error.message).toMatch(
      /^create Webhook subscribers\/new https:\/\/hooks.example.com\/sender failed: POST \/v2\/account\/webhooks .*\. The request may have/,
    );
    expect(error.message).toMatch(
      /\. The request may have reached Sender, so the webhook may have been created\. The API cannot list webhooks, so the provider could not check and did not try again\. Look in the Sender interface \(Settings, Webhooks\) for a subscribers\/new webhook with this resource's url, delete it if it is there, then run `pulumi up` again\.$/,
    );
    expect(error.message).not.toContain(TOKEN);
    // The residual risk, documented: the webhook exists, and only one POST was made.
    expect(await webhooks()).toHaveLength(1);
    expect(await harness.calls()).toEqual([
      { method: "POST", path: "/v2/account/webhooks", fault: "drop-after" },
    ]);
  });

  test("should name the operation and the service's message on failure, never the token", async () => {
    const inputs = { url: HOOK, topic: "groups/unsubscribed", relationId: "grp999" };
    const serviceError = await getClient()
      .createWebhook({ url: HOOK, topic: "groups/unsubscribed", relation_id: "grp999" })
      .catch((err: Error) => err.message);
    expect(serviceError).toContain("relation_id");
    const error = (await provider.create(inputs).catch((err) => err)) as Error;
    expect(error.message).toBe(
      `create Webhook groups/unsubscribed https://hooks.example.com/sender failed: ${serviceError}`,
    );
    expect(error.message).not.toContain(TOKEN);
  });
});

describe("diff and replacement", () => {
  test.each([
    { name: "a new url", change: { url: "https://hooks.example.org/other" }, replaces: ["url"] },
    { name: "a new topic", change: { topic: "bounces/new" }, replaces: ["topic"] },
    {
      name: "a new topic with its group",
      change: { topic: "groups/new-subscriber", relationId: "grp001" },
      replaces: ["topic", "relationId"],
    },
  ])("$name replaces the webhook, the old one first", async ({ change, replaces }) => {
    const created = await provider.create(INPUTS);
    const news = { ...INPUTS, ...change };
    expect(await provider.diff(created.id, created.outs, news)).toStrictEqual({
      changes: true,
      replaces,
      deleteBeforeReplace: true,
    });
    // The engine's delete-before-replace.
    await provider.delete(created.id, created.outs);
    const replacement = await provider.create(news);
    expect(replacement.outs).toStrictEqual(outputs(news));
    expect(await webhooks()).toEqual([
      record(replacement.id, news.url, news.topic, (news as { relationId?: string }).relationId ?? null),
    ]);
  });

  test("no change is no change, and costs no API call", async () => {
    const created = await provider.create(INPUTS);
    await harness.clearRequests();
    expect(await provider.diff(created.id, created.outs, { ...INPUTS, __provider: PROVIDER })).toStrictEqual(
      NO_CHANGE,
    );
    expect(await harness.calls()).toEqual([]);
    expect(await webhooks()).toEqual([record(created.id, HOOK, "subscribers/new")]);
  });
});

describe("read", () => {
  test("should keep the state as it is, as the API has no read, and make no API call", async () => {
    const created = await provider.create(INPUTS);
    await harness.clearRequests();
    const olds = { ...created.outs, __provider: PROVIDER };
    expect(await provider.read(created.id, olds)).toStrictEqual({
      id: created.id,
      props: olds,
      inputs: INPUTS,
    });
    expect(await harness.calls()).toEqual([]);
  });
});

describe("delete", () => {
  test("should delete it, and succeed again when it is already gone", async () => {
    const created = await provider.create(INPUTS);
    await provider.delete(created.id, created.outs);
    expect(await webhooks()).toEqual([]);
    await expect(provider.delete(created.id, created.outs)).resolves.toBeUndefined();
  });
});
