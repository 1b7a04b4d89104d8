import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { type Harness, NO_CHANGE, PROVIDER_STUB, startHarness, UPDATE } from "./harness";

const withProvider = (inputs: Record<string, unknown>): Record<string, unknown> => ({
  ...inputs,
  __provider: PROVIDER_STUB,
});

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
  const campaign = await h.client.createCampaign({
    title: "Targeted",
    subject: "Hello",
    from: "Example News",
    reply_to: "news@example.com",
    content_type: "html",
  });
  campaignId = campaign.id;
  await h.clearRequests();
});

/** The campaign's targeting in the emulator, as id lists, with its send_to_all switch. */
async function targeting(id = campaignId) {
  const state = await h.state();
  const view = state.targeting[id];
  const ids = (list: { id: string }[]) => list.map((item) => item.id);
  return {
    tags: ids(view.tags),
    exclude_tags: ids(view.exclude_tags),
    filters: ids(view.filters),
    exclude_filters: ids(view.exclude_filters),
    send_to_all: state.campaigns.find((c: { id: string }) => c.id === id).send_to_all,
  };
}

const EMPTY = { tags: [], exclude_tags: [], filters: [], exclude_filters: [], send_to_all: 0 };

describe("CampaignTargeting check", () => {
  const sendToAllAndTags =
    "cannot be combined with sendToAll: true, which already targets every active subscriber";
  const sendToAllAndFilters = sendToAllAndTags;
  const noRecipients =
    "must be true when neither tagIds nor filterIds is given, so that the campaign has recipients";
  test.each([
    {
      name: "sendToAll with tags",
      inputs: { campaignId: "c1", sendToAll: true, tagIds: ["tag001"] },
      failures: [{ property: "tagIds", reason: sendToAllAndTags }],
    },
    {
      name: "sendToAll with tags and filters",
      inputs: { campaignId: "c1", sendToAll: true, tagIds: ["tag001"], filterIds: ["flt001"] },
      failures: [
        { property: "tagIds", reason: sendToAllAndTags },
        { property: "filterIds", reason: sendToAllAndFilters },
      ],
    },
    {
      name: "no recipients at all",
      inputs: { campaignId: "c1" },
      failures: [{ property: "sendToAll", reason: noRecipients }],
    },
    {
      name: "sendToAll false and nothing else",
      inputs: { campaignId: "c1", sendToAll: false, excludedTagIds: ["tag004"] },
      failures: [{ property: "sendToAll", reason: noRecipients }],
    },
    {
      name: "empty include sets",
      inputs: { campaignId: "c1", tagIds: [], filterIds: [] },
      failures: [{ property: "sendToAll", reason: noRecipients }],
    },
    {
      name: "a missing campaignId",
      inputs: { tagIds: ["tag001"] },
      failures: [{ property: "campaignId", reason: "must be a campaign id" }],
    },
    {
      name: "an empty excluded tag id",
      inputs: { campaignId: "c1", sendToAll: true, excludedTagIds: ["tag004", ""] },
      failures: [{ property: "excludedTagIds[1]", reason: "must not hold an empty id" }],
    },
    {
      name: "filters not a list",
      inputs: { campaignId: "c1", filterIds: "flt001" },
      failures: [{ property: "filterIds", reason: "must be a list of filter ids" }],
    },
    {
      name: "sendToAll as text",
      inputs: { campaignId: "c1", sendToAll: "yes", tagIds: ["tag001"] },
      failures: [{ property: "sendToAll", reason: "must be true or false" }],
    },
  ])("should fail on $name, naming the property", async ({ inputs, failures }) => {
    const news = withProvider(inputs);
    expect(await h.providers.CampaignTargeting.check({}, news)).toEqual({ inputs: news, failures });
  });

  test.each([
    {
      name: "tags with exclusions",
      inputs: {
        campaignId: "c1",
        tagIds: ["tag001"],
        excludedTagIds: ["tag004"],
        excludedFilterIds: ["flt003"],
      },
    },
    {
      name: "sendToAll with exclusions",
      inputs: { campaignId: "c1", sendToAll: true, excludedTagIds: ["tag004"] },
    },
    { name: "filters only", inputs: { campaignId: "c1", filterIds: ["flt001"], sendToAll: false } },
    { name: "an unknown campaign", inputs: { campaignId: UNKNOWN, tagIds: ["tag001"] } },
    {
      name: "an unknown sendToAll beside tags",
      inputs: { campaignId: "c1", sendToAll: UNKNOWN, tagIds: ["tag001"] },
    },
    { name: "unknown tags beside sendToAll", inputs: { campaignId: "c1", sendToAll: true, tagIds: UNKNOWN } },
    { name: "unknown tags alone", inputs: { campaignId: "c1", tagIds: UNKNOWN } },
  ])("should pass $name", async ({ inputs }) => {
    const news = withProvider(inputs);
    expect(await h.providers.CampaignTargeting.check({}, news)).toEqual({ inputs: news });
  });
});

