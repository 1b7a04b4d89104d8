import { afterAll, beforeAll, beforeEach, describe, expect } from "vitest";
import { SenderClient } from "../../../provider/client";
import type * as api from "../../../provider/client/schemas";
import type { ProviderContext } from "../../../provider/core/context";
import { ListedReads } from "../../../provider/core/listed-records";
import { campaignForRead, groupForRead } from "../../../provider/core/paged-reads";
import { test } from "../../support/pulumi-words";
import { type Harness, PROVIDER_STUB, startHarness, TOKEN } from "../kinds/harness";

// The reads a page of the campaign list (or the webhook list) serves in place of one GET each:
// only when the page proves the record current, never after this context's own write.

const withProvider = (inputs: Record<string, unknown>): Record<string, unknown> => ({
  ...inputs,
  __provider: PROVIDER_STUB,
});

const inputsOf = (n: number) => ({
  title: `Paged ${n}`,
  subject: `Subject ${n}`,
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: `<p>Hello ${n}</p>`,
  preheader: `Preheader ${n}`,
  groups: ["grp001"],
  googleAnalytics: true,
});

let h: Harness;
/** A client of its own: what it writes is a change made behind the stack's back. */
let outside: SenderClient;

beforeAll(async () => {
  h = await startHarness();
  outside = new SenderClient({ baseUrl: h.emulator.url, apiToken: TOKEN });
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.reset();
});

/** Makes `count` campaigns in this process and returns their ids and outputs; the next process reads them. */
async function made(count: number): Promise<{ id: string; outs: Record<string, unknown> }[]> {
  const all = [];
  for (let n = 0; n < count; n++) {
    const created = await h.providers.Campaign.create(withProvider(inputsOf(n)));
    all.push({ id: created.id, outs: created.outs as Record<string, unknown> });
  }
  // The engine's next run: a new process, nothing listed or written yet, a second later.
  h.newProcess();
  h.clock.now = new Date(h.clock.now.getTime() + 1000);
  await h.clearRequests();
  return all;
}

