import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { getClient } from "../../../provider/context";
import { UNKNOWN } from "../../../provider/resources/common";
import { transactionalCampaignProvider as provider } from "../../../provider/resources/transactional-campaign";
import { type Harness, NO_CHANGE, startHarness, TOKEN } from "./harness";

const PROVIDER = "exports.handler=function(){}";
const BUILDER_REASON =
  "builder campaigns are built in the Sender interface, not through the API; use plain or html here";

/** Inputs of a valid campaign, every field set. */
const INPUTS = {
  title: "Order shipped",
  subject: "Your order is on its way",
  from: "Example Shop",
  replyTo: "news@example.com",
  editor: "html",
  preheader: "Tracking inside",
  content: "<p>Track it: {{tracking_url}}</p>",
};

async function transactionalIds(): Promise<string[]> {
  return (await harness.state()).transactional.map((t: { id: string }) => t.id);
}

/** The outputs create and read give for a record of the emulator. */
async function expectedOutputs(id: string, inputs: Record<string, unknown>) {
  const record = (await harness.state()).transactional.find((t: { id: string }) => t.id === id);
  return {
    ...inputs,
    type: "API",
    lastAction: "editor",
    created: record.created,
    modified: record.modified,
    domainId: "dom001",
    sent: record.sent,
    opens: record.opens,
    clicks: record.clicks,
    bounced: record.bounced,
    unsubscribeCount: record.unsubscribeCount,
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
    { name: "the builder editor", change: { editor: "builder" }, property: "editor", reason: BUILDER_REASON },
    {
      name: "an unknown editor",
      change: { editor: "mjml" },
      property: "editor",
      reason: "must be plain or html",
    },
    {
      name: "a reply-to that is no address",
      change: { replyTo: "news at example.com" },
      property: "replyTo",
      reason: "must be an email address on a verified domain of the account",
    },
    {
      name: "an empty subject",
      change: { subject: "" },
      property: "subject",
      reason: "must be a non-empty string",
    },
    {
      name: "a missing sender name",
      change: { from: undefined },
      property: "from",
      reason: "must be a non-empty string",
    },
    { name: "a title that is no text", change: { title: 7 }, property: "title", reason: "must be a string" },
    {
      name: "an empty adoptId",
      change: { adoptId: "" },
      property: "adoptId",
      reason: "must be a transactional campaign id",
    },
  ])("should refuse $name", async ({ change, property, reason }) => {
    const result = await provider.check({}, { ...INPUTS, ...change, __provider: PROVIDER });
    expect(result.failures).toEqual([{ property, reason }]);
  });

  test("should accept the least a campaign needs", async () => {
    const news = { subject: "Hi", from: "Example Shop", replyTo: "news@example.com", editor: "plain" };
    expect(await provider.check({}, news)).toStrictEqual({ inputs: news });
  });

  test("should let unknown values through during preview", async () => {
    const news = { ...INPUTS, subject: UNKNOWN, replyTo: UNKNOWN, editor: UNKNOWN };
    expect(await provider.check({}, news)).toStrictEqual({ inputs: news });
  });
});

