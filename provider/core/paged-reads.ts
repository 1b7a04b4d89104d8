/**
 * The reads a page of a list serves in place of a GET each (issue 56): a plan, a preview or a
 * refresh of N unchanged campaigns reads ⌈N/100⌉ pages of the campaign list, not N campaigns.
 * A page serves a read only when it proves the record current:
 * - every field the read compares is carried by the listed record (a field it lacks, the list's
 *   shape leaving it out, is "not carried", never "empty"), or
 * - the listed `modified` equals the `modified` the read's previous state recorded: nothing
 *   changed since (assumed: `modified` moves with every change, content included; see
 *   wire contract "Regular campaigns"), so the fields the list does not carry are kept from that
 *   state.
 *
 * Otherwise, and for a record this context wrote ({@link ListedReads}), the read is the record's
 * own GET. What writes never reads from a page.
 */
import type * as api from "../client/schemas";
import type { ProviderContext } from "./context";

/** A field of a campaign a read compares: a key of the record, or `content` (`html.html_content`). */
export type CampaignReadField = keyof api.Campaign | "content";

/** A campaign as a read gets it, and whether a page served it (its fields not carried are then the state's). */
export interface CampaignForRead {
  /** The record: the page's, or the campaign's own GET. */
  readonly campaign: api.Campaign;
  /** True when a page served it: a field it does not carry keeps the previous state's value. */
  readonly listed: boolean;
}

/** Whether the listed record carries `field` (present, null included: null is a value). */
export function carries(campaign: api.Campaign, field: CampaignReadField): boolean {
  return field === "content" ? campaign.html?.html_content !== undefined : campaign[field] !== undefined;
}

/**
 * The campaign `id` for a read that compares `fields`: from the context's campaign pages when
 * they prove it current (each of `fields` carried, or the listed `modified` equal to `recorded`,
 * the `modified` of the read's previous state), else `GET /campaigns/{id}`.
 *
 * @throws SenderError what the GET throws (a 404: the campaign is gone).
 */
export async function campaignForRead(
  context: ProviderContext,
  id: string,
  fields: readonly CampaignReadField[],
  recorded: unknown,
): Promise<CampaignForRead> {
  const { record, listed } = await recordForRead(context, id, {
    listed: () => context.listedCampaign(id),
    get: () => context.client().getCampaign(id),
    carries: (campaign) => fields.every((field) => carries(campaign, field)),
    recorded,
  });
  return { campaign: record, listed };
}

/**
 * The transactional campaign `id` for a read that compares `fields` (keys of its record): from the
 * context's transactional pages when the listed record carries each of `always` (its counters,
 * which move without `modified`) and either carries each of `fields` or has the `modified` of the
 * state (`recorded`), else `GET /transactional/{id}`.
 *
 * @throws SenderError what the GET throws (a 404: the campaign is gone).
 */
export async function transactionalForRead(
  context: ProviderContext,
  id: string,
  fields: readonly (keyof api.Transactional)[],
  always: readonly (keyof api.Transactional)[],
  recorded: unknown,
): Promise<{ readonly record: api.Transactional; readonly listed: boolean }> {
  const carried = (record: api.Transactional, keys: readonly (keyof api.Transactional)[]) =>
    keys.every((key) => record[key] !== undefined);
  return recordForRead(context, id, {
    listed: async () => {
      const record = await context.listedTransactional(id);
      return record !== undefined && carried(record, always) ? record : undefined;
    },
    get: () => context.client().getTransactional(id),
    carries: (record) => carried(record, fields),
    recorded,
  });
}

/**
 * The one rule of {@link campaignForRead}, {@link transactionalForRead}, {@link webhookForRead} and
 * {@link groupForRead}, for a record of a paged list: never a record this context wrote, before or
 * while the page was read.
 */
async function recordForRead<T extends object>(
  context: ProviderContext,
  id: string,
  how: {
    readonly listed: () => Promise<T | undefined>;
    readonly get: () => Promise<T>;
    readonly carries: (record: T) => boolean;
    readonly recorded: unknown;
  },
): Promise<{ readonly record: T; readonly listed: boolean }> {
  const listed = context.written(id) ? undefined : await how.listed();
  // Written while the page was read: the page may show it as it was before the write.
  if (listed !== undefined && !context.written(id)) {
    const { recorded } = how;
    const proven =
      how.carries(listed) ||
      (typeof recorded === "string" &&
        recorded !== "" &&
        (listed as { modified?: unknown }).modified === recorded);
    if (proven) return { record: listed, listed: true };
  }
  return { record: await how.get(), listed: false };
}

/**
 * The webhook `id` for a read: from the context's webhook list (one request, read tolerantly as
 * the GET is: its records are the webhooks the GET answers, wire contract "Webhooks", so they carry
 * what the read compares), else `GET /account/webhooks/{id}`.
 *
 * @throws SenderError what the GET throws (a 404: the webhook is gone).
 */
export async function webhookForRead(context: ProviderContext, id: string): Promise<api.Webhook> {
  const { record } = await recordForRead(context, id, {
    listed: () => context.listedWebhook(id),
    get: () => context.client().getWebhook(id),
    carries: () => true,
    recorded: undefined,
  });
  return record;
}

/** The fields of a group a read outputs: what a listed group must carry to serve it. */
const GROUP_READ_FIELDS = ["title", "recipient_count", "active_subscribers", "created", "modified"] as const;

/**
 * The group `id` for a read: from the context's group pages when the listed record carries every
 * field the read outputs (its title and counts: the list answers the same record as the GET, wire
 * contract "Groups and fields"; a list that leaves one out is read tolerantly, as not proving it),
 * else `GET /groups/{id}`.
 *
 * @throws SenderError what the GET throws (a 404: the group is gone).
 */
export async function groupForRead(context: ProviderContext, id: string): Promise<api.Group> {
  const { record } = await recordForRead(context, id, {
    listed: () => context.listedGroup(id),
    get: () => context.client().getGroup(id),
    carries: (group) => GROUP_READ_FIELDS.every((field) => group[field] !== undefined),
    recorded: undefined,
  });
  return record;
}
