/**
 * CampaignSchedule: when a campaign goes out (`/v2/campaigns/{id}/schedule`). The program gives
 * an ISO 8601 time with an offset; the API takes `YYYY-MM-DD HH:MM:SS` in UTC. One schedule per
 * campaign, so its id is the campaign id. Only `campaignId` forces replacement.
 *
 * Once the campaign has been sent, `read` records it (`sent: true`) and destroying the schedule
 * is a no-op: there is nothing left to cancel.
 */
import { z } from "zod";
import { formatTimestamp } from "../client/query";
import type * as api from "../client/schemas";
import type { PropertyBag } from "../core/bag";
import { checkWithSchema } from "../core/check";
import type { ProviderContext } from "../core/context";
import type { CheckResult } from "../core/contract";
import { defineResource } from "../core/define";
import { containsUnknown } from "../core/engine-values";
import { campaignIdField, derive, type InputsOf, type OutputsOf, type TableOf, typed } from "../core/fields";
import type { KindSample } from "../core/kind-sample";
import { httpStatusOf, isNotFound, readOrGone, withOperation } from "../core/operation-errors";
import { type CampaignReadField, campaignForRead } from "../core/paged-reads";
import { partAdoptIdField } from "../core/part-takeover";
import type { ResourceProviderOf } from "../core/provider-types";
import { guardChange, guardedDiff, guardSentCampaign, isSent } from "../core/sent-guard";
import { fieldWord, kindWord, say, settingWord } from "../words";

const KIND = "CampaignSchedule";

/** The inputs of a CampaignSchedule (camelCase): derived from {@link campaignScheduleFields}. */
export type CampaignScheduleInputs = InputsOf<typeof campaignScheduleFields>;

// Date, `T`, hours and minutes, optional seconds with an optional fraction, and a mandatory
// offset (`Z` or ±HH:MM).
const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * The instant of an ISO 8601 time with an offset, or undefined when it is malformed or names no
 * real moment (2026-02-30, 25:00, an offset beyond ±23:59). The service schedules to the whole
 * second, so fractional seconds are rounded to the nearest one, a half up:
 * `09:00:00.499Z` is 09:00:00, `09:00:00.500Z` is 09:00:01.
 */
export function parseScheduleTime(value: string): Date | undefined {
  const match = ISO_WITH_OFFSET.exec(value);
  if (!match) return undefined;
  const [y, mo, d, h, mi] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const s = Number(match[6] ?? "0");
  const local = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date rolls 2026-02-30 over to March: a round trip catches it.
  if (
    local.getUTCFullYear() !== y ||
    local.getUTCMonth() !== mo - 1 ||
    local.getUTCDate() !== d ||
    local.getUTCHours() !== h ||
    local.getUTCMinutes() !== mi ||
    local.getUTCSeconds() !== s
  ) {
    return undefined;
  }
  const roundUp = match[7] !== undefined && Number(`0.${match[7]}`) >= 0.5 ? 1000 : 0;
  if (match[8] === "Z") return new Date(local.getTime() + roundUp);
  const offsetHours = Number(match[10]);
  const offsetMinutes = Number(match[11]);
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const sign = match[9] === "-" ? -1 : 1;
  return new Date(local.getTime() + roundUp - sign * (offsetHours * 60 + offsetMinutes) * 60_000);
}

/** The API's form of a valid ISO time: `YYYY-MM-DD HH:MM:SS` in UTC. */
export function toApiScheduleTime(value: string): string {
  const instant = parseScheduleTime(value);
  if (!instant)
    throw new Error(
      say`${fieldWord("scheduleTime")} ${JSON.stringify(value)} is not an ISO 8601 time with an offset`,
    );
  return formatTimestamp(instant);
}

/** An API time (`YYYY-MM-DD HH:MM:SS`, UTC) as ISO 8601: `YYYY-MM-DDTHH:MM:SSZ`. */
export function fromApiScheduleTime(value: string): string {
  return `${value.replace(" ", "T")}Z`;
}

