import { afterAll, beforeAll, beforeEach, describe, expect } from "vitest";
import { ProviderContext } from "../../../provider/core/context";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { providersOf } from "../../../provider/index";
import {
  parseScheduleTime,
  SCHEDULE_KEPT_INPUT,
  toApiScheduleTime,
} from "../../../provider/kinds/campaign-schedule";
import { test } from "../../support/pulumi-words";
import { type Harness, NO_CHANGE, PROVIDER_STUB, startHarness, TOKEN, UPDATE } from "./harness";

const withProvider = (inputs: Record<string, unknown>): Record<string, unknown> => ({
  ...inputs,
  __provider: PROVIDER_STUB,
});

/** A time years ahead of the test run, in a program's spelling, and its API form. */
const WHEN = "2031-06-01T09:00:00+02:00";
const WHEN_UTC = "2031-06-01 07:00:00";
const LATER = "2031-07-15T18:30:00Z";
const LATER_UTC = "2031-07-15 18:30:00";

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
    title: "Scheduled",
    subject: "Hello",
    from: "Example News",
    reply_to: "news@example.com",
    content_type: "html",
    groups: ["grp001"],
  });
  campaignId = campaign.id;
  await h.clearRequests();
});

const scheduledOutputs = (scheduleTime: string, scheduleTimeUtc: string, id = campaignId) => ({
  campaignId: id,
  scheduleTime,
  scheduleTimeUtc,
  status: "SCHEDULED",
  sent: false,
});

describe("schedule time conversion", () => {
  test.each([
    ["2026-12-01T09:00:00+01:00", "2026-12-01 08:00:00"],
    ["2026-12-01T08:00:00Z", "2026-12-01 08:00:00"],
    // Seconds are optional; an offset with minutes counts them.
    ["2026-12-01T01:30-05:30", "2026-12-01 07:00:00"],
    // A negative offset can carry the time into the next year.
    ["2026-12-31T23:30:00-01:00", "2027-01-01 00:30:00"],
    ["2028-02-29T12:00:00+00:00", "2028-02-29 12:00:00"],
    // Fractional seconds round to the nearest second, a half up (the service schedules to the second).
    ["2030-01-15T09:00:00.500Z", "2030-01-15 09:00:01"],
    ["2030-01-15T09:00:00.499999Z", "2030-01-15 09:00:00"],
    ["2030-01-15T09:00:59.9+01:00", "2030-01-15 08:01:00"],
    ["2030-12-31T23:59:59.5Z", "2031-01-01 00:00:00"],
  ])("should convert %s to %s UTC", (iso, api) => {
    expect(toApiScheduleTime(iso)).toBe(api);
  });

  test.each([
    "2026-12-01 09:00:00",
    "2026-12-01T09:00:00",
    "2026-02-30T09:00:00Z",
    "2027-02-29T09:00:00Z",
    "2026-12-01T24:00:00Z",
    "2026-12-01T09:60:00Z",
    "2026-12-01T09:00:00+24:00",
    "2026-12-01T09:00.250Z",
    "2026-12-01T09:00:00.Z",
    "2026-12-01T09:00:00.1234567890Z",
    "tomorrow at nine",
  ])("should refuse %s", (value) => {
    expect(parseScheduleTime(value)).toBeUndefined();
  });
});

