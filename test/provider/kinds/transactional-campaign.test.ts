import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { type Harness, NO_CHANGE, startHarness, TOKEN, UPDATE } from "./harness";

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

/** Turns the emulator's variance mode on or off. */
async function setVariance(enabled: boolean): Promise<void> {
  const answer = await fetch(`${harness.url}/__emulator/variance`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ enabled }),
  });
  expect(answer.status).toBe(200);
}

/** The emulator's record of one transactional campaign. */
async function storedRecord(id: string): Promise<Record<string, unknown>> {
  return (await harness.state()).transactional.find((t: { id: string }) => t.id === id);
}

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
    const result = await harness.providers.TransactionalCampaign.check(
      {},
      { ...INPUTS, ...change, __provider: PROVIDER },
    );
    expect(result.failures).toEqual([{ property, reason }]);
  });

  test("should accept the least a campaign needs", async () => {
    const news = { subject: "Hi", from: "Example Shop", replyTo: "news@example.com", editor: "plain" };
    expect(await harness.providers.TransactionalCampaign.check({}, news)).toStrictEqual({ inputs: news });
  });

  test("should let unknown values through during preview", async () => {
    const news = { ...INPUTS, subject: UNKNOWN, replyTo: UNKNOWN, editor: UNKNOWN };
    expect(await harness.providers.TransactionalCampaign.check({}, news)).toStrictEqual({ inputs: news });
  });
});

describe("create", () => {
  test("should create the campaign and read it back for its outputs", async () => {
    const created = await harness.providers.TransactionalCampaign.create({ ...INPUTS, __provider: PROVIDER });
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
    const created = await harness.providers.TransactionalCampaign.create(inputs);
    expect(created.outs).toStrictEqual(await expectedOutputs(created.id, inputs));
    // The service filled the title in; it is not managed, so a refresh shows no change.
    const read = await harness.providers.TransactionalCampaign.read(created.id, created.outs);
    expect(read).toStrictEqual({ id: created.id, props: created.outs, inputs });
    expect(await harness.providers.TransactionalCampaign.diff(created.id, read.props, inputs)).toStrictEqual(
      NO_CHANGE,
    );
  });

  test("adopts what a marked create with a lost answer made, renames it, and makes exactly one", async () => {
    const inputs = { ...INPUTS, ownershipMark: "1a2b3c4d" };
    const before = await transactionalIds();
    await harness.clearRequests();
    await harness.addFaults([{ method: "POST", path: "^/v2/transactional$", kind: "drop-after", count: 1 }]);
    const created = await harness.providers.TransactionalCampaign.create(inputs);
    const after = await transactionalIds();
    expect(after).toEqual([...before, created.id]);
    expect(created.outs).toStrictEqual(await expectedOutputs(created.id, inputs));
    const record = (await harness.state()).transactional.find((t: { id: string }) => t.id === created.id);
    expect(record.title).toBe("Order shipped");
    expect(await harness.calls()).toEqual([
      { method: "GET", path: "/v2/transactional?page=1&limit=100" },
      { method: "POST", path: "/v2/transactional", fault: "drop-after" },
      { method: "GET", path: "/v2/transactional?page=1&limit=100" },
      { method: "PATCH", path: `/v2/transactional/${created.id}` },
      { method: "GET", path: `/v2/transactional/${created.id}` },
    ]);
  });

  test("an explicit title without a mark proves nothing: a lost answer ends the create naming the adoptId", async () => {
    const before = await transactionalIds();
    await harness.addFaults([{ method: "POST", path: "^/v2/transactional$", kind: "drop-after", count: 1 }]);
    const error = (await harness.providers.TransactionalCampaign.create(INPUTS).catch((err) => err)) as Error;
    const after = await transactionalIds();
    const made = after.filter((id) => !before.includes(id));
    expect(made.length).toBe(1);
    expect(error.message).toContain(
      `nothing proves whose they are: another stack may have made them, so none is reclaimed and nothing else was created. Check them in Sender and set adoptId: "${made[0]}" on this resource if one is its own.`,
    );
  });

  test("should create again when a failed create made nothing", async () => {
    const before = await transactionalIds();
    await harness.addFaults([
      { method: "POST", path: "^/v2/transactional$", kind: "status", status: 500, count: 1 },
    ]);
    const created = await harness.providers.TransactionalCampaign.create(INPUTS);
    expect(await transactionalIds()).toEqual([...before, created.id]);
  });

  test("should name the operation and the service's message on failure, never the token", async () => {
    const inputs = { ...INPUTS, replyTo: "news@unverified.example" };
    const serviceError = await harness.client
      .createTransactional({ ...INPUTS, reply_to: inputs.replyTo, editor: "html" })
      .catch((err: Error) => err.message);
    expect(serviceError).toContain("reply_to");
    const error = (await harness.providers.TransactionalCampaign.create(inputs).catch((err) => err)) as Error;
    // Said in the program's terms: its field and value, then the request the service refused.
    expect(error.message).toBe(
      'create TransactionalCampaign "Order shipped" failed: replyTo "news@unverified.example": The reply to must be an address on a verified domain. (POST /v2/transactional answered 422)',
    );
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
    const created = await harness.providers.TransactionalCampaign.create({ ...TRN001, adoptId: "trn001" });
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
    await expect(harness.providers.TransactionalCampaign.create(inputs)).rejects.toMatchObject({
      name: "SenderOperationError",
      message:
        "create TransactionalCampaign trn001 failed: adoptId: transactional campaign trn001 differs from the " +
        'inputs in subject, editor (subject is "Your order is confirmed", not "Order received"; editor is ' +
        '"html", not "plain"). Adopting takes a transactional campaign over as it is, so set these inputs ' +
        "to the campaign's values; a later change of title, subject, from, replyTo or preheader then updates " +
        "it in place.",
    });
    expect(await transactionalIds()).toEqual(before);
  });

  test("should say clearly when there is nothing to adopt", async () => {
    await expect(
      harness.providers.TransactionalCampaign.create({ ...TRN001, adoptId: "zzz999" }),
    ).rejects.toMatchObject({
      name: "SenderOperationError",
      message:
        "create TransactionalCampaign zzz999 failed: adoptId: no transactional campaign zzz999 in the account",
    });
  });

  test("should not compare adoptId once adopted", async () => {
    const created = await harness.providers.TransactionalCampaign.create({ ...TRN001, adoptId: "trn001" });
    expect(await harness.providers.TransactionalCampaign.diff("trn001", created.outs, TRN001)).toStrictEqual(
      NO_CHANGE,
    );
  });
});

