import { afterAll, beforeAll, beforeEach, describe, expect } from "vitest";
import { ProviderContext } from "../../../provider/core/context";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { checkInContext } from "../../../provider/index";
import { checkSchedule } from "../../../provider/kinds/campaign-schedule";
import { test } from "../../support/pulumi-words";
import { type Harness, PROVIDER_STUB, startHarness, TOKEN } from "./harness";

// What check learns from the account (kinds/account-checks.ts): the token, and the ids a
// CampaignTargeting names, with at most one read of each per context, and never a write.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.reset();
  h.newProcess();
});

const targeting = (inputs: Record<string, unknown>) => ({
  campaignId: "cmp001",
  __provider: PROVIDER_STUB,
  ...inputs,
});

const TAG_HINT =
  "use the id of one of its tags (tag001, tag002, tag003, tag004), or create the tag in Sender first";

describe("account checks at check time", () => {
  test("an unknown tag is one failure naming the field, its index and the value; known ones pass", async () => {
    const result = await checkInContext(
      "CampaignTargeting",
      h.context,
      {},
      targeting({ tagIds: ["tag001", "tag999"] }),
    );
    expect(result.failures).toEqual([
      {
        property: "",
        field: "tagIds[1]",
        reason: `tagIds[1] "tag999" is not a tag of this account: ${TAG_HINT}`,
      },
    ]);
    expect(await h.lines()).toEqual(["GET /v2/campaigns?limit=1", "GET /v2/tags?page=1&limit=100"]);
  });

  test("5,000 unknown tags are one failure with the count and the first three, not a line per id", async () => {
    const unknown = Array.from({ length: 5000 }, (_, i) => `nope${String(i + 1).padStart(4, "0")}`);
    const result = await checkInContext(
      "CampaignTargeting",
      h.context,
      {},
      targeting({ tagIds: ["tag001", ...unknown] }),
    );
    expect(result.failures).toEqual([
      {
        property: "",
        field: "tagIds",
        reason:
          'tagIds: 5000 ids are not tags of this account ("nope0001", "nope0002", "nope0003", …): use the ids of its tags (tag001, tag002, tag003, tag004), or create the tags in Sender first',
      },
    ]);
  });

  test("two unknown saved filters: the count and both, without an ellipsis", async () => {
    const result = await checkInContext(
      "CampaignTargeting",
      h.context,
      {},
      targeting({ filterIds: ["flt998", "flt999"] }),
    );
    expect(result.failures?.map((failure) => failure.reason.split(": use")[0])).toEqual([
      'filterIds: 2 ids are not saved filters of this account ("flt998", "flt999")',
    ]);
  });

  test("an unknown saved filter among the excluded ones names excludedFilterIds", async () => {
    const result = await checkInContext(
      "CampaignTargeting",
      h.context,
      {},
      targeting({ sendToAll: true, excludedFilterIds: ["flt404"] }),
    );
    expect(result.failures).toEqual([
      {
        property: "",
        field: "excludedFilterIds[0]",
        reason:
          'excludedFilterIds[0] "flt404" is not a saved filter of this account: use the id of one of its saved filters (flt001, flt002, flt003), or create the saved filter in Sender first',
      },
    ]);
  });

  test("twenty resources share one probe and one read of each list, and send no write", async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        checkInContext(
          "CampaignTargeting",
          h.context,
          {},
          targeting({ tagIds: [`tag00${(i % 4) + 1}`], filterIds: ["flt001"] }),
        ),
      ),
    );
    expect(await h.lines()).toEqual([
      "GET /v2/campaigns?limit=1",
      "GET /v2/tags?page=1&limit=100",
      "GET /v2/filters?page=1&limit=100",
    ]);
    expect(await h.mutations()).toEqual([]);
  });

  test("values not yet known, and ids the stack already had, are not judged", async () => {
    const result = await checkInContext(
      "CampaignTargeting",
      h.context,
      { campaignId: "cmp001", tagIds: ["tag777"] },
      targeting({ campaignId: UNKNOWN, tagIds: ["tag777", UNKNOWN] }),
    );
    expect(result.failures).toBeUndefined();
    // Nothing new to judge: the tags were never read.
    expect(await h.lines()).toEqual(["GET /v2/campaigns?limit=1"]);
  });

  test("after a refresh read the campaign list's first page, that answer is the probe: no request of its own", async () => {
    // A lookup of an id the list does not show: the page is read (and answered) all the same.
    expect(await h.context.listedCampaign("gone")).toBeUndefined();
    const result = await checkInContext(
      "CampaignTargeting",
      h.context.readOnly(),
      {},
      targeting({ sendToAll: true }),
    );
    expect(result.failures).toBeUndefined();
    expect(await h.lines()).toEqual(["GET /v2/campaigns?page=1&limit=100"]);
  });

  test("a first page that failed proves nothing: the probe reads on its own", async () => {
    await h.addFaults([{ method: "GET", path: "^/v2/campaigns$", kind: "status", status: 403, count: 1 }]);
    expect(await h.context.listedCampaign("cmp001")).toBeUndefined();
    const result = await checkInContext(
      "CampaignTargeting",
      h.context.readOnly(),
      {},
      targeting({ sendToAll: true }),
    );
    expect(result.failures).toBeUndefined();
    expect(await h.lines()).toEqual([
      "GET /v2/campaigns?page=1&limit=100 (status)",
      "GET /v2/campaigns?limit=1",
    ]);
  });

  /** Adds `count` tags `tgx0001`.. to the account, after the seeded four. */
  async function addTags(count: number): Promise<string[]> {
    const tags = Array.from({ length: count }, (_, i) => ({
      id: `tgx${String(i + 1).padStart(4, "0")}`,
      name: `Tag ${i + 1}`,
    }));
    const response = await fetch(`${h.url}/__emulator/tags`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ tags }),
    });
    expect(response.status).toBe(200);
    return tags.map((tag) => tag.id);
  }

  test("a tag on page 2 of the account's tags passes: every page is read, once", async () => {
    const added = await addTags(101);
    const last = added.at(-1) as string; // the 105th tag: page 2 at 100 a page
    const first = await checkInContext("CampaignTargeting", h.context, {}, targeting({ tagIds: [last] }));
    const second = await checkInContext(
      "CampaignTargeting",
      h.context,
      {},
      targeting({ tagIds: ["tag999"] }),
    );
    expect(first.failures).toBeUndefined();
    expect(second.failures?.map((f) => f.reason)).toEqual([
      'tagIds[0] "tag999" is not a tag of this account: use the id of one of its tags (tag001, tag002, tag003, tag004, tgx0001, … (105 in all)), or create the tag in Sender first',
    ]);
    expect(await h.lines()).toEqual([
      "GET /v2/campaigns?limit=1",
      "GET /v2/tags?page=1&limit=100",
      "GET /v2/tags?page=2&limit=100",
    ]);
  });

  test("a list of more than ten pages is not judged: ten reads, then the check is skipped", async () => {
    await addTags(1_000);
    const result = await checkInContext(
      "CampaignTargeting",
      h.context,
      {},
      targeting({ tagIds: ["tag999"] }),
    );
    expect(result.failures).toBeUndefined();
    expect(await h.lines()).toEqual([
      "GET /v2/campaigns?limit=1",
      ...Array.from({ length: 10 }, (_, i) => `GET /v2/tags?page=${i + 1}&limit=100`),
    ]);
  });

  test("a service without the list (404) skips the check instead of failing it", async () => {
    await h.addFaults([{ method: "GET", path: "^/v2/tags$", kind: "status", status: 404 }]);
    const result = await checkInContext(
      "CampaignTargeting",
      h.context,
      {},
      targeting({ tagIds: ["tag999"] }),
    );
    expect(result.failures).toBeUndefined();
  });

  test("a wrong token fails the first check with the 401 line, once; the others stay quiet", async () => {
    const wrong = ProviderContext.configure({
      get: (key) => ({ "sender:apiToken": `${TOKEN}-wrong`, "sender:baseUrl": h.url })[key],
    });
    const first = checkInContext("CampaignTargeting", wrong, {}, targeting({ tagIds: ["tag001"] }));
    const second = checkInContext("CampaignTargeting", wrong, {}, targeting({ tagIds: ["tag999"] }));
    const outcomes = await Promise.allSettled([first, second]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "fulfilled"]);
    expect((outcomes[0] as PromiseRejectedResult).reason.message).toBe(
      "GET /v2/campaigns failed with 401: Unauthenticated. (the service refused the API token: check `sender:apiToken` (set it with `pulumi config set --secret sender:apiToken <token>`) or SENDER_API_TOKEN)",
    );
    expect((outcomes[1] as PromiseFulfilledResult<unknown>).value).toEqual({
      inputs: targeting({ tagIds: ["tag999"] }),
    });
    expect(await h.lines()).toEqual(["GET /v2/campaigns?limit=1"]);
  });

  test("local failures come first, and no request is made for them", async () => {
    const result = await checkInContext("CampaignTargeting", h.context, {}, targeting({}));
    expect(result.failures).toEqual([
      {
        property: "sendToAll",
        reason:
          "must be true when neither tagIds nor filterIds is given, so that the campaign has recipients",
      },
    ]);
    expect(await h.lines()).toEqual([]);
  });
});