describe("create", () => {
  test("should create the campaign and read it back for its outputs", async () => {
    const created = await provider.create({ ...INPUTS, __provider: PROVIDER });
    expect(created).toStrictEqual({ id: created.id, outs: await expectedOutputs(created.id, INPUTS) });
    const state = await harness.state();
    expect(state.transactional.at(-1)).toMatchObject({
      id: created.id,
      title: "Order shipped",
      subject: "Your order is on its way",
      from: "Example Shop",
      reply_to: "news@example.com",
      editor: "html",
      preheader: "Tracking inside",
      content: "<p>Track it: {{tracking_url}}</p>",
    });
  });

  test("should leave the optional fields out of the outputs when they are not set", async () => {
    const inputs = { subject: "Hi", from: "Example Shop", replyTo: "news@example.com", editor: "plain" };
    const created = await provider.create(inputs);
    expect(created.outs).toStrictEqual(await expectedOutputs(created.id, inputs));
    // The service filled the title in; it is not managed, so a refresh shows no change.
    const read = await provider.read(created.id, created.outs);
    expect(read).toStrictEqual({ id: created.id, props: created.outs, inputs });
    expect(await provider.diff(created.id, read.props, inputs)).toStrictEqual(NO_CHANGE);
  });

  test("should adopt what a create with a lost answer made, and make exactly one", async () => {
    const before = await transactionalIds();
    await harness.clearRequests();
    await harness.addFaults([{ method: "POST", path: "^/v2/transactional$", kind: "drop-after", count: 1 }]);
    const created = await provider.create(INPUTS);
    const after = await transactionalIds();
    expect(after).toEqual([...before, created.id]);
    expect(created.outs).toStrictEqual(await expectedOutputs(created.id, INPUTS));
    expect(await harness.calls()).toEqual([
      { method: "POST", path: "/v2/transactional", fault: "drop-after" },
      { method: "GET", path: "/v2/transactional?page=1&limit=100" },
      { method: "GET", path: `/v2/transactional/${created.id}` },
    ]);
  });

  test("should create again when a failed create made nothing", async () => {
    const before = await transactionalIds();
    await harness.addFaults([
      { method: "POST", path: "^/v2/transactional$", kind: "status", status: 500, count: 1 },
    ]);
    const created = await provider.create(INPUTS);
    expect(await transactionalIds()).toEqual([...before, created.id]);
  });

  test("should name the operation and the service's message on failure, never the token", async () => {
    const inputs = { ...INPUTS, replyTo: "news@unverified.example" };
    const serviceError = await getClient()
      .createTransactional({ ...INPUTS, reply_to: inputs.replyTo, editor: "html" })
      .catch((err: Error) => err.message);
    expect(serviceError).toContain("reply_to");
    const error = (await provider.create(inputs).catch((err) => err)) as Error;
    expect(error.message).toBe(`create TransactionalCampaign "Order shipped" failed: ${serviceError}`);
    expect(error.message).not.toContain(TOKEN);
  });
});

describe("adoptId", () => {
  /** trn001 as seeded. */
  const TRN001 = {
    title: "Order confirmation",
    subject: "Your order is confirmed",
    from: "Example News",
    replyTo: "news@example.com",
    editor: "html",
    content: "<p>Thanks for your order {{order_id}}.</p>",
  };

  test("should take over a matching campaign without creating one", async () => {
    await harness.clearRequests();
    const created = await provider.create({ ...TRN001, adoptId: "trn001" });
    expect(created).toStrictEqual({
      id: "trn001",
      outs: {
        ...TRN001,
        adoptId: "trn001",
        type: "API",
        lastAction: "editor",
        created: "2026-01-02 08:00:00",
        modified: "2026-01-02 08:00:00",
        domainId: "dom001",
        sent: 120,
        opens: 98,
        clicks: 40,
        bounced: 2,
        unsubscribeCount: 0,
      },
    });
    expect(await harness.calls()).toEqual([{ method: "GET", path: "/v2/transactional/trn001" }]);
  });

  test("should refuse a campaign that differs, listing the fields", async () => {
    const before = await transactionalIds();
    const inputs = { ...TRN001, subject: "Order received", editor: "plain", adoptId: "trn001" };
    await expect(provider.create(inputs)).rejects.toMatchObject({
      name: "SenderOperationError",
      message:
        "create TransactionalCampaign trn001 failed: adoptId: transactional campaign trn001 differs from the " +
        'inputs in subject, editor (subject is "Your order is confirmed", not "Order received"; editor is ' +
        '"html", not "plain"). The Sender API cannot update a transactional campaign, so set these inputs ' +
        "to the campaign's values.",
    });
    expect(await transactionalIds()).toEqual(before);
  });

  test("should say clearly when there is nothing to adopt", async () => {
    await expect(provider.create({ ...TRN001, adoptId: "zzz999" })).rejects.toMatchObject({
      name: "SenderOperationError",
      message:
        "create TransactionalCampaign zzz999 failed: adoptId: no transactional campaign zzz999 in the account",
    });
  });

  test("should not compare adoptId once adopted", async () => {
    const created = await provider.create({ ...TRN001, adoptId: "trn001" });
    expect(await provider.diff("trn001", created.outs, TRN001)).toStrictEqual(NO_CHANGE);
  });
});