describe("diff", () => {
  test.each([
    { field: "title", value: "Order dispatched" },
    { field: "subject", value: "Shipped!" },
    { field: "from", value: "Example Store" },
    { field: "replyTo", value: "shop@example.com" },
    { field: "preheader", value: "See inside" },
    { field: "subject", value: UNKNOWN },
  ])("a new $field ($value) is an update in place", async ({ field, value }) => {
    const created = await harness.providers.TransactionalCampaign.create(INPUTS);
    await harness.clearRequests();
    expect(
      await harness.providers.TransactionalCampaign.diff(created.id, created.outs, {
        ...INPUTS,
        [field]: value,
      }),
    ).toStrictEqual(UPDATE);
    expect(await harness.calls()).toEqual([]);
  });

  test.each([
    { field: "editor", value: "plain" },
    { field: "content", value: "<p>On its way</p>" },
  ])(
    "a new $field ($value) replaces the campaign, and the service keeps the old one",
    async ({ field, value }) => {
      const before = await transactionalIds();
      const created = await harness.providers.TransactionalCampaign.create(INPUTS);
      const news = { ...INPUTS, [field]: value };
      expect(
        await harness.providers.TransactionalCampaign.diff(created.id, created.outs, news),
      ).toStrictEqual({
        changes: true,
        replaces: [field],
        deleteBeforeReplace: false,
      });
      // The engine's create-before-delete replacement.
      const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
      const replacement = await harness.providers.TransactionalCampaign.create(news);
      await harness.providers.TransactionalCampaign.delete(created.id, created.outs);
      expect(stderr).toHaveBeenCalledTimes(1);
      expect(await transactionalIds()).toEqual([...before, created.id, replacement.id]);
      expect(replacement.outs).toStrictEqual(await expectedOutputs(replacement.id, news));
    },
  );

  test("a content not yet known (preview) shows as a replacement", async () => {
    const created = await harness.providers.TransactionalCampaign.create(INPUTS);
    expect(
      await harness.providers.TransactionalCampaign.diff(created.id, created.outs, {
        ...INPUTS,
        content: UNKNOWN,
      }),
    ).toStrictEqual({
      changes: true,
      replaces: ["content"],
      deleteBeforeReplace: false,
    });
  });

  test("a new subject and content replace the campaign: content cannot change in place", async () => {
    const created = await harness.providers.TransactionalCampaign.create(INPUTS);
    expect(
      await harness.providers.TransactionalCampaign.diff(created.id, created.outs, {
        ...INPUTS,
        subject: "Shipped!",
        content: "<p>Hi</p>",
      }),
    ).toStrictEqual({ changes: true, replaces: ["content"], deleteBeforeReplace: false });
  });

  test("no change is no change, and costs no API call", async () => {
    const created = await harness.providers.TransactionalCampaign.create(INPUTS);
    await harness.clearRequests();
    expect(
      await harness.providers.TransactionalCampaign.diff(created.id, created.outs, {
        ...INPUTS,
        __provider: PROVIDER,
      }),
    ).toStrictEqual(NO_CHANGE);
    expect(await harness.calls()).toEqual([]);
  });
});