describe("CampaignSchedule check", () => {
  const malformed = "must be an ISO 8601 time with an offset, e.g. 2026-12-01T09:00:00+01:00";
  test.each([
    {
      name: "a time without an offset",
      inputs: { campaignId: "c1", scheduleTime: "2026-12-01T09:00:00" },
      failures: [{ property: "scheduleTime", reason: malformed }],
    },
    {
      name: "the API's own format",
      inputs: { campaignId: "c1", scheduleTime: "2026-12-01 09:00:00" },
      failures: [{ property: "scheduleTime", reason: malformed }],
    },
    {
      name: "a day that does not exist",
      inputs: { campaignId: "c1", scheduleTime: "2026-02-30T09:00:00Z" },
      failures: [{ property: "scheduleTime", reason: malformed }],
    },
    {
      name: "words",
      inputs: { campaignId: "c1", scheduleTime: "next tuesday" },
      failures: [{ property: "scheduleTime", reason: malformed }],
    },
    {
      name: "a number",
      inputs: { campaignId: "c1", scheduleTime: 1_790_000_000 },
      failures: [{ property: "scheduleTime", reason: malformed }],
    },
    {
      name: "no campaign",
      inputs: { scheduleTime: WHEN },
      failures: [{ property: "campaignId", reason: "must be a campaign id" }],
    },
  ])("should fail on $name, naming the property", async ({ inputs, failures }) => {
    const news = withProvider(inputs);
    expect(await h.providers.CampaignSchedule.check({}, news)).toEqual({ inputs: news, failures });
  });

  test.each([
    { name: "a valid time", inputs: { campaignId: "c1", scheduleTime: WHEN } },
    // Only create and update judge the past: a sent schedule must keep passing check.
    { name: "an unknown time", inputs: { campaignId: "c1", scheduleTime: UNKNOWN } },
    { name: "an unknown campaign", inputs: { campaignId: UNKNOWN, scheduleTime: WHEN } },
  ])("should pass $name", async ({ inputs }) => {
    const news = withProvider(inputs);
    expect(await h.providers.CampaignSchedule.check({}, news)).toEqual({ inputs: news });
  });
});

test("check refuses a new time in the past, naming it in UTC and what to do", async () => {
  const news = withProvider({ campaignId: "c1", scheduleTime: "2020-01-01T09:00:00Z" });
  const result = await h.providers.CampaignSchedule.check({}, news);
  expect(result.failures).toHaveLength(1);
  expect(result.failures?.[0]?.property).toBe("scheduleTime");
  expect(result.failures?.[0]?.reason).toMatch(
    /^2020-01-01 09:00:00 UTC is in the past \(now \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\): give a later time, or leave out the CampaignSchedule to keep the campaign a draft$/,
  );
  // The time the stack already had passes: it goes by as the campaign goes out.
  expect(await h.providers.CampaignSchedule.check({ scheduleTime: "2020-01-01T09:00:00Z" }, news)).toEqual({
    inputs: news,
  });
});

describe("CampaignSchedule check: outputs and the kept mark", () => {
  test("sent, scheduleTimeUtc or status given as inputs fail, one line each naming the field", async () => {
    const news = withProvider({
      campaignId: "c1",
      scheduleTime: WHEN,
      sent: true,
      scheduleTimeUtc: WHEN_UTC,
      status: "SENT",
    });
    expect(await h.providers.CampaignSchedule.check({}, news)).toEqual({
      inputs: news,
      failures: ["scheduleTimeUtc", "status", "sent"].map((property) => ({
        property,
        reason: `${property} is an output the provider records, never an input: remove it from the resource's arguments`,
      })),
    });
  });

  test("a schedule the stack has as it is gets the kept mark; a moved time or another campaign does not", async () => {
    const olds = withProvider({ campaignId: "c1", scheduleTime: WHEN, [SCHEDULE_KEPT_INPUT]: true });
    const same = withProvider({ campaignId: "c1", scheduleTime: WHEN });
    expect(await h.providers.CampaignSchedule.check(olds, same)).toEqual({
      inputs: { ...same, [SCHEDULE_KEPT_INPUT]: true },
    });
    for (const moved of [
      { campaignId: "c1", scheduleTime: LATER },
      { campaignId: "c2", scheduleTime: WHEN },
      { campaignId: UNKNOWN, scheduleTime: WHEN },
      { campaignId: "c1", scheduleTime: UNKNOWN },
    ]) {
      const news = withProvider(moved);
      expect(await h.providers.CampaignSchedule.check(olds, news)).toEqual({ inputs: news });
    }
    // A new schedule (no previous inputs) has no mark either.
    expect(await h.providers.CampaignSchedule.check({}, same)).toEqual({ inputs: same });
  });

  test("a program that gives the mark is refused, known or not, and the mark is not kept", async () => {
    for (const mark of [true, "true", UNKNOWN]) {
      const news = withProvider({ campaignId: "c1", scheduleTime: WHEN, [SCHEDULE_KEPT_INPUT]: mark });
      const result = await h.providers.CampaignSchedule.check({}, news);
      expect(result.failures).toEqual([
        {
          property: SCHEDULE_KEPT_INPUT,
          reason: `${SCHEDULE_KEPT_INPUT} is set by the provider's check, never by a program: remove it from the resource's arguments`,
        },
      ]);
    }
  });
});