describe("a refresh of unchanged campaigns", () => {
  test("thirty at once: one page of the list, no other request, the same outputs and inputs", async () => {
    const campaigns = await made(30);
    const reads = await Promise.all(
      campaigns.map(({ id, outs }) => h.providers.Campaign.read(id, withProvider(outs))),
    );
    expect(await h.lines()).toEqual(["GET /v2/campaigns?page=1&limit=100"]);
    reads.forEach((read, n) => {
      expect(read.props).toEqual(campaigns[n]?.outs);
      expect(read.inputs).toEqual(inputsOf(n));
    });
  });

  test("a hundred and fifty: two pages (⌈150/100⌉), each read once", async () => {
    const campaigns = await made(150);
    const reads = await Promise.all(
      campaigns.map(({ id, outs }) => h.providers.Campaign.read(id, withProvider(outs))),
    );
    expect(await h.lines()).toEqual([
      "GET /v2/campaigns?page=1&limit=100",
      "GET /v2/campaigns?page=2&limit=100",
    ]);
    expect(reads.map((read) => read.props)).toEqual(campaigns.map(({ outs }) => outs));
  });

  test("the content changed behind the stack's back (`modified` moved): the page proves nothing, the GET finds it", async () => {
    const [first, second] = await made(2);
    await outside.updateCampaign(first!.id, { content: "<p>Changed outside</p>" });
    await h.clearRequests();
    const [changed, same] = await Promise.all(
      [first!, second!].map(({ id, outs }) => h.providers.Campaign.read(id, withProvider(outs))),
    );
    expect(await h.lines()).toEqual(["GET /v2/campaigns?page=1&limit=100", `GET /v2/campaigns/${first!.id}`]);
    expect(changed?.inputs).toEqual({ ...inputsOf(0), content: "<p>Changed outside</p>" });
    expect(changed?.props?.modified).toBe(h.timestamp());
    expect(same?.props).toEqual(second!.outs);
  });

  test("a state without `modified` (or without the content's hash) has no proof: its own GET", async () => {
    const [first, second] = await made(2);
    const { modified: _modified, ...noModified } = first!.outs;
    const { contentHash: _hash, ...noHash } = second!.outs;
    await h.providers.Campaign.read(first!.id, withProvider(noModified));
    await h.providers.Campaign.read(second!.id, withProvider(noHash));
    expect(await h.lines()).toEqual([
      "GET /v2/campaigns?page=1&limit=100",
      `GET /v2/campaigns/${first!.id}`,
      `GET /v2/campaigns/${second!.id}`,
    ]);
  });

  test("a campaign this context wrote is read on its own, though the page read before shows it", async () => {
    const [first] = await made(1);
    const read = await h.providers.Campaign.read(first!.id, withProvider(first!.outs));
    const news = withProvider({ ...inputsOf(0), subject: "Written here" });
    const updated = await h.providers.Campaign.update(first!.id, read.props!, news);
    await h.clearRequests();
    const again = await h.providers.Campaign.read(first!.id, withProvider(updated.outs!));
    expect(await h.lines()).toEqual([`GET /v2/campaigns/${first!.id}`]);
    expect(again.inputs).toEqual({ ...inputsOf(0), subject: "Written here" });
  });

  test("a failed page: each read falls back to its GET", async () => {
    const campaigns = await made(3);
    await h.addFaults([{ method: "GET", path: "^/v2/campaigns$", kind: "status", status: 404 }]);
    const reads = await Promise.all(
      campaigns.map(({ id, outs }) => h.providers.Campaign.read(id, withProvider(outs))),
    );
    expect((await h.lines()).sort()).toEqual(
      [
        "GET /v2/campaigns?page=1&limit=100 (status)",
        ...campaigns.map(({ id }) => `GET /v2/campaigns/${id}`),
      ].sort(),
    );
    expect(reads.map((read) => read.props)).toEqual(campaigns.map(({ outs }) => outs));
  });
});

describe("the parts of a campaign read from the same page", () => {
  test("a schedule, a follow-up and a targeting: the page serves their campaign (its fields are listed)", async () => {
    const [first] = await made(1);
    h.newProcess();
    const id = first!.id;
    const schedule = await h.providers.CampaignSchedule.create(
      withProvider({ campaignId: id, scheduleTime: "2031-06-01T09:00:00Z" }),
    );
    const followUp = await h.providers.CampaignFollowUp.create(
      withProvider({ campaignId: id, subject: "Did you see?", delayHours: 48 }),
    );
    const targeting = await h.providers.CampaignTargeting.create(
      withProvider({ campaignId: id, tagIds: ["tag001"] }),
    );
    h.newProcess();
    await h.clearRequests();
    const reads = await Promise.all([
      h.providers.CampaignSchedule.read(id, withProvider(schedule.outs)),
      h.providers.CampaignFollowUp.read(id, withProvider(followUp.outs)),
      h.providers.CampaignTargeting.read(id, withProvider(targeting.outs)),
    ]);
    expect((await h.lines()).sort()).toEqual([
      `GET /v2/campaigns/${id}/exclude_filters`,
      `GET /v2/campaigns/${id}/exclude_tags`,
      `GET /v2/campaigns/${id}/filters`,
      `GET /v2/campaigns/${id}/tags`,
      "GET /v2/campaigns?page=1&limit=100",
    ]);
    expect(reads.map((read) => read.props)).toEqual([schedule.outs, followUp.outs, targeting.outs]);
  });
});