/** The outputs of a CampaignSchedule: its inputs and what the provider records. */
export type CampaignScheduleOutputs = OutputsOf<typeof campaignScheduleFields>;

/**
 * What {@link schedule} records when it schedules these inputs, known before any request: the
 * time in the API's form, `SCHEDULED`, not sent. Undefined for a take-over (`adoptId`), whose
 * record is the service's, and for a time not yet known or malformed.
 */
function scheduled(
  inputs: Readonly<Record<string, unknown>>,
): { scheduleTimeUtc: string; status: api.CampaignStatus; sent: boolean } | undefined {
  if (inputs.adoptId !== undefined || typeof inputs.scheduleTime !== "string") return undefined;
  const scheduleTimeUtc = formatIfValid(inputs.scheduleTime);
  return scheduleTimeUtc === undefined ? undefined : { scheduleTimeUtc, status: "SCHEDULED", sent: false };
}

const SCHEDULE_TIME_REASON = "must be an ISO 8601 time with an offset, e.g. 2026-12-01T09:00:00+01:00";

/** The field table of CampaignSchedule: a new time is scheduled again, a new campaign replaces. */
export const campaignScheduleFields = {
  /** The campaign to send. Changing it replaces the schedule. */
  campaignId: campaignIdField(),
  /**
   * The id of the campaign whose schedule to take over (it must be `campaignId`): `create` then reads it and
   * schedules again only when the time differs, sending nothing when it matches. Only read at create.
   */
  adoptId: partAdoptIdField("campaign"),
  /**
   * When to send, in ISO 8601 with an offset, e.g. `2026-12-01T09:00:00+01:00` or `2026-12-01T08:00:00Z`. It
   * must be in the future when the schedule is created or changed. The service schedules to the second:
   * fractional seconds are rounded to the nearest one, a half up (`09:00:00.500Z` is 09:00:01).
   */
  scheduleTime: {
    type: "string",
    required: true,
    check: z
      .string({ error: SCHEDULE_TIME_REASON })
      .refine((value) => parseScheduleTime(value) !== undefined, SCHEDULE_TIME_REASON),
  },
  /** The scheduled time as the API has it, `YYYY-MM-DD HH:MM:SS` UTC. */
  scheduleTimeUtc: {
    type: "string",
    output: true,
    optional: true,
    movedBy: { update: ["scheduleTime"] },
    planned: (inputs) => scheduled(inputs)?.scheduleTimeUtc,
  },
  /** The campaign's status, e.g. `SCHEDULED` or `SENT`. */
  status: {
    type: "string",
    output: true,
    movedBy: { update: "any" },
    planned: (inputs) => scheduled(inputs)?.status,
    ...typed<api.CampaignStatus>(),
  },
  /** Whether the campaign has gone out. */
  sent: {
    type: "boolean",
    output: true,
    movedBy: { update: "any" },
    planned: (inputs) => scheduled(inputs)?.sent,
  },
} as const satisfies TableOf<never>;

/** What a CampaignSchedule is, for the package schema and the SDK. */
export const campaignScheduleDescription =
  "When a regular campaign goes out. One schedule per campaign, so its id is the campaign id. Only `campaignId` " +
  "forces replacement. Once the campaign has been sent, `read` records it (`sent: true`) and destroying the " +
  "schedule leaves the service untouched: there is nothing left to cancel.";

/** How CampaignSchedule inputs compare (old and new schedule different campaigns, so they never clash). Built at module load. */
// A replacement unschedules the old schedule first: a campaign has one schedule.
const { spec: CAMPAIGN_SCHEDULE_DIFF, schema: inputSchema } = derive(campaignScheduleFields, true);

/** The inputs a schedule keeps: `adoptId` is only read at create. */
function managedInputs({ campaignId, scheduleTime }: CampaignScheduleInputs): CampaignScheduleInputs {
  return { campaignId, scheduleTime };
}

/**
 * Schedules the campaign, refusing before asking the service a time that is not in the future, or
 * (with `sender:minScheduleLeadMinutes`) nearer than that lead: create and update always know the
 * time, where a preview and the policy pack may not.
 */
