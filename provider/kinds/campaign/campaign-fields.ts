/**
 * The field table of Campaign and the types derived from it: the facts of each field, apart from
 * the provider's behaviour in `campaign.ts`.
 */
import { z } from "zod";
import type * as api from "../../client/schemas";
import { contentHashOf } from "../../core/content-hash";
import { containsUnknown } from "../../core/engine-values";
import {
  autonameFields,
  type ComputedOf,
  type InputsOf,
  idList,
  type OutputsOf,
  type TableOf,
  textInput,
  typed,
} from "../../core/fields";
import { safeId } from "../../core/ids";
import type { KindSample } from "../../core/kind-sample";

const CONTENT_TYPES = ["editor", "html", "text"] as const satisfies readonly api.ContentType[];

/** The kinds whose apply changes a campaign's `modified` time: each writes to the campaign it names. */
const CAMPAIGN_PARTS = ["CampaignTargeting", "CampaignSchedule", "CampaignFollowUp", "Attachment"] as const;

/**
 * The `contentHash` a create or update leaves: the hash of the subject and content as sent, which
 * the service stores as given in an html or editor campaign; a text campaign's content may come
 * back wrapped in a paragraph (wire contract "Regular campaigns"), so its hash waits for the answer.
 */
function plannedContentHash(inputs: Readonly<Record<string, unknown>>): string | undefined {
  const { subject, content, contentType } = inputs;
  if (contentType !== "html" && contentType !== "editor") return undefined;
  if (typeof subject !== "string" || (content !== undefined && typeof content !== "string")) return undefined;
  if (containsUnknown([subject, content])) return undefined;
  return contentHashOf(subject, content ?? "");
}

/** The inputs of a Campaign, normalized by `check` (camelCase): derived from {@link campaignFields}. */
export type CampaignInputs = InputsOf<typeof campaignFields>;

/** What the service computes; added to the inputs to make the outputs. */
export type CampaignComputed = ComputedOf<typeof campaignFields>;

/** The outputs of a Campaign: its inputs and what the service computes. */
export type CampaignOutputs = OutputsOf<typeof campaignFields>;

/**
 * The field table of Campaign. Nothing is replace-only: PATCH takes every field, groups and
 * segments included. Optional inputs a program leaves out are reset to `cleared` by an update.
 */