describe("update", () => {
  test.each([
    { field: "title", api: "title", value: "Order dispatched" },
    { field: "subject", api: "subject", value: "Shipped!" },
    { field: "from", api: "from", value: "Example Store" },
    { field: "replyTo", api: "reply_to", value: "shop@example.com" },
    { field: "preheader", api: "preheader", value: "See inside" },
  ])(
    "changes $field in place with one PATCH, then reads the campaign back",
    async ({ field, api, value }) => {
      const before = await transactionalIds();
      const created = await harness.providers.TransactionalCampaign.create(INPUTS);
      const recordBefore = await storedRecord(created.id);
      harness.clock.now = new Date(harness.clock.now.getTime() + 60_000);
      const news = { ...INPUTS, [field]: value };
      await harness.clearRequests();
      const updated = await harness.providers.TransactionalCampaign.update(created.id, created.outs, {
        ...news,
        __provider: PROVIDER,
      });
      expect(await harness.calls()).toEqual([
        { method: "PATCH", path: `/v2/transactional/${created.id}` },
        { method: "GET", path: `/v2/transactional/${created.id}` },
      ]);
      // One campaign, the same, with only that field changed.
      expect(await transactionalIds()).toEqual([...before, created.id]);
      expect(await storedRecord(created.id)).toStrictEqual({
        ...recordBefore,
        [api]: value,
        modified: harness.timestamp(),
      });
      expect(updated).toStrictEqual({ outs: await expectedOutputs(created.id, news) });
      // A refresh then agrees.
      const read = await harness.providers.TransactionalCampaign.read(created.id, updated.outs);
      expect(read).toStrictEqual({ id: created.id, props: updated.outs, inputs: news });
      expect(await harness.providers.TransactionalCampaign.diff(created.id, read.props, news)).toStrictEqual(
        NO_CHANGE,
      );
    },
  );

  test("sends only the changed fields", async () => {
    const created = await harness.providers.TransactionalCampaign.create(INPUTS);
    const patch = vi.spyOn(harness.client, "updateTransactional");
    const news = { ...INPUTS, subject: "Shipped!", preheader: "See inside" };
    await harness.providers.TransactionalCampaign.update(created.id, created.outs, news);
    expect(patch.mock.calls).toEqual([[created.id, { subject: "Shipped!", preheader: "See inside" }]]);
  });

  test("an optional input the program drops is no longer managed: nothing is sent, the service keeps it", async () => {
    const created = await harness.providers.TransactionalCampaign.create(INPUTS);
    const { preheader: _, ...news } = INPUTS;
    expect(await harness.providers.TransactionalCampaign.diff(created.id, created.outs, news)).toStrictEqual(
      UPDATE,
    );
    await harness.clearRequests();
    const updated = await harness.providers.TransactionalCampaign.update(created.id, created.outs, news);
    expect(await harness.calls()).toEqual([{ method: "GET", path: `/v2/transactional/${created.id}` }]);
    expect(updated).toStrictEqual({ outs: await expectedOutputs(created.id, news) });
    expect((await storedRecord(created.id)).preheader).toBe("Tracking inside");
  });

  test("keeps adoptId in the outputs of an adopted campaign", async () => {
    // trn001 as seeded.
    const adopted = {
      title: "Order confirmation",
      subject: "Your order is confirmed",
      from: "Example News",
      replyTo: "news@example.com",
      editor: "html",
      content: "<p>Thanks for your order {{order_id}}.</p>",
      adoptId: "trn001",
    };
    const created = await harness.providers.TransactionalCampaign.create(adopted);
    const updated = await harness.providers.TransactionalCampaign.update("trn001", created.outs, {
      ...adopted,
      subject: "Order received",
    });
    expect(updated.outs).toMatchObject({ adoptId: "trn001", subject: "Order received" });
    expect((await storedRecord("trn001")).subject).toBe("Order received");
  });

  test("a change the service refuses fails with its message, never the token, and changes nothing", async () => {
    const created = await harness.providers.TransactionalCampaign.create(INPUTS);
    const recordBefore = await storedRecord(created.id);
    const error = (await harness.providers.TransactionalCampaign.update(created.id, created.outs, {
      ...INPUTS,
      subject: "Shipped!",
      replyTo: "news@unverified.example",
    }).catch((err) => err)) as Error;
    expect(error.message).toMatch(
      new RegExp(
        `^update TransactionalCampaign ${created.id} failed: replyTo "news@unverified.example": .* \\(PATCH /v2/transactional/${created.id} answered 422\\)$`,
      ),
    );
    expect(error.message).not.toContain(TOKEN);
    expect(await storedRecord(created.id)).toStrictEqual(recordBefore);
  });

  test("fails, naming the field, when the service answers without making the change", async () => {
    const created = await harness.providers.TransactionalCampaign.create(INPUTS);
    const client = harness.client;
    vi.spyOn(client, "updateTransactional").mockImplementation((id) => client.getTransactional(id));
    const error = (await harness.providers.TransactionalCampaign.update(created.id, created.outs, {
      ...INPUTS,
      subject: "Shipped!",
    }).catch((err) => err)) as Error;
    expect(error.message).toBe(
      `update TransactionalCampaign ${created.id} failed: PATCH /v2/transactional/${created.id} succeeded ` +
        'but did not make the change (subject is "Your order is on its way", not "Shipped!").',
    );
  });
});