describe("diff", () => {
  test.each([
    { field: "title", value: "Order dispatched" },
    { field: "subject", value: "Shipped!" },
    { field: "from", value: "Example Store" },
    { field: "replyTo", value: "shop@example.com" },
    { field: "editor", value: "plain" },
    { field: "preheader", value: "See inside" },
    { field: "content", value: "<p>On its way</p>" },
  ])("a new $field replaces the campaign, and the service keeps the old one", async ({ field, value }) => {
    const before = await transactionalIds();
    const created = await provider.create(INPUTS);
    const news = { ...INPUTS, [field]: value };
    expect(await provider.diff(created.id, created.outs, news)).toStrictEqual({
      changes: true,
      replaces: [field],
      deleteBeforeReplace: false,
    });
    // The engine's create-before-delete replacement.
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const replacement = await provider.create(news);
    await provider.delete(created.id, created.outs);
    expect(stderr).toHaveBeenCalledTimes(1);
    expect(await transactionalIds()).toEqual([...before, created.id, replacement.id]);
    expect(replacement.outs).toStrictEqual(await expectedOutputs(replacement.id, news));
  });

  test("no change is no change, and costs no API call", async () => {
    const created = await provider.create(INPUTS);
    await harness.clearRequests();
    expect(await provider.diff(created.id, created.outs, { ...INPUTS, __provider: PROVIDER })).toStrictEqual(
      NO_CHANGE,
    );
    expect(await harness.calls()).toEqual([]);
  });

  test("an unknown value shows as a replacement during preview", async () => {
    const created = await provider.create(INPUTS);
    expect(await provider.diff(created.id, created.outs, { ...INPUTS, subject: UNKNOWN })).toStrictEqual({
      changes: true,
      replaces: ["subject"],
      deleteBeforeReplace: false,
    });
  });
});

describe("read", () => {
  test("should return the values changed behind the stack's back as inputs", async () => {
    const created = await provider.create(INPUTS);
    // The API cannot change one: only the Sender interface can, so change the emulator's record.
    const record = harness.emulator.store.data.transactional.find((t) => t.id === created.id);
    if (!record) throw new Error("the created campaign is missing");
    Object.assign(record, { subject: "Changed in the interface", content: null, sent: 3 });
    const read = await provider.read(created.id, created.outs);
    const { content: _, ...rest } = INPUTS;
    const inputs = { ...rest, subject: "Changed in the interface" };
    expect(read).toStrictEqual({
      id: created.id,
      props: { ...(await expectedOutputs(created.id, inputs)), sent: 3 },
      inputs,
    });
    expect(await provider.diff(created.id, read.props, INPUTS)).toStrictEqual({
      changes: true,
      replaces: ["subject", "content"],
      deleteBeforeReplace: false,
    });
  });

  test("should say gone for an unknown campaign", async () => {
    expect(await provider.read("zzz999", { ...INPUTS })).toStrictEqual({ id: "" });
  });
});

describe("delete", () => {
  test("should only drop it from the stack, warn, and make no API call", async () => {
    const created = await provider.create(INPUTS);
    await harness.clearRequests();
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await provider.delete(created.id, created.outs);
    expect(stderr.mock.calls).toEqual([
      [
        `warning: TransactionalCampaign ${created.id} was removed from the stack, but the Sender API cannot ` +
          "delete transactional campaigns: it stays in the account. Delete it in the Sender interface if it " +
          "is no longer wanted.\n",
      ],
    ]);
    expect(await harness.calls()).toEqual([]);
    expect(await transactionalIds()).toContain(created.id);
  });
});
