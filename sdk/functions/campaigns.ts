import type * as pulumi from "@pulumi/pulumi";
import { type Campaign, CampaignStatus } from "../../provider/client";
import {
  defineArgs,
  ID_RULE,
  type InputArgs,
  idArg,
  notFound,
  outputForm,
  pagedArgs,
  readPages,
  runFunction,
} from "./common";

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

/** Maps the API's campaign record to the function result. */
/** A 0/1 switch as a boolean; null when the service does not say. */
const flag = (value: 0 | 1 | null | undefined): boolean | null => (value == null ? null : value === 1);

export function campaignResult(campaign: Campaign): GetCampaignResult {
  return {
    id: campaign.id,
    title: campaign.title,
    subject: campaign.subject,
    from: campaign.from,
    replyTo: campaign.reply_to,
    preheader: campaign.preheader ?? null,
    domainId: campaign.domain_id ?? null,
    language: campaign.language ?? null,
    recipientCount: campaign.recipient_count,
    sentCount: campaign.sent_count ?? null,
    scheduleTime: campaign.schedule_time,
    sentTime: campaign.sent_time,
    status: campaign.status,
    created: campaign.created,
    modified: campaign.modified,
    lastAction: campaign.last_action,
    contentType: campaign.editor,
    autoFollowupActive: flag(campaign.auto_followup_active),
    autoFollowupSubject: campaign.auto_followup_subject ?? null,
    autoFollowupDelay: campaign.auto_followup_delay ?? null,
    googleAnalytics: flag(campaign.google_analytics),
    sendToAll: flag(campaign.send_to_all),
    opens: campaign.opens ?? null,
    clicks: campaign.clicks ?? null,
    bouncesCount: campaign.bounces_count ?? null,
    groups: campaign.campaign_groups ? [...campaign.campaign_groups] : null,
    segments: campaign.segments ? [...campaign.segments] : null,
    html: campaign.html
      ? {
          id: campaign.html.id ?? null,
          thumbnailUrl: campaign.html.thumbnail_url ?? null,
          hasPreview: campaign.html.has_preview ?? null,
          hasSnapshots: campaign.html.has_snapshots ?? null,
          content: campaign.html.html_content ?? null,
          body: campaign.html.html_body ?? null,
        }
      : null,
    reports: campaign.reports
      ? {
          spamPercentage: campaign.reports.spam_percentage ?? null,
          hardBouncePercentage: campaign.reports.hard_bounce_percentage ?? null,
          unsubscribePercentage: campaign.reports.unsubscribe_percentage ?? null,
        }
      : null,
  };
}

const listArgs = pagedArgs(
  { status: CampaignStatus.optional() },
  { status: `must be one of ${CampaignStatus.options.join(", ")}` },
);

/** The args of every function that takes one campaign id. */
export const campaignIdArgs = defineArgs({ id: idArg }, { id: ID_RULE });

/**
 * Reads every regular campaign, optionally of one status (`GET /v2/campaigns`, every page).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export function getCampaigns(
  args: GetCampaignsArgs = {},
  opts?: pulumi.InvokeOptions,
): Promise<GetCampaignsResult> {
  return runFunction("getCampaigns", listArgs, args, opts, async (client, { status, limit, maxItems }) => {
    const read = await readPages(
      (page, pageLimit) => client.listCampaigns({ status, page, limit: pageLimit }),
      { limit, maxItems },
    );
    return { campaigns: read.items.map(campaignResult), total: read.total };
  });
}

/** The Output form of {@link getCampaigns}. */
export function getCampaignsOutput(
  args: InputArgs<GetCampaignsArgs> = {},
  opts?: pulumi.InvokeOptions,
): pulumi.Output<GetCampaignsResult> {
  return outputForm(getCampaigns, args, opts);
}

/**
 * Reads one regular campaign (`GET /v2/campaigns/{id}`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export function getCampaign(args: GetCampaignArgs, opts?: pulumi.InvokeOptions): Promise<GetCampaignResult> {
  return runFunction("getCampaign", campaignIdArgs, args, opts, async (client, { id }) =>
    campaignResult(await notFound(client.getCampaign(id), "campaign with id", id)),
  );
}

/** The Output form of {@link getCampaign}. */
export function getCampaignOutput(
  args: InputArgs<GetCampaignArgs>,
  opts?: pulumi.InvokeOptions,
): pulumi.Output<GetCampaignResult> {
  return outputForm(getCampaign, args, opts);
}

/**
 * Reads how far the send of a campaign got (`GET /v2/campaigns/{id}/sending_status`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export function getCampaignSendingStatus(
  args: GetCampaignArgs,
  opts?: pulumi.InvokeOptions,
): Promise<GetCampaignSendingStatusResult> {
  return runFunction("getCampaignSendingStatus", campaignIdArgs, args, opts, async (client, { id }) => {
    const status = await notFound(client.getSendingStatus(id), "campaign with id", id);
    return {
      campaignId: id,
      status: status.status ?? null,
      recipientCount: status.recipient_count ?? null,
      sentCount: status.sent_count ?? null,
      progress: status.progress ?? null,
    };
  });
}

/** The Output form of {@link getCampaignSendingStatus}. */
export function getCampaignSendingStatusOutput(
  args: InputArgs<GetCampaignArgs>,
  opts?: pulumi.InvokeOptions,
): pulumi.Output<GetCampaignSendingStatusResult> {
  return outputForm(getCampaignSendingStatus, args, opts);
}

/**
 * Renders a campaign both ways: html (`GET /v2/campaigns/{id}/preview`) and plain text
 * (`/plain_preview`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export function getCampaignPreview(
  args: GetCampaignArgs,
  opts?: pulumi.InvokeOptions,
): Promise<GetCampaignPreviewResult> {
  return runFunction("getCampaignPreview", campaignIdArgs, args, opts, async (client, { id }) => {
    const [html, plain] = await Promise.all([
      notFound(client.getPreview(id), "campaign with id", id),
      notFound(client.getPlainPreview(id), "campaign with id", id),
    ]);
    return { campaignId: id, html: html.html ?? null, text: plain.text ?? null };
  });
}

/** The Output form of {@link getCampaignPreview}. */
export function getCampaignPreviewOutput(
  args: InputArgs<GetCampaignArgs>,
  opts?: pulumi.InvokeOptions,
): pulumi.Output<GetCampaignPreviewResult> {
  return outputForm(getCampaignPreview, args, opts);
}
