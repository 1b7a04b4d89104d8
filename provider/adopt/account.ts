/**
 * Reading an account for `pulumi-sender adopt`: every campaign (any status) with its targeting,
 * follow-up, schedule and attachments, every transactional campaign and webhook. Each object's
 * inputs come from its kind's own `read` with no prior state, as `pulumi import` reads it, so
 * that what is written matches what the providers read back.
 */

import type * as api from "../client/schemas";
import { managedTitle } from "../core/autoname";
import { ProviderContext } from "../core/context";
import { isSent } from "../core/sent-guard";
import { CAMPAIGN_KIND, providersOf, RESOURCE_KINDS, type ResourceKind } from "../kinds/registry";
import type { AdoptClient } from "./client";
import { adoptName, adoptWalks, byCreatedThenId } from "./walks";

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

/**
 * Reads the account through `client` (read-only: see `adoptClient`), reporting progress
 * through `progress`. Nothing but GET requests is sent. The kinds are walked as their
 * {@link adoptWalks} say: each campaign with its parts in the registry's order, then each top-level kind.
 */
export async function readAccount(
  client: AdoptClient,
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
  const parts = RESOURCE_KINDS.flatMap((kind) => {
    const walk = adoptWalks[kind];
    return walk.as === "part" ? [{ kind, walk }] : [];
  });

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
    const inputs = await read(CAMPAIGN_KIND, id);
    if (inputs === undefined) return objects; // deleted meanwhile
    const campaign = await client.getCampaign(id);
    objects.push({
      kind: CAMPAIGN_KIND,
      id,
      inputs,
      label: campaign.title || campaign.subject || adoptName(CAMPAIGN_KIND),
      status: campaign.status,
      created: campaign.created,
    });
    for (const { kind, walk } of parts) {
      for (const found of await walk.ids(client, campaign)) {
        const part = await read(kind, found.id);
        if (part === undefined) continue;
        const warning = walk.warning?.(part, id);
        if (warning !== undefined) progress(warning);
        if (walk.keep?.(part) ?? true)
          objects.push({ kind, id: found.id, inputs: part, label: found.label, campaignId: id });
      }
    }
    done += 1;
    if (done % 25 === 0 || done === kept.length) progress(`campaigns: ${done} of ${kept.length} read`);
    return objects;
  });

  const topLevel: AccountObject[] = [];
  for (const kind of RESOURCE_KINDS) {
    const walk = adoptWalks[kind];
    if (walk.as !== "top-level") continue;
    // A dated kind is judged by the title and date filters; an undated one is left out by any filter.
    if (walk.dated) {
      const listed = campaignOnly ? [] : await walk.list(client);
      const keptListed = listed.filter((record) => keeps(filters, record));
      progress(`${walk.noun}: ${listed.length} listed, ${keptListed.length} kept`);
      const objects = await pooled(keptListed, 4, async (record): Promise<AccountObject | undefined> => {
        const inputs = await read(kind, record.id);
        return inputs === undefined
          ? undefined
          : {
              kind,
              id: record.id,
              inputs,
              label: record.label,
              ...(record.created === undefined ? {} : { created: record.created }),
            };
      });
      topLevel.push(...objects.filter((o): o is AccountObject => o !== undefined));
    } else if (keepsUndated) {
      const listed = await walk.list(client);
      for (const record of listed) {
        const inputs = await read(kind, record.id);
        if (inputs) topLevel.push({ kind, id: record.id, inputs, label: record.label });
      }
      progress(`${walk.noun}: ${listed.length} listed`);
    }
  }
  return { objects: [...groups.flat(), ...topLevel] };
}

/** True when a campaign of this status has gone out (or is going): its record is history. */
export function isSentStatus(status: string | undefined): boolean {
  return status !== undefined && isSent(status);
}

/** An object `adopt` leaves out, or keeps with `--include-managed`: a stack of this package made it. */
export interface ManagedObject {
  /** The campaign or transactional campaign whose title has a stack's form. */
  readonly object: AccountObject;
  /** Its parts (a campaign's targeting, follow-up, schedule, attachments), which go with it. */
  readonly parts: readonly AccountObject[];
  /** Why, in words: `its title ends in -7cb48159, the form of a title a Pulumi stack autonamed`. */
  readonly reason: string;
}

/**
 * The account split into what `adopt` takes and what a stack of this package made (its title has
 * one of the forms {@link managedTitle} knows), which another stack may still manage: adopting it
 * would leave two stacks managing one object, and the first one's destroy would delete it under
 * the second. A campaign's parts go with their campaign. Webhooks carry no title, and a titled
 * object carries no mark once its create renamed it: neither can be told (docs/adopting.md).
 */
export function splitManaged(objects: readonly AccountObject[]): {
  kept: AccountObject[];
  managed: ManagedObject[];
} {
  const managed = new Map<string, ManagedObject>();
  for (const object of objects) {
    if (object.campaignId !== undefined) continue;
    const title = object.inputs.title;
    const form = managedTitle(typeof title === "string" ? title : undefined);
    if (form === undefined) continue;
    const reason =
      form.form === "autonamed"
        ? `its title ends in -${form.mark}, the form of a title a Pulumi stack autonamed`
        : `its title carries [${form.mark}], the ownership mark of a Pulumi stack's resource`;
    managed.set(`${object.kind} ${object.id}`, { object, parts: [], reason });
  }
  const kept: AccountObject[] = [];
  for (const object of objects) {
    const owner =
      object.campaignId === undefined
        ? managed.get(`${object.kind} ${object.id}`)
        : managed.get(`${CAMPAIGN_KIND} ${object.campaignId}`);
    if (owner === undefined) kept.push(object);
    else if (owner.object !== object) (owner.parts as AccountObject[]).push(object);
  }
  return { kept, managed: [...managed.values()] };
}

/**
 * The line `adopt` prints for a managed object: `Campaign 1hugqX "welcome-7cb48159" and its 2 parts
 * (CampaignTargeting, CampaignSchedule): its title ends in -7cb48159, …`.
 */
export function managedLine(managed: ManagedObject): string {
  const { object, parts, reason } = managed;
  const title = typeof object.inputs.title === "string" ? ` ${JSON.stringify(object.inputs.title)}` : "";
  const withParts =
    parts.length === 0
      ? ""
      : ` and its ${parts.length} part${parts.length === 1 ? "" : "s"} (${parts.map((p) => p.kind).join(", ")})`;
  return `${object.kind} ${object.id}${title}${withParts}: ${reason}`;
}