async function schedule(
  context: ProviderContext,
  inputs: CampaignScheduleInputs,
  now: number = Date.now(),
): Promise<CampaignScheduleOutputs> {
  const utc = toApiScheduleTime(inputs.scheduleTime);
  const instant = (parseScheduleTime(inputs.scheduleTime) as Date).getTime();
  if (instant <= now) {
    throw new Error(
      say`${fieldWord("scheduleTime")} ${inputs.scheduleTime} (${utc} UTC) is not in the future; ` +
        "the service can only schedule a campaign for a later time",
    );
  }
  const leadMinutes = context.minScheduleLeadMinutes();
  if (leadMinutes !== undefined && instant - now < leadMinutes * 60_000) {
    const earliest = formatTimestamp(new Date(Math.ceil((now + leadMinutes * 60_000) / 60_000) * 60_000));
    throw new Error(
      say`${fieldWord("scheduleTime")} ${inputs.scheduleTime} (${utc} UTC) is ${Math.floor((instant - now) / 60_000)} minutes from now, ` +
        say`less than the ${leadMinutes} minutes ${settingWord("minScheduleLeadMinutes")} requires: move ${fieldWord("scheduleTime")} to ${earliest} UTC or later`,
    );
  }
  if (context.scheduleNeedsAudience()) await refuseWithoutAudience(context, inputs.campaignId);
  await context.client().scheduleCampaign(inputs.campaignId, utc);
  return { ...inputs, scheduleTimeUtc: utc, status: "SCHEDULED" satisfies api.CampaignStatus, sent: false };
}

/**
 * With `sender:scheduleNeedsAudience`, the policy pack's `schedule-needs-audience` held where the
 * pack cannot hold it (`pulumi up --skip-preview` runs its stack rules after the update): the
 * campaign as the service has it, by its resolved id, must go to someone: `sendToAll`, its own
 * groups (the service counts them when it sends), or included tags or saved filters (a
 * CampaignTargeting's), read in that order until one is found. GET requests only.
 *
 * @throws Error with one line naming the campaign and what to do; nothing is scheduled.
 */
async function refuseWithoutAudience(context: ProviderContext, campaignId: string): Promise<void> {
  const client = context.client();
  const campaign = await client.getCampaign(campaignId);
  if (campaign.send_to_all === 1) return;
  if ((campaign.campaign_groups ?? []).length > 0) return;
  if ((await client.getCampaignTags(campaignId)).length > 0) return;
  if ((await client.getCampaignFilters(campaignId)).length > 0) return;
  throw new Error(
    say`${fieldWord("campaignId")} ${campaignId} has no audience in Sender (no tags, saved filters or groups, and not ${fieldWord("sendToAll")}), ` +
      say`and ${settingWord("scheduleNeedsAudience")} requires one: add a ${kindWord("CampaignTargeting")} with this ${fieldWord("campaignId")} and make the ` +
      say`schedule depend on it (${fieldWord("dependsOn")}), or give the campaign groups`,
  );
}

/**
 * The input `check` adds to a schedule the stack already has as it is (the same campaign and the
 * same time as its previous inputs): `true`. The policy pack's `schedule-lead-time` reads it from
 * the checked inputs the engine hands a resource rule, to leave an applied schedule alone while it
 * judges every new or moved one. Only `check` sets it: a program that gives it is refused. Not
 * `__`-prefixed: the engine strips such keys from what it hands a policy pack.
 */
export const SCHEDULE_KEPT_INPUT = "scheduleKept";

/**
 * The `check` of a schedule: the field rules, then a time already past when it is new (a create,
 * or a changed time), which the service would refuse at apply. A time the stack already had is
 * not judged again: it passes as the campaign goes out. The checked inputs of an unchanged
 * schedule carry {@link SCHEDULE_KEPT_INPUT}.
 */