describe("CampaignSchedule with sender:minScheduleLeadMinutes", () => {
  /** The providers of a context configured for the emulator with a lead of `minutes`. */
  function withLead(minutes: string) {
    const values: Record<string, string> = {
      "sender:apiToken": TOKEN,
      "sender:baseUrl": h.url,
      "sender:minScheduleLeadMinutes": minutes,
    };
    const context = ProviderContext.configure({ get: (key) => values[key] });
    if (context.failure) throw context.failure;
    return providersOf(context);
  }
  const inMinutes = (minutes: number) =>
    `${new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 19)}Z`;

  test("create and update refuse a time nearer than the lead before sending anything, naming the field and the limit", async () => {
    const providers = withLead("120");
    const soon = inMinutes(30);
    await expect(
      providers.CampaignSchedule.create(withProvider({ campaignId, scheduleTime: soon })),
    ).rejects.toThrow(
      new RegExp(
        `^create CampaignSchedule ${campaignId} failed: scheduleTime ${soon} \\(${toApiScheduleTime(soon)} UTC\\) is (29|30) minutes from now, ` +
          "less than the 120 minutes sender:minScheduleLeadMinutes requires: move scheduleTime to \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:00 UTC or later$",
      ),
    );
    const created = await providers.CampaignSchedule.create(withProvider({ campaignId, scheduleTime: WHEN }));
    await h.clearRequests();
    await expect(
      providers.CampaignSchedule.update(
        campaignId,
        created.outs,
        withProvider({ campaignId, scheduleTime: soon }),
      ),
    ).rejects.toThrow(
      /^update CampaignSchedule \w+ failed: scheduleTime \S+ \(.+ UTC\) is (29|30) minutes from now, less than the 120 minutes/,
    );
    expect(await h.mutations()).toEqual([]);
    expect(await h.campaign(campaignId)).toMatchObject({ status: "SCHEDULED", schedule_time: WHEN_UTC });
  });

  test("a time past the lead is scheduled; unset, only the past is refused", async () => {
    const far = inMinutes(180);
    expect(
      (await withLead("120").CampaignSchedule.create(withProvider({ campaignId, scheduleTime: far }))).outs,
    ).toEqual(scheduledOutputs(far, toApiScheduleTime(far)));
    const soon = inMinutes(30);
    expect(
      (await h.providers.CampaignSchedule.create(withProvider({ campaignId, scheduleTime: soon }))).outs,
    ).toEqual(scheduledOutputs(soon, toApiScheduleTime(soon)));
  });

  test.each([
    ["0", "greater than 0"],
    ["-5", "a whole number"],
    ["ten", "a whole number"],
    ["1.5", "a whole number"],
  ])("%s is refused as a config value, naming the key, the value and an example", (value, rule) => {
    const values: Record<string, string> = {
      "sender:apiToken": TOKEN,
      "sender:minScheduleLeadMinutes": value,
    };
    expect(ProviderContext.configure({ get: (key) => values[key] }).failure?.message).toBe(
      `Invalid config sender:minScheduleLeadMinutes: sender:minScheduleLeadMinutes must be ${rule} (got "${value}"), e.g. \`pulumi config set sender:minScheduleLeadMinutes 1\``,
    );
  });
});

