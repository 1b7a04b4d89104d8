import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { type Harness, startHarness, TOKEN } from "./harness";

const PROVIDER = "exports.handler=function(){}";
const DELAY_REASON = "must be one of 12, 24, 48, 72, 96, 120, 144, 168 (hours)";

/** The follow-up fields of a campaign as the emulator holds them. */
async function followUpOf(campaignId: string) {
  const campaign = await harness.campaign(campaignId);
  return {
    active: campaign.auto_followup_active,
    subject: campaign.auto_followup_subject,
    delay: campaign.auto_followup_delay,
  };
}

async function newCampaign(): Promise<string> {
  const campaign = await harness.client.createCampaign({
    title: "Follow-up test",
    subject: "Hello",
    from: "Example News",
    reply_to: "news@example.com",
    content_type: "html",
    content: "<p>Hi</p>",
  });
  return campaign.id;
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
  const valid = { campaignId: "abc123", subject: "Did you miss this?", delayHours: 48 };

  test.each([
    {
      name: "a missing campaign id",
      news: { ...valid, campaignId: undefined },
      property: "campaignId",
      reason: "must be a campaign id",
    },
    {
      name: "an empty subject",
      news: { ...valid, subject: "  " },
      property: "subject",
      reason: "must be a non-empty string",
    },
    {
      name: "a delay not offered",
      news: { ...valid, delayHours: 36 },
      property: "delayHours",
      reason: DELAY_REASON,
    },
    {
      name: "a delay given as text",
      news: { ...valid, delayHours: "48" },
      property: "delayHours",
      reason: DELAY_REASON,
    },
    {
      name: "a non-boolean switch",
      news: { ...valid, active: "yes" },
      property: "active",
      reason: "must be true or false",
    },
  ])("should refuse $name", async ({ news, property, reason }) => {
    const result = await harness.providers.CampaignFollowUp.check({}, { ...news, __provider: PROVIDER });
    expect(result.failures).toEqual([{ property, reason }]);
  });

  test("should default active to true and keep the provider key", async () => {
    const result = await harness.providers.CampaignFollowUp.check({}, { ...valid, __provider: PROVIDER });
    expect(result).toStrictEqual({ inputs: { ...valid, active: true, __provider: PROVIDER } });
  });

  test("should let unknown values through during preview", async () => {
    const news = { campaignId: UNKNOWN, subject: UNKNOWN, delayHours: UNKNOWN, active: UNKNOWN };
    const result = await harness.providers.CampaignFollowUp.check({}, news);
    expect(result).toStrictEqual({ inputs: news });
  });
});

