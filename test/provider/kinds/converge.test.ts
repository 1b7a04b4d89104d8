// Issue 54, items 4, 5 and 7: what a kind reads back plans clean (an empty preheader, an imported
// proof or attachment, a title the service trims), against the emulator.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { CDN } from "../../../emulator/seed";
import { campaignContentHash } from "../../../provider/core/content-hash";
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

const CAMPAIGN = {
  title: "Empty preheader",
  subject: "Hello",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<p>c</p>",
};

const TRANSACTIONAL = {
  title: "Order shipped",
  subject: "Your order is on its way",
  from: "Example Shop",
  replyTo: "news@example.com",
  editor: "html",
  content: "<p>Track it</p>",
};

async function admin(path: string, body: unknown): Promise<void> {
  const answer = await fetch(`${harness.url}/__emulator/${path}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(200);
}

describe('preheader = "" converges (item 4)', () => {
  test('a campaign made with preheader "" reads back "" and diffs clean, though the service holds null', async () => {
    const { Campaign } = harness.providers;
    const inputs = { ...CAMPAIGN, preheader: "" };
    const created = await Campaign.create(inputs);
    expect((await harness.campaign(created.id)).preheader).toBeNull();
    expect(created.outs.preheader).toBe("");
    const read = await Campaign.read(created.id, created.outs);
    expect(read.inputs?.preheader).toBe("");
    expect(read.props?.preheader).toBe("");
    expect(await Campaign.diff(created.id, read.props, inputs)).toEqual(NO_CHANGE);
  });

  test('a campaign whose preheader is dropped to "" is updated once, then diffs clean', async () => {
    const { Campaign } = harness.providers;
    const created = await Campaign.create({ ...CAMPAIGN, preheader: "Was set" });
    const inputs = { ...CAMPAIGN, preheader: "" };
    expect(await Campaign.diff(created.id, created.outs, inputs)).toEqual(UPDATE);
    const updated = await Campaign.update(created.id, created.outs, inputs);
    expect((await harness.campaign(created.id)).preheader).toBeNull();
    const read = await Campaign.read(created.id, updated.outs);
    expect(read.inputs?.preheader).toBe("");
    expect(await Campaign.diff(created.id, read.props, inputs)).toEqual(NO_CHANGE);
  });

  test('a transactional campaign takes preheader "" in an update, reads it back "" and diffs clean', async () => {
    const { TransactionalCampaign } = harness.providers;
    const created = await TransactionalCampaign.create({ ...TRANSACTIONAL, preheader: "Tracking inside" });
    const inputs = { ...TRANSACTIONAL, preheader: "" };
    expect(await TransactionalCampaign.diff(created.id, created.outs, inputs)).toEqual(UPDATE);
    const updated = await TransactionalCampaign.update(created.id, created.outs, inputs);
    expect(updated.outs.preheader).toBe("");
    const stored = (await harness.state()).transactional.find((t: { id: string }) => t.id === created.id);
    expect(stored.preheader).toBeNull();
    const read = await TransactionalCampaign.read(created.id, updated.outs);
    expect(read.inputs?.preheader).toBe("");
    expect(await TransactionalCampaign.diff(created.id, read.props, inputs)).toEqual(NO_CHANGE);
  });

  test('a transactional campaign made with preheader "" reads back "" and diffs clean', async () => {
    const { TransactionalCampaign } = harness.providers;
    const inputs = { ...TRANSACTIONAL, preheader: "" };
    const created = await TransactionalCampaign.create(inputs);
    expect(created.outs.preheader).toBe("");
    const read = await TransactionalCampaign.read(created.id, created.outs);
    expect(read.inputs?.preheader).toBe("");
    expect(await TransactionalCampaign.diff(created.id, read.props, inputs)).toEqual(NO_CHANGE);
  });
});

describe("a title the service trims (item 7)", () => {
  test('title "Trailing space  " reads back as written and diffs clean while the service stores it trimmed', async () => {
    await admin("title-normalization", { enabled: true });
    const { Campaign } = harness.providers;
    const inputs = { ...CAMPAIGN, title: "Trailing space  " };
    const created = await Campaign.create(inputs);
    expect((await harness.campaign(created.id)).title).toBe("Trailing space");
    const read = await Campaign.read(created.id, created.outs);
    expect(read.inputs?.title).toBe("Trailing space  ");
    expect(await Campaign.diff(created.id, read.props, inputs)).toEqual(NO_CHANGE);
    // A state a refresh wrote before the rule (the service's spelling) diffs clean too.
    expect(await Campaign.diff(created.id, { ...read.props, title: "Trailing space" }, inputs)).toEqual(
      NO_CHANGE,
    );
  });
});

describe("a proof imports by its campaign's id (item 5)", () => {
  test("the read of an import records no proof sent; the next up sends to the program's addresses, then diffs clean", async () => {
    const { Campaign, CampaignProof } = harness.providers;
    const campaign = await Campaign.create({ ...CAMPAIGN, preheader: "P" });
    const imported = await CampaignProof.read(campaign.id, {});
    expect(imported).toEqual({
      id: campaign.id,
      props: { campaignId: campaign.id, proofedHash: "", proofedAddresses: [] },
      inputs: { campaignId: campaign.id },
    });
    // A refresh of the imported state keeps it.
    expect(await CampaignProof.read(campaign.id, imported.props!)).toEqual(imported);
    const news = { campaignId: campaign.id, addresses: ["editor@example.com"] };
    await harness.clearRequests();
    expect(await CampaignProof.diff(campaign.id, imported.props, news)).toEqual(UPDATE);
    expect(await harness.mutations()).toEqual([]);
    const updated = await CampaignProof.update(campaign.id, imported.props, news);
    expect(await harness.mutations()).toEqual([`POST /v2/campaigns/${campaign.id}/send_test_email`]);
    const hash = campaignContentHash(await harness.client.getCampaign(campaign.id));
    expect(updated.outs).toEqual({ ...news, proofedHash: hash, proofedAddresses: ["editor@example.com"] });
    expect(await CampaignProof.diff(campaign.id, updated.outs, news)).toEqual(NO_CHANGE);
  });

  test("importing the proof of a campaign the service lacks fails as before", async () => {
    expect(await harness.providers.CampaignProof.read("nope0000", {})).toEqual({ id: "" });
  });
});

describe("an imported attachment keeps a url the program matches (item 7)", () => {
  test("the program's url of the same file diffs clean against the recorded copy; another file name replaces", async () => {
    const { Campaign, Attachment } = harness.providers;
    const campaign = await Campaign.create(CAMPAIGN);
    const url = "https://files.example.com/docs/prices.pdf";
    const made = await Attachment.create({ campaignId: campaign.id, url });
    const copy = `${CDN}/attachments/${campaign.id}/prices.pdf`;
    const imported = await Attachment.read(made.id, {});
    expect(imported.inputs).toEqual({ campaignId: campaign.id, url: copy });
    const news = { campaignId: campaign.id, url };
    expect(await Attachment.diff(made.id, imported.props, news)).toEqual(NO_CHANGE);
    const other = { campaignId: campaign.id, url: "https://files.example.com/docs/other.pdf" };
    expect((await Attachment.diff(made.id, imported.props, other)).replaces).toEqual(["url"]);
    // A url the program gave (not the service's copy) still replaces when it changes.
    const moved = { campaignId: campaign.id, url: "https://mirror.example.com/prices.pdf" };
    expect((await Attachment.diff(made.id, made.outs, moved)).replaces).toEqual(["url"]);
    // Terraform's apply of its plan records the program's url, with no request that writes.
    await harness.clearRequests();
    const updated = await Attachment.update(made.id, imported.props, news);
    expect(updated.outs).toEqual({ ...imported.props, url });
    expect(await harness.mutations()).toEqual([]);
    const read = await Attachment.read(made.id, updated.outs);
    expect(read.inputs).toEqual(news);
  });
});