describe("CampaignSchedule with sender:scheduleNeedsAudience", () => {
  /** The providers of a context configured for the emulator with the audience guard `on`. */
  function withGuard(on: string) {
    const values: Record<string, string> = {
      "sender:apiToken": TOKEN,
      "sender:baseUrl": h.url,
      "sender:scheduleNeedsAudience": on,
    };
    const context = ProviderContext.configure({ get: (key) => values[key] });
    if (context.failure) throw context.failure;
    return providersOf(context);
  }
  /** A campaign of no groups, tags or filters. */
  const bare = async () =>
    (
      await h.client.createCampaign({
        title: "Nobody's",
        subject: "Hello",
        from: "Example News",
        reply_to: "news@example.com",
        content_type: "html",
      })
    ).id;

  test("create refuses a campaign with no audience before the schedule request, in one line naming the campaign", async () => {
    const id = await bare();
    await h.clearRequests();
    await expect(
      withGuard("true").CampaignSchedule.create(withProvider({ campaignId: id, scheduleTime: WHEN })),
    ).rejects.toMatchObject({
      message:
        `create CampaignSchedule ${id} failed: campaignId ${id} has no audience in Sender (no tags, saved filters or groups, and not sendToAll), ` +
        "and sender:scheduleNeedsAudience requires one: add a CampaignTargeting with this campaignId and make the " +
        "schedule depend on it (dependsOn), or give the campaign groups",
    });
    expect(await h.mutations()).toEqual([]);
    expect(await h.campaign(id)).toMatchObject({ status: "DRAFT", schedule_time: null });
  });

  test("a campaign with tags, with sendToAll or with groups of its own is scheduled", async () => {
    const tagged = await bare();
    await h.client.setTags(tagged, ["tag001"]);
    const everyone = await bare();
    await withGuard("false").CampaignTargeting.create(
      withProvider({ campaignId: everyone, sendToAll: true }),
    );
    const providers = withGuard("true");
    for (const id of [tagged, everyone, campaignId])
      expect(
        (await providers.CampaignSchedule.create(withProvider({ campaignId: id, scheduleTime: WHEN }))).outs,
      ).toEqual(scheduledOutputs(WHEN, WHEN_UTC, id));
  });

  test("off (the default, or false), a campaign with no audience is scheduled as before", async () => {
    const id = await bare();
    expect(
      (await h.providers.CampaignSchedule.create(withProvider({ campaignId: id, scheduleTime: WHEN }))).outs,
    ).toMatchObject({ campaignId: id, status: "SCHEDULED" });
    const other = await bare();
    expect(
      (
        await withGuard("false").CampaignSchedule.create(
          withProvider({ campaignId: other, scheduleTime: WHEN }),
        )
      ).outs,
    ).toMatchObject({ campaignId: other, status: "SCHEDULED" });
  });

  test("a value other than true or false is refused, naming the key", () => {
    const values: Record<string, string> = {
      "sender:apiToken": TOKEN,
      "sender:scheduleNeedsAudience": "yes",
    };
    expect(ProviderContext.configure({ get: (key) => values[key] }).failure?.message).toBe(
      'Invalid config sender:scheduleNeedsAudience: sender:scheduleNeedsAudience must be true or false (got "yes"), e.g. `pulumi config set sender:scheduleNeedsAudience true`',
    );
  });
});

describe("CampaignSchedule create", () => {
  test("should schedule the campaign in UTC", async () => {
    const result = await h.providers.CampaignSchedule.create(
      withProvider({ campaignId, scheduleTime: WHEN }),
    );
    expect(result).toEqual({ id: campaignId, outs: scheduledOutputs(WHEN, WHEN_UTC) });
    expect(await h.campaign(campaignId)).toMatchObject({
      status: "SCHEDULED",
      schedule_time: WHEN_UTC,
      sent_time: null,
    });
    expect(await h.mutations()).toEqual([`POST /v2/campaigns/${campaignId}/schedule`]);
  });

  test("should refuse a time in the past before calling the API", async () => {
    await expect(
      h.providers.CampaignSchedule.create(
        withProvider({ campaignId, scheduleTime: "2020-01-01T09:00:00+01:00" }),
      ),
    ).rejects.toMatchObject({
      name: "SenderOperationError",
      message:
        `create CampaignSchedule ${campaignId} failed: scheduleTime 2020-01-01T09:00:00+01:00 (2020-01-01 08:00:00 UTC) ` +
        "is not in the future; the service can only schedule a campaign for a later time",
    });
    expect(await h.requests()).toEqual([]);
  });

  test("should name the operation and the service's message for a sent campaign", async () => {
    await expect(
      h.providers.CampaignSchedule.create(withProvider({ campaignId: "snt001", scheduleTime: WHEN })),
    ).rejects.toThrow(
      "create CampaignSchedule snt001 failed: POST /v2/campaigns/snt001/schedule failed with 400: Campaign snt001 has already been sent; it cannot be scheduled.",
    );
  });
});

