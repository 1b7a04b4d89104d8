/**
 * How `pulumi-sender adopt` walks an account, kind by kind: the campaigns, each campaign's parts,
 * then the kinds of their own. One walk per kind of the registry; a kind added without its walk
 * does not compile.
 */
import type * as api from "../client/schemas";
import type { PropertyBag } from "../core/bag";
import type { ResourceKind } from "../kinds/registry";
import type { AdoptClient } from "./client";

/** One object `adopt` finds of a kind: the id its `read` takes, and what its name is derived from. */
export interface AdoptFound {
  readonly id: string;
  readonly label: string;
}

/** One object a top-level kind's listing gives `adopt`, with what its filters judge. */
export interface AdoptListed extends AdoptFound {
  /** Its title, which `--title` judges. */
  readonly title?: string | null;
  /** When it was created (`YYYY-MM-DD HH:MM:SS` UTC), which `--created-after` judges. */
  readonly created?: string;
}

/**
 * How `pulumi-sender adopt` walks a kind of the account, and the name it gives an object of the
 * kind whose label yields none (`name`):
 * - `campaign`: the kind the parts hang off, listed first, each followed by its parts;
 * - `part`: a part of each campaign, in the registry's order;
 * - `top-level`: after the campaigns, a kind of its own.
 */
export type AdoptWalk = { readonly name: string } & (
  | { readonly as: "campaign" }
  | {
      readonly as: "part";
      /** The suffix of its name after the campaign's; left out, the name is derived from its label. */
      readonly partSuffix?: string;
      /** The campaign's objects of this kind (none, one, or one per file), in the order they are written. */
      ids(client: AdoptClient, campaign: api.Campaign): Promise<readonly AdoptFound[]>;
      /** Whether a part read is worth adopting; left out, every one read is. */
      keep?(inputs: PropertyBag): boolean;
      /** A line of warning about a part read, for the progress report. */
      warning?(inputs: PropertyBag, campaignId: string): string | undefined;
    }
  | {
      readonly as: "top-level";
      /** The plural noun of its progress lines. */
      readonly noun: string;
      /**
       * Whether its objects have a title and a creation date: a dated kind is left out only by the
       * status filter (which keeps campaigns alone); an undated one by any filter.
       */
      readonly dated: boolean;
      /** Lists the account's objects of the kind, in the order `adopt` writes them. */
      list(client: AdoptClient): Promise<readonly AdoptListed[]>;
    }
);

/** The campaign's own part: one per campaign, keyed by the campaign's id, labelled with its name. */
function onePerCampaign(name: string) {
  return async (_client: AdoptClient, campaign: api.Campaign): Promise<readonly AdoptFound[]> => [
    { id: campaign.id, label: name },
  ];
}

/** Whether targeting inputs name any targeting: every active subscriber, or a non-empty list. */
function namesTargeting(inputs: PropertyBag): boolean {
  return (
    inputs.sendToAll === true ||
    ["tagIds", "excludedTagIds", "filterIds", "excludedFilterIds"].some(
      (field) => Array.isArray(inputs[field]) && (inputs[field] as unknown[]).length > 0,
    )
  );
}

/** The warning for a campaign that goes to everyone and also names lists, which CampaignTargeting refuses. */
function targetingWarning(inputs: PropertyBag, campaignId: string): string | undefined {
  const lists = ["tagIds", "filterIds"].filter(
    (f) => Array.isArray(inputs[f]) && (inputs[f] as []).length > 0,
  );
  return inputs.sendToAll === true && lists.length > 0
    ? `warning: campaign ${campaignId} goes to every active subscriber and also names ${lists.join(" and ")}, which a CampaignTargeting refuses: keep one in the program`
    : undefined;
}

/** The order `adopt` writes dated objects in: by creation, then by id. */
export const byCreatedThenId = (
  a: { created?: string | null; id: string },
  b: { created?: string | null; id: string },
) => (a.created ?? "").localeCompare(b.created ?? "") || a.id.localeCompare(b.id);

// `satisfies` holds the keys to the kinds: a kind without its walk, or a walk of no kind, fails to compile.
const walks = {
  Campaign: { name: "campaign", as: "campaign" },
  CampaignTargeting: {
    name: "targeting",
    as: "part",
    partSuffix: "targeting",
    ids: onePerCampaign("targeting"),
    keep: namesTargeting,
    warning: targetingWarning,
  },
  CampaignFollowUp: {
    name: "follow-up",
    as: "part",
    partSuffix: "follow-up",
    ids: onePerCampaign("follow-up"),
  },
  CampaignSchedule: {
    name: "schedule",
    as: "part",
    partSuffix: "schedule",
    // A sent campaign's schedule is history, with nothing left to manage: only a pending one is adopted.
    ids: async (_client, campaign) =>
      campaign.status === "SCHEDULED" ? [{ id: campaign.id, label: "schedule" }] : [],
  },
  // The service keeps no record of a test send: there is no proof to adopt.
  CampaignProof: {
    name: "proof",
    as: "top-level",
    noun: "campaign proofs",
    dated: false,
    list: async () => [],
  },
  Attachment: {
    name: "attachment",
    as: "part",
    ids: async (client, campaign) =>
      [...(await client.listAttachments(campaign.id))]
        .sort((a, b) => a.file_name.localeCompare(b.file_name))
        .map((file) => ({ id: `${campaign.id}/${file.file_name}`, label: file.file_name })),
  },
  TransactionalCampaign: {
    name: "transactional",
    as: "top-level",
    noun: "transactional campaigns",
    dated: true,
    list: async (client) => {
      const records: api.Transactional[] = [];
      for await (const record of client.iterateTransactional()) records.push(record);
      return records
        .sort(byCreatedThenId)
        .map((record) => ({ ...record, label: record.title || record.subject || "transactional" }));
    },
  },
  Webhook: {
    name: "webhook",
    as: "top-level",
    noun: "webhooks",
    dated: false,
    list: async (client) => {
      const webhooks = await client.listWebhooks();
      client.seedWebhooks(webhooks);
      return [...webhooks]
        .sort(
          (a, b) => a.topic.localeCompare(b.topic) || a.url.localeCompare(b.url) || a.id.localeCompare(b.id),
        )
        .map((webhook) => ({ id: webhook.id, label: `webhook ${webhook.topic}` }));
    },
  },
  Group: {
    name: "group",
    as: "top-level",
    noun: "groups",
    dated: true,
    list: async (client) => {
      const records: api.Group[] = [];
      for (let page = 1; ; page++) {
        const answer = await client.listGroups({ page, limit: 100 });
        records.push(...answer.data);
        if (answer.meta === undefined || page >= answer.meta.last_page) break;
      }
      return records
        .map((record) => ({
          id: record.id,
          title: record.title,
          label: record.title || "group",
          ...(typeof record.created === "string" ? { created: record.created } : {}),
        }))
        .sort(byCreatedThenId);
    },
  },
} satisfies Record<ResourceKind, AdoptWalk>;

/** How `adopt` finds each kind's objects in an account, keyed by kind. */
export const adoptWalks: { readonly [K in ResourceKind]: AdoptWalk } = walks;

/** The name `adopt` gives an object of `kind` whose label yields none. */
export function adoptName(kind: ResourceKind): string {
  return adoptWalks[kind].name;
}

/** For a part of a campaign: the suffix of its name after the campaign's, if the kind has one. */
export function partSuffix(kind: ResourceKind): string | undefined {
  const walk = adoptWalks[kind];
  return walk.as === "part" ? walk.partSuffix : undefined;
}