describe("create, diff and update", () => {
  const base = { subject: "Did you miss this?", delayHours: 48 };

  test.each([
    {
      name: "a new subject updates in place",
      change: { subject: "Last chance" },
      diff: { changes: true, replaces: [], deleteBeforeReplace: false },
      after: { active: 1, subject: "Last chance", delay: 48 },
    },
    {
      name: "a new delay updates in place",
      change: { delayHours: 168 },
      diff: { changes: true, replaces: [], deleteBeforeReplace: false },
      after: { active: 1, subject: "Did you miss this?", delay: 168 },
    },
    {
      name: "switching it off keeps subject and delay",
      change: { active: false },
      diff: { changes: true, replaces: [], deleteBeforeReplace: false },
      after: { active: 0, subject: "Did you miss this?", delay: 48 },
    },
    {
      name: "no change is no change",
      change: {},
      diff: { changes: false, replaces: [], deleteBeforeReplace: false },
      after: { active: 1, subject: "Did you miss this?", delay: 48 },
    },
  ])("$name", async ({ change, diff, after }) => {
    const campaignId = await newCampaign();
    const created = await harness.providers.CampaignFollowUp.create({ campaignId, ...base, active: true });
    expect(created).toStrictEqual({ id: campaignId, outs: { campaignId, ...base, active: true } });
    expect(await followUpOf(campaignId)).toEqual({ active: 1, subject: base.subject, delay: 48 });

    const news = (
      await harness.providers.CampaignFollowUp.check(created.outs, { campaignId, ...base, ...change })
    ).inputs;
    expect(await harness.providers.CampaignFollowUp.diff(campaignId, created.outs, news)).toStrictEqual(diff);
    if (diff.changes) {
      const updated = await harness.providers.CampaignFollowUp.update(campaignId, created.outs, news);
      expect(updated).toStrictEqual({ outs: { campaignId, ...base, active: true, ...change } });
    }
    expect(await followUpOf(campaignId)).toEqual(after);
  });

  test("should replace it when it moves to another campaign", async () => {
    const first = await newCampaign();
    const second = await newCampaign();
    const olds = (
      await harness.providers.CampaignFollowUp.create({ campaignId: first, ...base, active: true })
    ).outs;
    const news = { campaignId: second, ...base, active: true };
    expect(await harness.providers.CampaignFollowUp.diff(first, olds, news)).toStrictEqual({
      changes: true,
      replaces: ["campaignId"],
      deleteBeforeReplace: true,
    });
    // The engine's replacement, as the diff asks: delete the old one, then create the new one.
    await harness.providers.CampaignFollowUp.delete(first, olds);
    await harness.providers.CampaignFollowUp.create(news);
    expect(await followUpOf(first)).toEqual({ active: 0, subject: null, delay: null });
    expect(await followUpOf(second)).toEqual({ active: 1, subject: base.subject, delay: 48 });
  });

  test("should create it switched off when active is false", async () => {
    const campaignId = await newCampaign();
    await harness.providers.CampaignFollowUp.create({ campaignId, ...base, active: false });
    expect(await followUpOf(campaignId)).toEqual({ active: 0, subject: base.subject, delay: 48 });
  });

  test("should switch it on again with one write", async () => {
    const campaignId = await newCampaign();
    const olds = (await harness.providers.CampaignFollowUp.create({ campaignId, ...base, active: false }))
      .outs;
    await harness.clearRequests();
    await harness.providers.CampaignFollowUp.update(campaignId, olds, { campaignId, ...base, active: true });
    expect(await harness.calls()).toEqual([
      // The sent guard's read, then the one write.
      { method: "GET", path: `/v2/campaigns/${campaignId}` },
      { method: "POST", path: `/v2/campaigns/${campaignId}/follow_up` },
    ]);
    expect(await followUpOf(campaignId)).toEqual({ active: 1, subject: base.subject, delay: 48 });
  });

  test("diff makes no API call when inputs are unchanged", async () => {
    const campaignId = await newCampaign();
    const olds = (await harness.providers.CampaignFollowUp.create({ campaignId, ...base, active: true }))
      .outs;
    await harness.clearRequests();
    const diff = await harness.providers.CampaignFollowUp.diff(campaignId, olds, {
      campaignId,
      ...base,
      active: true,
      __provider: PROVIDER,
    });
    expect(diff).toStrictEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
    expect(await harness.calls()).toEqual([]);
  });

  test("diff of an unknown subject only reads the campaign list (the sent guard)", async () => {
    const campaignId = await newCampaign();
    const olds = (await harness.providers.CampaignFollowUp.create({ campaignId, ...base, active: true }))
      .outs;
    await harness.clearRequests();
    const diff = await harness.providers.CampaignFollowUp.diff(campaignId, olds, {
      campaignId,
      ...base,
      subject: UNKNOWN,
      active: true,
    });
    expect(diff).toStrictEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    expect(await harness.calls()).toEqual([{ method: "GET", path: "/v2/campaigns?page=1&limit=100" }]);
  });
});

describe("a sent campaign", () => {
  test("should refuse any change at diff, saying why", async () => {
    const campaignId = await newCampaign();
    const olds = (
      await harness.providers.CampaignFollowUp.create({
        campaignId,
        subject: "Reminder",
        delayHours: 24,
        active: true,
      })
    ).outs;
    await harness.client.setSendToAll(campaignId);
    await harness.client.sendCampaign(campaignId);
    await expect(
      harness.providers.CampaignFollowUp.diff(campaignId, olds, {
        campaignId,
        subject: "Another reminder",
        delayHours: 24,
        active: true,
      }),
    ).rejects.toMatchObject({
      name: "SenderOperationError",
      message:
        `diff CampaignFollowUp ${campaignId} failed: ` +
        `Campaign ${campaignId} has already been sent (status SENT): refusing to change its CampaignFollowUp (subject). ` +
        "The service freezes a sent campaign; remove the CampaignFollowUp from the stack or revert the change.",
    });
  });

  test("should still show no change when nothing changed", async () => {
    const campaignId = await newCampaign();
    const olds = (
      await harness.providers.CampaignFollowUp.create({
        campaignId,
        subject: "Reminder",
        delayHours: 24,
        active: true,
      })
    ).outs;
    await harness.client.setSendToAll(campaignId);
    await harness.client.sendCampaign(campaignId);
    expect(await harness.providers.CampaignFollowUp.diff(campaignId, olds, { ...olds })).toStrictEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });
});

