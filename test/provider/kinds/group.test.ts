import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { keptWarning, usersOf } from "../../../provider/kinds/group";
import { type Harness, NO_CHANGE, startHarness, UPDATE } from "./harness";

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

/** The account's groups as `id title` lines. */
async function groups(): Promise<string[]> {
  return (await harness.client.listGroups({ limit: 100 })).data.map((group) => `${group.id} ${group.title}`);
}

/** The lines a call wrote to stderr (the dynamic door's warnings). */
async function warningsOf<T>(call: () => Promise<T>): Promise<{ result: T; lines: string[] }> {
  const spy = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    const result = await call();
    return { result, lines: spy.mock.calls.map(([line]) => String(line).trim()) };
  } finally {
    spy.mockRestore();
  }
}

describe("Group", () => {
  test("creates a group with an explicit title, marked then renamed, and reads it back the same", async () => {
    const inputs = { title: "Early birds", ownershipMark: "1a2b3c4d" };
    await harness.clearRequests();
    const created = await harness.providers.Group.create(inputs);
    expect(await groups()).toEqual(["grp001 Main list", "grp002 Beta testers", `${created.id} Early birds`]);
    const now = harness.timestamp();
    expect(created.outs).toStrictEqual({
      ...inputs,
      recipientCount: 0,
      activeSubscribers: 0,
      created: now,
      modified: now,
    });
    expect(await harness.lines()).toEqual([
      "GET /v2/groups?page=1&limit=100",
      "POST /v2/groups",
      `PATCH /v2/groups/${created.id}`,
      "GET /v2/groups?limit=100",
    ]);
    const read = await harness.providers.Group.read(created.id, created.outs);
    expect(read).toStrictEqual({ id: created.id, props: created.outs, inputs });
    expect(await harness.providers.Group.diff(created.id, read.props, inputs)).toStrictEqual(NO_CHANGE);
  });

  test("renames in place: a new title is an update, never a replacement", async () => {
    const created = await harness.providers.Group.create({ title: "Early birds", ownershipMark: "1a2b3c4d" });
    const news = { title: "Night owls", ownershipMark: "1a2b3c4d" };
    expect(await harness.providers.Group.diff(created.id, created.outs, news)).toStrictEqual(UPDATE);
    await harness.clearRequests();
    const updated = await harness.providers.Group.update(created.id, created.outs, news);
    expect(updated.outs).toMatchObject({ title: "Night owls" });
    expect(await harness.mutations()).toEqual([`PATCH /v2/groups/${created.id}`]);
    expect(await groups()).toContain(`${created.id} Night owls`);
  });

  test("reclaims what a marked create with a lost answer made, and makes exactly one", async () => {
    const inputs = { title: "Early birds", ownershipMark: "1a2b3c4d" };
    await harness.addFaults([{ method: "POST", path: "^/v2/groups$", kind: "drop-after", count: 1 }]);
    const created = await harness.providers.Group.create(inputs);
    expect(await groups()).toEqual(["grp001 Main list", "grp002 Beta testers", `${created.id} Early birds`]);
  });

  test("an autonamed group is proven by its title: a killed create's group is reclaimed by a new process", async () => {
    const inputs = { title: "early-birds-1a2b3c4d", autonamed: true, ownershipMark: "1a2b3c4d" };
    const made = await harness.client.createGroup({ title: "early-birds-1a2b3c4d" });
    harness.newProcess();
    await harness.clearRequests();
    const created = await harness.providers.Group.create(inputs);
    expect(created.id).toBe(made.id);
    expect(await harness.mutations()).toEqual([]);
  });

  test("imports a seeded group by id with its title as the input", async () => {
    const read = await harness.providers.Group.read("grp002", {});
    expect(read).toStrictEqual({
      id: "grp002",
      props: {
        title: "Beta testers",
        recipientCount: 6,
        activeSubscribers: 5,
        created: "2026-01-02 09:00:00",
      },
      inputs: { title: "Beta testers" },
    });
  });

  test("takes over a group by adoptId, renaming it in place", async () => {
    await harness.clearRequests();
    const created = await harness.providers.Group.create({ title: "Beta crew", adoptId: "grp002" });
    expect(created.id).toBe("grp002");
    expect(await harness.mutations()).toEqual(["PATCH /v2/groups/grp002"]);
    expect(await groups()).toEqual(["grp001 Main list", "grp002 Beta crew"]);
  });

  test("keeps a group a draft campaign or a webhook uses, with a warning, unless deleteEvenIfUsed", async () => {
    const created = await harness.providers.Group.create({ title: "Early birds", ownershipMark: "1a2b3c4d" });
    const campaign = await harness.client.createCampaign({
      title: "Hello",
      subject: "Hello",
      from: "Example News",
      reply_to: "news@example.com",
      content_type: "html",
      content: "<p>Hi</p>",
      groups: [created.id],
    });
    const hook = await harness.client.createWebhook({
      url: "https://hooks.example.com/a",
      topic: "groups/new-subscriber",
      relation_id: created.id,
    });
    await harness.clearRequests();
    const { lines } = await warningsOf(() => harness.providers.Group.delete(created.id, created.outs));
    expect(lines.join("\n")).toContain(
      `Group ${created.id} is still used by campaign ${campaign.id} and webhook ${hook.id}: kept in Sender and dropped from the stack. To delete it anyway, set deleteEvenIfUsed to true and run \`pulumi up\` before removing it; its subscribers are never deleted.`,
    );
    expect(await harness.mutations()).toEqual([]);
    expect(await groups()).toContain(`${created.id} Early birds`);
    await harness.providers.Group.delete(created.id, { ...created.outs, deleteEvenIfUsed: true });
    expect(await harness.mutations()).toEqual([`DELETE /v2/groups/${created.id}`]);
    expect(await groups()).toEqual(["grp001 Main list", "grp002 Beta testers"]);
    // The subscribers stay: the seeded account still has its 23 active ones.
    expect((await harness.client.getActiveSubscribers()).active_subscribers).toBe(23);
  });

  test("a campaign deleted between the list and its own read uses nothing (a destroy deletes them side by side)", async () => {
    const created = await harness.providers.Group.create({ title: "Early birds", ownershipMark: "1a2b3c4d" });
    const campaign = await harness.client.createCampaign({
      title: "Hello",
      subject: "Hello",
      from: "Example News",
      reply_to: "news@example.com",
      content_type: "html",
      content: "<p>Hi</p>",
      groups: [created.id],
    });
    const read = harness.client.getCampaign.bind(harness.client);
    const spy = vi.spyOn(harness.client, "getCampaign").mockImplementation(async (id) => {
      if (id === campaign.id) await harness.client.deleteCampaigns([id]);
      return read(id);
    });
    try {
      expect(await usersOf(harness.client, created.id)).toEqual({ campaigns: [], webhooks: [] });
      expect(spy.mock.calls.map(([id]) => id)).toContain(campaign.id);
    } finally {
      spy.mockRestore();
    }
  });

  test("deletes a group no unsent campaign and no webhook uses; a group already gone is no error", async () => {
    const created = await harness.providers.Group.create({ title: "Early birds", ownershipMark: "1a2b3c4d" });
    await harness.providers.Group.delete(created.id, created.outs);
    expect(await groups()).toEqual(["grp001 Main list", "grp002 Beta testers"]);
    await harness.providers.Group.delete(created.id, created.outs);
  });

  test("refuses a bad title at check, naming the field", async () => {
    const result = await harness.providers.Group.check({}, { title: "  " });
    expect(result.failures).toEqual([
      { property: "title", reason: "must be a non-empty string of at most 255 characters" },
    ]);
  });

  test("names at most 5 users of each kind in the kept warning, counting the rest", () => {
    const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    expect(keptWarning("g1", { campaigns: ids("c", 7), webhooks: ids("w", 2) })).toBe(
      "Group g1 is still used by campaigns c0, c1, c2, c3, c4 and 2 more and webhooks w0, w1: kept in Sender " +
        "and dropped from the state. To delete it anyway, set deleteEvenIfUsed to true and run `up` before " +
        "removing it; its subscribers are never deleted.",
    );
  });
});
