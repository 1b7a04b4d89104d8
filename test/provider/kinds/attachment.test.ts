import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { describeFile } from "../../../emulator/routes/attachments";
import { CDN } from "../../../emulator/seed";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { type Harness, startHarness, TOKEN } from "./harness";

const PROVIDER = "exports.handler=function(){}";
const URL_REASON = "must be a public http(s) URL: Sender downloads the file from it";
const TYPES = "doc, docx, xml, pdf, xlsx, xls, jpg, jpeg, png, svg";
const PRICES = "https://files.example.com/docs/prices.pdf";
const LOGO = "https://files.example.com/img/logo.png";

/** What the emulator holds for the campaign's attachments, as `{file_name, url, size}`. */
async function attachmentsOf(campaignId: string) {
  return (await harness.state()).attachments[campaignId];
}

/** The record the emulator keeps for a file fetched from `url`. */
function stored(campaignId: string, url: string) {
  const { file_name, size } = describeFile(url, undefined);
  return { file_name, url: `${CDN}/attachments/${campaignId}/${encodeURIComponent(file_name)}`, size };
}

async function newCampaign(): Promise<string> {
  const campaign = await harness.client.createCampaign({
    subject: "Hello",
    from: "Example News",
    reply_to: "news@example.com",
    content_type: "html",
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
  test.each([
    {
      name: "a missing campaign id",
      news: { url: PRICES },
      property: "campaignId",
      reason: "must be a campaign id",
    },
    { name: "a missing url", news: { campaignId: "abc123" }, property: "url", reason: URL_REASON },
    {
      name: "text that is no URL",
      news: { campaignId: "abc123", url: "prices.pdf" },
      property: "url",
      reason: URL_REASON,
    },
    {
      name: "an ftp URL",
      news: { campaignId: "abc123", url: "ftp://files.example.com/prices.pdf" },
      property: "url",
      reason: URL_REASON,
    },
    // Sender's servers fetch the file: a loopback or private address cannot work.
    {
      name: "a loopback URL",
      news: { campaignId: "abc123", url: "http://localhost:8080/prices.pdf" },
      property: "url",
      reason: URL_REASON,
    },
    {
      name: "a private address",
      news: { campaignId: "abc123", url: "http://192.168.1.20/prices.pdf" },
      property: "url",
      reason: URL_REASON,
    },
    {
      name: "a file type Sender refuses",
      news: { campaignId: "abc123", url: "https://files.example.com/setup.exe" },
      property: "url",
      reason: `the file type must be one of ${TYPES} (got "exe")`,
    },
    {
      name: "a path without a file extension",
      news: { campaignId: "abc123", url: "https://files.example.com/download?id=7" },
      property: "url",
      reason: `the file type must be one of ${TYPES} (the URL's path has no file extension)`,
    },
  ])("should refuse $name", async ({ news, property, reason }) => {
    const result = await harness.providers.Attachment.check({}, { ...news, __provider: PROVIDER });
    expect(result.failures).toEqual([{ property, reason }]);
  });

  test.each([
    { name: "an https pdf", url: PRICES },
    { name: "an upper-case extension", url: "http://files.example.com/SCAN.JPEG" },
    { name: "a name with an escaped space", url: "https://files.example.com/price%20list.xlsx" },
  ])("should accept $name", async ({ url }) => {
    const news = { campaignId: "abc123", url, __provider: PROVIDER };
    expect(await harness.providers.Attachment.check({}, news)).toStrictEqual({ inputs: news });
  });

  test("should let unknown values through during preview", async () => {
    const news = { campaignId: UNKNOWN, url: UNKNOWN };
    expect(await harness.providers.Attachment.check({}, news)).toStrictEqual({ inputs: news });
  });
});

describe("create", () => {
  test("should attach the file and report its name and size", async () => {
    const campaignId = await newCampaign();
    const created = await harness.providers.Attachment.create({
      campaignId,
      url: PRICES,
      __provider: PROVIDER,
    });
    const record = stored(campaignId, PRICES);
    expect(created).toStrictEqual({
      id: `${campaignId}/prices.pdf`,
      outs: { campaignId, url: PRICES, fileName: "prices.pdf", size: record.size },
    });
    expect(await attachmentsOf(campaignId)).toEqual([record]);
  });

  test("should name the file by the decoded last segment of the URL", async () => {
    const campaignId = await newCampaign();
    const url = "https://files.example.com/price%20list.xlsx";
    const created = await harness.providers.Attachment.create({ campaignId, url });
    expect(created.id).toBe(`${campaignId}/price list.xlsx`);
    expect(await attachmentsOf(campaignId)).toEqual([stored(campaignId, url)]);
  });

  test("should adopt the file after a lost answer instead of attaching it twice", async () => {
    const campaignId = await newCampaign();
    await harness.clearRequests();
    await harness.addFaults([
      { method: "POST", path: "^/v2/campaigns/[^/]+/attachments$", kind: "drop-after", count: 1 },
    ]);
    const created = await harness.providers.Attachment.create({ campaignId, url: PRICES });
    expect(created.id).toBe(`${campaignId}/prices.pdf`);
    expect(await attachmentsOf(campaignId)).toEqual([stored(campaignId, PRICES)]);
    // A look first (nothing there), one POST whose answer was lost, then a look that finds the
    // file: no second POST.
    expect(await harness.calls()).toEqual([
      { method: "GET", path: `/v2/campaigns/${campaignId}/attachments` },
      { method: "POST", path: `/v2/campaigns/${campaignId}/attachments`, fault: "drop-after" },
      { method: "GET", path: `/v2/campaigns/${campaignId}/attachments` },
    ]);
  });

  test("should name the operation and the service's message on failure, never the token", async () => {
    const serviceError = await harness.client
      .addAttachment("nope00", { file: PRICES })
      .catch((err: Error) => err.message);
    expect(serviceError).toContain("Campaign nope00 not found.");
    const error = (await harness.providers.Attachment.create({ campaignId: "nope00", url: PRICES }).catch(
      (err) => err,
    )) as Error;
    expect(error.message).toBe(`create Attachment nope00/prices.pdf failed: ${serviceError}`);
    expect(error.message).not.toContain(TOKEN);
  });
});

describe("diff and replacement", () => {
  test.each([
    {
      name: "a new URL replaces the file, the old one first",
      change: { url: LOGO },
      diff: { changes: true, replaces: ["url"], deleteBeforeReplace: true },
      moved: false,
    },
    {
      name: "another campaign replaces it",
      change: { campaignId: "other" },
      diff: { changes: true, replaces: ["campaignId"], deleteBeforeReplace: true },
      moved: true,
    },
    {
      name: "both at once replace it",
      change: { campaignId: "other", url: LOGO },
      diff: { changes: true, replaces: ["campaignId", "url"], deleteBeforeReplace: true },
      moved: true,
    },
    {
      name: "no change is no change",
      change: {},
      diff: { changes: false, replaces: [], deleteBeforeReplace: false },
      moved: false,
    },
  ])("$name", async ({ change, diff, moved }) => {
    const campaignId = await newCampaign();
    const otherId = await newCampaign();
    const created = await harness.providers.Attachment.create({ campaignId, url: PRICES });
    const news = { campaignId, url: PRICES, ...change, ...(moved ? { campaignId: otherId } : {}) };
    expect(await harness.providers.Attachment.diff(created.id, created.outs, news)).toStrictEqual(diff);
    if (diff.changes) {
      // The engine's delete-before-replace.
      await harness.providers.Attachment.delete(created.id, created.outs);
      await harness.providers.Attachment.create(news);
    }
    const newUrl = news.url as string;
    if (moved) {
      expect(await attachmentsOf(campaignId)).toEqual([]);
      expect(await attachmentsOf(otherId)).toEqual([stored(otherId, newUrl)]);
    } else {
      expect(await attachmentsOf(campaignId)).toEqual([stored(campaignId, newUrl)]);
    }
  });

  test("diff makes no API call when inputs are unchanged", async () => {
    const campaignId = await newCampaign();
    const created = await harness.providers.Attachment.create({ campaignId, url: PRICES });
    await harness.clearRequests();
    const diff = await harness.providers.Attachment.diff(created.id, created.outs, {
      campaignId,
      url: PRICES,
      __provider: PROVIDER,
    });
    expect(diff).toStrictEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
    expect(await harness.calls()).toEqual([]);
  });

  test("should refuse any change of a sent campaign's attachments at diff, saying why", async () => {
    const campaignId = await newCampaign();
    const created = await harness.providers.Attachment.create({ campaignId, url: PRICES });
    await harness.client.setSendToAll(campaignId);
    await harness.client.sendCampaign(campaignId);
    await expect(
      harness.providers.Attachment.diff(created.id, created.outs, { campaignId, url: LOGO }),
    ).rejects.toMatchObject({
      name: "SenderOperationError",
      message:
        `diff Attachment ${created.id} failed: ` +
        `Campaign ${campaignId} has already been sent (status SENT): refusing to change its Attachment (url). ` +
        "The service freezes a sent campaign; remove the Attachment from the stack or revert the change.",
    });
    expect(await attachmentsOf(campaignId)).toEqual([stored(campaignId, PRICES)]);
  });
});

describe("read", () => {
  test("should return the state as the service has it, with no diff left behind", async () => {
    const campaignId = await newCampaign();
    const created = await harness.providers.Attachment.create({ campaignId, url: PRICES });
    const read = await harness.providers.Attachment.read(created.id, created.outs);
    expect(read).toStrictEqual({ id: created.id, props: created.outs, inputs: { campaignId, url: PRICES } });
    expect(
      await harness.providers.Attachment.diff(created.id, read.props, { campaignId, url: PRICES }),
    ).toStrictEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  test("should see a file replaced behind the stack's back", async () => {
    const campaignId = await newCampaign();
    const created = await harness.providers.Attachment.create({ campaignId, url: PRICES });
    // Same file name from elsewhere: the service replaces the file, and its size changes.
    const elsewhere = "https://mirror.example.org/prices.pdf";
    await harness.client.addAttachment(campaignId, { file: elsewhere });
    const read = await harness.providers.Attachment.read(created.id, created.outs);
    expect(read.props).toStrictEqual({ ...created.outs, size: stored(campaignId, elsewhere).size });
  });

  test("should work from the id alone", async () => {
    const campaignId = await newCampaign();
    const created = await harness.providers.Attachment.create({ campaignId, url: PRICES });
    const read = await harness.providers.Attachment.read(created.id);
    expect(read.id).toBe(created.id);
    expect(read.inputs).toStrictEqual({ campaignId, url: stored(campaignId, PRICES).url });
  });

  test.each([
    {
      name: "the file was removed",
      remove: (campaignId: string) => harness.client.deleteAttachment(campaignId, "prices.pdf"),
    },
    {
      name: "the campaign was deleted",
      remove: (campaignId: string) => harness.client.deleteCampaigns([campaignId]),
    },
  ])("should say gone when $name", async ({ remove }) => {
    const campaignId = await newCampaign();
    const created = await harness.providers.Attachment.create({ campaignId, url: PRICES });
    await remove(campaignId);
    expect(await harness.providers.Attachment.read(created.id, created.outs)).toStrictEqual({ id: "" });
  });
});

describe("delete", () => {
  test("should remove only its file, and succeed again when it is already gone", async () => {
    const campaignId = await newCampaign();
    const prices = await harness.providers.Attachment.create({ campaignId, url: PRICES });
    await harness.providers.Attachment.create({ campaignId, url: LOGO });
    await harness.providers.Attachment.delete(prices.id, prices.outs);
    expect(await attachmentsOf(campaignId)).toEqual([stored(campaignId, LOGO)]);
    await expect(harness.providers.Attachment.delete(prices.id, prices.outs)).resolves.toBeUndefined();
  });

  test("should succeed when the campaign is gone", async () => {
    const campaignId = await newCampaign();
    const created = await harness.providers.Attachment.create({ campaignId, url: PRICES });
    await harness.client.deleteCampaigns([campaignId]);
    await expect(harness.providers.Attachment.delete(created.id, created.outs)).resolves.toBeUndefined();
  });
});
