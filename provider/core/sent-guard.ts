/**
 * The sent-campaign guard: a campaign the service may be sending, and every part of it, refuses a
 * change, and a `delete` leaves the service untouched, so that no mail goes out twice.
 */
import type * as api from "../client/schemas";
import { declared, fieldList, kindWord, say } from "../words";
import type { PropertyBag } from "./bag";
import type { ProviderContext } from "./context";
import type { DiffResult } from "./contract";
import { warn } from "./diagnostics";
import { changedFields, type DiffSpec, diffBySpec } from "./diff";
import { containsUnknown } from "./engine-values";
import { isNotFound, operationError, type SenderOperationError } from "./operation-errors";

/** The statuses a campaign has before any mail goes out; any other, unknown ones included, may be sending. */
const UNSENT_STATUSES: ReadonlySet<string> = new Set(["DRAFT", "SCHEDULED"]);

/**
 * True unless the service reports the campaign as DRAFT or SCHEDULED. The status is an open set:
 * a status this code does not know may mean mail is going out, so it counts as sent.
 */
export function isSent(status: string): boolean {
  return !UNSENT_STATUSES.has(status);
}

/**
 * The error that refuses a change to a sent campaign. `part` names what would change when it is
 * not the Campaign itself (e.g. its CampaignTargeting).
 */
export function sentCampaignError(
  campaignId: string,
  status: string,
  fields: readonly string[],
  part?: string,
): Error {
  const names = fieldList([...fields].sort());
  const what = part === undefined ? say`${names}` : say`its ${kindWord(part)} (${names})`;
  const advice =
    part === undefined
      ? say`Changing or replacing a sent campaign could send the mail again; remove it from the ${declared} or revert the change.`
      : say`The service freezes a sent campaign; remove the ${kindWord(part)} from the ${declared} or revert the change.`;
  return new Error(
    `Campaign ${campaignId} has already been sent (status ${status}): refusing to change ${what}. ${advice}`,
  );
}

/** What a kind's operation is about to do to the campaign(s) it belongs to. */
export interface SentGuard {
  /** `diff` and `update` refuse a change; `delete` leaves the service untouched. */
  readonly operation: "diff" | "update" | "delete";
  /** The resource kind. */
  readonly kind: string;
  /** The resource's id. */
  readonly id: string;
  /**
   * The campaigns concerned: the one the object belongs to now (the old `campaignId`), and the new
   * one when it moves. Values not yet known (preview) or not strings are skipped.
   */
  readonly campaignIds: readonly unknown[];
  /** True when the object guarded is the campaign itself, not one of its parts (the message names no part). */
  readonly itself?: boolean;
  /** The inputs that change (for the message). */
  readonly fields?: readonly string[];
}

/**
 * The one sent-campaign guard of every kind that belongs to a campaign. It reads each campaign
 * concerned (in `diff` from the context's shared campaign list when it shows the campaign:
 * {@link ProviderContext.listedCampaign}) and, when the service reports one as possibly sending ({@link isSent}):
 * - in `diff` and `update`, throws a {@link SenderOperationError} that names the campaign and its
 *   status, so nothing changes (a campaign the service no longer has is left to the operation);
 * - in `delete`, writes a warning ({@link warn}) and returns `sent: true`:
 *   the caller must then leave the service untouched and let the object drop from the stack.
 *
 * Returns the last campaign read, so that a caller needing its status reads it only once.
 */
export async function guardSentCampaign(
  context: ProviderContext,
  guard: SentGuard,
): Promise<{ sent: boolean; campaign: api.Campaign | undefined }> {
  const ids = [...new Set(guard.campaignIds)].filter(
    (value): value is string => typeof value === "string" && value !== "" && !containsUnknown(value),
  );
  let campaign: api.Campaign | undefined;
  for (const campaignId of ids) {
    try {
      // diff may judge by the shared campaign list (one read for many campaigns); what writes
      // reads the campaign itself, so a campaign sent since the list was read is still refused.
      const listed = guard.operation === "diff" ? await context.listedCampaign(campaignId) : undefined;
      campaign = listed ?? (await context.client().getCampaign(campaignId));
    } catch (err) {
      if (isNotFound(err)) {
        campaign = undefined;
        continue;
      }
      throw operationError(guard.operation, guard.kind, guard.id, err);
    }
    if (!isSent(campaign.status)) continue;
    const part = guard.itself ? undefined : guard.kind;
    if (guard.operation === "delete") {
      warn(
        say`${kindWord(guard.kind)} ${guard.id} was removed from the ${declared}, but campaign ${campaignId} has already ` +
          `been sent (status ${campaign.status}): the service was left untouched.`,
      );
      return { sent: true, campaign };
    }
    throw operationError(
      guard.operation,
      guard.kind,
      guard.id,
      sentCampaignError(campaignId, campaign.status, guard.fields ?? [], part),
    );
  }
  return { sent: false, campaign };
}

/** The campaigns a change concerns: their ids, or `"itself"` for the campaign's own change. */
export type CampaignIds = readonly unknown[] | "itself";

/**
 * The changed inputs, once {@link guardSentCampaign} has let them through: it refuses a change
 * to a sent campaign. `campaignIds` defaults to the campaign a part belongs to (the old
 * `campaignId`) and the one it moves to (the new one); the campaign itself passes `"itself"`, which
 * guards its own id. Nothing is read when nothing changed.
 */
export async function guardChange(
  context: ProviderContext,
  operation: "diff" | "update",
  spec: DiffSpec,
  kind: string,
  id: string,
  olds: PropertyBag,
  news: PropertyBag,
  campaignIds: CampaignIds = [olds.campaignId, news.campaignId],
): Promise<string[]> {
  const fields = changedFields(spec, olds, news);
  // A state-only input changes nothing on the service: a sent campaign may take it.
  const touching = fields.filter((field) => !spec.stateOnly?.includes(field));
  if (touching.length > 0) {
    const itself = campaignIds === "itself";
    await guardSentCampaign(context, {
      operation,
      kind,
      id,
      campaignIds: itself ? [id] : campaignIds,
      itself,
      fields: touching,
    });
  }
  return fields;
}

/** The `diff` of a kind that belongs to a campaign: {@link diffBySpec}, guarded by {@link guardChange}. */
export async function guardedDiff(
  context: ProviderContext,
  spec: DiffSpec,
  kind: string,
  id: string,
  olds: PropertyBag,
  news: PropertyBag,
  campaignIds?: CampaignIds,
): Promise<DiffResult> {
  const result = diffBySpec(spec, olds, news);
  if (result.changes) await guardChange(context, "diff", spec, kind, id, olds, news, campaignIds);
  return result;
}

/**
 * True when `delete` must leave the service untouched because the campaign has been sent (a
 * warning says so); see {@link guardSentCampaign}.
 */
export async function sentBeforeDelete(
  context: ProviderContext,
  kind: string,
  id: string,
  campaignId: string,
): Promise<boolean> {
  return (await guardSentCampaign(context, { operation: "delete", kind, id, campaignIds: [campaignId] }))
    .sent;
}
