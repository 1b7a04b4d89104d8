// Regular campaigns: getCampaign, getCampaigns, getCampaignSendingStatus, getCampaignPreview.
import type * as api from "../client";
import { CampaignStatus } from "../client";
import { ID_ARG, LIMIT_ARG, MAX_ITEMS_ARG } from "./args";
import { contentType } from "./content";
import { type DataSource, recordType } from "./declare";
import { dataSourceDocs, objectTypeDocs } from "./docs.generated";
import { notFound, readPages } from "./run";

/** The state of a regular campaign. */
export type CampaignState = api.CampaignStatus;

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
  lastAction: api.LastAction;
  /** The content type (the API's `editor` field): `editor`, `html` or `text`. */
  contentType: api.ContentType;
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
  objectTypeDocs.CampaignContent,
  {
    content: { type: "string", optional: true, from: "html_content" },
    body: { type: "string", optional: true, from: "html_body" },
  },
);

const reportPercentages = recordType<CampaignReportPercentages, NonNullable<api.Campaign["reports"]>>(
  "CampaignReportPercentages",
  objectTypeDocs.CampaignReportPercentages,
  {
    spamPercentage: { type: "number", optional: true, from: "spam_percentage" },
    hardBouncePercentage: { type: "number", optional: true, from: "hard_bounce_percentage" },
    unsubscribePercentage: { type: "number", optional: true, from: "unsubscribe_percentage" },
  },
);

/** A regular campaign record as the functions give it (type `CampaignInfo`). */
export const campaignInfo = recordType<GetCampaignResult, api.Campaign>(
  "CampaignInfo",
  objectTypeDocs.CampaignInfo,
  {
    id: { type: "string", from: "id" },
    title: { type: "string", optional: true, from: "title" },
    subject: { type: "string", from: "subject" },
    from: { type: "string", from: "from" },
    replyTo: { type: "string", from: "reply_to" },
    preheader: { type: "string", optional: true, from: "preheader" },
    domainId: { type: "string", optional: true, from: "domain_id" },
    language: { type: "string", optional: true, from: "language" },
    recipientCount: { type: "integer", from: "recipient_count" },
    sentCount: { type: "integer", optional: true, from: "sent_count" },
    scheduleTime: { type: "string", optional: true, from: "schedule_time" },
    sentTime: { type: "string", optional: true, from: "sent_time" },
    status: { type: "string", from: "status" },
    created: { type: "string", from: "created" },
    modified: { type: "string", from: "modified" },
    lastAction: { type: "string", from: "last_action" },
    contentType: { type: "string", from: "editor" },
    autoFollowupActive: { type: "boolean", optional: true, from: (c) => flag(c.auto_followup_active) },
    autoFollowupSubject: { type: "string", optional: true, from: "auto_followup_subject" },
    autoFollowupDelay: { type: "integer", optional: true, from: "auto_followup_delay" },
    googleAnalytics: { type: "boolean", optional: true, from: (c) => flag(c.google_analytics) },
    sendToAll: { type: "boolean", optional: true, from: (c) => flag(c.send_to_all) },
    opens: { type: "integer", optional: true, from: "opens" },
    clicks: { type: "integer", optional: true, from: "clicks" },
    bouncesCount: { type: "integer", optional: true, from: "bounces_count" },
    groups: { type: "stringList", optional: true, from: "campaign_groups" },
    segments: { type: "stringList", optional: true, from: "segments" },
    html: {
      type: { object: campaignContent },
      optional: true,
      from: (c) => (c.html ? campaignContent.read(c.html) : null),
    },
    reports: {
      type: { object: reportPercentages },
      optional: true,
      from: (c) => (c.reports ? reportPercentages.read(c.reports) : null),
    },
  },
);

/** The one argument of every function that reads one campaign. */
export const campaignIdArgs = { id: ID_ARG };

/** The `campaignId` property of the results about one campaign. */
export const CAMPAIGN_ID = { type: "string" } as const;

/**
 * Reads every regular campaign, optionally of one status (`GET /v2/campaigns`, every page). The
 * list carries the fields of Sender's list example only: the others (the preheader, the sending
 * domain, the analytics switch, the groups and segments, the sent and bounce counts, the reports,
 * and of the html all but its id) are null here; {@link getCampaign} reads them.
 */
export const getCampaigns: DataSource<GetCampaignsArgs, GetCampaignsResult> = {
  name: "getCampaigns",
  docs: dataSourceDocs.getCampaigns,
  args: {
    status: {
      type: "string",
      optional: true,
      check: CampaignStatus,
      rule: `must be one of ${CampaignStatus.options.join(", ")}`,
    },
    limit: LIMIT_ARG,
    maxItems: MAX_ITEMS_ARG,
  },
  result: {
    campaigns: { type: { objectList: campaignInfo } },
    total: { type: "integer" },
  },
  run: async (client, { status, limit, maxItems }) => {
    const read = await readPages(
      (page, pageLimit) => client.listCampaigns({ status, page, limit: pageLimit }),
      { limit, maxItems },
    );
    return { campaigns: read.items.map(campaignInfo.read), total: read.total };
  },
};

/**
 * Reads one regular campaign (`GET /v2/campaigns/{id}`).
 */
export const getCampaign: DataSource<GetCampaignArgs, GetCampaignResult> = {
  name: "getCampaign",
  docs: dataSourceDocs.getCampaign,
  args: campaignIdArgs,
  result: campaignInfo.fields,
  run: async (client, { id }) =>
    campaignInfo.read(await notFound(client.getCampaign(id), "campaign with id", id)),
};

/**
 * Reads how far the send of a campaign got (`GET /v2/campaigns/{id}/sending_status`).
 */
export const getCampaignSendingStatus: DataSource<GetCampaignArgs, GetCampaignSendingStatusResult> = {
  name: "getCampaignSendingStatus",
  docs: dataSourceDocs.getCampaignSendingStatus,
  args: campaignIdArgs,
  result: {
    campaignId: CAMPAIGN_ID,
    status: { type: "string", optional: true },
    recipientCount: { type: "integer", optional: true },
    sentCount: { type: "integer", optional: true },
    progress: { type: "number", optional: true },
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

/**
 * Renders a campaign both ways: html (`GET /v2/campaigns/{id}/preview`) and plain text
 * (`/plain_preview`).
 */
export const getCampaignPreview: DataSource<GetCampaignArgs, GetCampaignPreviewResult> = {
  name: "getCampaignPreview",
  docs: dataSourceDocs.getCampaignPreview,
  args: campaignIdArgs,
  result: {
    campaignId: CAMPAIGN_ID,
    html: { type: "string", optional: true },
    text: { type: "string", optional: true },
  },
  run: async (client, { id }) => {
    const [html, plain] = await Promise.all([
      notFound(client.getPreview(id), "campaign with id", id),
      notFound(client.getPlainPreview(id), "campaign with id", id),
    ]);
    return { campaignId: id, html: html.html ?? null, text: plain.text ?? null };
  },
};
