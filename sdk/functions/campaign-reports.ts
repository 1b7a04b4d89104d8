import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { ACTIVITY_KINDS, type Activity, type ActivityKind } from "../../provider/client";
import { campaignIdArgs, type GetCampaignArgs } from "./campaigns";
import {
  defineArgs,
  ID_RULE,
  type InputArgs,
  idArg,
  LIMIT_RULE,
  limitArg,
  notFound,
  outputForm,
  pagedArgs,
  readPages,
  runFunction,
} from "./common";

/** The report of a sent campaign; every figure is 0 before the send. */
export interface GetCampaignReportResult {
  /** The campaign's id. */
  campaignId: string;
  /** Emails sent. */
  sent: number | null;
  /** Emails delivered (sent minus bounces). */
  delivered: number | null;
  /** Opens, repeated opens included. */
  opens: number | null;
  /** Recipients who opened at least once. */
  uniqueOpens: number | null;
  /** Clicks, repeated clicks included. */
  clicks: number | null;
  /** Recipients who clicked at least once. */
  uniqueClicks: number | null;
  /** Bounces. */
  bounces: number | null;
  /** Hard bounces. */
  hardBounces: number | null;
  /** Unsubscribes. */
  unsubscribes: number | null;
  /** Spam complaints. */
  complaints: number | null;
  /** Unique opens per delivered email, in %. */
  openRate: number | null;
  /** Unique clicks per delivered email, in %. */
  clickRate: number | null;
}

/** Which activity list of a campaign to read. */
export type CampaignActivityKind = ActivityKind;

/** One line of a campaign's activity. */
export interface CampaignActivityItem {
  /** The subscriber's id. */
  subscriberId: string | null;
  /** The subscriber's address. */
  email: string | null;
  /** When it happened (`YYYY-MM-DD HH:MM:SS` UTC). */
  createdAt: string | null;
  /** What happened, in the singular: `open`, `click`, `bounce`, `unsubscribe`, `complaint` or `unopen`. */
  type: string | null;
}

/** Arguments of {@link getCampaignActivity}. */
export interface GetCampaignActivityArgs {
  /** The campaign's id. */
  id: string;
  /** The list: `events` (every kind mixed), `opens`, `clicks`, `bounces`, `unsubscribes`, `complaints` or `unopens`. */
  kind: CampaignActivityKind;
  /** Records per request, 1 to 100 (default 100). Every page is read whatever the size. */
  limit?: number;
  /** Stop after this many records; the whole list when absent. */
  maxItems?: number;
}

/** Result of {@link getCampaignActivity}. */
export interface GetCampaignActivityResult {
  /** The campaign's id. */
  campaignId: string;
  /** The list that was read. */
  kind: CampaignActivityKind;
  /** The records read, oldest first (the service's order). */
  items: CampaignActivityItem[];
  /** How many records the list holds in all, even when `maxItems` stopped the read early. */
  total: number;
}

/** Arguments of {@link getCampaignHardBounces}. */
export interface GetCampaignHardBouncesArgs {
  /** The campaign's id. */
  id: string;
  /** Records per request, 1 to 100 (default 100). Every page is read whatever the size. */
  limit?: number;
  /** Stop after this many records; the whole list when absent. */
  maxItems?: number;
}

/** One hard bounce of a campaign. */
export interface CampaignHardBounce {
  /** The recipient (subscriber) id. */
  recipientId: string;
  /** The receiving server's message, or null. */
  message: string | null;
  /** When it bounced (`YYYY-MM-DD HH:MM:SS` UTC). */
  createdAt: string | null;
}

/** Result of {@link getCampaignHardBounces}. */
export interface GetCampaignHardBouncesResult {
  /** The campaign's id. */
  campaignId: string;
  /** The hard bounces read. */
  hardBounces: CampaignHardBounce[];
  /** How many hard bounces there are in all, even when `maxItems` stopped the read early. */
  total: number;
}

/** Arguments of {@link getCampaignLinks}. */
export interface GetCampaignLinksArgs {
  /** The campaign's id. */
  id: string;
  /** Records per request when reading each link's clicks, 1 to 100 (default 100). */
  limit?: number;
  /** Read at most this many clicks per link; 0 reads only the links and their counts. All when absent. */
  maxClicksPerLink?: number;
}

/** A tracked link of a campaign, with who clicked it. */
export interface CampaignLinkInfo {
  /** The link's id, e.g. `lnk001`. */
  id: string;
  /** Where the link goes. */
  url: string | null;
  /** How many clicks it got, as the service counts them. */
  clickCount: number | null;
  /** The clicks read (see `maxClicksPerLink`), oldest first. */
  clicks: CampaignActivityItem[];
}

/** Result of {@link getCampaignLinks}. */
export interface GetCampaignLinksResult {
  /** The campaign's id. */
  campaignId: string;
  /** The links, in the order they appear in the content. */
  links: CampaignLinkInfo[];
}

function activityItem(activity: Activity): CampaignActivityItem {
  return {
    subscriberId: activity.subscriber_id ?? activity.recipient_id ?? null,
    email: activity.email ?? null,
    createdAt: activity.created_at ?? null,
    type: activity.type ?? null,
  };
}

const activityArgs = pagedArgs(
  { id: idArg, kind: z.enum(ACTIVITY_KINDS) },
  { id: ID_RULE, kind: `must be one of ${ACTIVITY_KINDS.join(", ")}` },
);

const hardBounceArgs = pagedArgs({ id: idArg }, { id: ID_RULE });

