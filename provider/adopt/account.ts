/**
 * Reading an account for `pulumi-sender adopt`: every campaign (any status) with its targeting,
 * follow-up, schedule and attachments, every transactional campaign and webhook. Each object's
 * inputs come from its kind's own `read` with no prior state, as `pulumi import` reads it, so
 * that what is written matches what the providers read back.
 */
import type { SenderClient } from "../client";
import type * as api from "../client/schemas";
import { ProviderContext } from "../context";
import { isSent } from "../resources/common";
import { providersOf, type ResourceKind } from "../resources/registry";

/** One object of the account, as `adopt` writes it. */
export interface AccountObject {
  /** Its resource kind. */
  readonly kind: ResourceKind;
  /** The id `pulumi import` and `adoptId` take. */
  readonly id: string;
  /** Its inputs as the kind's `read` gives them with no prior state. */
  readonly inputs: Record<string, unknown>;
  /** What its name is derived from: a title, subject, file name or topic. */
  readonly label: string;
  /** For a part of a campaign: the campaign's id. */
  readonly campaignId?: string;
  /** For a campaign: its status. */
  readonly status?: string;
  /** For a campaign or transactional campaign: when it was created (`YYYY-MM-DD HH:MM:SS` UTC). */
  readonly created?: string;
}

/** Which objects to adopt; every filter left out keeps everything. */
export interface AccountFilters {
  /** Campaign statuses to keep; given, only campaigns (and their parts) are kept. */
  readonly statuses?: readonly string[] | undefined;
  /** A title pattern (`*` any run, `?` one character, case-insensitive); given, webhooks are left out. */
  readonly title?: string | undefined;
  /** Keep what was created after this instant; given, webhooks (which have no date) are left out. */
  readonly createdAfter?: Date | undefined;
}

/** What `adopt` read, in a stable order: each campaign followed by its parts, then transactional campaigns, then webhooks. */
export interface Account {
  readonly objects: readonly AccountObject[];
}