describe("CampaignTargeting create", () => {
  test.each([
    {
      name: "tags, filters and exclusions",
      inputs: {
        tagIds: ["tag002", "tag001"],
        excludedTagIds: ["tag004", "tag003"],
        filterIds: ["flt001"],
        excludedFilterIds: ["flt003"],
      },
      calls: [
        "POST tags/set",
        "POST exclude_tags/tag004",
        "POST exclude_tags/tag003",
        "POST filters/set",
        "POST exclude_filters",
      ],
      // The service keeps the order it was given.
      state: {
        tags: ["tag002", "tag001"],
        exclude_tags: ["tag004", "tag003"],
        filters: ["flt001"],
        exclude_filters: ["flt003"],
        send_to_all: 0,
      },
    },
    {
      name: "everyone but a tag",
      inputs: { sendToAll: true, excludedTagIds: ["tag004"] },
      calls: ["POST exclude_tags/tag004", "PATCH send_to_all"],
      state: { ...EMPTY, exclude_tags: ["tag004"], send_to_all: 1 },
    },
    {
      name: "filters only",
      inputs: { filterIds: ["flt002", "flt001"] },
      calls: ["POST filters/set"],
      state: { ...EMPTY, filters: ["flt002", "flt001"] },
    },
  ])("should set $name and nothing else", async ({ inputs, calls, state }) => {
    const result = await h.providers.CampaignTargeting.create(withProvider({ campaignId, ...inputs }));
    expect(result).toEqual({ id: campaignId, outs: { campaignId, ...inputs } });
    expect(await targeting()).toEqual(state);
    expect(await h.mutations()).toEqual(
      calls.map((call) => call.replace(" ", ` /v2/campaigns/${campaignId}/`)),
    );
  });

  test("should name the operation and the service's message when a tag is unknown", async () => {
    await expect(
      h.providers.CampaignTargeting.create(withProvider({ campaignId, tagIds: ["tag999"] })),
    ).rejects.toThrow(
      `create CampaignTargeting ${campaignId} failed: tagIds[0] "tag999" is not a tag of this account (POST /v2/campaigns/${campaignId}/tags/set answered 422)`,
    );
  });

  test("should name the operation when the campaign does not exist", async () => {
    await expect(
      h.providers.CampaignTargeting.create(withProvider({ campaignId: "nope00", tagIds: ["tag001"] })),
    ).rejects.toThrow(
      "create CampaignTargeting nope00 failed: POST /v2/campaigns/nope00/tags/set failed with 404: Campaign nope00 not found.",
    );
  });
});