describe("read", () => {
  const inputs = { subject: "Did you miss this?", delayHours: 48, active: true };

  test("should return the values changed behind the stack's back as inputs", async () => {
    const campaignId = await newCampaign();
    const olds = (await harness.providers.CampaignFollowUp.create({ campaignId, ...inputs })).outs;
    await harness.client.setFollowUp(campaignId, { subject: "Changed elsewhere", time: 72 });
    await harness.client.cancelFollowUp(campaignId);
    const expected = { campaignId, subject: "Changed elsewhere", delayHours: 72, active: false };
    expect(await harness.providers.CampaignFollowUp.read(campaignId, olds)).toStrictEqual({
      id: campaignId,
      props: expected,
      inputs: expected,
    });
  });

  test("should leave no diff behind after a refresh of an unchanged follow-up", async () => {
    const campaignId = await newCampaign();
    const olds = (await harness.providers.CampaignFollowUp.create({ campaignId, ...inputs })).outs;
    const read = await harness.providers.CampaignFollowUp.read(campaignId, olds);
    expect(
      await harness.providers.CampaignFollowUp.diff(campaignId, read.props, { campaignId, ...inputs }),
    ).toStrictEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  test.each([
    { name: "the follow-up was deleted", remove: (id: string) => harness.client.deleteFollowUp(id) },
    { name: "the campaign was deleted", remove: (id: string) => harness.client.deleteCampaigns([id]) },
  ])("should say gone when $name", async ({ remove }) => {
    const campaignId = await newCampaign();
    const olds = (await harness.providers.CampaignFollowUp.create({ campaignId, ...inputs })).outs;
    await remove(campaignId);
    expect(await harness.providers.CampaignFollowUp.read(campaignId, olds)).toStrictEqual({ id: "" });
  });
});

describe("delete", () => {
  test("should clear the follow-up, and succeed again when it is already gone", async () => {
    const campaignId = await newCampaign();
    const olds = (
      await harness.providers.CampaignFollowUp.create({
        campaignId,
        subject: "Reminder",
        delayHours: 12,
        active: true,
      })
    ).outs;
    await harness.providers.CampaignFollowUp.delete(campaignId, olds);
    expect(await followUpOf(campaignId)).toEqual({ active: 0, subject: null, delay: null });
    await expect(harness.providers.CampaignFollowUp.delete(campaignId, olds)).resolves.toBeUndefined();
  });

  test("should succeed when the campaign is gone", async () => {
    const campaignId = await newCampaign();
    const olds = (
      await harness.providers.CampaignFollowUp.create({
        campaignId,
        subject: "Reminder",
        delayHours: 12,
        active: true,
      })
    ).outs;
    await harness.client.deleteCampaigns([campaignId]);
    await expect(harness.providers.CampaignFollowUp.delete(campaignId, olds)).resolves.toBeUndefined();
  });
});

describe("errors", () => {
  test("should name the operation, the resource and the service's message, never the token", async () => {
    const serviceError = await harness.client
      .setFollowUp("nope00", { subject: "Reminder", time: 12 })
      .catch((err: Error) => err.message);
    expect(serviceError).toContain("Campaign nope00 not found.");
    const error = await harness.providers.CampaignFollowUp.create({
      campaignId: "nope00",
      subject: "Reminder",
      delayHours: 12,
      active: true,
    }).catch((err: Error) => err);
    expect((error as Error).message).toBe(`create CampaignFollowUp nope00 failed: ${serviceError}`);
    expect((error as Error).message).not.toContain(TOKEN);
  });
});
