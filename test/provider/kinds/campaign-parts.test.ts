// Two resources of one campaign part in one provider process, against the emulator (issue 54):
// their writes go one at a time, and the old one's delete never undoes the new one's create
// (provider/core/campaign-parts.ts). The old resource's state is a copy, as an engine hands it.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { forResource } from "../../../provider/core/diagnostics";
import { type Harness, startHarness } from "./harness";

let h: Harness;
let campaignId: string;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.reset();
  campaignId = (
    await h.client.createCampaign({
      title: "Parts",
      subject: "Hello",
      from: "Example News",
      reply_to: "news@example.com",
      content_type: "html",
      content: "<p>Hi</p>",
    })
  ).id;
  await h.clearRequests();
});

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The campaign's targeting in the emulator, as id lists. */
async function targeting() {
  const view = (await h.state()).targeting[campaignId];
  const ids = (list: { id: string }[]) => list.map((item) => item.id);
  return { tags: ids(view.tags), exclude_tags: ids(view.exclude_tags), filters: ids(view.filters) };
}

/** Runs `run`, returning the notices it wrote. */
async function notices(run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  await forResource(undefined, run, (_severity, message) => {
    lines.push(message);
  });
  return lines;
}

const LEFT = (kind: string, id: string) =>
  `${kind} ${id}: left as it is: another ${kind} resource of this run set it after this one (a replacement, or a rename without a move), so deleting this one does not undo that`;

describe("two writes to one campaign's targeting", () => {
  test("are serialized: the first held 400 ms, the second waits, and the later call's tags stay", async () => {
    await h.addFaults([
      {
        method: "POST",
        path: `^/v2/campaigns/${campaignId}/tags/set$`,
        kind: "latency",
        latencyMs: 400,
        count: 1,
      },
    ]);
    const first = h.providers.CampaignTargeting.create({ campaignId, tagIds: ["tag001"] });
    const second = h.providers.CampaignTargeting.create({ campaignId, tagIds: ["tag002"] });
    await Promise.all([first, second]);
    // Unserialized, the held first request would commit last and leave tag001.
    expect((await targeting()).tags).toEqual(["tag002"]);
    expect(await h.calls()).toEqual([
      { method: "POST", path: `/v2/campaigns/${campaignId}/tags/set`, fault: "latency" },
      { method: "POST", path: `/v2/campaigns/${campaignId}/tags/set` },
    ]);
  });

  test("a rename's delete and create started together, the delete's request held, end with the new tags", async () => {
    const old = await h.providers.CampaignTargeting.create({ campaignId, tagIds: ["tag001"] });
    h.newProcess();
    await h.addFaults([
      {
        method: "POST",
        path: `^/v2/campaigns/${campaignId}/tags/set$`,
        kind: "latency",
        latencyMs: 400,
        count: 1,
      },
    ]);
    await Promise.all([
      h.providers.CampaignTargeting.delete(campaignId, copy(old.outs)),
      h.providers.CampaignTargeting.create({ campaignId, tagIds: ["tag001"] }),
    ]);
    expect((await targeting()).tags).toEqual(["tag001"]);
  });
});