export const campaignFields = {
  /**
   * Internal name, shown in the Sender dashboard and reports. Left out (and without `adoptId`), it is
   * autonamed `<resource name>-<8 hex>`, the hex a hash of the stack instance's nonce and the resource's URN:
   * the same for this resource of this stack in every run, different in every other stack (another backend's
   * of the same name included), so that a create that lost its answer or an
   * `{@apply}` that was killed finds and adopts its own campaign instead of making a second one. An explicit title is
   * proven the same way: the campaign is created as `<title> [<8 hex>]` and renamed right after (see
   * `ownershipMark` and the README).
   */
  title: {
    type: "string",
    api: "title",
    cleared: "",
    normalized: true,
    check: textInput(),
  },
  /** Subject line of the email. */
  subject: {
    type: "string",
    api: "subject",
    required: true,
    check: textInput(1),
  },
  /** Sender *name* shown to recipients (not an address), e.g. `Example News`. */
  from: {
    type: "string",
    api: "from",
    required: true,
    check: textInput(1),
  },
  /** Reply-to address; its domain must be a verified domain of the account. */
  replyTo: {
    type: "string",
    api: "reply_to",
    required: true,
    check: z.email({ error: "must be an email address" }),
  },
  /** How the content is written: `editor`, `html` or `text`. */
  contentType: {
    type: "string",
    api: "content_type",
    required: true,
    enum: CONTENT_TYPES,
    check: z.enum(CONTENT_TYPES, { error: `must be one of ${CONTENT_TYPES.join(", ")}` }),
  },
  /** Preview text shown after the subject in most inboxes. */
  preheader: {
    type: "string",
    api: "preheader",
    cleared: "",
    check: textInput(),
  },
  /** The email body: html for `html` and `editor`, plain text for `text`. */
  content: {
    type: "string",
    api: "content",
    cleared: "",
    check: z.string({ error: "must be a string" }),
  },
  /** Whether links carry Google Analytics tracking. Default `false`. */
  googleAnalytics: {
    type: "boolean",
    api: "google_analytics",
    cleared: false,
    check: z.boolean({ error: "must be true or false" }),
  },
  /** Ids of the groups the campaign goes to. A set: order does not matter. */
  groups: {
    type: "stringList",
    api: "groups",
    set: true,
    cleared: [],
    check: idList("group"),
  },
  /** Ids of the segments the campaign goes to. A set: order does not matter. */
  segments: {
    type: "stringList",
    api: "segments",
    set: true,
    cleared: [],
    check: idList("segment"),
  },
  ...autonameFields,
  /**
   * Id of an existing campaign to take over instead of creating one; `create` then updates it to match these
   * arguments. This is the way to bring a campaign made elsewhere under the {@declared}: {@command import} does not
   * work for dynamic resources (pulumi/pulumi#16175). Refused when the campaign has already been sent and
   * differs from the arguments. Only read at create.
   */
  adoptId: {
    type: "string",
    createOnly: true,
    check: z
      .string({ error: "must be a campaign id" })
      .min(1, "must not be empty when given")
      .superRefine(safeId("campaign")),
  },
  /**
   * `true` lets the provider delete the campaign when it leaves the {@declared} ({@command destroy}, or removal from the
   * program) even though the service reports it as sending or sent, and with it its reports and history. Left
   * out or `false`, such a campaign is kept in Sender and only dropped from the {@recorded}, with a warning. The
   * delete reads it from {@state}: set it and run {@command up} first. Never sent to the service; it
   * may change on a sent campaign.
   */
  deleteEvenIfSent: {
    type: "boolean",
    stateOnly: true,
    check: z.boolean({ error: "must be true or false" }),
  },
  /** `DRAFT`, `SCHEDULED`, `SENDING` or `SENT`, as of the last create, update or refresh. */
  status: {
    type: "string",
    api: "status",
    output: true,
    movedBy: { kinds: ["CampaignSchedule"] },
    ...typed<api.CampaignStatus>(),
  },
  /** When the campaign was created, `YYYY-MM-DD HH:MM:SS` UTC. */
  created: {
    type: "string",
    api: "created",
    output: true,
  },
  /** When the campaign last changed, `YYYY-MM-DD HH:MM:SS` UTC. */
  modified: {
    type: "string",
    api: "modified",
    output: true,
    movedBy: { update: "any", kinds: CAMPAIGN_PARTS },
  },
  /** When it is scheduled to go, `YYYY-MM-DD HH:MM:SS` UTC, if it is. */
  scheduleTime: {
    type: "string",
    api: "schedule_time",
    output: true,
    optional: true,
    movedBy: { kinds: ["CampaignSchedule"] },
  },
  /** When it was sent, `YYYY-MM-DD HH:MM:SS` UTC, once it was. */
  sentTime: {
    type: "string",
    api: "sent_time",
    output: true,
    optional: true,
    // The service sends the campaign at its schedule's time.
    movedBy: { kinds: ["CampaignSchedule"] },
  },
  /** How many subscribers it reaches. */
  recipientCount: {
    type: "integer",
    api: "recipient_count",
    output: true,
    movedBy: { update: ["groups", "segments"], kinds: ["CampaignTargeting"] },
  },
  /** The sending domain's id. */
  domainId: {
    type: "string",
    api: "domain_id",
    output: true,
    optional: true,
    // assumed: the sending domain follows the reply-to address (the emulator takes its verified domain).
    movedBy: { update: ["replyTo"] },
  },
  /** The step of the editor wizard the campaign is at. */
  lastAction: {
    type: "string",
    api: "last_action",
    output: true,
    ...typed<api.LastAction>(),
  },
  /**
   * A hash of the subject and content as the service holds them, the function a CampaignProof records as its
   * `proofedHash`: pass it as the proof's `contentHash` so that a {@preview} shows the proof a change will send.
   */
  contentHash: {
    type: "string",
    output: true,
    movedBy: { update: ["subject", "content", "contentType"] },
    planned: plannedContentHash,
  },
} as const satisfies TableOf<keyof api.CreateCampaignBody, api.KnownKeys<api.Campaign>>;

/** What a Campaign is, for the package schema and the SDK. */
export const campaignDescription =
  "A regular email campaign of Sender.net. Every input updates in place; nothing forces a replacement. " +
  "Creating or updating a campaign never sends it. Once the service reports the campaign as anything but " +
  "DRAFT or SCHEDULED, any change to it is refused at {@preview}: replacing a sent campaign could send the mail again. " +
  "A sent campaign that leaves the {@declared} is kept in Sender, with a warning, unless `deleteEvenIfSent` is true.";

/** The sample values of Campaign: the tests keyed by kind, the Terraform example and its docs read them. */
export const campaignSample: KindSample = {
  valid: {
    subject: "Hello",
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    title: "T",
    preheader: "P",
    content: "<p>c</p>",
    googleAnalytics: true,
    groups: ["grp001"],
    segments: [],
  },
  declaredExtras: ["adoptId"],
  scenario: {
    inputs: {
      title: "Launch",
      subject: "We have launched",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
      preheader: "Big news",
      content: "<p>Hello</p>",
      googleAnalytics: true,
      groups: ["grp001"],
      segments: ["seg1"],
    },
    // An explicit title: not autonamed.
    absent: ["adoptId", "autonamed", "scheduleTime", "sentTime"],
  },
  importId: { what: "the campaign's id", example: "cmp001" },
  reference: {
    notes: [
      "Outputs: the inputs, plus `status` (`DRAFT`, `SCHEDULED`, `SENDING`, `SENT`), `created`, `modified`,",
      "`scheduleTime`, `sentTime`, `recipientCount`, `domainId`, `lastAction`. Nothing forces replacement:",
      "every field is updated in place with `PATCH /v2/campaigns/{id}`. Delete is `DELETE /v2/campaigns?ids=[id]`.",
      "A change to a campaign the service reports as `SENDING` or `SENT` is refused in preview.",
    ].join("\n"),
    typescript: `const welcome = new sender.Campaign(
  "welcome",
  {
    title: "Welcome series",
    subject: "Welcome!",
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: "<h1>Welcome!</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>",
  },
  { protect: true },
);
`,
  },
  terraform: `resource "sender_campaign" "welcome" {
  title        = "Welcome series"
  subject      = "Welcome to Example News"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Welcome!</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"
}
`,
};
