import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { SenderReadOnlyError } from "../../../provider/client";
import { contentHashOf } from "../../../provider/core/content-hash";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { inputsFromCampaign } from "../../../provider/kinds/campaign/campaign";
import { type Harness, NO_CHANGE, PROVIDER_STUB, startHarness, TOKEN, UPDATE } from "./harness";

/** Inputs as a program would give them (with the engine's `__provider`). */
const BASE = {
  title: "Spring sale",
  subject: "Spring is here",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<p>Hello</p>",
};

/** An ownership mark, as the SDK derives it from a URN, and the title a marked create carries. */
const MARK = "1a2b3c4d";
const MARKED = `${BASE.title} [${MARK}]`;

const withProvider = (inputs: Record<string, unknown>): Record<string, unknown> => ({
  ...inputs,
  __provider: PROVIDER_STUB,
});

/** Drops the keys whose value is undefined, as the engine's encoding does. */
const defined = (inputs: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(inputs).filter(([, value]) => value !== undefined));

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
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The computed outputs of a DRAFT made at the harness clock, its `contentHash` that of `email`'s
 * subject and content (the service's, which these tests keep equal to the inputs).
 */
const draftOutputs = (
  extra: Record<string, unknown> = {},
  email: { subject?: unknown; content?: unknown } = BASE,
) => ({
  status: "DRAFT",
  contentHash: contentHashOf(String(email.subject ?? ""), String(email.content ?? "")),
  created: h.timestamp(),
  modified: h.timestamp(),
  recipientCount: 0,
  domainId: "dom001",
  lastAction: "step1",
  ...extra,
});

describe("Campaign check", () => {
  test.each([
    {
      name: "missing subject",
      inputs: { ...BASE, subject: undefined },
      failures: [{ property: "subject", reason: "must be a non-empty string" }],
    },
    {
      name: "empty from",
      inputs: { ...BASE, from: "" },
      failures: [{ property: "from", reason: "must be a non-empty string" }],
    },
    {
      name: "replyTo not an address",
      inputs: { ...BASE, replyTo: "news" },
      failures: [{ property: "replyTo", reason: "must be an email address" }],
    },
    {
      name: "unknown content type",
      inputs: { ...BASE, contentType: "mjml" },
      failures: [{ property: "contentType", reason: "must be one of editor, html, text" }],
    },
    {
      name: "a title too long",
      inputs: { ...BASE, title: "x".repeat(256) },
      failures: [{ property: "title", reason: "must be at most 255 characters" }],
    },
    {
      name: "googleAnalytics as text",
      inputs: { ...BASE, googleAnalytics: "yes" },
      failures: [{ property: "googleAnalytics", reason: "must be true or false" }],
    },
    {
      name: "a group id that is a number",
      inputs: { ...BASE, groups: ["grp001", 2] },
      failures: [{ property: "groups[1]", reason: "must hold group ids (strings)" }],
    },
    {
      name: "segments not a list",
      inputs: { ...BASE, segments: "seg1" },
      failures: [{ property: "segments", reason: "must be a list of segment ids" }],
    },
    {
      name: "an empty adoptId",
      inputs: { ...BASE, adoptId: "" },
      failures: [{ property: "adoptId", reason: "must not be empty when given" }],
    },
    {
      name: "two problems at once",
      inputs: { ...BASE, subject: 1, replyTo: "nope" },
      failures: [
        { property: "subject", reason: "must be a non-empty string" },
        { property: "replyTo", reason: "must be an email address" },
      ],
    },
  ])("should fail on $name, naming the property", async ({ inputs, failures }) => {
    const news = withProvider(defined(inputs));
    expect(await h.providers.Campaign.check({}, news)).toEqual({ inputs: news, failures });
  });

  test.each([
    { name: "the minimal inputs", inputs: BASE },
    {
      name: "every input",
      inputs: {
        ...BASE,
        preheader: "Fresh",
        googleAnalytics: true,
        groups: ["grp001"],
        segments: ["s1"],
        adoptId: "abc123",
      },
    },
    { name: "an unknown subject", inputs: { ...BASE, subject: UNKNOWN } },
    {
      name: "an unknown reply-to and content type",
      inputs: { ...BASE, replyTo: UNKNOWN, contentType: UNKNOWN },
    },
    { name: "unknown groups", inputs: { ...BASE, groups: UNKNOWN } },
    { name: "a list with an unknown group", inputs: { ...BASE, groups: ["grp001", UNKNOWN] } },
  ])("should pass $name", async ({ inputs }) => {
    const news = withProvider(inputs);
    expect(await h.providers.Campaign.check({}, news)).toEqual({ inputs: news });
  });

  test("should never call the API", async () => {
    await h.providers.Campaign.check({}, withProvider({ ...BASE, replyTo: "bad" }));
    await h.providers.Campaign.check({}, withProvider(BASE));
    expect(await h.lines()).toEqual([]);
  });
});

describe("Campaign create", () => {
  test("should create a DRAFT and return the inputs plus what the service computed", async () => {
    const result = await h.providers.Campaign.create(
      withProvider({ ...BASE, groups: ["grp002"], googleAnalytics: true }),
    );
    expect(result).toEqual({
      id: result.id,
      // grp002 holds subscribers 4, 8, 12, 16, 20, 24; sub024 is unsubscribed.
      outs: { ...BASE, groups: ["grp002"], googleAnalytics: true, ...draftOutputs({ recipientCount: 5 }) },
    });
    expect(await h.campaign(result.id)).toMatchObject({
      id: result.id,
      status: "DRAFT",
      title: "Spring sale",
      subject: "Spring is here",
      from: "Example News",
      reply_to: "news@example.com",
      preheader: null,
      editor: "html",
      google_analytics: 1,
      campaign_groups: ["grp002"],
      segments: [],
      html: { html_content: "<p>Hello</p>" },
    });
    // Create never sends: one POST and nothing else that changes the service.
    expect(await h.mutations()).toEqual(["POST /v2/campaigns"]);
  });

  test("should name the operation, the kind and the service's message when the service refuses", async () => {
    await expect(
      h.providers.Campaign.create(withProvider({ ...BASE, replyTo: "news@unverified.example" })),
    ).rejects.toThrow(
      'create Campaign "Spring sale" failed: replyTo "news@unverified.example": The reply to must be an address on a verified domain. (POST /v2/campaigns answered 422)',
    );
  });

  test.each(["drop-after", "drop-before"])(
    "should make exactly one campaign when the connection drops (%s) on the marked POST",
    async (kind) => {
      await h.addFaults([{ method: "POST", path: "^/v2/campaigns$", kind, count: 1 }]);
      const result = await h.providers.Campaign.create(withProvider({ ...BASE, ownershipMark: MARK }));
      const state = await h.state();
      expect(
        state.campaigns
          .filter((c: { title: string }) => c.title === BASE.title || c.title === MARKED)
          .map((c: { id: string; title: string }) => [c.id, c.title]),
      ).toEqual([[result.id, BASE.title]]);
      const search = "GET /v2/campaigns?status=DRAFT&page=1&limit=100";
      const lines = await h.lines();
      if (kind === "drop-after") {
        // A look first, then the POST took effect: the next look finds it by its mark, adopts it
        // (reading it) and renames it.
        expect(lines).toEqual([
          search,
          `POST /v2/campaigns (${kind})`,
          search,
          `GET /v2/campaigns/${result.id}`,
          `PATCH /v2/campaigns/${result.id}`,
          `GET /v2/campaigns/${result.id}`,
        ]);
      } else {
        // The POST never ran: the looks go on for one attempt timeout plus the retry deadline (a
        // late commit would show), find nothing, and it is tried again, then renamed and read.
        expect(lines.filter((line) => line !== search)).toEqual([
          `POST /v2/campaigns (${kind})`,
          "POST /v2/campaigns",
          `PATCH /v2/campaigns/${result.id}`,
          `GET /v2/campaigns/${result.id}`,
        ]);
        expect(
          lines.indexOf("POST /v2/campaigns") - lines.indexOf(`POST /v2/campaigns (${kind})`),
        ).toBeGreaterThan(2);
      }
    },
  );

  test("should not adopt a look-alike DRAFT made before the attempt", async () => {
    const older = await h.client.createCampaign({
      title: BASE.title,
      subject: BASE.subject,
      from: BASE.from,
      reply_to: BASE.replyTo,
      content_type: "html",
    });
    h.clock.now = new Date(h.clock.now.getTime() + 5 * 60_000);
    vi.useFakeTimers({ now: h.clock.now, toFake: ["Date"] });
    try {
      await h.addFaults([{ method: "POST", path: "^/v2/campaigns$", kind: "drop-before", count: 1 }]);
      const result = await h.providers.Campaign.create(withProvider(BASE));
      expect(result.id).not.toBe(older.id);
      const titles = (await h.state()).campaigns.filter((c: { title: string }) => c.title === BASE.title);
      expect(titles.map((c: { id: string }) => c.id)).toEqual([older.id, result.id]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("Campaign adoptId", () => {
  test("should take over an existing campaign and update it to match, without making a new one", async () => {
    const existing = await h.client.createCampaign({
      title: "Old title",
      subject: "Old subject",
      from: "Example News",
      reply_to: "news@example.com",
      content_type: "html",
      preheader: "Old preheader",
      content: "<p>Old</p>",
    });
    const before = (await h.state()).campaigns.length;
    await h.clearRequests();
    const result = await h.providers.Campaign.create(withProvider({ ...BASE, adoptId: existing.id }));
    expect(result).toEqual({ id: existing.id, outs: { ...BASE, adoptId: existing.id, ...draftOutputs() } });
    expect((await h.state()).campaigns.length).toBe(before);
    // The preheader the program leaves out is cleared, so that a refresh finds no drift.
    expect(await h.campaign(existing.id)).toMatchObject({
      title: "Spring sale",
      subject: "Spring is here",
      preheader: null,
      html: { html_content: "<p>Hello</p>" },
    });
    expect(await h.mutations()).toEqual([`PATCH /v2/campaigns/${existing.id}`]);
  });

  test("should say which adoptId does not exist", async () => {
    await expect(h.providers.Campaign.create(withProvider({ ...BASE, adoptId: "zzz999" }))).rejects.toThrow(
      "create Campaign zzz999 failed: adoptId zzz999: no campaign with this id exists (GET /v2/campaigns/zzz999 failed with 404: Campaign zzz999 not found.)",
    );
  });

  test("should refuse to take over a sent campaign that differs", async () => {
    await expect(h.providers.Campaign.create(withProvider({ ...BASE, adoptId: "snt001" }))).rejects.toThrow(
      "create Campaign snt001 failed: Campaign snt001 has already been sent (status SENT): refusing to change content, googleAnalytics, preheader, subject, title. " +
        "Changing or replacing a sent campaign could send the mail again; remove it from the stack or revert the change.",
    );
    expect(await h.mutations()).toEqual([]);
  });

  test("should take over a sent campaign that already matches, changing nothing", async () => {
    const sent = await h.providers.Campaign.read("snt001", {});
    const result = await h.providers.Campaign.create(withProvider({ ...sent.inputs, adoptId: "snt001" }));
    expect(result.id).toBe("snt001");
    expect(result.outs).toMatchObject({ status: "SENT", sentTime: "2026-01-06 10:00:00", adoptId: "snt001" });
    expect(await h.mutations()).toEqual([]);
  });
});

describe("Campaign diff and update", () => {
  type Case = {
    name: string;
    before?: Record<string, unknown>;
    after: Record<string, unknown>;
    diff: typeof NO_CHANGE;
    patch?: Record<string, unknown>;
    state?: Record<string, unknown>;
  };
  const cases: Case[] = [
    { name: "the same inputs", after: {}, diff: NO_CHANGE },
    {
      name: "a new subject and title",
      after: { subject: "Summer is here", title: "Summer sale" },
      diff: UPDATE,
      patch: { subject: "Summer is here", title: "Summer sale" },
      state: { subject: "Summer is here", title: "Summer sale" },
    },
    {
      name: "reordered groups",
      before: { groups: ["grp001", "grp002"] },
      after: { groups: ["grp002", "grp001"] },
      diff: NO_CHANGE,
    },
    { name: "groups [] for none", after: { groups: [] }, diff: NO_CHANGE },
    {
      name: "an added group",
      before: { groups: ["grp001"] },
      after: { groups: ["grp001", "grp002"] },
      diff: UPDATE,
      patch: { groups: ["grp001", "grp002"] },
      state: { campaign_groups: ["grp001", "grp002"] },
    },
    {
      name: "a preheader left out",
      before: { preheader: "Fresh deals" },
      after: { preheader: undefined },
      diff: UPDATE,
      patch: { preheader: "" },
      state: { preheader: null },
    },
    {
      name: "segments left out",
      before: { segments: ["seg1"] },
      after: { segments: undefined },
      diff: UPDATE,
      patch: { segments: [] },
      state: { segments: [] },
    },
    {
      name: "google analytics switched on",
      after: { googleAnalytics: true },
      diff: UPDATE,
      patch: { google_analytics: 1 },
      state: { google_analytics: 1 },
    },
    {
      name: "a new content type and content",
      after: { contentType: "text", content: "Hello" },
      diff: UPDATE,
      patch: { content_type: "text", content: "Hello" },
      state: { editor: "text", html: expect.objectContaining({ html_content: "Hello" }) },
    },
    {
      name: "a new sender and reply-to",
      after: { from: "Example Team", replyTo: "team@example.com" },
      diff: UPDATE,
      patch: { from: "Example Team", reply_to: "team@example.com" },
      state: { from: "Example Team", reply_to: "team@example.com" },
    },
  ];

  test.each(cases)("should diff and update $name", async ({ before = {}, after, diff, patch, state }) => {
    const olds = { ...BASE, ...before };
    const created = await h.providers.Campaign.create(withProvider(olds));
    const news = withProvider(defined({ ...olds, ...after }));
    await h.clearRequests();
    expect(await h.providers.Campaign.diff(created.id, created.outs, news)).toEqual(diff);
    // diff reads (to guard a sent campaign) only when something changed: the campaign list, shared
    // by every diff of the run.
    expect(await h.lines()).toEqual(diff.changes ? ["GET /v2/campaigns?page=1&limit=100"] : []);
    if (!diff.changes) return;

    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    const spy = vi.spyOn(h.client, "updateCampaign");
    const updated = await h.providers.Campaign.update(created.id, created.outs, news);
    expect(spy.mock.calls).toEqual([[created.id, patch]]);
    expect(updated).toEqual({
      outs: {
        ...defined({ ...olds, ...after }),
        ...draftOutputs(
          { created: created.outs.created, recipientCount: updated.outs.recipientCount },
          defined({ ...olds, ...after }),
        ),
      },
    });
    expect(await h.campaign(created.id)).toMatchObject({ ...state, modified: h.timestamp() });
    expect(await h.mutations()).toEqual([`PATCH /v2/campaigns/${created.id}`]);
  });

  test("should make no API call at all when the inputs are unchanged", async () => {
    const created = await h.providers.Campaign.create(
      withProvider({ ...BASE, groups: ["grp001", "grp002"] }),
    );
    await h.clearRequests();
    const news = withProvider({ ...BASE, groups: ["grp002", "grp001"] });
    expect(await h.providers.Campaign.diff(created.id, created.outs, news)).toEqual(NO_CHANGE);
    expect(await h.requests()).toEqual([]);
  });

  test("should only ever read during check and diff of changed inputs", async () => {
    const created = await h.providers.Campaign.create(withProvider(BASE));
    await h.clearRequests();
    const news = withProvider({ ...BASE, subject: "Changed", groups: [UNKNOWN] });
    expect(await h.providers.Campaign.check(created.outs, news)).toEqual({ inputs: news });
    expect(await h.providers.Campaign.diff(created.id, created.outs, news)).toEqual(UPDATE);
    expect(await h.mutations()).toEqual([]);
  });

  test("should refuse any change to a sent campaign during diff, naming the fields", async () => {
    await h.clearRequests();
    const sent = await h.providers.Campaign.read("snt001", {});
    const news = withProvider({ ...sent.inputs, subject: "We have launched again", title: "Relaunch" });
    await expect(h.providers.Campaign.diff("snt001", sent.props, news)).rejects.toMatchObject({
      name: "SenderOperationError",
      message:
        "diff Campaign snt001 failed: " +
        "Campaign snt001 has already been sent (status SENT): refusing to change subject, title. " +
        "Changing or replacing a sent campaign could send the mail again; remove it from the stack or revert the change.",
    });
    // The read without a state has no proof for the content: the page, then its own GET; the
    // diff's sent check takes the status from the page the read had.
    expect(await h.lines()).toEqual(["GET /v2/campaigns?page=1&limit=100", "GET /v2/campaigns/snt001"]);
  });

  test("should let an unchanged sent campaign be", async () => {
    const sent = await h.providers.Campaign.read("snt001", {});
    expect(await h.providers.Campaign.diff("snt001", sent.props, withProvider(sent.inputs))).toEqual(
      NO_CHANGE,
    );
  });

  test("should refuse a change to a campaign that became SENDING after it was created", async () => {
    const created = await h.providers.Campaign.create(withProvider({ ...BASE, groups: ["grp001"] }));
    // Sent by hand from the dashboard; the provider itself never sends.
    await h.client.sendCampaign(created.id);
    await expect(
      h.providers.Campaign.diff(
        created.id,
        created.outs,
        withProvider({ ...BASE, groups: ["grp001"], preheader: "Late" }),
      ),
    ).rejects.toThrow(
      `Campaign ${created.id} has already been sent (status SENT): refusing to change preheader.`,
    );
  });

  test("should name the operation when the update fails", async () => {
    const created = await h.providers.Campaign.create(withProvider(BASE));
    await expect(
      h.providers.Campaign.update(
        created.id,
        created.outs,
        withProvider({ ...BASE, replyTo: "x@unverified.example" }),
      ),
    ).rejects.toThrow(
      `update Campaign ${created.id} failed: replyTo "x@unverified.example": The reply to must be an address on a verified domain. (PATCH /v2/campaigns/${created.id} answered 422)`,
    );
  });
});

describe("Campaign read", () => {
  test("should return the same inputs and outputs when nothing drifted", async () => {
    const created = await h.providers.Campaign.create(
      withProvider({ ...BASE, groups: ["grp002", "grp001"] }),
    );
    const read = await h.providers.Campaign.read(created.id, withProvider(created.outs));
    expect(read).toEqual({
      id: created.id,
      props: created.outs,
      inputs: { ...BASE, groups: ["grp002", "grp001"] },
    });
    expect(
      await h.providers.Campaign.diff(
        created.id,
        read.props,
        withProvider({ ...BASE, groups: ["grp001", "grp002"] }),
      ),
    ).toEqual(NO_CHANGE);
  });

  test("should return what changed behind the stack's back in inputs", async () => {
    const created = await h.providers.Campaign.create(
      withProvider({ ...BASE, groups: ["grp002", "grp001"] }),
    );
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    await h.client.updateCampaign(created.id, {
      subject: "Changed behind the back",
      preheader: "Sneaky",
      google_analytics: 1,
      // The same set in another order: not drift.
      groups: ["grp001", "grp002"],
    });
    const read = await h.providers.Campaign.read(created.id, withProvider(created.outs));
    const inputs = {
      ...BASE,
      subject: "Changed behind the back",
      preheader: "Sneaky",
      googleAnalytics: true,
      groups: ["grp002", "grp001"],
    };
    expect(read).toEqual({
      id: created.id,
      inputs,
      // grp001 and grp002 reach 20 active subscribers between them.
      props: { ...inputs, ...draftOutputs({ created: created.outs.created, recipientCount: 20 }, inputs) },
    });
    // The next preview shows the drift as an update back to the program's inputs.
    expect(
      await h.providers.Campaign.diff(
        created.id,
        read.props,
        withProvider({ ...BASE, groups: ["grp002", "grp001"] }),
      ),
    ).toEqual(UPDATE);
  });

  test("should ignore the follow-up fields, which CampaignFollowUp owns", async () => {
    const created = await h.providers.Campaign.create(withProvider(BASE));
    await h.client.setFollowUp(created.id, { subject: "Reminder", time: 48 });
    const read = await h.providers.Campaign.read(created.id, withProvider(created.outs));
    expect(read.inputs).toEqual(BASE);
  });

  test("should say the campaign is gone after a delete behind the stack's back", async () => {
    const created = await h.providers.Campaign.create(withProvider(BASE));
    await h.client.deleteCampaigns([created.id]);
    expect(await h.providers.Campaign.read(created.id, withProvider(created.outs))).toEqual({ id: "" });
  });
});

describe("Campaign delete", () => {
  test("should delete the campaign", async () => {
    const created = await h.providers.Campaign.create(withProvider(BASE));
    await h.clearRequests();
    await h.providers.Campaign.delete(created.id, created.outs);
    expect(await h.campaign(created.id)).toBeUndefined();
    expect(await h.mutations()).toEqual([`DELETE /v2/campaigns?ids=[${created.id}]`]);
  });

  test("should succeed for a campaign already deleted", async () => {
    const created = await h.providers.Campaign.create(withProvider(BASE));
    await h.providers.Campaign.delete(created.id, created.outs);
    await expect(h.providers.Campaign.delete(created.id, created.outs)).resolves.toBeUndefined();
    await expect(h.providers.Campaign.delete("nev3r1", {})).resolves.toBeUndefined();
  });
});

describe("Campaign secrets", () => {
  test("should keep the token out of outputs and errors", async () => {
    const created = await h.providers.Campaign.create(withProvider(BASE));
    const read = await h.providers.Campaign.read(created.id, created.outs);
    const failure = await h.providers.Campaign.create(
      withProvider({ ...BASE, replyTo: "a@unverified.example" }),
    ).catch((err: Error) => err);
    const everything = JSON.stringify([created, read, String(failure), (failure as Error).stack]);
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain("__provider");
  });
});

describe("Campaign ownership and requests per create", () => {
  const search = "GET /v2/campaigns?status=DRAFT&page=1&limit=100";

  test("200 autonamed creates in one process share one list: 201 requests, 1.005 per create", async () => {
    await h.clearRequests();
    const names = Array.from({ length: 200 }, (_, i) => `welcome-${i}-1a2b3c4d`);
    await Promise.all(
      names.map((title) =>
        h.providers.Campaign.create(withProvider({ ...BASE, title, autonamed: true, ownershipMark: MARK })),
      ),
    );
    const lines = await h.lines();
    expect([
      lines.filter((l) => l === search).length,
      lines.filter((l) => l === "POST /v2/campaigns").length,
      lines.length,
      lines.length / names.length,
    ]).toEqual([1, 200, 201, 1.005]);
  });

  test("an explicitly titled create records the campaign as the rename left it: its modified is the service's, so a refresh finds no change", async () => {
    // Each time the emulator reads its clock, a second has passed: the POST and the rename get
    // two different `modified` stamps.
    const start = h.clock.now.getTime();
    let reads = 0;
    Object.defineProperty(h.clock, "now", {
      configurable: true,
      get: () => new Date(start + 1000 * reads++),
    });
    try {
      const created = await h.providers.Campaign.create(withProvider({ ...BASE, ownershipMark: MARK }));
      const stored = await h.campaign(created.id);
      expect([created.outs.title, created.outs.modified]).toEqual([BASE.title, stored.modified]);
      expect(stored.modified).not.toBe(stored.created);
      const read = await h.providers.Campaign.read(created.id, created.outs);
      expect(read.props).toEqual(created.outs);
    } finally {
      Object.defineProperty(h.clock, "now", { configurable: true, writable: true, value: new Date(start) });
    }
  });

  test("an explicitly titled create is a marked POST, a rename and a read of what the rename left: 3 requests, and a neighbour's look-alike stays alone", async () => {
    const neighbour = await h.client.createCampaign({
      title: BASE.title,
      subject: BASE.subject,
      from: BASE.from,
      reply_to: BASE.replyTo,
      content_type: "html",
    });
    await h.clearRequests();
    const created = await h.providers.Campaign.create(withProvider({ ...BASE, ownershipMark: MARK }));
    expect(await h.lines()).toEqual([
      search,
      "POST /v2/campaigns",
      `PATCH /v2/campaigns/${created.id}`,
      `GET /v2/campaigns/${created.id}`,
    ]);
    const titles = (await h.state()).campaigns
      .filter((c: { id: string }) => c.id === created.id || c.id === neighbour.id)
      .map((c: { id: string; title: string }) => [c.id, c.title]);
    expect(titles).toEqual([
      [neighbour.id, BASE.title],
      [created.id, BASE.title],
    ]);
    expect(created.outs).toMatchObject({ title: BASE.title, ownershipMark: MARK });
  });

  test("the POST carries the mark; a rename that fails leaves it in the outputs, so the next up renames it", async () => {
    await h.addFaults([{ method: "PATCH", path: "^/v2/campaigns/", kind: "status", status: 422, count: 1 }]);
    const created = await h.providers.Campaign.create(withProvider({ ...BASE, ownershipMark: MARK }));
    expect([(await h.campaign(created.id)).title, (created.outs as { title: string }).title]).toEqual([
      MARKED,
      MARKED,
    ]);
    const diff = await h.providers.Campaign.diff(created.id, created.outs as Record<string, unknown>, {
      ...BASE,
      ownershipMark: MARK,
    });
    expect(diff.changes).toBe(true);
  });

  test("a campaign still carrying the mark (a killed up) is reclaimed and renamed: no second one", async () => {
    const left = await h.client.createCampaign({
      title: MARKED,
      subject: BASE.subject,
      from: BASE.from,
      reply_to: BASE.replyTo,
      content_type: "html",
    });
    await h.clearRequests();
    const created = await h.providers.Campaign.create(withProvider({ ...BASE, ownershipMark: MARK }));
    expect(created.id).toBe(left.id);
    expect(await h.mutations()).toEqual([`PATCH /v2/campaigns/${left.id}`]);
    expect((await h.campaign(left.id)).title).toBe(BASE.title);
  });

  test("a renamed campaign the engine never recorded (kill -9) is reclaimed through the journal; a look-alike is not", async () => {
    const alike = await h.client.createCampaign({
      title: BASE.title,
      subject: BASE.subject,
      from: BASE.from,
      reply_to: BASE.replyTo,
      content_type: "html",
    });
    const made = await h.providers.Campaign.create(withProvider({ ...BASE, ownershipMark: MARK }));
    h.newProcess(); // the killed run's process is gone; the journal stays
    await h.clearRequests();
    const again = await h.providers.Campaign.create(withProvider({ ...BASE, ownershipMark: MARK }));
    expect([again.id, again.id === alike.id]).toEqual([made.id, false]);
    expect(await h.mutations()).toEqual([]);
  });

  test("a create-first replacement never reclaims the campaign its state holds: a second one is made, the first untouched", async () => {
    const autonamed = { ...BASE, title: `campaign-a-${MARK}`, autonamed: true, ownershipMark: MARK };
    const first = await h.providers.Campaign.create(withProvider(autonamed));
    h.newProcess(); // the replacing run: the engine diffs the old object, then creates
    await h.providers.Campaign.diff(first.id, first.outs as Record<string, unknown>, {
      ...autonamed,
      contentType: "text",
    });
    await h.clearRequests();
    const second = await h.providers.Campaign.create(withProvider({ ...autonamed, contentType: "text" }));
    expect(second.id === first.id).toBe(false);
    expect(await h.mutations()).toEqual(["POST /v2/campaigns"]);
    expect((await h.campaign(first.id)).title).toBe(`campaign-a-${MARK}`);
  });

  test("a forgotten campaign a state held (read by a refresh) is never taken over by a new create of the same mark, in a new process", async () => {
    const made = await h.providers.Campaign.create(withProvider({ ...BASE, ownershipMark: MARK }));
    h.newProcess();
    await h.providers.Campaign.read(made.id, made.outs as Record<string, unknown>);
    h.newProcess(); // the state forgot it (`removed`, `pulumi state delete`); the journal stays
    await h.clearRequests();
    const again = await h.providers.Campaign.create(
      withProvider({ ...BASE, subject: "April", ownershipMark: MARK }),
    );
    expect(again.id === made.id).toBe(false);
    expect((await h.campaign(made.id)).subject).toBe(BASE.subject);
    expect((await h.mutations())[0]).toBe("POST /v2/campaigns");
  });

  test("read never writes, even to remove a leftover; the next update removes marked DRAFT leftovers, never the resource's own nor a look-alike", async () => {
    const created = await h.providers.Campaign.create(withProvider({ ...BASE, ownershipMark: MARK }));
    const late = await h.client.createCampaign({
      title: MARKED,
      subject: BASE.subject,
      from: BASE.from,
      reply_to: BASE.replyTo,
      content_type: "html",
    });
    const alike = await h.client.createCampaign({
      title: BASE.title,
      subject: BASE.subject,
      from: BASE.from,
      reply_to: BASE.replyTo,
      content_type: "html",
    });
    h.newProcess(); // a new process, as for `pulumi refresh`
    await h.clearRequests();
    const outs = created.outs as Record<string, unknown>;
    // A read runs in `refresh --preview-only` too: it sends GETs only.
    await h.providers.Campaign.read(created.id, outs);
    expect(await h.mutations()).toEqual([]);
    await h.providers.Campaign.update(
      created.id,
      outs,
      withProvider({ ...BASE, subject: "Again", ownershipMark: MARK }),
    );
    expect(await h.mutations()).toEqual([
      `DELETE /v2/campaigns?ids=[${late.id}]`,
      `PATCH /v2/campaigns/${created.id}`,
    ]);
    const ids = (await h.state()).campaigns.map((c: { id: string }) => c.id);
    expect([ids.includes(created.id), ids.includes(late.id), ids.includes(alike.id)]).toEqual([
      true,
      false,
      true,
    ]);
  });

  test("check, diff and read refuse to send anything but a GET, before it leaves the process", async () => {
    const client = h.context.readOnly().client();
    await h.clearRequests();
    const refused = await client.deleteCampaigns(["abc123"]).catch((err: unknown) => err);
    expect([SenderReadOnlyError.is(refused), (refused as Error).message]).toEqual([
      true,
      "refused to send DELETE /v2/campaigns: check, diff and read (a preview, a refresh) never write to Sender",
    ]);
    expect((await client.getCampaign("snt001")).id).toBe("snt001");
    expect(await h.mutations()).toEqual([]);
  });

  test("a text campaign's content, wrapped by the service in one styled <p>, reads back as the program's text", async () => {
    const made = await h.client.createCampaign({
      title: "Text",
      subject: BASE.subject,
      from: BASE.from,
      reply_to: BASE.replyTo,
      content_type: "text",
      content: "Tom & Jerry",
    });
    const record = await h.client.getCampaign(made.id);
    const wrapped = (html: string) => ({
      ...record,
      editor: "text",
      html: { ...record.html, html_content: html },
    });
    const previous = { contentType: "text", content: "Tom & Jerry" };
    expect(
      [
        '<p style="font-size: 14px; line-height: 1.5;">Tom &amp; Jerry</p>',
        '<p style="font-size: 14px; font-family: Arial, Helvetica, sans-serif;">Tom &amp; Jerry</p>',
        "<p>Tom &amp; Jerry</p>",
        '<p style="font-size: 14px;">Tom and Jerry</p>',
        "<p>Tom</p><p>&amp; Jerry</p>",
      ].map((html) => inputsFromCampaign(wrapped(html) as never, previous).content),
    ).toEqual([
      "Tom & Jerry",
      "Tom & Jerry",
      "Tom & Jerry",
      '<p style="font-size: 14px;">Tom and Jerry</p>',
      "<p>Tom</p><p>&amp; Jerry</p>",
    ]);
    // An html campaign's content is never unwrapped.
    const html = {
      ...record,
      editor: "html",
      html: { ...record.html, html_content: "<p>Tom &amp; Jerry</p>" },
    };
    expect(inputsFromCampaign(html as never, { contentType: "html", content: "Tom & Jerry" }).content).toBe(
      "<p>Tom &amp; Jerry</p>",
    );
  });
});
