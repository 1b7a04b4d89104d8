// Transactional campaigns: getTransactionalCampaign, getTransactionalCampaigns.
import type * as api from "../client";
import { ID_ARG, LIMIT_ARG, MAX_ITEMS_ARG } from "./args";
import { contentType } from "./content";
import { type DataSource, recordType } from "./declare";
import { dataSourceDocs, objectTypeDocs } from "./docs.generated";
import { notFound, readPages } from "./run";

/** The content block of a transactional campaign. */
export interface TransactionalContentInfo {
  /** Id of the content record. */
  id: string | null;
  /** URL of the thumbnail image, or null. */
  thumbnailUrl: string | null;
  /** Whether a preview can be rendered. */
  hasPreview: boolean | null;
  /** Whether snapshots of the content exist. */
  hasSnapshots: boolean | null;
  /** Extra styles of the content, or null. */
  styles: string | null;
}

/** A transactional campaign as the service records it. */
export interface GetTransactionalCampaignResult {
  /** The campaign's id, e.g. `trn001`. */
  id: string;
  /** Id of the user who owns it. */
  userId: string | null;
  /** Id of the account. */
  accountId: string | null;
  /** Name shown in reports, or null. */
  title: string | null;
  /** Subject line. */
  subject: string;
  /** Sender name. */
  from: string;
  /** Reply-to address, or null when the answer did not carry it. */
  replyTo: string | null;
  /** Id of the sending domain. */
  domainId: string;
  /** Creation time (`YYYY-MM-DD HH:MM:SS` UTC). */
  created: string;
  /** Last change (`YYYY-MM-DD HH:MM:SS` UTC). */
  modified: string;
  /** How it is sent, e.g. `API`. */
  type: string;
  /** The wizard step last reached, e.g. `editor`. */
  lastAction: string;
  /** The editor: `plain`, `html` or `builder`. */
  editor: api.TransactionalEditor;
  /** The content block. */
  html: TransactionalContentInfo | null;
  /** Purchases attributed to it. */
  purchaseCount: number | null;
  /** Bounces, or null when the answer did not carry the counter. */
  bounced: number | null;
  /** Unsubscribes, or null when the answer did not carry the counter. */
  unsubscribeCount: number | null;
  /** Opens, or null when the answer did not carry the counter. */
  opens: number | null;
  /** Clicks, or null when the answer did not carry the counter. */
  clicks: number | null;
  /** Emails sent, or null when the answer did not carry the counter. */
  sent: number | null;
  /** Whether click tracking is off; only list answers carry it, so null from a single read. */
  disableClickTracking: boolean | null;
  /** Preview text, or null. */
  preheader: string | null;
  /** The content (plain text or html), or null. */
  content: string | null;
}

/** Arguments of {@link getTransactionalCampaign}. */
export interface GetTransactionalCampaignArgs {
  /** The transactional campaign's id. */
  id: string;
}

/** Arguments of {@link getTransactionalCampaigns}. */
export interface GetTransactionalCampaignsArgs {
  /** Records per request, 1 to 100 (default 100). Every page is read whatever the size. */
  limit?: number;
  /** Stop after this many campaigns; every campaign when absent. */
  maxItems?: number;
}

/** Result of {@link getTransactionalCampaigns}. */
export interface GetTransactionalCampaignsResult {
  /** The campaigns read, newest first (the service's order). */
  campaigns: GetTransactionalCampaignResult[];
  /** How many there are in all, even when `maxItems` stopped the read early. */
  total: number;
}

const counter = { type: "integer", optional: true } as const;

const content = contentType<TransactionalContentInfo, NonNullable<api.Transactional["html"]>>(
  "TransactionalContent",
  objectTypeDocs.TransactionalContent,
  {
    styles: { type: "string", optional: true, from: "styles" },
  },
);

const transactionalInfo = recordType<GetTransactionalCampaignResult, api.Transactional>(
  "TransactionalCampaignInfo",
  objectTypeDocs.TransactionalCampaignInfo,
  {
    id: { type: "string", from: "id" },
    userId: { type: "string", optional: true, from: "user_id" },
    accountId: { type: "string", optional: true, from: "account_id" },
    title: { type: "string", optional: true, from: "title" },
    subject: { type: "string", from: "subject" },
    from: { type: "string", from: "from" },
    replyTo: { type: "string", optional: true, from: "reply_to" },
    domainId: { type: "string", from: "domain_id" },
    created: { type: "string", from: "created" },
    modified: { type: "string", from: "modified" },
    type: { type: "string", from: "type" },
    lastAction: { type: "string", from: "last_action" },
    editor: { type: "string", from: "editor" },
    html: {
      type: { object: content },
      optional: true,
      from: (record) => (record.html ? content.read(record.html) : null),
    },
    purchaseCount: { ...counter, from: "purchaseCount" },
    bounced: { ...counter, from: "bounced" },
    unsubscribeCount: { ...counter, from: "unsubscribeCount" },
    opens: { ...counter, from: "opens" },
    clicks: { ...counter, from: "clicks" },
    sent: { ...counter, from: "sent" },
    disableClickTracking: { type: "boolean", optional: true, from: "disable_click_tracking" },
    preheader: { type: "string", optional: true, from: "preheader" },
    content: { type: "string", optional: true, from: "content" },
  },
);

/**
 * Reads one transactional campaign (`GET /v2/transactional/{id}`).
 */
export const getTransactionalCampaign: DataSource<
  GetTransactionalCampaignArgs,
  GetTransactionalCampaignResult
> = {
  name: "getTransactionalCampaign",
  docs: dataSourceDocs.getTransactionalCampaign,
  args: { id: ID_ARG },
  result: transactionalInfo.fields,
  run: async (client, { id }) =>
    transactionalInfo.read(await notFound(client.getTransactional(id), "transactional campaign with id", id)),
};

/**
 * Reads every transactional campaign (`GET /v2/transactional`, every page).
 */
export const getTransactionalCampaigns: DataSource<
  GetTransactionalCampaignsArgs,
  GetTransactionalCampaignsResult
> = {
  name: "getTransactionalCampaigns",
  docs: dataSourceDocs.getTransactionalCampaigns,
  args: { limit: LIMIT_ARG, maxItems: MAX_ITEMS_ARG },
  result: {
    campaigns: { type: { objectList: transactionalInfo } },
    total: { type: "integer" },
  },
  run: async (client, { limit, maxItems }) => {
    const read = await readPages((page, pageLimit) => client.listTransactional({ page, limit: pageLimit }), {
      limit,
      maxItems,
    });
    return { campaigns: read.items.map(transactionalInfo.read), total: read.total };
  },
};
