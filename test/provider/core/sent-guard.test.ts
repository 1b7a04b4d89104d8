import { afterAll, beforeAll, beforeEach, describe, expect, vi } from "vitest";
import { isSent, sentCampaignError } from "../../../provider/core/sent-guard";
import { test } from "../../support/pulumi-words";
import { type Harness, startHarness } from "../kinds/harness";

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

  test("CampaignTargeting: no request but the read, the audience stays, a warning says so", async () => {
    const campaignId = await newCampaign();
    const created = await h.providers.CampaignTargeting.create({ campaignId, tagIds: ["tag001"] });
    await send(campaignId);
    const before = await h.campaign(campaignId);
    await h.clearRequests();
    const warning = await stderrOf(() => h.providers.CampaignTargeting.delete(created.id, created.outs));
    expect(warning).toBe(
      `warning: CampaignTargeting ${campaignId} was removed from the stack, but campaign ${campaignId} ` +
        "has already been sent (status SENT): the service was left untouched.\n",
    );
    expect(await h.lines()).toEqual([`GET /v2/campaigns/${campaignId}`]);
    expect(await h.campaign(campaignId)).toEqual(before);
  });

  test("CampaignSchedule: no request but the read, a warning says so", async () => {
    const campaignId = await newCampaign();
    await h.client.setSendToAll(campaignId);
    const created = await h.providers.CampaignSchedule.create({
      campaignId,
      scheduleTime: "2031-06-01T09:00:00+02:00",
    });
    await h.client.sendCampaign(campaignId);
    const before = await h.campaign(campaignId);
    await h.clearRequests();
    const warning = await stderrOf(() => h.providers.CampaignSchedule.delete(created.id, created.outs));
    expect(warning).toBe(
      `warning: CampaignSchedule ${campaignId} was removed from the stack, but campaign ${campaignId} ` +
        "has already been sent (status SENT): the service was left untouched.\n",
    );
    expect(await h.lines()).toEqual([`GET /v2/campaigns/${campaignId}`]);
    expect(await h.campaign(campaignId)).toEqual(before);
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

describe("a sent Campaign leaving the stack is kept", () => {
  const AUTO = {
    title: "welcome-1a2b3c4d",
    autonamed: true,
    subject: "Hello",
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
  };
  const kept = (id: string, status: string) =>
    `warning: Campaign "welcome-1a2b3c4d" (id ${id}) has been sent (status ${status}), so it was kept in Sender ` +
    "and only removed from the stack. To delete it, delete it in Sender; to have the provider delete a sent " +
    "campaign, set `deleteEvenIfSent: true` on it and run `pulumi up` before removing it.\n";

  test("delete reads the status, sends no DELETE, and says so in one warning line", async () => {
    const created = await h.providers.Campaign.create(AUTO);
    await send(created.id);
    await h.clearRequests();
    const warning = await stderrOf(() => h.providers.Campaign.delete(created.id, created.outs));
    expect(warning).toBe(kept(created.id, "SENT"));
    expect(await h.lines()).toEqual([`GET /v2/campaigns/${created.id}`]);
    expect((await h.campaign(created.id))?.status).toBe("SENT");
  });

  test("a status this code does not know counts as sent: kept", async () => {
    const created = await h.providers.Campaign.create(AUTO);
    const record = h.emulator.store.data.campaigns.find((c) => c.id === created.id);
    if (!record) throw new Error("no campaign");
    record.status = "PREPARING" as never;
    await h.clearRequests();
    const warning = await stderrOf(() => h.providers.Campaign.delete(created.id, created.outs));
    expect(warning).toBe(kept(created.id, "PREPARING"));
    expect(await h.mutations()).toEqual([]);
  });

  test("a DRAFT is deleted as before, with no warning", async () => {
    const created = await h.providers.Campaign.create(AUTO);
    await h.clearRequests();
    expect(await stderrOf(() => h.providers.Campaign.delete(created.id, created.outs))).toBe("");
    expect(await h.lines()).toEqual([
      `GET /v2/campaigns/${created.id}`,
      `DELETE /v2/campaigns?ids=[${created.id}]`,
    ]);
  });

  test("deleteEvenIfSent: setting it on a sent campaign is an update that changes nothing on the service", async () => {
    const created = await h.providers.Campaign.create(AUTO);
    await send(created.id);
    const news = { ...AUTO, deleteEvenIfSent: true };
    expect(await h.providers.Campaign.diff(created.id, created.outs, news)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    await h.clearRequests();
    const updated = await h.providers.Campaign.update(created.id, created.outs, news);
    expect(updated.outs).toMatchObject({ deleteEvenIfSent: true, status: "SENT" });
    expect(await h.mutations()).toEqual([]);
  });

  test("deleteEvenIfSent: true in the state lets delete remove the sent campaign, silently", async () => {
    const created = await h.providers.Campaign.create({ ...AUTO, deleteEvenIfSent: true });
    expect(created.outs.deleteEvenIfSent).toBe(true);
    await send(created.id);
    await h.clearRequests();
    expect(await stderrOf(() => h.providers.Campaign.delete(created.id, created.outs))).toBe("");
    expect(await h.mutations()).toEqual([`DELETE /v2/campaigns?ids=[${created.id}]`]);
    expect(await h.campaign(created.id)).toBeUndefined();
  });

  test("the next create of the same resource makes a new campaign: the kept one is never adopted", async () => {
    const first = await h.providers.Campaign.create(AUTO);
    await send(first.id);
    await stderrOf(() => h.providers.Campaign.delete(first.id, first.outs));
    h.newProcess();
    await h.clearRequests();
    const second = await h.providers.Campaign.create(AUTO);
    expect(second.id).not.toBe(first.id);
    expect(await h.mutations()).toEqual(["POST /v2/campaigns"]);
    expect((await h.campaign(first.id))?.status).toBe("SENT");
  });

  test("a sent campaign with the title is not adopted even when the list ignores its status filter", async () => {
    const first = await h.providers.Campaign.create(AUTO);
    await send(first.id);
    h.newProcess();
    const list = h.client.listCampaigns.bind(h.client);
    const spy = vi
      .spyOn(h.client, "listCampaigns")
      .mockImplementation((query) => list({ ...query, status: undefined }));
    try {
      const second = await h.providers.Campaign.create(AUTO);
      expect(second.id).not.toBe(first.id);
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe("diff judges many campaigns by one read of the campaign list; what writes reads each one", () => {
  const draft = (i: number) => ({
    title: `Bulk ${i}`,
    subject: `Bulk ${i}`,
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
  });

  test("thirty changed campaigns: one list page, no read of any campaign on its own", async () => {
    const created = [];
    for (let i = 0; i < 30; i++) created.push(await h.providers.Campaign.create(draft(i)));
    h.newProcess();
    await h.clearRequests();
    const diffs = await Promise.all(
      created.map((c) => h.providers.Campaign.diff(c.id, c.outs, { ...c.outs, subject: "Changed" })),
    );
    expect(diffs.map((d) => d.changes)).toEqual(created.map(() => true));
    expect(await h.lines()).toEqual(["GET /v2/campaigns?page=1&limit=100"]);
  });

  test("a campaign the list shows as sent is refused at diff with no read of its own", async () => {
    const created = await h.providers.Campaign.create(draft(1));
    await send(created.id);
    h.newProcess();
    await h.clearRequests();
    await expect(
      h.providers.Campaign.diff(created.id, created.outs, { ...created.outs, subject: "Changed" }),
    ).rejects.toMatchObject({
      message: `diff Campaign ${created.id} failed: Campaign ${created.id} has already been sent (status SENT): refusing to change subject. Changing or replacing a sent campaign could send the mail again; remove it from the stack or revert the change.`,
    });
    expect(await h.lines()).toEqual(["GET /v2/campaigns?page=1&limit=100"]);
  });

  test("sent after the list was read: diff passed on the list, update reads the campaign and refuses", async () => {
    const [first, second] = [
      await h.providers.Campaign.create(draft(1)),
      await h.providers.Campaign.create(draft(2)),
    ];
    h.newProcess();
    const news = { ...second.outs, subject: "Changed" };
    await h.providers.Campaign.diff(first.id, first.outs, { ...first.outs, subject: "Changed" });
    await send(second.id);
    await h.clearRequests();
    // The list, read once for the run, still shows it as a draft.
    expect((await h.providers.Campaign.diff(second.id, second.outs, news)).changes).toBe(true);
    expect(await h.lines()).toEqual([]);
    await expect(h.providers.Campaign.update(second.id, second.outs, news)).rejects.toMatchObject({
      name: "SenderOperationError",
    });
    expect(await h.lines()).toEqual([`GET /v2/campaigns/${second.id}`]);
  });

  test("a campaign the list does not show (deleted, or created since) is read on its own", async () => {
    const created = await h.providers.Campaign.create(draft(1));
    h.newProcess();
    await h.providers.Campaign.diff(created.id, created.outs, { ...created.outs, subject: "Changed" });
    await h.clearRequests();
    const olds = { campaignId: "snt001", sendToAll: true };
    await expect(
      h.providers.CampaignTargeting.diff("snt001", olds, { campaignId: "snt001", tagIds: ["tag001"] }),
    ).rejects.toMatchObject({ name: "SenderOperationError" });
    // snt001 is on the list already read: no read at all.
    expect(await h.lines()).toEqual([]);
    await h.providers.CampaignTargeting.diff(
      "zzz999",
      { campaignId: "zzz999", sendToAll: true },
      {
        campaignId: "zzz999",
        tagIds: ["tag001"],
      },
    );
    expect(await h.lines()).toEqual(["GET /v2/campaigns/zzz999"]);
  });
});
