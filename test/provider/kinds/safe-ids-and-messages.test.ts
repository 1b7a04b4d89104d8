// Reproductions 7 and 8 of the exactly-once issue at the provider level: ids that URL
// normalisation would move to another route, and messages that say what to do.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type Harness, startHarness, TOKEN } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const CAMPAIGN = {
  title: "Safe ids",
  subject: "Hello",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
};

const DOTS = 'is "..", which URL normalisation would turn into another path';
const DOT = 'is ".", which URL normalisation would turn into another path';

describe("ids are validated in check, for every kind, in one line naming the field", () => {
  const campaignOf = { campaignId: "b6gXkQ" };
  test.each([
    ["Campaign", { ...CAMPAIGN, adoptId: ".." }, "adoptId", `must be a campaign id: ".." ${DOTS}`],
    ["Campaign", { ...CAMPAIGN, groups: ["grp001", "."] }, "groups[1]", `must be a group id: "." ${DOT}`],
    [
      "Campaign",
      { ...CAMPAIGN, segments: ["a/b"] },
      "segments[0]",
      'must be a segment id: "a/b" contains "/"',
    ],
    [
      "CampaignTargeting",
      { campaignId: "..", sendToAll: true },
      "campaignId",
      `must be a campaign id: ".." ${DOTS}`,
    ],
    ["CampaignTargeting", { ...campaignOf, tagIds: ["."] }, "tagIds[0]", `must be a tag id: "." ${DOT}`],
    [
      "CampaignTargeting",
      { ...campaignOf, sendToAll: true, excludedTagIds: ["."] },
      "excludedTagIds[0]",
      `must be a tag id: "." ${DOT}`,
    ],
    [
      "CampaignTargeting",
      { ...campaignOf, filterIds: ["f\u0007"] },
      "filterIds[0]",
      'must be a filter id: "f\\u0007" contains a control character',
    ],
    [
      "CampaignFollowUp",
      { campaignId: ".", subject: "Again", delayHours: 24 },
      "campaignId",
      `must be a campaign id: "." ${DOT}`,
    ],
    [
      "CampaignSchedule",
      { campaignId: "x".repeat(200), scheduleTime: "2030-01-15T09:00:00Z" },
      "campaignId",
      `must be a campaign id: "${"x".repeat(16)}…(200 chars)" is 200 characters long (at most 128)`,
    ],
    [
      "Attachment",
      { campaignId: "..", url: "https://files.example.com/a.pdf" },
      "campaignId",
      `must be a campaign id: ".." ${DOTS}`,
    ],
    [
      "TransactionalCampaign",
      { subject: "S", from: "F", replyTo: "a@example.com", editor: "html", adoptId: ".." },
      "adoptId",
      `must be a transactional campaign id: ".." ${DOTS}`,
    ],
    [
      "Webhook",
      { url: "https://hooks.example.com/x", topic: "groups/new-subscriber", relationId: ".." },
      "relationId",
      `must be a group id: ".." ${DOTS}`,
    ],
  ] as const)("%s %j", async (kind, inputs, property, reason) => {
    await h.clearRequests();
    const result = await h.providers[kind].check({}, { ...inputs });
    expect(result.failures).toEqual([{ property, reason }]);
    expect(await h.requests()).toEqual([]);
  });
});

describe("ids that would move the request", () => {
  test.each([
    [{ campaignId: "..", tagIds: ["tag001"] }, "POST /v2/campaigns/{id}/tags/set"],
    [{ campaignId: ".", sendToAll: true }, "PATCH /v2/campaigns/{id}/send_to_all"],
  ])("CampaignTargeting %j is refused before any request", async (inputs, route) => {
    await h.clearRequests();
    const error = (await h.providers.CampaignTargeting.create(inputs).catch((err) => err)) as Error;
    expect(error.message).toContain(`so ${route} was not sent (id)`);
    expect(await h.mutations()).toEqual([]);
  });

  test('excludedTagIds ["."] never posts to /exclude_tags/', async () => {
    const campaign = await h.providers.Campaign.create(CAMPAIGN);
    await h.clearRequests();
    const error = (await h.providers.CampaignTargeting.create({
      campaignId: campaign.id,
      tagIds: ["tag001"],
      excludedTagIds: ["."],
    }).catch((err) => err)) as Error;
    expect(error.message).toContain(
      '"." is not a safe path segment: it is ".", which URL normalisation would turn into another path, so POST /v2/campaigns/{id}/exclude_tags/{tagId} was not sent (tagId)',
    );
    expect((await h.mutations()).filter((line) => line.includes("exclude_tags"))).toEqual([]);
  });

  test("a 100 KB adoptId gives a short line", async () => {
    const error = (await h.providers.Campaign.create({ ...CAMPAIGN, adoptId: "z".repeat(100_000) }).catch(
      (err) => err,
    )) as Error;
    expect(error.message.length).toBeLessThan(400);
    expect(error.message).not.toContain(TOKEN);
  });
});

describe("messages that say what to do", () => {
  test("a 404 on update suggests pulumi refresh", async () => {
    const campaign = await h.providers.Campaign.create(CAMPAIGN);
    await h.client.deleteCampaigns([campaign.id]);
    const error = (await h.providers.Campaign.update(campaign.id, campaign.outs, {
      ...CAMPAIGN,
      subject: "Changed",
    }).catch((err) => err)) as Error;
    expect(error.message).toBe(
      `update Campaign ${campaign.id} failed: PATCH /v2/campaigns/${campaign.id} failed with 404: Campaign ${campaign.id} not found. ` +
        "The Campaign no longer exists in Sender: run `pulumi refresh` to drop it from the stack, then `pulumi up` to make it again",
    );
  });
});