export async function checkSchedule(
  olds: PropertyBag,
  news: PropertyBag,
  now: number = Date.now(),
): Promise<CheckResult> {
  return markKept(olds, news, refusePast(olds, news, checkWithSchema(inputSchema, news), now));
}

const isKnownText = (value: unknown): value is string => typeof value === "string" && !containsUnknown(value);

/**
 * The result with {@link SCHEDULE_KEPT_INPUT} set in its inputs when the stack already has this
 * schedule (`olds`, the previous inputs, name the same known campaign and time), and absent
 * otherwise; a program that gives it is refused. A changed campaign is a new schedule (a
 * replacement), even at the same time.
 */
function markKept(olds: PropertyBag | undefined, news: PropertyBag, result: CheckResult): CheckResult {
  if (news[SCHEDULE_KEPT_INPUT] !== undefined) {
    const failure = {
      property: SCHEDULE_KEPT_INPUT,
      reason: `${SCHEDULE_KEPT_INPUT} is set by the provider's check, never by a program: remove it from the resource's arguments`,
    };
    return { ...result, failures: [failure, ...(result.failures ?? [])] };
  }
  if ((result.failures ?? []).length > 0) return result;
  const kept =
    isKnownText(news.scheduleTime) &&
    isKnownText(news.campaignId) &&
    news.scheduleTime === olds?.scheduleTime &&
    news.campaignId === olds?.campaignId;
  return kept ? { ...result, inputs: { ...result.inputs, [SCHEDULE_KEPT_INPUT]: true } } : result;
}

/** A new time already past, once the field rules (`result`) passed: see {@link checkSchedule}. */
function refusePast(
  olds: PropertyBag | undefined,
  news: PropertyBag,
  result: CheckResult,
  now: number = Date.now(),
): CheckResult {
  if ((result.failures ?? []).length > 0) return result;
  const time = news.scheduleTime;
  if (typeof time !== "string" || containsUnknown(time) || time === olds?.scheduleTime) return result;
  const instant = parseScheduleTime(time) as Date;
  if (instant.getTime() > now) return result;
  return {
    ...result,
    failures: [
      {
        property: "scheduleTime",
        reason:
          `${formatTimestamp(instant)} UTC is in the past (now ${formatTimestamp(new Date(now))} UTC): ` +
          say`give a later time, or leave out the ${kindWord("CampaignSchedule")} to keep the campaign a draft`,
      },
    ],
  };
}

/** What a read of a schedule compares of its campaign. */
const SCHEDULE_READ: readonly CampaignReadField[] = ["status", "schedule_time", "sent_time"];