describe("CampaignSchedule diff and update", () => {
  test.each([
    { name: "the same time", after: { scheduleTime: WHEN }, diff: NO_CHANGE },
    { name: "a later time", after: { scheduleTime: LATER }, diff: UPDATE, utc: LATER_UTC },
    // The program's spelling is what it manages; scheduling the same instant again is harmless.
    {
      name: "the same instant spelled in UTC",
      after: { scheduleTime: "2031-06-01T07:00:00Z" },
      diff: UPDATE,
      utc: WHEN_UTC,
    },
    {
      name: "another campaign",
      after: { campaignId: "other1", scheduleTime: WHEN },
      diff: { changes: true, replaces: ["campaignId"], deleteBeforeReplace: true },
    },
  ])("should diff and update $name", async ({ after, diff, utc }) => {
    const created = await h.providers.CampaignSchedule.create(
      withProvider({ campaignId, scheduleTime: WHEN }),
    );
    const news = withProvider({ campaignId, ...after });
    await h.clearRequests();
    expect(await h.providers.CampaignSchedule.diff(campaignId, created.outs, news)).toEqual(diff);
    // Changed inputs cost a read of the campaign list (the sent guard), and of the campaign it moves
    // to when the list does not show it (other1 does not exist).
    const moved = news.campaignId !== campaignId ? [`GET /v2/campaigns/${news.campaignId}`] : [];
    expect(await h.lines()).toEqual(diff.changes ? ["GET /v2/campaigns?page=1&limit=100", ...moved] : []);
    if (utc === undefined) return;
    const updated = await h.providers.CampaignSchedule.update(campaignId, created.outs, news);
    expect(updated).toEqual({ outs: scheduledOutputs(after.scheduleTime, utc) });
    expect(await h.campaign(campaignId)).toMatchObject({ status: "SCHEDULED", schedule_time: utc });
    expect(await h.mutations()).toEqual([`POST /v2/campaigns/${campaignId}/schedule`]);
  });

  test("should refuse to move the schedule into the past", async () => {
    const created = await h.providers.CampaignSchedule.create(
      withProvider({ campaignId, scheduleTime: WHEN }),
    );
    await h.clearRequests();
    await expect(
      h.providers.CampaignSchedule.update(
        campaignId,
        created.outs,
        withProvider({ campaignId, scheduleTime: "2021-03-01T10:00:00Z" }),
      ),
    ).rejects.toThrow(
      `update CampaignSchedule ${campaignId} failed: scheduleTime 2021-03-01T10:00:00Z (2021-03-01 10:00:00 UTC) is not in the future`,
    );
    expect(await h.mutations()).toEqual([]);
  });

  test("should make no API call when the inputs are unchanged", async () => {
    const created = await h.providers.CampaignSchedule.create(
      withProvider({ campaignId, scheduleTime: WHEN }),
    );
    await h.clearRequests();
    await h.providers.CampaignSchedule.diff(
      campaignId,
      created.outs,
      withProvider({ campaignId, scheduleTime: WHEN }),
    );
    expect(await h.requests()).toEqual([]);
  });

  test("should only ever read during check and diff of changed inputs", async () => {
    const created = await h.providers.CampaignSchedule.create(
      withProvider({ campaignId, scheduleTime: WHEN }),
    );
    await h.clearRequests();
    const news = withProvider({ campaignId, scheduleTime: UNKNOWN });
    expect(await h.providers.CampaignSchedule.check(created.outs, news)).toEqual({ inputs: news });
    expect(await h.providers.CampaignSchedule.diff(campaignId, created.outs, news)).toEqual(UPDATE);
    expect(await h.mutations()).toEqual([]);
  });

  test("should refuse to reschedule a sent campaign during diff", async () => {
    const olds = { campaignId: "snt001", scheduleTime: "2026-01-06T10:00:00Z" };
    await expect(
      h.providers.CampaignSchedule.diff(
        "snt001",
        olds,
        withProvider({ campaignId: "snt001", scheduleTime: WHEN }),
      ),
    ).rejects.toMatchObject({
      name: "SenderOperationError",
      message:
        "diff CampaignSchedule snt001 failed: " +
        "Campaign snt001 has already been sent (status SENT): refusing to change its CampaignSchedule (scheduleTime). " +
        "The service freezes a sent campaign; remove the CampaignSchedule from the stack or revert the change.",
    });
  });
});