describe("read", () => {
  test("should return the values changed behind the stack's back as inputs", async () => {
    const created = await harness.providers.TransactionalCampaign.create(INPUTS);
    // Content cannot change through the API: only the Sender interface can, so change the emulator's record.
    const record = harness.emulator.store.data.transactional.find((t) => t.id === created.id);
    if (!record) throw new Error("the created campaign is missing");
    Object.assign(record, { subject: "Changed in the interface", content: null, sent: 3 });
    const read = await harness.providers.TransactionalCampaign.read(created.id, created.outs);
    const { content: _, ...rest } = INPUTS;
    const inputs = { ...rest, subject: "Changed in the interface" };
    expect(read).toStrictEqual({
      id: created.id,
      props: { ...(await expectedOutputs(created.id, inputs)), sent: 3 },
      inputs,
    });
    expect(await harness.providers.TransactionalCampaign.diff(created.id, read.props, INPUTS)).toStrictEqual({
      changes: true,
      replaces: ["content"],
      deleteBeforeReplace: false,
    });
  });

  test("finds a change made through the API behind the stack's back; the update puts it back in place", async () => {
    const created = await harness.providers.TransactionalCampaign.create(INPUTS);
    await harness.client.updateTransactional(created.id, { subject: "Changed elsewhere", from: "Someone" });
    const read = await harness.providers.TransactionalCampaign.read(created.id, created.outs);
    const drifted = { ...INPUTS, subject: "Changed elsewhere", from: "Someone" };
    expect(read).toStrictEqual({
      id: created.id,
      props: await expectedOutputs(created.id, drifted),
      inputs: drifted,
    });
    expect(await harness.providers.TransactionalCampaign.diff(created.id, read.props, INPUTS)).toStrictEqual(
      UPDATE,
    );
    const before = await transactionalIds();
    await harness.clearRequests();
    await harness.providers.TransactionalCampaign.update(created.id, read.props ?? {}, INPUTS);
    expect(await harness.mutations()).toEqual([`PATCH /v2/transactional/${created.id}`]);
    expect(await transactionalIds()).toEqual(before);
    expect(await storedRecord(created.id)).toMatchObject({ subject: INPUTS.subject, from: INPUTS.from });
  });

  test("answers without preheader and content (variance mode) keep the known values", async () => {
    const created = await harness.providers.TransactionalCampaign.create(INPUTS);
    await setVariance(true);
    try {
      expect(await harness.client.getTransactional(created.id)).not.toHaveProperty("content");
      const read = await harness.providers.TransactionalCampaign.read(created.id, created.outs);
      expect(read).toStrictEqual({ id: created.id, props: created.outs, inputs: INPUTS });
      // An update whose answers lack them too.
      const news = { ...INPUTS, subject: "Shipped!" };
      const updated = await harness.providers.TransactionalCampaign.update(created.id, created.outs, news);
      expect(updated).toStrictEqual({ outs: await expectedOutputs(created.id, news) });
    } finally {
      await setVariance(false);
    }
  });

  test("with no prior inputs (pulumi import), every field the service holds is an input", async () => {
    const read = await harness.providers.TransactionalCampaign.read("trn001", {});
    const inputs = {
      title: "Order confirmation",
      subject: "Your order is confirmed",
      from: "Example News",
      replyTo: "news@example.com",
      editor: "html",
      content: "<p>Thanks for your order {{order_id}}.</p>",
    };
    expect(read.inputs).toStrictEqual(inputs);
    expect(read.props).toMatchObject(inputs);
    expect(
      await harness.providers.TransactionalCampaign.diff("trn001", read.props ?? {}, inputs),
    ).toStrictEqual(NO_CHANGE);
  });

  test("should say gone for an unknown campaign", async () => {
    expect(await harness.providers.TransactionalCampaign.read("zzz999", { ...INPUTS })).toStrictEqual({
      id: "",
    });
  });
});

