import { z } from "zod";
import { FOLLOW_UP_DELAYS, type FollowUpBody } from "../client";
import type { PropertyBag } from "../core/bag";
import type { ProviderContext } from "../core/context";
import { defineResource } from "../core/define";
import { compact } from "../core/engine-values";
import { campaignIdField, diffSpecOf, type InputsOf, type OutputsOf, type TableOf } from "../core/fields";
import type { KindSample } from "../core/kind-sample";
import { isNotFound, readOrGone, withOperation } from "../core/operation-errors";
import { type CampaignReadField, campaignForRead } from "../core/paged-reads";
import { partAdoptIdField } from "../core/part-takeover";
import { wireMapOf } from "../core/program-errors";
import type { ResourceProviderOf } from "../core/provider-types";
import { guardChange, guardedDiff, sentBeforeDelete } from "../core/sent-guard";

const KIND = "CampaignFollowUp";

/** The inputs of a CampaignFollowUp: derived from {@link campaignFollowUpFields}. */
export type CampaignFollowUpInputs = InputsOf<typeof campaignFollowUpFields>;

/** The automatic follow-up of one regular campaign, as the provider stores it (the inputs, `active` defaulted). */
export type CampaignFollowUpOutputs = OutputsOf<typeof campaignFollowUpFields>;

const DELAY_REASON = `must be one of ${FOLLOW_UP_DELAYS.join(", ")} (hours)`;

/** The field table of CampaignFollowUp: only moving it to another campaign needs a new one. */
export const campaignFollowUpFields = {
  /** The campaign the follow-up belongs to; also the resource id. Changing it replaces the follow-up. */
  campaignId: campaignIdField(),
  /**
   * The id of the campaign whose follow-up to take over (it must be `campaignId`): `create` then reads it and
   * changes only what differs from these arguments, sending nothing when they match. Only read at create.
   */
  adoptId: partAdoptIdField("campaign"),
  /** Subject line of the follow-up email. */
  subject: {
    type: "string",
    api: "subject",
    required: true,
    check: z.string({ error: "must be a non-empty string" }).trim().min(1, "must be a non-empty string"),
  },
  /** Hours after the send: one of 12, 24, 48, 72, 96, 120, 144, 168. */
  delayHours: {
    type: "integer",
    api: "time",
    required: true,
    enum: FOLLOW_UP_DELAYS,
    check: z
      .number({ error: DELAY_REASON })
      .refine((value) => (FOLLOW_UP_DELAYS as readonly number[]).includes(value), { message: DELAY_REASON }),
  },
  /** Whether the follow-up is switched on. Default `true`; `false` keeps it configured but off. */
  active: {
    type: "boolean",
    default: true,
    check: z.boolean({ error: "must be true or false" }),
  },
} as const satisfies TableOf<keyof FollowUpBody, never>;

/** What a CampaignFollowUp is, for the package schema and the SDK. */
export const campaignFollowUpDescription =
  "The automatic follow-up email of a regular campaign, sent to recipients who did not open it. A campaign has at " +
  "most one, so its id is the campaign id. Changes to a campaign that is no longer DRAFT or SCHEDULED are refused, " +
  "and destroying the follow-up of such a campaign leaves the service untouched.";

/**
 * How a follow-up compares: only moving it to another campaign needs a new one, and the old one is
 * deleted first (a campaign has one follow-up). Built at module load.
 */
const CAMPAIGN_FOLLOW_UP_DIFF = diffSpecOf(campaignFollowUpFields, true);

/** The inputs with defaults applied, so that state and diffs always see `active`. */
function normalize(news: PropertyBag): PropertyBag {
  return { ...news, active: news.active ?? campaignFollowUpFields.active.default };
}

function stateOf(inputs: CampaignFollowUpInputs): CampaignFollowUpOutputs {
  return {
    campaignId: inputs.campaignId,
    subject: inputs.subject,
    delayHours: inputs.delayHours,
    active: inputs.active ?? campaignFollowUpFields.active.default,
  };
}

/** Writes the follow-up and, when it is to be off, switches it off again (the POST always turns it on). */
async function write(
  context: ProviderContext,
  state: CampaignFollowUpOutputs,
  alreadyOn: boolean,
  needsWrite: boolean,
): Promise<void> {
  const client = context.client();
  if (needsWrite)
    await client.setFollowUp(state.campaignId, { subject: state.subject, time: state.delayHours });
  if (!state.active && (needsWrite || alreadyOn)) await client.cancelFollowUp(state.campaignId);
}

/** What a read of a follow-up compares of its campaign. */
const FOLLOW_UP_READ: readonly CampaignReadField[] = [
  "auto_followup_active",
  "auto_followup_subject",
  "auto_followup_delay",
];

