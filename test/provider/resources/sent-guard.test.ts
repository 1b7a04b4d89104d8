import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { isSent, sentCampaignError } from "../../../provider/resources/common";
import { type Harness, startHarness } from "./harness";

const PRICES = "https://files.example.com/docs/prices.pdf";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h.close();
});

beforeEach(async () => {
  await h.reset();
});

async function newCampaign(): Promise<string> {
  const campaign = await h.client.createCampaign({
    subject: "Hello",
    from: "Example News",
    reply_to: "news@example.com",
    content_type: "html",
  });
  return campaign.id;
}

async function send(campaignId: string): Promise<void> {
  await h.client.setSendToAll(campaignId);
  await h.client.sendCampaign(campaignId);
}

/** Runs `run` with stderr captured; returns what was written. */
async function stderrOf(run: () => Promise<unknown>): Promise<string> {
  const spy = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    await run();
    return spy.mock.calls.map((call) => String(call[0])).join("");
  } finally {
    spy.mockRestore();
  }
}

describe("isSent: the status is an open set", () => {
  test.each([
    { status: "DRAFT", sent: false },
    { status: "SCHEDULED", sent: false },
    { status: "SENDING", sent: true },
    { status: "SENT", sent: true },
    { status: "PAUSED", sent: true },
    { status: "", sent: true },
  ])("$status: $sent", ({ status, sent }) => {
    expect(isSent(status)).toBe(sent);
  });

  test("the refusal names a status this code does not know", () => {
    expect(sentCampaignError("c1", "PAUSED", ["subject"]).message).toBe(
      "Campaign c1 has already been sent (status PAUSED): refusing to change subject. " +
        "Changing or replacing a sent campaign could send the mail again; remove it from the stack or revert the change.",
    );
  });
});

describe("delete after a send leaves the service untouched", () => {
  test("Attachment: no DELETE, the file stays, a warning says so", async () => {
    const campaignId = await newCampaign();
    const created = await h.providers.Attachment.create({ campaignId, url: PRICES });
    await send(campaignId);
    await h.clearRequests();
    const warning = await stderrOf(() => h.providers.Attachment.delete(created.id, created.outs));
    expect(warning).toBe(
      `warning: Attachment ${campaignId}/prices.pdf was removed from the stack, but campaign ${campaignId} ` +
        "has already been sent (status SENT): the service was left untouched.\n",
    );
    expect(await h.lines()).toEqual([`GET /v2/campaigns/${campaignId}`]);
    expect((await h.state()).attachments[campaignId]).toHaveLength(1);
  });

  test("CampaignFollowUp: no DELETE, the follow-up stays, a warning says so", async () => {
    const campaignId = await newCampaign();
    const created = await h.providers.CampaignFollowUp.create({
      campaignId,
      subject: "Did you see this?",
      delayHours: 48,
    });
    await send(campaignId);
    await h.clearRequests();
    const warning = await stderrOf(() => h.providers.CampaignFollowUp.delete(created.id, created.outs));
    expect(warning).toBe(
      `warning: CampaignFollowUp ${campaignId} was removed from the stack, but campaign ${campaignId} ` +
        "has already been sent (status SENT): the service was left untouched.\n",
    );
    expect(await h.lines()).toEqual([`GET /v2/campaigns/${campaignId}`]);
    expect(await h.campaign(campaignId)).toMatchObject({
      auto_followup_active: 1,
      auto_followup_subject: "Did you see this?",
      auto_followup_delay: 48,
    });
  });

  test("Attachment of a campaign not sent: deleted as before", async () => {
    const campaignId = await newCampaign();
    const created = await h.providers.Attachment.create({ campaignId, url: PRICES });
    await h.clearRequests();
    await h.providers.Attachment.delete(created.id, created.outs);
    expect(await h.mutations()).toEqual([`DELETE /v2/campaigns/${campaignId}/attachments`]);
  });
});

describe("update refuses a campaign sent since the preview", () => {
  test("Campaign", async () => {
    const campaignId = await newCampaign();
    const created = await h.providers.Campaign.create({
      subject: "Hello",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
      adoptId: campaignId,
    });
    await send(campaignId);
    await h.clearRequests();
    const news = { ...created.outs, subject: "Hello again" };
    await expect(h.providers.Campaign.update(campaignId, created.outs, news)).rejects.toMatchObject({
      name: "SenderOperationError",
      message:
        `update Campaign ${campaignId} failed: Campaign ${campaignId} has already been sent (status SENT): ` +
        "refusing to change subject. Changing or replacing a sent campaign could send the mail again; " +
        "remove it from the stack or revert the change.",
    });
    expect(await h.mutations()).toEqual([]);
  });

  test("CampaignFollowUp", async () => {
    const campaignId = await newCampaign();
    const created = await h.providers.CampaignFollowUp.create({
      campaignId,
      subject: "Again?",
      delayHours: 48,
    });
    await send(campaignId);
    await h.clearRequests();
    const news = { ...created.outs, subject: "Still there?" };
    await expect(h.providers.CampaignFollowUp.update(campaignId, created.outs, news)).rejects.toMatchObject({
      name: "SenderOperationError",
      message:
        `update CampaignFollowUp ${campaignId} failed: Campaign ${campaignId} has already been sent (status SENT): ` +
        "refusing to change its CampaignFollowUp (subject). The service freezes a sent campaign; " +
        "remove the CampaignFollowUp from the stack or revert the change.",
    });
    expect(await h.mutations()).toEqual([]);
  });
});

describe("diff guards the campaign it leaves and the one it moves to", () => {
  test("moving an Attachment off a sent campaign is refused, naming the old campaign", async () => {
    const sentId = await newCampaign();
    const created = await h.providers.Attachment.create({ campaignId: sentId, url: PRICES });
    await send(sentId);
    const draftId = await newCampaign();
    await expect(
      h.providers.Attachment.diff(created.id, created.outs, { campaignId: draftId, url: PRICES }),
    ).rejects.toMatchObject({
      name: "SenderOperationError",
      message:
        `diff Attachment ${sentId}/prices.pdf failed: Campaign ${sentId} has already been sent (status SENT): ` +
        "refusing to change its Attachment (campaignId). The service freezes a sent campaign; " +
        "remove the Attachment from the stack or revert the change.",
    });
  });

  test("moving a CampaignTargeting onto a sent campaign is refused, naming the new campaign", async () => {
    const draftId = await newCampaign();
    const olds = { campaignId: draftId, sendToAll: true };
    await expect(
      h.providers.CampaignTargeting.diff(draftId, olds, { campaignId: "snt001", sendToAll: true }),
    ).rejects.toMatchObject({
      name: "SenderOperationError",
      message:
        `diff CampaignTargeting ${draftId} failed: Campaign snt001 has already been sent (status SENT): ` +
        "refusing to change its CampaignTargeting (campaignId). The service freezes a sent campaign; " +
        "remove the CampaignTargeting from the stack or revert the change.",
    });
  });
});