describe("CampaignSchedule read", () => {
  test("should return the same inputs when nothing drifted", async () => {
    const created = await h.providers.CampaignSchedule.create(
      withProvider({ campaignId, scheduleTime: WHEN }),
    );
    expect(await h.providers.CampaignSchedule.read(campaignId, withProvider(created.outs))).toEqual({
      id: campaignId,
      props: created.outs,
      inputs: { campaignId, scheduleTime: WHEN },
    });
  });

  test("should return a time changed behind the stack's back in inputs", async () => {
    const created = await h.providers.CampaignSchedule.create(
      withProvider({ campaignId, scheduleTime: WHEN }),
    );
    await h.client.scheduleCampaign(campaignId, LATER_UTC);
    const read = await h.providers.CampaignSchedule.read(campaignId, withProvider(created.outs));
    expect(read).toEqual({
      id: campaignId,
      props: scheduledOutputs(LATER, LATER_UTC),
      inputs: { campaignId, scheduleTime: LATER },
    });
    expect(
      await h.providers.CampaignSchedule.diff(
        campaignId,
        read.props,
        withProvider({ campaignId, scheduleTime: WHEN }),
      ),
    ).toEqual(UPDATE);
  });

  test("should record the send once the time has come, without a diff on the time", async () => {
    const created = await h.providers.CampaignSchedule.create(
      withProvider({ campaignId, scheduleTime: WHEN }),
    );
    h.clock.now = new Date("2031-06-01T07:00:05Z");
    const read = await h.providers.CampaignSchedule.read(campaignId, withProvider(created.outs));
    expect(read).toEqual({
      id: campaignId,
      props: { campaignId, scheduleTime: WHEN, scheduleTimeUtc: WHEN_UTC, status: "SENT", sent: true },
      inputs: { campaignId, scheduleTime: WHEN },
    });
    await h.clearRequests();
    expect(
      await h.providers.CampaignSchedule.diff(
        campaignId,
        read.props,
        withProvider({ campaignId, scheduleTime: WHEN }),
      ),
    ).toEqual(NO_CHANGE);
    // Destroying the schedule of a sent campaign (in a later run: this process wrote it) is a no-op.
    h.newProcess();
    await h.providers.CampaignSchedule.delete(campaignId, read.props);
    expect(await h.lines()).toEqual([`GET /v2/campaigns/${campaignId}`]);
    expect(await h.campaign(campaignId)).toMatchObject({ status: "SENT", sent_time: WHEN_UTC });
  });

  test("should say the schedule is gone when the campaign was unscheduled behind the stack's back", async () => {
    const created = await h.providers.CampaignSchedule.create(
      withProvider({ campaignId, scheduleTime: WHEN }),
    );
    await h.client.unscheduleCampaign(campaignId);
    expect(await h.providers.CampaignSchedule.read(campaignId, withProvider(created.outs))).toEqual({
      id: "",
    });
  });

  test("should say the schedule is gone when the campaign was deleted", async () => {
    const created = await h.providers.CampaignSchedule.create(
      withProvider({ campaignId, scheduleTime: WHEN }),
    );
    await h.client.deleteCampaigns([campaignId]);
    expect(await h.providers.CampaignSchedule.read(campaignId, withProvider(created.outs))).toEqual({
      id: "",
    });
  });
});

describe("CampaignSchedule delete", () => {
  test("should unschedule the campaign back to DRAFT", async () => {
    const created = await h.providers.CampaignSchedule.create(
      withProvider({ campaignId, scheduleTime: WHEN }),
    );
    await h.clearRequests();
    await h.providers.CampaignSchedule.delete(campaignId, created.outs);
    expect(await h.campaign(campaignId)).toMatchObject({ status: "DRAFT", schedule_time: null });
    expect(await h.mutations()).toEqual([`DELETE /v2/campaigns/${campaignId}/schedule`]);
  });

  test("should succeed when already unscheduled, and when the campaign is gone", async () => {
    const created = await h.providers.CampaignSchedule.create(
      withProvider({ campaignId, scheduleTime: WHEN }),
    );
    await h.providers.CampaignSchedule.delete(campaignId, created.outs);
    await expect(h.providers.CampaignSchedule.delete(campaignId, created.outs)).resolves.toBeUndefined();
    await h.client.deleteCampaigns([campaignId]);
    await expect(h.providers.CampaignSchedule.delete(campaignId, created.outs)).resolves.toBeUndefined();
  });
});