describe("CampaignTargeting diff and update", () => {
  type Case = {
    name: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    diff: Record<string, unknown>;
    calls?: string[];
    state?: Record<string, unknown>;
  };
  const cases: Case[] = [
    {
      name: "reordered sets",
      before: { tagIds: ["tag001", "tag002"], excludedTagIds: ["tag003", "tag004"] },
      after: { tagIds: ["tag002", "tag001"], excludedTagIds: ["tag004", "tag003"] },
      diff: NO_CHANGE,
    },
    {
      name: "an excluded tag added",
      before: { tagIds: ["tag001"], excludedTagIds: ["tag004"] },
      after: { tagIds: ["tag001"], excludedTagIds: ["tag004", "tag003"] },
      diff: UPDATE,
      calls: ["POST exclude_tags/tag003"],
      state: { ...EMPTY, tags: ["tag001"], exclude_tags: ["tag004", "tag003"] },
    },
    {
      name: "an excluded tag removed",
      before: { tagIds: ["tag001"], excludedTagIds: ["tag004", "tag003"] },
      after: { tagIds: ["tag001"], excludedTagIds: ["tag003"] },
      diff: UPDATE,
      calls: ["DELETE exclude_tags/tag004"],
      state: { ...EMPTY, tags: ["tag001"], exclude_tags: ["tag003"] },
    },
    {
      name: "another tag included",
      before: { tagIds: ["tag001"], filterIds: ["flt001"] },
      after: { tagIds: ["tag002", "tag001"], filterIds: ["flt001"] },
      diff: UPDATE,
      calls: ["POST tags/set"],
      state: { ...EMPTY, tags: ["tag002", "tag001"], filters: ["flt001"] },
    },
    {
      name: "a switch from tags to everyone",
      before: { tagIds: ["tag001"] },
      after: { sendToAll: true },
      diff: UPDATE,
      calls: ["POST tags/set", "PATCH send_to_all"],
      state: { ...EMPTY, send_to_all: 1 },
    },
    {
      name: "a switch from everyone to filters",
      before: { sendToAll: true, excludedFilterIds: ["flt003"] },
      after: { filterIds: ["flt002"], excludedFilterIds: ["flt003"] },
      diff: UPDATE,
      calls: ["POST filters/set", "PATCH send_to_all"],
      state: { ...EMPTY, filters: ["flt002"], exclude_filters: ["flt003"] },
    },
    {
      name: "filters dropped for a tag",
      before: { filterIds: ["flt001"], excludedFilterIds: ["flt003"] },
      after: { tagIds: ["tag002"] },
      diff: UPDATE,
      calls: ["POST tags/set", "DELETE filters", "DELETE exclude_filters"],
      state: { ...EMPTY, tags: ["tag002"] },
    },
    {
      name: "another campaign",
      before: { tagIds: ["tag001"] },
      after: { campaignId: "other1", tagIds: ["tag001"] },
      diff: { changes: true, replaces: ["campaignId"], deleteBeforeReplace: true },
    },
  ];

  test.each(cases)("should diff and update $name", async ({ before, after, diff, calls, state }) => {
    const created = await h.providers.CampaignTargeting.create(withProvider({ campaignId, ...before }));
    const news = withProvider({ campaignId, ...after });
    await h.clearRequests();
    expect(await h.providers.CampaignTargeting.diff(campaignId, created.outs, news)).toEqual(diff);
    // Changed inputs cost a read of the campaign list (the sent guard), and of the campaign it moves
    // to when the list does not show it (other1 does not exist); unchanged ones cost nothing.
    const moved = news.campaignId !== campaignId ? [`GET /v2/campaigns/${news.campaignId}`] : [];
    expect(await h.lines()).toEqual(diff.changes ? ["GET /v2/campaigns?page=1&limit=100", ...moved] : []);
    if (!calls) return;
    const updated = await h.providers.CampaignTargeting.update(campaignId, created.outs, news);
    expect(updated).toEqual({ outs: { campaignId, ...after } });
    expect(await h.mutations()).toEqual(
      calls.map((call) => call.replace(" ", ` /v2/campaigns/${campaignId}/`)),
    );
    expect(await targeting()).toEqual(state);
  });

  test("should make no API call when the inputs are unchanged", async () => {
    const created = await h.providers.CampaignTargeting.create(
      withProvider({ campaignId, tagIds: ["tag001"], sendToAll: false }),
    );
    await h.clearRequests();
    await h.providers.CampaignTargeting.diff(
      campaignId,
      created.outs,
      withProvider({ campaignId, tagIds: ["tag001"], sendToAll: false }),
    );
    expect(await h.requests()).toEqual([]);
  });

  test("should only ever read during check and diff of changed inputs", async () => {
    const created = await h.providers.CampaignTargeting.create(
      withProvider({ campaignId, tagIds: ["tag001"] }),
    );
    await h.clearRequests();
    const news = withProvider({ campaignId, tagIds: UNKNOWN, excludedTagIds: ["tag004"] });
    expect(await h.providers.CampaignTargeting.check(created.outs, news)).toEqual({ inputs: news });
    expect(await h.providers.CampaignTargeting.diff(campaignId, created.outs, news)).toEqual(UPDATE);
    expect(await h.mutations()).toEqual([]);
  });

  test("should read only the list, for the campaign it leaves, when the new one is not known yet", async () => {
    await h.clearRequests();
    const news = withProvider({ campaignId: UNKNOWN, tagIds: ["tag001"] });
    expect(
      await h.providers.CampaignTargeting.diff(campaignId, { campaignId, tagIds: ["tag001"] }, news),
    ).toEqual({
      changes: true,
      replaces: ["campaignId"],
      deleteBeforeReplace: true,
    });
    expect(await h.lines()).toEqual(["GET /v2/campaigns?page=1&limit=100"]);
  });

  test("should refuse a change to the targeting of a sent campaign during diff", async () => {
    const olds = { campaignId: "snt001", sendToAll: true };
    await expect(
      h.providers.CampaignTargeting.diff(
        "snt001",
        olds,
        withProvider({ campaignId: "snt001", tagIds: ["tag001"] }),
      ),
    ).rejects.toMatchObject({
      name: "SenderOperationError",
      message:
        "diff CampaignTargeting snt001 failed: " +
        "Campaign snt001 has already been sent (status SENT): refusing to change its CampaignTargeting (sendToAll, tagIds). " +
        "The service freezes a sent campaign; remove the CampaignTargeting from the stack or revert the change.",
    });
    expect(await h.mutations()).toEqual([]);
  });
});