describe("delete", () => {
  test("should only drop it from the stack, warn, and make no API call", async () => {
    const created = await harness.providers.TransactionalCampaign.create(INPUTS);
    await harness.clearRequests();
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await harness.providers.TransactionalCampaign.delete(created.id, created.outs);
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

describe("autonamed titles prove ownership", () => {
  const AUTO = { ...INPUTS, title: "order-shipped-1a2b3c4d", autonamed: true, ownershipMark: "1a2b3c4d" };

  test("an autonamed title proves nothing without this stack instance's mark at its end (a title kept from old state)", async () => {
    const old = { ...INPUTS, title: "order-shipped-9f9f9f9f", autonamed: true, ownershipMark: "1a2b3c4d" };
    const neighbours = await harness.client.createTransactional({
      title: old.title,
      subject: old.subject,
      from: old.from,
      reply_to: old.replyTo,
      editor: "html",
      preheader: old.preheader,
      content: old.content,
    });
    const created = await harness.providers.TransactionalCampaign.create(old);
    expect(created.id).not.toBe(neighbours.id);
  });

  test("adopts its own campaign an interrupted up made, with no POST", async () => {
    const orphan = await harness.client.createTransactional({
      title: AUTO.title,
      subject: AUTO.subject,
      from: AUTO.from,
      reply_to: AUTO.replyTo,
      editor: "html",
      preheader: AUTO.preheader,
      content: AUTO.content,
    });
    await harness.clearRequests();
    const created = await harness.providers.TransactionalCampaign.create(AUTO);
    expect(created.id).toBe(orphan.id);
    expect(await harness.mutations()).toEqual([]);
  });

  test("never takes over one that has sent mail (kept by an earlier destroy): a new one is made", async () => {
    const kept = await harness.providers.TransactionalCampaign.create(AUTO);
    await harness.providers.TransactionalCampaign.delete(kept.id, kept.outs);
    // Mail went out through it (the emulator's /message/send names no campaign: set the counter).
    const record = harness.emulator.store.data.transactional.find((t) => t.id === kept.id);
    if (!record) throw new Error("the kept transactional campaign is gone");
    record.sent = 3;
    harness.newProcess();
    await harness.clearRequests();
    const created = await harness.providers.TransactionalCampaign.create(AUTO);
    expect(created.id).not.toBe(kept.id);
    expect(await harness.mutations()).toEqual(["POST /v2/transactional"]);
    expect(harness.emulator.store.data.transactional.find((t) => t.id === kept.id)?.sent).toBe(3);
  });

  test("takes over one kept by an earlier destroy that has sent no mail, with no POST", async () => {
    const kept = await harness.providers.TransactionalCampaign.create(AUTO);
    await harness.providers.TransactionalCampaign.delete(kept.id, kept.outs);
    harness.newProcess();
    await harness.clearRequests();
    const created = await harness.providers.TransactionalCampaign.create(AUTO);
    expect(created.id).toBe(kept.id);
    expect(await harness.mutations()).toEqual([]);
  });

  test("never takes its predecessor for itself on a replacement (same title, new content)", async () => {
    const before = await harness.providers.TransactionalCampaign.create(AUTO);
    const after = await harness.providers.TransactionalCampaign.create({
      ...AUTO,
      content: "<p>New content</p>",
    });
    expect(after.id).not.toBe(before.id);
    expect((await transactionalIds()).slice(-2)).toEqual([before.id, after.id]);
  });
});
