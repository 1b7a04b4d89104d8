import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type Harness, startHarness } from "./harness";

let h: Harness;
let campaignId: string;
const ATTACHMENT_URL = "https://files.example.com/guide.pdf";

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.reset();
  const campaign = await h.client.createCampaign({
    title: "Made elsewhere",
    subject: "Hello",
    from: "Example News",
    reply_to: "news@example.com",
    content_type: "html",
  });
  campaignId = campaign.id;
  await h.client.setTags(campaignId, ["tag001", "tag002"]);
  await h.client.addExcludedTag(campaignId, "tag004");
  await h.client.setFollowUp(campaignId, { subject: "Still there?", time: 48 });
  await h.client.scheduleCampaign(campaignId, "2031-03-01 09:00:00");
  await h.client.addAttachment(campaignId, { file: ATTACHMENT_URL });
  await h.clearRequests();
});

describe("adoptId on the parts of a campaign", () => {
  test("parts that match are adopted with reads only, and keep adoptId in state and on a read", async () => {
    const [attachment] = await h.client.listAttachments(campaignId);
    await h.clearRequests();
    const targeting = await h.providers.CampaignTargeting.create({
      campaignId,
      tagIds: ["tag002", "tag001"],
      excludedTagIds: ["tag004"],
      adoptId: campaignId,
    });
    expect(targeting).toEqual({
      id: campaignId,
      outs: { campaignId, tagIds: ["tag001", "tag002"], excludedTagIds: ["tag004"], adoptId: campaignId },
    });
    const followUp = await h.providers.CampaignFollowUp.create({
      campaignId,
      subject: "Still there?",
      delayHours: 48,
      active: true,
      adoptId: campaignId,
    });
    expect(followUp.outs).toEqual({
      campaignId,
      subject: "Still there?",
      delayHours: 48,
      active: true,
      adoptId: campaignId,
    });
    const schedule = await h.providers.CampaignSchedule.create({
      campaignId,
      scheduleTime: "2031-03-01T09:00:00Z",
      adoptId: campaignId,
    });
    expect(schedule.outs).toMatchObject({ scheduleTimeUtc: "2031-03-01 09:00:00", adoptId: campaignId });
    const attachmentId = `${campaignId}/${attachment?.file_name}`;
    const adoptedFile = await h.providers.Attachment.create({
      campaignId,
      url: attachment?.url,
      adoptId: attachmentId,
    });
    expect(adoptedFile.id).toBe(attachmentId);
    expect(await h.mutations()).toEqual([]);
    const read = await h.providers.CampaignTargeting.read(campaignId, targeting.outs);
    expect(read.inputs).toEqual(targeting.outs);
  });

  test("a part that differs gets only the difference", async () => {
    await h.providers.CampaignTargeting.create({
      campaignId,
      tagIds: ["tag001", "tag002"],
      adoptId: campaignId,
    });
    expect(await h.mutations()).toEqual([`DELETE /v2/campaigns/${campaignId}/exclude_tags/tag004`]);
  });

  test("an adoptId that is not the part's id, or that is taken twice, fails with one line and sends nothing", async () => {
    const wrong = await h.providers.CampaignFollowUp.create({
      campaignId,
      subject: "Still there?",
      delayHours: 48,
      adoptId: "other1",
    }).catch((err: Error) => err.message);
    expect(wrong).toBe(
      `create CampaignFollowUp other1 failed: adoptId other1 is not this CampaignFollowUp's id ${campaignId}, which its inputs give; set adoptId to it or leave adoptId out`,
    );
    const inputs = { campaignId, scheduleTime: "2031-03-01T09:00:00Z", adoptId: campaignId };
    await h.providers.CampaignSchedule.create(inputs);
    const twice = await h.providers.CampaignSchedule.create(inputs).catch((err: Error) => err.message);
    expect(twice).toBe(
      `create CampaignSchedule ${campaignId} failed: adoptId ${campaignId}: another CampaignSchedule resource of this stack has already taken it`,
    );
    expect(await h.mutations()).toEqual([]);
  });

  test("a part the campaign does not have cannot be adopted", async () => {
    await h.client.deleteFollowUp(campaignId);
    await h.clearRequests();
    const error = await h.providers.CampaignFollowUp.create({
      campaignId,
      subject: "Still there?",
      delayHours: 48,
      adoptId: campaignId,
    }).catch((err: Error) => err.message);
    expect(error).toBe(
      `create CampaignFollowUp ${campaignId} failed: adoptId ${campaignId}: the service has no CampaignFollowUp of this id to adopt`,
    );
    expect(await h.mutations()).toEqual([]);
  });

  test("an Attachment's adoptId is <campaignId>/<fileName>, each part a safe id", async () => {
    const inputs = { campaignId: "c1", url: ATTACHMENT_URL };
    expect(await h.providers.Attachment.check({}, { ...inputs, adoptId: "c1/guide.pdf" })).toStrictEqual({
      inputs: { ...inputs, adoptId: "c1/guide.pdf" },
    });
    const refused = await h.providers.Attachment.check({}, { ...inputs, adoptId: "c1/../x.pdf" });
    expect(refused.failures).toEqual([
      {
        property: "adoptId",
        reason: expect.stringMatching(
          /^must be an attachment id, <campaignId>\/<fileName>: "c1\/..\/x.pdf" /,
        ),
      },
    ]);
  });
});