/**
 * The provider of `CampaignFollowUp`. The id is the campaign id: a campaign has at most one
 * follow-up. Create and update both `POST /campaigns/{id}/follow_up`; `read` takes the campaign's
 * `auto_followup_*` fields; `delete` clears them.
 */
export const campaignFollowUpProvider: ResourceProviderOf = defineResource(campaignFollowUpFields, {
  kind: KIND,
  deleteBeforeReplace: true,
  takesOver: "follow-up of campaign",
  handlers: (context) => ({
    async check(_olds, news, result) {
      return result.failures ? result : { inputs: normalize(result.inputs ?? news) };
    },

    async diff(id, olds, news) {
      return guardedDiff(context, CAMPAIGN_FOLLOW_UP_DIFF, KIND, id, olds, normalize(news));
    },

    async create(inputs) {
      const state = stateOf(inputs);
      return withOperation(
        "create",
        KIND,
        state.campaignId,
        async () => {
          await write(context, state, false, true);
          return { id: state.campaignId, outs: state };
        },
        wireMapOf(campaignFollowUpFields, state),
      );
    },

    async read(id, props) {
      return readOrGone(
        KIND,
        id,
        // The campaign list carries the three (the docs' example): a page that shows them serves it.
        async () => (await campaignForRead(context, id, FOLLOW_UP_READ, undefined)).campaign,
        (campaign) => {
          // An answer without the switch says nothing about the follow-up: the known state stands.
          const known = campaign.auto_followup_active != null;
          const active = known ? campaign.auto_followup_active === 1 : props.active === true;
          if (known && !active && campaign.auto_followup_subject === null) return { id: "" };
          // Kept as read (the tolerant reader): the service's delay is an open number, and a subject
          // neither it nor the state has stays out.
          const state = compact({
            campaignId: id,
            subject: campaign.auto_followup_subject ?? props.subject,
            delayHours: campaign.auto_followup_delay ?? props.delayHours,
            active,
          }) as CampaignFollowUpOutputs;
          return { id, props: { ...state }, inputs: { ...state } };
        },
      );
    },

    async update(id, olds, news) {
      const before = stateOf(olds);
      const after = stateOf(news);
      return withOperation(
        "update",
        KIND,
        id,
        async () => {
          await guardChange(context, "update", CAMPAIGN_FOLLOW_UP_DIFF, KIND, id, olds, normalize(news));
          // The POST sets subject and delay and switches the follow-up on; skip it when only turning off.
          const needsWrite =
            before.subject !== after.subject ||
            before.delayHours !== after.delayHours ||
            (after.active && !before.active);
          await write(context, after, before.active, needsWrite);
          return { outs: after };
        },
        wireMapOf(campaignFollowUpFields, after),
      );
    },

    async delete(id, props) {
      const campaignId = props.campaignId ?? id;
      await withOperation("delete", KIND, id, async () => {
        // The follow-up of a sent campaign may already be going out: the service stays untouched.
        if (await sentBeforeDelete(context, KIND, id, campaignId)) return;
        try {
          await context.client().deleteFollowUp(campaignId);
        } catch (err) {
          if (!isNotFound(err)) throw err; // a deleted campaign has no follow-up left
        }
      });
    },
  }),
});

/** The sample values of CampaignFollowUp: the tests keyed by kind, the Terraform example and its docs read them. */
export const campaignFollowUpSample: KindSample = {
  valid: { campaignId: "abc123", subject: "Again", delayHours: 48, active: true },
  declaredExtras: [],
  scenario: {
    parentCampaign: "campaignId",
    inputs: { subject: "Did you see?", delayHours: 48, active: true },
    // Created, not adopted.
    absent: ["adoptId"],
  },
  importId: { what: "the campaign's id (a campaign has one follow-up)", example: "cmp001" },
  reference: {
    notes: [
      "Outputs: the inputs. Create and update `POST /v2/campaigns/{id}/follow_up`; delete",
      "`DELETE /v2/campaigns/{id}/follow_up`; read from the campaign's `auto_followup_*` fields.",
    ].join("\n"),
    typescript: `new sender.CampaignFollowUp("welcome-nudge", {
  campaignId: welcome.id,
  subject: "Did you miss this?",
  delayHours: 48,
});
`,
  },
  terraform: `resource "sender_campaign" "launch" {
  title        = "Product launch"
  subject      = "Meet the new Example"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>It is here</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"
}

resource "sender_campaign_follow_up" "launch_nudge" {
  campaign_id = sender_campaign.launch.id
  subject     = "Did you miss our launch?"
  delay_hours = 48
}
`,
};