/** A title pattern as a regular expression: `*` any run, `?` one character, the rest literal. */
export function titlePattern(pattern: string): RegExp {
  const source = [...pattern]
    .map((ch) => (ch === "*" ? ".*" : ch === "?" ? "." : ch.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`, "is");
}

/** An API timestamp (`YYYY-MM-DD HH:MM:SS`, UTC) as an instant; undefined when unreadable. */
function instantOf(timestamp: string | null | undefined): number | undefined {
  if (!timestamp) return undefined;
  const time = Date.parse(`${timestamp.replace(" ", "T")}Z`);
  return Number.isNaN(time) ? undefined : time;
}

function keeps(
  filters: AccountFilters,
  record: { title?: string | null; created?: string | null; status?: string },
): boolean {
  if (filters.statuses && !filters.statuses.includes(record.status ?? "")) return false;
  if (filters.title !== undefined && !titlePattern(filters.title).test(record.title ?? "")) return false;
  if (filters.createdAfter !== undefined) {
    const created = instantOf(record.created);
    if (created === undefined || created <= filters.createdAfter.getTime()) return false;
  }
  return true;
}

/** Runs `work` on every item, at most `width` at once, keeping the items' order in the answer. */
async function pooled<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return out;
}

const byCreatedThenId = (
  a: { created?: string | null; id: string },
  b: { created?: string | null; id: string },
) => (a.created ?? "").localeCompare(b.created ?? "") || a.id.localeCompare(b.id);

const hasTargeting = (inputs: Record<string, unknown>) =>
  inputs.sendToAll === true ||
  ["tagIds", "excludedTagIds", "filterIds", "excludedFilterIds"].some(
    (field) => Array.isArray(inputs[field]) && (inputs[field] as unknown[]).length > 0,
  );

/**
 * Reads the account through `client` (read-only: see `readOnlyClient`), reporting progress
 * through `progress`. Nothing but GET requests is sent.
 */
export async function readAccount(
  client: SenderClient & { seedWebhooks(webhooks: readonly { id: string }[]): void },
  filters: AccountFilters,
  progress: (line: string) => void,
): Promise<Account> {
  const providers = providersOf(new ProviderContext({ client }));
  const read = async (kind: ResourceKind, id: string) => {
    const result = await providers[kind].read(id, {});
    return result.id ? (result.inputs ?? {}) : undefined;
  };
  const campaignOnly = filters.statuses !== undefined;
  const keepsUndated = filters.title === undefined && filters.createdAfter === undefined && !campaignOnly;

  const campaigns: api.Campaign[] = [];
  for await (const campaign of client.iterateCampaigns()) {
    campaigns.push(campaign);
    if (campaigns.length % 100 === 0) progress(`campaigns: ${campaigns.length} listed`);
  }
  const kept = campaigns.filter((c) => keeps(filters, c)).sort(byCreatedThenId);
  progress(`campaigns: ${campaigns.length} listed, ${kept.length} kept; reading their parts`);
  let done = 0;
  const groups = await pooled(kept, 4, async (listed) => {
    const objects: AccountObject[] = [];
    const id = listed.id;
    const inputs = await read("Campaign", id);
    if (inputs === undefined) return objects; // deleted meanwhile
    const campaign = await client.getCampaign(id);
    objects.push({
      kind: "Campaign",
      id,
      inputs,
      label: campaign.title || campaign.subject || "campaign",
      status: campaign.status,
      created: campaign.created,
    });
    const targeting = await read("CampaignTargeting", id);
    if (targeting && hasTargeting(targeting))
      objects.push({ kind: "CampaignTargeting", id, inputs: targeting, label: "targeting", campaignId: id });
    const named = targeting ?? {};
    const lists = ["tagIds", "filterIds"].filter(
      (f) => Array.isArray(named[f]) && (named[f] as []).length > 0,
    );
    if (named.sendToAll === true && lists.length > 0)
      progress(
        `warning: campaign ${id} goes to every active subscriber and also names ${lists.join(" and ")}, which a CampaignTargeting refuses: keep one in the program`,
      );
    const followUp = await read("CampaignFollowUp", id);
    if (followUp)
      objects.push({ kind: "CampaignFollowUp", id, inputs: followUp, label: "follow-up", campaignId: id });
    // A sent campaign's schedule is history, with nothing left to manage: only a pending one is adopted.
    if (campaign.status === "SCHEDULED") {
      const schedule = await read("CampaignSchedule", id);
      if (schedule)
        objects.push({ kind: "CampaignSchedule", id, inputs: schedule, label: "schedule", campaignId: id });
    }
    const files = [...(await client.listAttachments(id))].sort((a, b) =>
      a.file_name.localeCompare(b.file_name),
    );
    for (const file of files) {
      const attachmentId = `${id}/${file.file_name}`;
      const attachment = await read("Attachment", attachmentId);
      if (attachment)
        objects.push({
          kind: "Attachment",
          id: attachmentId,
          inputs: attachment,
          label: file.file_name,
          campaignId: id,
        });
    }
    done += 1;
    if (done % 25 === 0 || done === kept.length) progress(`campaigns: ${done} of ${kept.length} read`);
    return objects;
  });

  const transactional: api.Transactional[] = [];
  if (!campaignOnly) {
    for await (const record of client.iterateTransactional()) transactional.push(record);
  }
  const keptTransactional = transactional.filter((t) => keeps(filters, t)).sort(byCreatedThenId);
  progress(`transactional campaigns: ${transactional.length} listed, ${keptTransactional.length} kept`);
  const transactionalObjects = await pooled(
    keptTransactional,
    4,
    async (record): Promise<AccountObject | undefined> => {
      const inputs = await read("TransactionalCampaign", record.id);
      return inputs === undefined
        ? undefined
        : {
            kind: "TransactionalCampaign",
            id: record.id,
            inputs,
            label: record.title || record.subject || "transactional",
            created: record.created,
          };
    },
  );

  const webhookObjects: AccountObject[] = [];
  if (keepsUndated) {
    const webhooks = await client.listWebhooks();
    client.seedWebhooks(webhooks);
    const sorted = [...webhooks].sort(
      (a, b) => a.topic.localeCompare(b.topic) || a.url.localeCompare(b.url) || a.id.localeCompare(b.id),
    );
    for (const webhook of sorted) {
      const inputs = await read("Webhook", webhook.id);
      if (inputs)
        webhookObjects.push({ kind: "Webhook", id: webhook.id, inputs, label: `webhook ${webhook.topic}` });
    }
    progress(`webhooks: ${webhooks.length} listed`);
  }
  return {
    objects: [
      ...groups.flat(),
      ...transactionalObjects.filter((o): o is AccountObject => o !== undefined),
      ...webhookObjects,
    ],
  };
}

/** True when a campaign of this status has gone out (or is going): its record is history. */
export function isSentStatus(status: string | undefined): boolean {
  return status !== undefined && isSent(status);
}