describe("webhooks", () => {
  test("three webhooks: one read of the list", async () => {
    const hooks = [];
    for (const topic of ["subscribers/new", "subscribers/updated", "campaigns/new"]) {
      hooks.push(
        await h.providers.Webhook.create(withProvider({ url: "https://hooks.example.com/sender", topic })),
      );
    }
    h.newProcess();
    await h.clearRequests();
    const reads = await Promise.all(
      hooks.map((hook) => h.providers.Webhook.read(hook.id, withProvider(hook.outs))),
    );
    expect(await h.lines()).toEqual(["GET /v2/account/webhooks"]);
    expect(reads.map((read) => read.props)).toEqual(hooks.map((hook) => hook.outs));
  });
});

describe("groups", () => {
  test("three made and a seeded one: one page of the list; a title changed outside is read from it", async () => {
    const made = [];
    for (const title of ["Early birds", "Late owls", "Regulars"])
      made.push(await h.providers.Group.create(withProvider({ title })));
    const seeded = await h.providers.Group.read("grp002", withProvider({}));
    h.newProcess();
    await outside.renameGroup(made[0]!.id, { title: "Renamed outside" });
    await h.clearRequests();
    const reads = await Promise.all([
      ...made.map((one) => h.providers.Group.read(one.id, withProvider(one.outs))),
      h.providers.Group.read("grp002", withProvider(seeded.props)),
    ]);
    expect(await h.lines()).toEqual(["GET /v2/groups?page=1&limit=100"]);
    expect(reads.map((read) => read.inputs?.title)).toEqual([
      "Renamed outside",
      "Late owls",
      "Regulars",
      "Beta testers",
    ]);
    expect(reads.slice(1, 3).map((read) => read.props)).toEqual(made.slice(1).map((one) => one.outs));
    expect(reads[3]?.props).toEqual(seeded.props);
  });

  test("a group renamed by this process, then read: its own GET, never the page", async () => {
    const made = await h.providers.Group.create(withProvider({ title: "Early birds" }));
    h.newProcess();
    await h.clearRequests();
    const first = await h.providers.Group.read("grp001", withProvider({}));
    await h.providers.Group.update(
      made.id,
      withProvider(made.outs),
      withProvider({ ...made.outs, title: "Early risers" }),
    );
    const read = await h.providers.Group.read(made.id, withProvider(made.outs));
    expect(await h.lines()).toEqual([
      "GET /v2/groups?page=1&limit=100",
      `PATCH /v2/groups/${made.id}`,
      `GET /v2/groups/${made.id}`,
    ]);
    expect([first.inputs?.title, read.inputs?.title]).toEqual(["Main list", "Early risers"]);
  });

  test("a group deleted outside: the page does not show it, its GET answers 404, and the read finds it gone", async () => {
    const made = await h.providers.Group.create(withProvider({ title: "Early birds" }));
    h.newProcess();
    await outside.deleteGroup(made.id);
    await h.clearRequests();
    const read = await h.providers.Group.read(made.id, withProvider(made.outs));
    expect(await h.lines()).toEqual(["GET /v2/groups?page=1&limit=100", `GET /v2/groups/${made.id}`]);
    expect(read.id).toBe("");
  });

  test("groupForRead: a listed group without a count the read outputs is read on its own", async () => {
    const gets: string[] = [];
    const listed = new ListedReads();
    const group = (counts: boolean) =>
      ({
        id: "g1",
        title: "Early birds",
        created: "2026-01-01 00:00:00",
        modified: null,
        ...(counts ? { recipient_count: 3, active_subscribers: 2 } : {}),
      }) as api.Group;
    const contextOf = (counts: boolean) =>
      ({
        written: (id: string) => listed.written(id),
        listedGroup: (id: string) =>
          listed.find("groups", id, async () => ({ data: [group(counts)], meta: { last_page: 1 } })),
        client: () => ({
          getGroup: async (id: string) => {
            gets.push(id);
            return group(true);
          },
        }),
      }) as unknown as ProviderContext;
    expect(await groupForRead(contextOf(false), "g1")).toEqual(group(true));
    expect(gets).toEqual(["g1"]);
  });
});