describe("CampaignTargeting read", () => {
  test("should return the same inputs when nothing drifted, in the program's order", async () => {
    const inputs = { campaignId, tagIds: ["tag002", "tag001"], excludedFilterIds: ["flt003"] };
    const created = await h.providers.CampaignTargeting.create(withProvider(inputs));
    const read = await h.providers.CampaignTargeting.read(campaignId, withProvider(created.outs));
    expect(read).toEqual({ id: campaignId, props: inputs, inputs });
    expect(await h.providers.CampaignTargeting.diff(campaignId, read.props, withProvider(inputs))).toEqual(
      NO_CHANGE,
    );
  });

  test("should return what changed behind the stack's back in inputs", async () => {
    const created = await h.providers.CampaignTargeting.create(
      withProvider({ campaignId, tagIds: ["tag001"], excludedTagIds: ["tag004"] }),
    );
    await h.client.addTag(campaignId, "tag003");
    await h.client.removeExcludedTag(campaignId, "tag004");
    await h.client.setExcludedFilters(campaignId, ["flt002"]);
    await h.client.setSendToAll(campaignId, true);
    const read = await h.providers.CampaignTargeting.read(campaignId, withProvider(created.outs));
    const inputs = {
      campaignId,
      tagIds: ["tag001", "tag003"],
      excludedTagIds: [],
      excludedFilterIds: ["flt002"],
      sendToAll: true,
    };
    expect(read).toEqual({ id: campaignId, props: inputs, inputs });
    expect(
      await h.providers.CampaignTargeting.diff(
        campaignId,
        read.props,
        withProvider({ campaignId, tagIds: ["tag001"], excludedTagIds: ["tag004"] }),
      ),
    ).toEqual(UPDATE);
  });

  test("should say the targeting is gone once the campaign is deleted", async () => {
    const created = await h.providers.CampaignTargeting.create(
      withProvider({ campaignId, tagIds: ["tag001"] }),
    );
    await h.client.deleteCampaigns([campaignId]);
    expect(await h.providers.CampaignTargeting.read(campaignId, withProvider(created.outs))).toEqual({
      id: "",
    });
  });
});

describe("CampaignTargeting delete", () => {
  test("should remove exactly what it set", async () => {
    const created = await h.providers.CampaignTargeting.create(
      withProvider({
        campaignId,
        sendToAll: true,
        excludedTagIds: ["tag004", "tag003"],
        excludedFilterIds: ["flt003"],
      }),
    );
    await h.clearRequests();
    await h.providers.CampaignTargeting.delete(campaignId, created.outs);
    expect(await targeting()).toEqual(EMPTY);
    expect(await h.mutations()).toEqual(
      [
        "DELETE exclude_tags/tag004",
        "DELETE exclude_tags/tag003",
        "DELETE exclude_filters",
        "PATCH send_to_all",
      ].map((call) => call.replace(" ", ` /v2/campaigns/${campaignId}/`)),
    );
  });

  test("should succeed when the campaign is already gone, and when run twice", async () => {
    const created = await h.providers.CampaignTargeting.create(
      withProvider({ campaignId, tagIds: ["tag001"], filterIds: ["flt001"] }),
    );
    await h.providers.CampaignTargeting.delete(campaignId, created.outs);
    await expect(h.providers.CampaignTargeting.delete(campaignId, created.outs)).resolves.toBeUndefined();
    await h.client.deleteCampaigns([campaignId]);
    await expect(h.providers.CampaignTargeting.delete(campaignId, created.outs)).resolves.toBeUndefined();
  });

  test("should leave the targeting of a sent campaign alone", async () => {
    await h.clearRequests();
    await h.providers.CampaignTargeting.delete("snt001", { campaignId: "snt001", sendToAll: true });
    expect(await h.lines()).toEqual(["GET /v2/campaigns/snt001"]);
  });
});
