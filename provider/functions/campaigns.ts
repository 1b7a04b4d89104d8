// Regular campaigns: getCampaign, getCampaigns, getCampaignSendingStatus, getCampaignPreview.
import type * as api from "../client";
import { CampaignStatus } from "../client";
import { idArg, maxItemsArg, PAGE_LIMIT, TOTAL_DOC } from "./args";
import { contentType } from "./content";
import { type DataSource, recordType } from "./declare";
import { notFound, readPages } from "./run";

/** The state of a regular campaign. */
export type CampaignState = "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | (string & {});

/** The content block of a campaign. */
export interface CampaignContentInfo {
  /** Id of the content record. */
  id: string | null;
  /** URL of the thumbnail image, or null. */
  thumbnailUrl: string | null;
  /** Whether a preview can be rendered. */
  hasPreview: boolean | null;
  /** Whether snapshots of the content exist. */
  hasSnapshots: boolean | null;
  /** The content as written (html or text), or null when empty. */
  content: string | null;
  /** The rendered body, or null when empty. */
  body: string | null;
}

/** Report percentages shown on a campaign record (0 to 100). */
export interface CampaignReportPercentages {
  /** Share of recipients who reported spam, in %. */
  spamPercentage: number | null;
  /** Share of recipients that hard-bounced, in %. */
  hardBouncePercentage: number | null;
  /** Share of recipients who unsubscribed, in %. */
  unsubscribePercentage: number | null;
}

/** A regular campaign as the service records it. */
export interface GetCampaignResult {
  /** The campaign's id, e.g. `snt001`. */
  id: string;
  /** Internal name, or null. */
  title: string | null;
  /** Subject line. */
  subject: string;
  /** Sender name (not an address). */
  from: string;
  /** Reply-to address. */
  replyTo: string;
  /** Preview text, or null. */
  preheader: string | null;
  /** Id of the sending domain. */
  domainId: string | null;
  /** Language code, e.g. `en`. */
  language: string | null;
  /** Subscribers the campaign reaches (or reached, once sent). */
  recipientCount: number;
  /** Emails sent so far. */
  sentCount: number | null;
  /** When it is scheduled (`YYYY-MM-DD HH:MM:SS` UTC), or null. */
  scheduleTime: string | null;
  /** When it was sent (`YYYY-MM-DD HH:MM:SS` UTC), or null. */
  sentTime: string | null;
  /** `DRAFT`, `SCHEDULED`, `SENDING` or `SENT`. */
  status: CampaignState;
  /** Creation time (`YYYY-MM-DD HH:MM:SS` UTC). */
  created: string;
  /** Last change (`YYYY-MM-DD HH:MM:SS` UTC). */
  modified: string;
  /** The wizard step last reached: `step1`, `editor`, `step3` or `step4`. */
  lastAction: "step1" | "editor" | "step3" | "step4" | (string & {});
  /** The content type (the API's `editor` field): `editor`, `html` or `text`. */
  contentType: "editor" | "html" | "text" | (string & {});
  /** Whether the automatic follow-up is on. */
  autoFollowupActive: boolean | null;
  /** Subject of the follow-up, or null. */
  autoFollowupSubject: string | null;
  /** Hours before the follow-up goes out, or null. */
  autoFollowupDelay: number | null;
  /** Whether Google Analytics tracking is on. */
  googleAnalytics: boolean | null;
  /** Whether it goes to every active subscriber. */
  sendToAll: boolean | null;
  /** Unique opens. */
  opens: number | null;
  /** Unique clicks. */
  clicks: number | null;
  /** Bounces. */
  bouncesCount: number | null;
  /** Ids of the groups it is sent to. */
  groups: string[] | null;
  /** Ids of the segments it is sent to. */
  segments: string[] | null;
  /** The content block. */
  html: CampaignContentInfo | null;
  /** Report percentages. */
  reports: CampaignReportPercentages | null;
}

/** Arguments of {@link getCampaigns}. */
export interface GetCampaignsArgs {
  /** Only campaigns in this state; every campaign when absent. */
  status?: CampaignState;
  /** Records per request, 1 to 100 (default 100). Every page is read whatever the size. */
  limit?: number;
  /** Stop after this many campaigns; every campaign when absent. */
  maxItems?: number;
}

/** Result of {@link getCampaigns}. */
export interface GetCampaignsResult {
  /** The campaigns read, newest first (the service's order). */
  campaigns: GetCampaignResult[];
  /** How many campaigns match in all, even when `maxItems` stopped the read early. */
  total: number;
}

/** Arguments of the functions that read one campaign. */
export interface GetCampaignArgs {
  /** The campaign's id. */
  id: string;
}

