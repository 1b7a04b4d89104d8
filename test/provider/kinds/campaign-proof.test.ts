import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { contentHashOf } from "../../../provider/core/content-hash";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { checkInContext } from "../../../provider/kinds/account-checks";
import { type Harness, NO_CHANGE, PROVIDER_STUB, startHarness, UPDATE } from "./harness";

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

async function newCampaign(subject = "Hello"): Promise<string> {
  const campaign = await harness.client.createCampaign({
    title: "Proof test",
    subject,
    from: "Example News",
    reply_to: "news@example.com",
    content_type: "html",
    content: "<p>Hi</p>",
  });
  return campaign.id;
}

/** The proofs the emulator recorded: `[campaign, address, subject]`. */
async function proofs(): Promise<string[][]> {
  const state = await harness.state();
  return state.messages
    .filter((message: { proofOf?: string }) => message.proofOf !== undefined)
    .map((message: { proofOf: string; to: { email: string }; subject: string }) => [
      message.proofOf,
      message.to.email,
      message.subject,
    ]);
}

const TWO = ["editor@example.com", "legal@example.com"];

describe("check", () => {
  test.each([
    {
      addresses: ["editor@example.com", "not-an-address"],
      reason: '"not-an-address" is not an email address',
    },
    { addresses: ["a@", "b"], reason: '"a@", "b" are not email addresses' },
    {
      addresses: [],
      reason: "must hold 1 to 5 email addresses (has 0): a proof goes to the team, never to an audience",
    },
    {
      addresses: [
        "a@example.com",
        "b@example.com",
        "c@example.com",
        "d@example.com",
        "e@example.com",
        "f@example.com",
      ],
      reason: "must hold 1 to 5 email addresses (has 6): a proof goes to the team, never to an audience",
    },
    { addresses: ["a@example.com", "A@example.com"], reason: 'must not repeat an address: "A@example.com"' },
  ])("should refuse $addresses with one line naming the bad ones", async ({ addresses, reason }) => {
    const result = await harness.providers.CampaignProof.check(
      {},
      { campaignId: "abc123", addresses, __provider: PROVIDER_STUB },
    );
    expect(result.failures).toEqual([{ property: "addresses", reason }]);
  });

  test("should refuse a new proof of a sent campaign at check, in one line, reading only", async () => {
    await harness.clearRequests();
    const result = await checkInContext(
      "CampaignProof",
      harness.context,
      {},
      { campaignId: "snt001", addresses: TWO },
    );
    expect(result.failures).toEqual([
      {
        property: "campaignId",
        reason:
          "Campaign snt001 has already been sent (status SENT): refusing to send a proof of it; a proof is for a campaign not yet sent: remove the CampaignProof or its change",
      },
    ]);
    expect(await harness.mutations()).toEqual([]);
  });

  test("should pass unknown addresses and an unknown campaign at preview", async () => {
    const result = await harness.providers.CampaignProof.check(
      {},
      { campaignId: UNKNOWN, addresses: [UNKNOWN] },
    );
    expect(result.failures).toBeUndefined();
  });
});