describe("a schedule in the past", () => {
  const NOW = Date.UTC(2026, 10, 26, 21, 0, 0);

  test("fails check when new, naming the time in UTC and now", async () => {
    const result = await checkSchedule(
      {},
      { campaignId: "c", scheduleTime: "2026-11-26T20:00:00+01:00" },
      NOW,
    );
    expect(result.failures).toEqual([
      {
        property: "scheduleTime",
        reason:
          "2026-11-26 19:00:00 UTC is in the past (now 2026-11-26 21:00:00 UTC): give a later time, or leave out the CampaignSchedule to keep the campaign a draft",
      },
    ]);
  });

  test("passes when the time is the one the stack already had, is in the future, or is unknown", async () => {
    const past = "2026-01-01T00:00:00Z";
    expect(
      (await checkSchedule({ scheduleTime: past }, { campaignId: "c", scheduleTime: past }, NOW)).failures,
    ).toBeUndefined();
    expect(
      (await checkSchedule({}, { campaignId: "c", scheduleTime: "2026-11-26T21:00:01Z" }, NOW)).failures,
    ).toBeUndefined();
    expect(
      (await checkSchedule({}, { campaignId: "c", scheduleTime: UNKNOWN }, NOW)).failures,
    ).toBeUndefined();
  });
});
