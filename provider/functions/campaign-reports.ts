// Campaign reports: getCampaignReport, getCampaignActivity, getCampaignHardBounces, getCampaignLinks.
import { z } from "zod";
import type * as api from "../client";
import { ACTIVITY_KINDS, type ActivityKind } from "../client";
import { ID_ARG, LIMIT_ARG, MAX_ITEMS_ARG } from "./args";
import { CAMPAIGN_ID, campaignIdArgs, type GetCampaignArgs } from "./campaigns";
import { type ApiKey, type DataSource, recordType } from "./declare";
import { dataSourceDocs, objectTypeDocs } from "./docs.generated";
import { notFound, readPages } from "./run";

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

const counter = (from: ApiKey<api.CampaignReport, number | null>) =>
  ({ type: "integer", optional: true, from }) as const;

const report = recordType<Omit<GetCampaignReportResult, "campaignId">, api.CampaignReport>(
  "CampaignReport",
  objectTypeDocs.CampaignReport,
  {
    sent: counter("sent"),
    delivered: counter("delivered"),
    opens: counter("opens"),
    uniqueOpens: counter("unique_opens"),
    clicks: counter("clicks"),
    uniqueClicks: counter("unique_clicks"),
    bounces: counter("bounces"),
    hardBounces: counter("hard_bounces"),
    unsubscribes: counter("unsubscribes"),
    complaints: counter("complaints"),
    openRate: { type: "number", optional: true, from: "open_rate" },
    clickRate: { type: "number", optional: true, from: "click_rate" },
  },
);

const activityItem = recordType<CampaignActivityItem, api.Activity>(
  "CampaignActivityItem",
  objectTypeDocs.CampaignActivityItem,
  {
    subscriberId: { type: "string", optional: true, from: (a) => a.subscriber_id ?? a.recipient_id ?? null },
    email: { type: "string", optional: true, from: "email" },
    createdAt: { type: "string", optional: true, from: "created_at" },
    type: { type: "string", optional: true, from: "type" },
  },
);

const hardBounce = recordType<CampaignHardBounce, api.HardBounce>(
  "CampaignHardBounce",
  objectTypeDocs.CampaignHardBounce,
  {
    recipientId: { type: "string", from: "recipient_id" },
    message: { type: "string", optional: true, from: "message" },
    createdAt: { type: "string", optional: true, from: "created_at" },
  },
);

// Its clicks come from another request: the link record gives the rest.
const linkInfo = recordType<CampaignLinkInfo, api.CampaignLink & { readClicks: CampaignActivityItem[] }>(
  "CampaignLinkInfo",
  objectTypeDocs.CampaignLinkInfo,
  {
    id: { type: "string", from: "id" },
    url: { type: "string", optional: true, from: "url" },
    clickCount: { type: "integer", optional: true, from: "clicks" },
    clicks: {
      type: { objectList: activityItem },
      from: "readClicks",
    },
  },
);

/**
 * Reads the report of a campaign (`GET /v2/campaigns/{id}/report`); every figure is 0 before the send.
 */
export const getCampaignReport: DataSource<GetCampaignArgs, GetCampaignReportResult> = {
  name: "getCampaignReport",
  docs: dataSourceDocs.getCampaignReport,
  args: campaignIdArgs,
  result: { campaignId: CAMPAIGN_ID, ...report.fields },
  run: async (client, { id }) => ({
    campaignId: id,
    ...report.read(await notFound(client.getReport(id), "campaign with id", id)),
  }),
};

/**
 * Reads one activity list of a campaign, every page (`GET /v2/campaigns/{id}/{kind}`).
 */
export const getCampaignActivity: DataSource<GetCampaignActivityArgs, GetCampaignActivityResult> = {
  name: "getCampaignActivity",
  docs: dataSourceDocs.getCampaignActivity,
  args: {
    id: ID_ARG,
    kind: {
      type: "string",
      check: z.enum(ACTIVITY_KINDS),
      rule: `must be one of ${ACTIVITY_KINDS.join(", ")}`,
    },
    limit: LIMIT_ARG,
    maxItems: MAX_ITEMS_ARG,
  },
  result: {
    campaignId: CAMPAIGN_ID,
    kind: { type: "string" },
    items: {
      type: { objectList: activityItem },
    },
    total: { type: "integer" },
  },
  run: async (client, { id, kind, limit, maxItems }) => {
    const read = await notFound(
      readPages((page, pageLimit) => client.listActivity(id, kind, { page, limit: pageLimit }), {
        limit,
        maxItems,
      }),
      "campaign with id",
      id,
    );
    return { campaignId: id, kind, items: read.items.map(activityItem.read), total: read.total };
  },
};

/**
 * Reads the hard bounces of a campaign, every page (`GET /v2/campaigns/{id}/hard_bounces`).
 */
export const getCampaignHardBounces: DataSource<GetCampaignHardBouncesArgs, GetCampaignHardBouncesResult> = {
  name: "getCampaignHardBounces",
  docs: dataSourceDocs.getCampaignHardBounces,
  args: { id: ID_ARG, limit: LIMIT_ARG, maxItems: MAX_ITEMS_ARG },
  result: {
    campaignId: CAMPAIGN_ID,
    hardBounces: { type: { objectList: hardBounce } },
    total: { type: "integer" },
  },
  run: async (client, { id, limit, maxItems }) => {
    const read = await notFound(
      readPages((page, pageLimit) => client.listHardBounces(id, { page, limit: pageLimit }), {
        limit,
        maxItems,
      }),
      "campaign with id",
      id,
    );
    return { campaignId: id, hardBounces: read.items.map(hardBounce.read), total: read.total };
  },
};

/**
 * Reads the tracked links of a campaign (`GET /v2/campaigns/{id}/links`) and, for each, every page
 * of its clicks (`GET /v2/campaigns/{id}/link_clicks/{linkId}`).
 */
export const getCampaignLinks: DataSource<GetCampaignLinksArgs, GetCampaignLinksResult> = {
  name: "getCampaignLinks",
  docs: dataSourceDocs.getCampaignLinks,
  args: {
    id: ID_ARG,
    limit: LIMIT_ARG,
    maxClicksPerLink: {
      type: "integer",
      optional: true,
      check: z.number().int().min(0),
      rule: "must be a whole number of at least 0",
    },
  },
  result: {
    campaignId: CAMPAIGN_ID,
    links: { type: { objectList: linkInfo } },
  },
  run: async (client, { id, limit, maxClicksPerLink }) => {
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
            ).items.map(activityItem.read);
      result.push(linkInfo.read({ ...link, readClicks: clicks }));
    }
    return { campaignId: id, links: result };
  },
};