describe("create, diff, update, delete", () => {
  test("create sends one test email per address and records the proofed hash", async () => {
    const id = await newCampaign();
    await harness.clearRequests();
    const created = await harness.providers.CampaignProof.create({ campaignId: id, addresses: TWO });
    expect(created).toEqual({
      id,
      outs: {
        campaignId: id,
        addresses: TWO,
        proofedHash: contentHashOf("Hello", "<p>Hi</p>"),
        proofedAddresses: TWO,
      },
    });
    expect(await harness.mutations()).toEqual([
      `POST /v2/campaigns/${id}/send_test_email`,
      `POST /v2/campaigns/${id}/send_test_email`,
    ]);
    expect(await proofs()).toEqual([
      [id, "editor@example.com", "Hello"],
      [id, "legal@example.com", "Hello"],
    ]);
  });

  test("the campaign's contentHash is the proof's function of the same record", async () => {
    const outs = await harness.providers.Campaign.create({
      title: "Hashed",
      subject: "Hello",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
      content: "<p>Hi</p>",
    });
    expect(outs.outs.contentHash).toBe(contentHashOf("Hello", "<p>Hi</p>"));
  });

  test("diff sees no change until the campaign's subject changes, then update sends to every address", async () => {
    const id = await newCampaign();
    const { outs } = await harness.providers.CampaignProof.create({ campaignId: id, addresses: TWO });
    const inputs = { campaignId: id, addresses: TWO };
    expect(await harness.providers.CampaignProof.diff(id, outs, inputs)).toEqual(NO_CHANGE);

    await harness.client.updateCampaign(id, { subject: "Hello again" });
    await harness.clearRequests();
    expect(await harness.providers.CampaignProof.diff(id, outs, inputs)).toEqual(UPDATE);
    expect(await harness.mutations()).toEqual([]);

    const updated = await harness.providers.CampaignProof.update(id, outs, inputs);
    expect(updated.outs.proofedHash).toBe(contentHashOf("Hello again", "<p>Hi</p>"));
    expect(await harness.mutations()).toEqual([
      `POST /v2/campaigns/${id}/send_test_email`,
      `POST /v2/campaigns/${id}/send_test_email`,
    ]);
    expect(await harness.providers.CampaignProof.diff(id, updated.outs, inputs)).toEqual(NO_CHANGE);
  });

  test("a changed trigger sends to every address; an added address alone gets the current proof", async () => {
    const id = await newCampaign();
    const { outs } = await harness.providers.CampaignProof.create({
      campaignId: id,
      addresses: TWO,
      triggers: [1],
    });
    await harness.clearRequests();
    const retriggered = await harness.providers.CampaignProof.update(id, outs, {
      campaignId: id,
      addresses: TWO,
      triggers: [2],
    });
    expect(await harness.mutations()).toHaveLength(2);

    await harness.state();
    await harness.reset();
    const again = await newCampaign();
    const first = await harness.providers.CampaignProof.create({
      campaignId: again,
      addresses: ["a@example.com"],
    });
    await harness.clearRequests();
    const news = { campaignId: again, addresses: ["a@example.com", "b@example.com"] };
    expect(await harness.providers.CampaignProof.diff(again, first.outs, news)).toEqual(UPDATE);
    const added = await harness.providers.CampaignProof.update(again, first.outs, news);
    expect(await proofs()).toEqual([
      [again, "a@example.com", "Hello"],
      [again, "b@example.com", "Hello"],
    ]);
    expect(added.outs.proofedAddresses).toEqual(["a@example.com", "b@example.com"]);
    expect(retriggered.outs.triggers).toEqual([2]);
  });

  test("a contentHash unknown at preview shows the coming proof; equal to the proofed one it sends nothing", async () => {
    const id = await newCampaign();
    const hash = contentHashOf("Hello", "<p>Hi</p>");
    const { outs } = await harness.providers.CampaignProof.create({ campaignId: id, addresses: TWO });
    expect(
      await harness.providers.CampaignProof.diff(id, outs, {
        campaignId: id,
        addresses: TWO,
        contentHash: UNKNOWN,
      }),
    ).toEqual(UPDATE);
    await harness.clearRequests();
    const kept = await harness.providers.CampaignProof.update(id, outs, {
      campaignId: id,
      addresses: TWO,
      contentHash: hash,
    });
    expect(await harness.mutations()).toEqual([]);
    expect(kept.outs).toEqual({
      campaignId: id,
      addresses: TWO,
      contentHash: hash,
      proofedHash: hash,
      proofedAddresses: TWO,
    });
  });

  test("a changed trigger of a sent campaign's proof is refused at diff; delete sends nothing", async () => {
    const outs = {
      campaignId: "snt001",
      addresses: TWO,
      triggers: [1],
      proofedHash: "old",
      proofedAddresses: TWO,
    };
    await harness.clearRequests();
    await expect(
      harness.providers.CampaignProof.diff("snt001", outs, {
        campaignId: "snt001",
        addresses: TWO,
        triggers: [2],
      }),
    ).rejects.toThrow(
      "diff CampaignProof snt001 failed: Campaign snt001 has already been sent (status SENT): refusing to send a proof of it; a proof is for a campaign not yet sent: remove the CampaignProof or its change",
    );
    await harness.providers.CampaignProof.delete("snt001", outs);
    expect(await harness.mutations()).toEqual([]);
  });

  test("read keeps the state while the campaign exists and drops it once the campaign is gone", async () => {
    const id = await newCampaign();
    const { outs } = await harness.providers.CampaignProof.create({ campaignId: id, addresses: TWO });
    expect(await harness.providers.CampaignProof.read(id, outs)).toEqual({
      id,
      props: outs,
      inputs: { campaignId: id, addresses: TWO },
    });
    await harness.client.deleteCampaigns([id]);
    expect(await harness.providers.CampaignProof.read(id, outs)).toEqual({ id: "" });
  });
});