describe("transactional campaigns", () => {
  const transactional = (n: number) => ({
    title: `Receipt ${n}`,
    subject: `Your order ${n}`,
    from: "Example Shop",
    replyTo: "news@example.com",
    editor: "html",
    preheader: "Tracking inside",
    content: `<p>Order ${n}</p>`,
  });

  test("three at once: one page of the list; a subject changed outside is read from it", async () => {
    const made = [];
    for (let n = 0; n < 3; n++)
      made.push(await h.providers.TransactionalCampaign.create(withProvider(transactional(n))));
    h.newProcess();
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    await outside.updateTransactional(made[0]!.id, { subject: "Changed outside" });
    await h.clearRequests();
    const reads = await Promise.all(
      made.map((one) => h.providers.TransactionalCampaign.read(one.id, withProvider(one.outs))),
    );
    // The emulator's list carries every field its GET does, the counters too: no proof needed.
    expect(await h.lines()).toEqual(["GET /v2/transactional?page=1&limit=100"]);
    expect(reads.map((read) => read.inputs?.subject)).toEqual([
      "Changed outside",
      "Your order 1",
      "Your order 2",
    ]);
    expect(reads.slice(1).map((read) => read.props)).toEqual(made.slice(1).map((one) => one.outs));
  });
});

describe("campaignForRead, alone", () => {
  const record = (modified: string) =>
    ({ id: "c1", subject: "s", status: "DRAFT", modified, title: "t" }) as api.Campaign;

  /** A context whose page answers when `release` is called, and whose GET answers `fresh`. */
  function gated() {
    const listed = new ListedReads();
    const gets: string[] = [];
    let release: () => void = () => undefined;
    const page = new Promise<void>((resolve) => {
      release = resolve;
    });
    const context = {
      written: (id: string) => listed.written(id),
      listedCampaign: (id: string) =>
        listed.find("campaigns", id, async () => {
          await page;
          return { data: [record("2026-01-01 00:00:00")], meta: { last_page: 1 } };
        }),
      client: () => ({
        getCampaign: async (id: string) => {
          gets.push(id);
          return record("2026-01-01 00:00:09");
        },
      }),
    } as unknown as ProviderContext;
    return { listed, gets, release, context };
  }

  test("concurrent reads wait on one page; `modified` equal to the state's proves it", async () => {
    const { gets, release, context } = gated();
    const reads = [1, 2, 3].map(() =>
      campaignForRead(context, "c1", ["subject", "content"], "2026-01-01 00:00:00"),
    );
    release();
    const answers = await Promise.all(reads);
    expect(answers.map((answer) => [answer.listed, answer.campaign.modified])).toEqual([
      [true, "2026-01-01 00:00:00"],
      [true, "2026-01-01 00:00:00"],
      [true, "2026-01-01 00:00:00"],
    ]);
    expect(gets).toEqual([]);
  });

  test("another `modified` than the state's: the GET's record", async () => {
    const { gets, release, context } = gated();
    release();
    const answer = await campaignForRead(context, "c1", ["subject", "content"], "2025-12-31 23:59:59");
    expect([answer.listed, answer.campaign.modified, gets]).toEqual([false, "2026-01-01 00:00:09", ["c1"]]);
  });

  test("every field the read compares carried: no proof needed", async () => {
    const { gets, release, context } = gated();
    release();
    const answer = await campaignForRead(context, "c1", ["subject", "status"], undefined);
    expect([answer.listed, gets]).toEqual([true, []]);
  });

  test("a write that began while the page was read: the GET's record", async () => {
    const { listed, gets, release, context } = gated();
    const read = campaignForRead(context, "c1", ["subject"], "2026-01-01 00:00:00");
    listed.wrote(["c1"]);
    release();
    const answer = await read;
    expect([answer.listed, answer.campaign.modified, gets]).toEqual([false, "2026-01-01 00:00:09", ["c1"]]);
  });
});