/** Result of {@link getCampaignSendingStatus}. */
export interface GetCampaignSendingStatusResult {
  /** The campaign's id. */
  campaignId: string;
  /** `DRAFT`, `SCHEDULED`, `SENDING` or `SENT`. */
  status: CampaignState | null;
  /** Subscribers the campaign reaches. */
  recipientCount: number | null;
  /** Emails sent so far. */
  sentCount: number | null;
  /** Progress of the send, 0 to 100. */
  progress: number | null;
}

/** Result of {@link getCampaignPreview}. */
export interface GetCampaignPreviewResult {
  /** The campaign's id. */
  campaignId: string;
  /** The rendered html document. */
  html: string | null;
  /** The plain-text version. */
  text: string | null;
}

/** A 0/1 switch as a boolean; null when the service does not say. */
const flag = (value: 0 | 1 | null | undefined): boolean | null => (value == null ? null : value === 1);

const campaignContent = contentType<CampaignContentInfo, NonNullable<api.Campaign["html"]>>(
  "CampaignContent",
  {
    content: {
      type: "string",
      doc: "The content as written (html or text).",
      optional: true,
      from: "html_content",
    },
    body: { type: "string", doc: "The rendered body.", optional: true, from: "html_body" },
  },
);

const reportPercentages = recordType<CampaignReportPercentages, NonNullable<api.Campaign["reports"]>>(
  "CampaignReportPercentages",
  {
    spamPercentage: {
      type: "number",
      doc: "Share of recipients who reported spam, in %.",
      optional: true,
      from: "spam_percentage",
    },
    hardBouncePercentage: {
      type: "number",
      doc: "Share of recipients that hard-bounced, in %.",
      optional: true,
      from: "hard_bounce_percentage",
    },
    unsubscribePercentage: {
      type: "number",
      doc: "Share of recipients who unsubscribed, in %.",
      optional: true,
      from: "unsubscribe_percentage",
    },
  },
);

const TIME = "(`YYYY-MM-DD HH:MM:SS` UTC)";
const STATUS_DOC = "`DRAFT`, `SCHEDULED`, `SENDING` or `SENT`.";

/** A regular campaign record as the functions give it (type `CampaignInfo`). */
export const campaignInfo = recordType<GetCampaignResult, api.Campaign>("CampaignInfo", {
  id: { type: "string", doc: "The campaign's id, e.g. `snt001`.", from: "id" },
  title: { type: "string", doc: "Internal name.", optional: true, from: "title" },
  subject: { type: "string", doc: "Subject line.", from: "subject" },
  from: { type: "string", doc: "Sender name (not an address).", from: "from" },
  replyTo: { type: "string", doc: "Reply-to address.", from: "reply_to" },
  preheader: { type: "string", doc: "Preview text.", optional: true, from: "preheader" },
  domainId: { type: "string", doc: "Id of the sending domain.", optional: true, from: "domain_id" },
  language: { type: "string", doc: "Language code, e.g. `en`.", optional: true, from: "language" },
  recipientCount: {
    type: "integer",
    doc: "Subscribers the campaign reaches (or reached, once sent).",
    from: "recipient_count",
  },
  sentCount: { type: "integer", doc: "Emails sent so far.", optional: true, from: "sent_count" },
  scheduleTime: {
    type: "string",
    doc: `When it is scheduled ${TIME}.`,
    optional: true,
    from: "schedule_time",
  },
  sentTime: { type: "string", doc: `When it was sent ${TIME}.`, optional: true, from: "sent_time" },
  status: { type: "string", doc: STATUS_DOC, from: "status" },
  created: { type: "string", doc: `Creation time ${TIME}.`, from: "created" },
  modified: { type: "string", doc: `Last change ${TIME}.`, from: "modified" },
  lastAction: {
    type: "string",
    doc: "The wizard step last reached: `step1`, `editor`, `step3` or `step4`.",
    from: "last_action",
  },
  contentType: {
    type: "string",
    doc: "The content type (the API's `editor` field): `editor`, `html` or `text`.",
    from: "editor",
  },
  autoFollowupActive: {
    type: "boolean",
    doc: "Whether the automatic follow-up is on.",
    optional: true,
    from: (c) => flag(c.auto_followup_active),
  },
  autoFollowupSubject: {
    type: "string",
    doc: "Subject of the follow-up.",
    optional: true,
    from: "auto_followup_subject",
  },
  autoFollowupDelay: {
    type: "integer",
    doc: "Hours before the follow-up goes out.",
    optional: true,
    from: "auto_followup_delay",
  },
  googleAnalytics: {
    type: "boolean",
    doc: "Whether Google Analytics tracking is on.",
    optional: true,
    from: (c) => flag(c.google_analytics),
  },
  sendToAll: {
    type: "boolean",
    doc: "Whether it goes to every active subscriber.",
    optional: true,
    from: (c) => flag(c.send_to_all),
  },
  opens: { type: "integer", doc: "Unique opens.", optional: true, from: "opens" },
  clicks: { type: "integer", doc: "Unique clicks.", optional: true, from: "clicks" },
  bouncesCount: { type: "integer", doc: "Bounces.", optional: true, from: "bounces_count" },
  groups: {
    type: "stringList",
    doc: "Ids of the groups it is sent to.",
    optional: true,
    from: "campaign_groups",
  },
  segments: {
    type: "stringList",
    doc: "Ids of the segments it is sent to.",
    optional: true,
    from: "segments",
  },
  html: {
    type: { object: campaignContent },
    doc: "The content block.",
    optional: true,
    from: (c) => (c.html ? campaignContent.read(c.html) : null),
  },
  reports: {
    type: { object: reportPercentages },
    doc: "Report percentages.",
    optional: true,
    from: (c) => (c.reports ? reportPercentages.read(c.reports) : null),
  },
});