/** The CampaignSchedule provider. */
export const campaignScheduleProvider: ResourceProviderOf = defineResource(campaignScheduleFields, {
  kind: KIND,
  deleteBeforeReplace: true,
  takesOver: "schedule of campaign",
  handlers: (context) => ({
    check: async (olds, news, checked) => markKept(olds, news, refusePast(olds, news, checked)),

    async diff(id, olds, news) {
      return guardedDiff(context, CAMPAIGN_SCHEDULE_DIFF, KIND, id, olds, news);
    },

    async create(props) {
      const inputs = managedInputs(props);
      return withOperation("create", KIND, inputs.campaignId, async () => ({
        id: inputs.campaignId,
        outs: await schedule(context, inputs),
      }));
    },

    async read(id, previous) {
      return readOrGone(
        KIND,
        id,
        // The campaign list carries all three (wire contract "Regular campaigns"): a page serves it.
        async () => (await campaignForRead(context, id, SCHEDULE_READ, undefined)).campaign,
        (campaign) => {
          const given = typeof previous.scheduleTime === "string" ? previous.scheduleTime : undefined;
          const givenUtc = given === undefined ? undefined : formatIfValid(given);
          if (isSent(campaign.status)) {
            // Sent as planned (or by hand): keep the inputs, record the fact.
            const scheduleTime =
              given ?? fromApiScheduleTime(campaign.schedule_time ?? campaign.sent_time ?? "");
            const inputs = { campaignId: id, scheduleTime };
            const scheduleTimeUtc = givenUtc ?? campaign.schedule_time ?? undefined;
            return {
              id,
              props: {
                ...inputs,
                ...(scheduleTimeUtc ? { scheduleTimeUtc } : {}),
                status: campaign.status,
                sent: true,
              },
              inputs,
            };
          }
          // A DRAFT was unscheduled behind the stack's back: gone, so that `up` schedules it again.
          if (campaign.status !== "SCHEDULED" || campaign.schedule_time === null) return { id: "" };
          const utc = campaign.schedule_time;
          // The program's spelling while it names the same instant; the service's time once it differs.
          const scheduleTime = given !== undefined && givenUtc === utc ? given : fromApiScheduleTime(utc);
          const inputs = { campaignId: id, scheduleTime };
          return {
            id,
            props: { ...inputs, scheduleTimeUtc: utc, status: campaign.status, sent: false },
            inputs,
          };
        },
      );
    },

    async update(id, olds, news) {
      const inputs = managedInputs(news);
      return withOperation("update", KIND, id, async () => {
        await guardChange(context, "update", CAMPAIGN_SCHEDULE_DIFF, KIND, id, olds, news);
        return { outs: await schedule(context, inputs) };
      });
    },

    async delete(id) {
      await withOperation("delete", KIND, id, async () => {
        const client = context.client();
        try {
          const { sent, campaign } = await guardSentCampaign(context, {
            operation: "delete",
            kind: KIND,
            id,
            campaignIds: [id],
          });
          // Sent: nothing left to cancel. DRAFT: already unscheduled (the service answers 400).
          if (sent || campaign?.status !== "SCHEDULED") return;
          await client.unscheduleCampaign(id);
        } catch (err) {
          if (isNotFound(err)) return;
          // Sent or unscheduled between the read and the DELETE: nothing left to do.
          if (httpStatusOf(err) === 400) {
            if ((await client.getCampaign(id)).status !== "SCHEDULED") return;
          }
          throw err;
        }
      });
    },
  }),
});

function formatIfValid(value: string): string | undefined {
  const instant = parseScheduleTime(value);
  return instant ? formatTimestamp(instant) : undefined;
}

/** The sample values of CampaignSchedule: the tests keyed by kind, the Terraform example and its docs read them. */
export const campaignScheduleSample: KindSample = {
  valid: { campaignId: "abc123", scheduleTime: "2030-01-15T09:00:00+01:00" },
  declaredExtras: [],
  scenario: {
    parentCampaign: "campaignId",
    inputs: { scheduleTime: "2031-06-01T09:00:00+02:00" },
    // Created, not adopted.
    absent: ["adoptId"],
  },
  importId: { what: "the campaign's id, of a scheduled campaign", example: "cmp001" },
  reference: {
    notes: [
      "Outputs: the inputs, plus `scheduleTimeUtc` (the API's `YYYY-MM-DD HH:MM:SS`, UTC), `status` and",
      "`sent`. Once the campaign has been sent, `read` records it and destroying the schedule is a no-op. A",
      "campaign unscheduled outside Pulumi reads as gone, so the next `up` schedules it again.",
    ].join("\n"),
    typescript: `new sender.CampaignSchedule("welcome-send", {
  campaignId: welcome.id,
  scheduleTime: "2030-01-15T09:00:00+01:00",
});
`,
  },
  terraform: `resource "sender_campaign" "january" {
  title        = "January newsletter"
  subject      = "What is new in January"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>January</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"
}

data "sender_tag" "newsletter" {
  name = "Newsletter"
}

resource "sender_campaign_targeting" "january" {
  campaign_id = sender_campaign.january.id
  tag_ids     = [data.sender_tag.newsletter.id]
}

# Scheduling is the step that sends: the schedule waits for the audience.
resource "sender_campaign_schedule" "january" {
  campaign_id   = sender_campaign.january.id
  schedule_time = "2030-01-15T09:00:00+01:00"
  depends_on    = [sender_campaign_targeting.january]
}
`,
};
