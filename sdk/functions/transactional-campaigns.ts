import type * as pulumi from "@pulumi/pulumi";
import type { Transactional } from "../../provider/client";
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
  editor: "plain" | "html" | "builder" | (string & {});
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

function transactionalResult(record: Transactional): GetTransactionalCampaignResult {
  return {
    id: record.id,
    userId: record.user_id ?? null,
    accountId: record.account_id ?? null,
    title: record.title,
    subject: record.subject,
    from: record.from,
    replyTo: record.reply_to ?? null,
    domainId: record.domain_id,
    created: record.created,
    modified: record.modified,
    type: record.type,
    lastAction: record.last_action,
    editor: record.editor,
    html: record.html
      ? {
          id: record.html.id ?? null,
          thumbnailUrl: record.html.thumbnail_url ?? null,
          hasPreview: record.html.has_preview ?? null,
          hasSnapshots: record.html.has_snapshots ?? null,
          styles: record.html.styles ?? null,
        }
      : null,
    purchaseCount: record.purchaseCount ?? null,
    bounced: record.bounced ?? null,
    unsubscribeCount: record.unsubscribeCount ?? null,
    opens: record.opens ?? null,
    clicks: record.clicks ?? null,
    sent: record.sent ?? null,
    disableClickTracking: record.disable_click_tracking ?? null,
    preheader: record.preheader ?? null,
    content: record.content ?? null,
  };
}

const oneArgs = defineArgs({ id: idArg }, { id: ID_RULE });
const listArgs = pagedArgs({}, {});

/**
 * Reads one transactional campaign (`GET /v2/transactional/{id}`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export function getTransactionalCampaign(
  args: GetTransactionalCampaignArgs,
  opts?: pulumi.InvokeOptions,
): Promise<GetTransactionalCampaignResult> {
  return runFunction("getTransactionalCampaign", oneArgs, args, opts, async (client, { id }) =>
    transactionalResult(await notFound(client.getTransactional(id), "transactional campaign with id", id)),
  );
}

/** The Output form of {@link getTransactionalCampaign}. */
export function getTransactionalCampaignOutput(
  args: InputArgs<GetTransactionalCampaignArgs>,
  opts?: pulumi.InvokeOptions,
): pulumi.Output<GetTransactionalCampaignResult> {
  return outputForm(getTransactionalCampaign, args, opts);
}

/**
 * Reads every transactional campaign (`GET /v2/transactional`, every page).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export function getTransactionalCampaigns(
  args: GetTransactionalCampaignsArgs = {},
  opts?: pulumi.InvokeOptions,
): Promise<GetTransactionalCampaignsResult> {
  return runFunction(
    "getTransactionalCampaigns",
    listArgs,
    args,
    opts,
    async (client, { limit, maxItems }) => {
      const read = await readPages(
        (page, pageLimit) => client.listTransactional({ page, limit: pageLimit }),
        {
          limit,
          maxItems,
        },
      );
      return { campaigns: read.items.map(transactionalResult), total: read.total };
    },
  );
}

/** The Output form of {@link getTransactionalCampaigns}. */
export function getTransactionalCampaignsOutput(
  args: InputArgs<GetTransactionalCampaignsArgs> = {},
  opts?: pulumi.InvokeOptions,
): pulumi.Output<GetTransactionalCampaignsResult> {
  return outputForm(getTransactionalCampaigns, args, opts);
}