/** The one argument of every function that reads one campaign. */
export const campaignIdArgs = { id: idArg("The campaign's id.") };

/** The `campaignId` property of the results about one campaign. */
export const CAMPAIGN_ID = { type: "string", doc: "The campaign's id." } as const;

/** `getCampaigns`: the regular campaigns. */
export const getCampaigns: DataSource<GetCampaignsArgs, GetCampaignsResult> = {
  name: "getCampaigns",
  description: "Reads the regular campaigns, page after page (`GET /v2/campaigns`).",
  args: {
    status: {
      type: "string",
      doc: "Only campaigns in this state; every campaign when absent.",
      optional: true,
      check: CampaignStatus,
      rule: `must be one of ${CampaignStatus.options.join(", ")}`,
    },
    limit: PAGE_LIMIT,
    maxItems: maxItemsArg("Stop after this many campaigns; every campaign when absent."),
  },
  result: {
    campaigns: { type: { objectList: campaignInfo }, doc: "The campaigns read, newest first." },
    total: { type: "integer", doc: `How many campaigns match in all, ${TOTAL_DOC}` },
  },
  run: async (client, { status, limit, maxItems }) => {
    const read = await readPages(
      (page, pageLimit) => client.listCampaigns({ status, page, limit: pageLimit }),
      { limit, maxItems },
    );
    return { campaigns: read.items.map(campaignInfo.read), total: read.total };
  },
};

/** `getCampaign`: one regular campaign. */
export const getCampaign: DataSource<GetCampaignArgs, GetCampaignResult> = {
  name: "getCampaign",
  description: "Reads one regular campaign (`GET /v2/campaigns/{id}`).",
  args: campaignIdArgs,
  result: campaignInfo.fields,
  run: async (client, { id }) =>
    campaignInfo.read(await notFound(client.getCampaign(id), "campaign with id", id)),
};

/** `getCampaignSendingStatus`: how far the send of a campaign got. */
export const getCampaignSendingStatus: DataSource<GetCampaignArgs, GetCampaignSendingStatusResult> = {
  name: "getCampaignSendingStatus",
  description: "Reads how far the sending of a campaign is.",
  args: campaignIdArgs,
  result: {
    campaignId: CAMPAIGN_ID,
    status: { type: "string", doc: STATUS_DOC, optional: true },
    recipientCount: { type: "integer", doc: "Subscribers the campaign reaches.", optional: true },
    sentCount: { type: "integer", doc: "Emails sent so far.", optional: true },
    progress: { type: "number", doc: "Progress of the send, 0 to 100.", optional: true },
  },
  run: async (client, { id }) => {
    const status = await notFound(client.getSendingStatus(id), "campaign with id", id);
    return {
      campaignId: id,
      status: status.status ?? null,
      recipientCount: status.recipient_count ?? null,
      sentCount: status.sent_count ?? null,
      progress: status.progress ?? null,
    };
  },
};

/** `getCampaignPreview`: a campaign rendered as html and as text. */
export const getCampaignPreview: DataSource<GetCampaignArgs, GetCampaignPreviewResult> = {
  name: "getCampaignPreview",
  description: "Reads the rendered preview of a campaign (`GET /v2/campaigns/{id}/preview`).",
  args: campaignIdArgs,
  result: {
    campaignId: CAMPAIGN_ID,
    html: { type: "string", doc: "The rendered html document.", optional: true },
    text: { type: "string", doc: "The plain-text version.", optional: true },
  },
  run: async (client, { id }) => {
    const [html, plain] = await Promise.all([
      notFound(client.getPreview(id), "campaign with id", id),
      notFound(client.getPlainPreview(id), "campaign with id", id),
    ]);
    return { campaignId: id, html: html.html ?? null, text: plain.text ?? null };
  },
};