describe("a delete after another resource's create of the same part", () => {
  test("of a targeting leaves the new tags, removing only what the old one alone set", async () => {
    const old = await h.providers.CampaignTargeting.create({
      campaignId,
      tagIds: ["tag001"],
      excludedTagIds: ["tag004", "tag003"],
      filterIds: ["flt001"],
    });
    h.newProcess();
    await h.providers.CampaignTargeting.create({
      campaignId,
      tagIds: ["tag002"],
      excludedTagIds: ["tag003"],
    });
    await h.clearRequests();
    const lines = await notices(() => h.providers.CampaignTargeting.delete(campaignId, copy(old.outs)));
    expect(lines).toEqual([LEFT("CampaignTargeting", campaignId)]);
    expect(await targeting()).toEqual({ tags: ["tag002"], exclude_tags: ["tag003"], filters: [] });
    // Only removals: the old one's excluded tag and saved filter the new one does not have.
    expect(await h.mutations()).toEqual([
      `DELETE /v2/campaigns/${campaignId}/exclude_tags/tag004`,
      `DELETE /v2/campaigns/${campaignId}/filters`,
    ]);
  });

  test("of the same targeting (a create-first replacement) sends nothing", async () => {
    const old = await h.providers.CampaignTargeting.create({ campaignId, tagIds: ["tag001"] });
    h.newProcess();
    await h.providers.CampaignTargeting.create({ campaignId, tagIds: ["tag001"] });
    await h.clearRequests();
    await h.providers.CampaignTargeting.delete(campaignId, copy(old.outs));
    expect((await targeting()).tags).toEqual(["tag001"]);
    expect(await h.mutations()).toEqual([]);
  });

  test("of a schedule leaves the campaign scheduled at the new time", async () => {
    const old = await h.providers.CampaignSchedule.create({
      campaignId,
      scheduleTime: "2031-06-01T09:00:00Z",
    });
    h.newProcess();
    await h.providers.CampaignSchedule.create({ campaignId, scheduleTime: "2031-06-02T09:00:00Z" });
    const lines = await notices(() => h.providers.CampaignSchedule.delete(campaignId, copy(old.outs)));
    expect(lines).toEqual([LEFT("CampaignSchedule", campaignId)]);
    expect(await h.campaign(campaignId)).toMatchObject({
      status: "SCHEDULED",
      schedule_time: "2031-06-02 09:00:00",
    });
  });

  test("of a follow-up leaves the new follow-up on", async () => {
    const old = await h.providers.CampaignFollowUp.create({ campaignId, subject: "Old", delayHours: 48 });
    h.newProcess();
    await h.providers.CampaignFollowUp.create({ campaignId, subject: "New", delayHours: 24 });
    await h.providers.CampaignFollowUp.delete(campaignId, copy(old.outs));
    expect(await h.campaign(campaignId)).toMatchObject({
      auto_followup_active: 1,
      auto_followup_subject: "New",
      auto_followup_delay: 24,
    });
  });
});

describe("a delete with no other write of the part in this process", () => {
  test("of a targeting, in a later process, clears it", async () => {
    const old = await h.providers.CampaignTargeting.create({
      campaignId,
      tagIds: ["tag001"],
      excludedTagIds: ["tag004"],
    });
    h.newProcess();
    expect(await notices(() => h.providers.CampaignTargeting.delete(campaignId, copy(old.outs)))).toEqual([]);
    expect(await targeting()).toEqual({ tags: [], exclude_tags: [], filters: [] });
  });

  test("of a targeting, handed its own create's outputs in the same process, clears it", async () => {
    const created = await h.providers.CampaignTargeting.create({ campaignId, tagIds: ["tag001"] });
    await h.providers.CampaignTargeting.delete(campaignId, created.outs);
    expect((await targeting()).tags).toEqual([]);
  });

  test("of a schedule clears it, while another campaign's part written in this process is no matter", async () => {
    const other = (
      await h.client.createCampaign({
        title: "Other",
        subject: "Hello",
        from: "Example News",
        reply_to: "news@example.com",
        content_type: "html",
        content: "<p>Hi</p>",
      })
    ).id;
    const old = await h.providers.CampaignSchedule.create({
      campaignId,
      scheduleTime: "2031-06-01T09:00:00Z",
    });
    h.newProcess();
    await h.providers.CampaignSchedule.create({ campaignId: other, scheduleTime: "2031-06-01T09:00:00Z" });
    await h.providers.CampaignTargeting.create({ campaignId, tagIds: ["tag001"] });
    await h.providers.CampaignSchedule.delete(campaignId, copy(old.outs));
    expect(await h.campaign(campaignId)).toMatchObject({ status: "DRAFT" });
    expect(await h.campaign(other)).toMatchObject({ status: "SCHEDULED" });
  });
});