const linkArgs = defineArgs(
  { id: idArg, limit: limitArg, maxClicksPerLink: z.number().int().min(0).optional() },
  { id: ID_RULE, limit: LIMIT_RULE, maxClicksPerLink: "must be a whole number of at least 0" },
);

/**
 * Reads the report of a campaign (`GET /v2/campaigns/{id}/report`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export function getCampaignReport(
  args: GetCampaignArgs,
  opts?: pulumi.InvokeOptions,
): Promise<GetCampaignReportResult> {
  return runFunction("getCampaignReport", campaignIdArgs, args, opts, async (client, { id }) => {
    const report = await notFound(client.getReport(id), "campaign with id", id);
    return {
      campaignId: id,
      sent: report.sent ?? null,
      delivered: report.delivered ?? null,
      opens: report.opens ?? null,
      uniqueOpens: report.unique_opens ?? null,
      clicks: report.clicks ?? null,
      uniqueClicks: report.unique_clicks ?? null,
      bounces: report.bounces ?? null,
      hardBounces: report.hard_bounces ?? null,
      unsubscribes: report.unsubscribes ?? null,
      complaints: report.complaints ?? null,
      openRate: report.open_rate ?? null,
      clickRate: report.click_rate ?? null,
    };
  });
}

/** The Output form of {@link getCampaignReport}. */
export function getCampaignReportOutput(
  args: InputArgs<GetCampaignArgs>,
  opts?: pulumi.InvokeOptions,
): pulumi.Output<GetCampaignReportResult> {
  return outputForm(getCampaignReport, args, opts);
}

/**
 * Reads one activity list of a campaign, every page (`GET /v2/campaigns/{id}/{kind}`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export function getCampaignActivity(
  args: GetCampaignActivityArgs,
  opts?: pulumi.InvokeOptions,
): Promise<GetCampaignActivityResult> {
  return runFunction(
    "getCampaignActivity",
    activityArgs,
    args,
    opts,
    async (client, { id, kind, limit, maxItems }) => {
      const read = await notFound(
        readPages((page, pageLimit) => client.listActivity(id, kind, { page, limit: pageLimit }), {
          limit,
          maxItems,
        }),
        "campaign with id",
        id,
      );
      return { campaignId: id, kind, items: read.items.map(activityItem), total: read.total };
    },
  );
}

/** The Output form of {@link getCampaignActivity}. */
export function getCampaignActivityOutput(
  args: InputArgs<GetCampaignActivityArgs>,
  opts?: pulumi.InvokeOptions,
): pulumi.Output<GetCampaignActivityResult> {
  return outputForm(getCampaignActivity, args, opts);
}

/**
 * Reads the hard bounces of a campaign, every page (`GET /v2/campaigns/{id}/hard_bounces`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export function getCampaignHardBounces(
  args: GetCampaignHardBouncesArgs,
  opts?: pulumi.InvokeOptions,
): Promise<GetCampaignHardBouncesResult> {
  return runFunction(
    "getCampaignHardBounces",
    hardBounceArgs,
    args,
    opts,
    async (client, { id, limit, maxItems }) => {
      const read = await notFound(
        readPages((page, pageLimit) => client.listHardBounces(id, { page, limit: pageLimit }), {
          limit,
          maxItems,
        }),
        "campaign with id",
        id,
      );
      return {
        campaignId: id,
        hardBounces: read.items.map((bounce) => ({
          recipientId: bounce.recipient_id,
          message: bounce.message ?? null,
          createdAt: bounce.created_at ?? null,
        })),
        total: read.total,
      };
    },
  );
}

/** The Output form of {@link getCampaignHardBounces}. */
export function getCampaignHardBouncesOutput(
  args: InputArgs<GetCampaignHardBouncesArgs>,
  opts?: pulumi.InvokeOptions,
): pulumi.Output<GetCampaignHardBouncesResult> {
  return outputForm(getCampaignHardBounces, args, opts);
}

/**
 * Reads the tracked links of a campaign (`GET /v2/campaigns/{id}/links`) and, for each, every page
 * of its clicks (`GET /v2/campaigns/{id}/link_clicks/{linkId}`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export function getCampaignLinks(
  args: GetCampaignLinksArgs,
  opts?: pulumi.InvokeOptions,
): Promise<GetCampaignLinksResult> {
  return runFunction(
    "getCampaignLinks",
    linkArgs,
    args,
    opts,
    async (client, { id, limit, maxClicksPerLink }) => {
      const links = await notFound(client.getLinks(id), "campaign with id", id);
      // One link after the other: the pacer would queue parallel walks anyway, and order stays predictable.
      const result: CampaignLinkInfo[] = [];
      for (const link of links) {
        const clicks =
          maxClicksPerLink === 0
            ? []
            : (
                await notFound(
                  readPages(
                    (page, pageLimit) => client.getLinkClicks(id, link.id, { page, limit: pageLimit }),
                    {
                      limit,
                      maxItems: maxClicksPerLink,
                    },
                  ),
                  "link with id",
                  link.id,
                )
              ).items.map(activityItem);
        result.push({ id: link.id, url: link.url ?? null, clickCount: link.clicks ?? null, clicks });
      }
      return { campaignId: id, links: result };
    },
  );
}

/** The Output form of {@link getCampaignLinks}. */
export function getCampaignLinksOutput(
  args: InputArgs<GetCampaignLinksArgs>,
  opts?: pulumi.InvokeOptions,
): pulumi.Output<GetCampaignLinksResult> {
  return outputForm(getCampaignLinks, args, opts);
}
