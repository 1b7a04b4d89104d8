/**
 * The registry of resource kinds: one entry per kind, in the order the README documents them. The
 * kinds' names, their order, their field tables, descriptions and providers are read from here by
 * the dynamic provider, the plugin, the SDK, the schema, the docs and `pulumi-sender adopt` (how it
 * walks an account: `adopt`); no other file lists them.
 */

import type { SenderClient } from "../client";
import type * as api from "../client/schemas";
import type { AccountList, ProviderContext } from "../context";
import { adoptingPart, campaignIdOf } from "./adopt-part";
import { attachmentDescription, attachmentFields, attachmentIdOf, attachmentProvider } from "./attachment";
import type { PropertyBag } from "./bag";
import { campaignDescription, campaignFields, campaignProvider } from "./campaign";
import {
  campaignFollowUpDescription,
  campaignFollowUpFields,
  campaignFollowUpProvider,
} from "./campaign-follow-up";
import {
  campaignScheduleDescription,
  campaignScheduleFields,
  campaignScheduleProvider,
} from "./campaign-schedule";
import {
  campaignTargetingDescription,
  campaignTargetingFields,
  campaignTargetingProvider,
} from "./campaign-targeting";
import { fieldDocs } from "./field-docs.generated";
import { type DocumentedTable, withDocs } from "./fields";
import type { ResourceProviderImpl, ResourceProviderOf } from "./provider-types";
import {
  transactionalCampaignDescription,
  transactionalCampaignFields,
  transactionalCampaignProvider,
} from "./transactional-campaign";
import { webhookDescription, webhookFields, webhookProvider } from "./webhook";

/** An id-list input of a kind whose ids `check` looks up in one of the account's lists. */
export interface AccountIdList {
  /** The input property holding the ids. */
  readonly property: string;
  /** The account list its ids come from. */
  readonly list: AccountList;
  /** What one of them is called in a failure. */
  readonly noun: string;
}

/** The client `pulumi-sender adopt` reads an account through: read-only, its webhook list seeding `getWebhook`. */
export type AdoptClient = SenderClient & { seedWebhooks(webhooks: readonly { id: string }[]): void };

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
 * How `pulumi-sender adopt` walks a kind of the account:
 * - `campaign`: the kind the parts hang off, listed first, each followed by its parts;
 * - `part`: a part of each campaign, in the registry's order;
 * - `top-level`: after the campaigns, a kind of its own.
 */
export type AdoptWalk =
  | { readonly as: "campaign" }
  | {
      readonly as: "part";
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
    };

/** What the project knows of one resource kind. */
export interface KindEntry {
  /** The field table: the facts of each field, keyed by camelCase property name, each with its doc. */
  readonly fields: DocumentedTable;
  /** The one-paragraph description (the package schema's and the SDK class's). */
  readonly description: string;
  /** How the kind's provider is made from a context. */
  readonly provider: ResourceProviderOf;
  /** Whether the title is autonamed (`<name>-<mark>`) when neither `title` nor `adoptId` is given. */
  readonly autonamed: boolean;
  /** The id-list inputs the account's lists can judge at `check` (see `account-checks.ts`). */
  readonly accountIdLists: readonly AccountIdList[];
  /** The name `adopt` gives an object of this kind when its label yields none. */
  readonly adoptName: string;
  /** For a part of a campaign: the suffix of its name after the campaign's, in `adopt`. */
  readonly partSuffix?: string;
  /** How `adopt` finds the kind's objects in an account. */
  readonly adopt: AdoptWalk;
}

/** The campaign's own part: one per campaign, keyed by the campaign's id, labelled with its `adoptName`. */
function onePerCampaign(adoptName: string) {
  return async (_client: AdoptClient, campaign: api.Campaign): Promise<readonly AdoptFound[]> => [
    { id: campaign.id, label: adoptName },
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

const byCreatedThenId = (
  a: { created?: string | null; id: string },
  b: { created?: string | null; id: string },
) => (a.created ?? "").localeCompare(b.created ?? "") || a.id.localeCompare(b.id);

// `satisfies` keeps the keys, which ResourceKind is made of; the entries' facts are KindEntry's.
const kindEntries = {
  Campaign: {
    fields: withDocs(campaignFields, fieldDocs.Campaign),
    description: campaignDescription,
    provider: campaignProvider,
    autonamed: true,
    accountIdLists: [],
    adoptName: "campaign",
    adopt: { as: "campaign" },
  },
  CampaignTargeting: {
    fields: withDocs(campaignTargetingFields, fieldDocs.CampaignTargeting),
    description: campaignTargetingDescription,
    provider: adoptingPart("CampaignTargeting", campaignIdOf, campaignTargetingProvider),
    autonamed: false,
    accountIdLists: [
      { property: "tagIds", list: "tags", noun: "tag" },
      { property: "excludedTagIds", list: "tags", noun: "tag" },
      { property: "filterIds", list: "filters", noun: "saved filter" },
      { property: "excludedFilterIds", list: "filters", noun: "saved filter" },
    ],
    adoptName: "targeting",
    partSuffix: "targeting",
    adopt: { as: "part", ids: onePerCampaign("targeting"), keep: namesTargeting, warning: targetingWarning },
  },
  CampaignFollowUp: {
    fields: withDocs(campaignFollowUpFields, fieldDocs.CampaignFollowUp),
    description: campaignFollowUpDescription,
    provider: adoptingPart("CampaignFollowUp", campaignIdOf, campaignFollowUpProvider),
    autonamed: false,
    accountIdLists: [],
    adoptName: "follow-up",
    partSuffix: "follow-up",
    adopt: { as: "part", ids: onePerCampaign("follow-up") },
  },
  CampaignSchedule: {
    fields: withDocs(campaignScheduleFields, fieldDocs.CampaignSchedule),
    description: campaignScheduleDescription,
    provider: adoptingPart("CampaignSchedule", campaignIdOf, campaignScheduleProvider),
    autonamed: false,
    accountIdLists: [],
    adoptName: "schedule",
    partSuffix: "schedule",
    adopt: {
      as: "part",
      // A sent campaign's schedule is history, with nothing left to manage: only a pending one is adopted.
      ids: async (_client, campaign) =>
        campaign.status === "SCHEDULED" ? [{ id: campaign.id, label: "schedule" }] : [],
    },
  },
  Attachment: {
    fields: withDocs(attachmentFields, fieldDocs.Attachment),
    description: attachmentDescription,
    provider: adoptingPart("Attachment", attachmentIdOf, attachmentProvider),
    autonamed: false,
    accountIdLists: [],
    adoptName: "attachment",
    adopt: {
      as: "part",
      ids: async (client, campaign) =>
        [...(await client.listAttachments(campaign.id))]
          .sort((a, b) => a.file_name.localeCompare(b.file_name))
          .map((file) => ({ id: `${campaign.id}/${file.file_name}`, label: file.file_name })),
    },
  },
  TransactionalCampaign: {
    fields: withDocs(transactionalCampaignFields, fieldDocs.TransactionalCampaign),
    description: transactionalCampaignDescription,
    provider: transactionalCampaignProvider,
    autonamed: true,
    accountIdLists: [],
    adoptName: "transactional",
    adopt: {
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
  },
  Webhook: {
    fields: withDocs(webhookFields, fieldDocs.Webhook),
    description: webhookDescription,
    provider: webhookProvider,
    autonamed: false,
    accountIdLists: [],
    adoptName: "webhook",
    adopt: {
      as: "top-level",
      noun: "webhooks",
      dated: false,
      list: async (client) => {
        const webhooks = await client.listWebhooks();
        client.seedWebhooks(webhooks);
        return [...webhooks]
          .sort(
            (a, b) =>
              a.topic.localeCompare(b.topic) || a.url.localeCompare(b.url) || a.id.localeCompare(b.id),
          )
          .map((webhook) => ({ id: webhook.id, label: `webhook ${webhook.topic}` }));
      },
    },
  },
} satisfies Record<string, KindEntry>;

/** The resource kinds this package manages; each has the type token `pulumi-nodejs:dynamic/sender:<kind>`. */
export type ResourceKind = keyof typeof kindEntries;

/** Every resource kind's entry, keyed by kind, in the order the README documents them. */
export const registry: { readonly [K in ResourceKind]: KindEntry } = kindEntries;

/** The campaign: the kind whose parts (`partSuffix`) hang off it, and whose status is `adopt`'s filter. */
export const CAMPAIGN_KIND = "Campaign" satisfies ResourceKind;

/** Every resource kind, in the order the README documents them. */
export const RESOURCE_KINDS: readonly ResourceKind[] = Object.keys(kindEntries) as ResourceKind[];

/** One fact of every kind, keyed by kind, in the registry's order. */
function eachKind<T>(fact: (entry: KindEntry) => T): Record<ResourceKind, T> {
  return Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, fact(registry[kind])])) as Record<
    ResourceKind,
    T
  >;
}

/** How every resource kind's provider is made from a context: the whole surface in one place. */
export const providerFactories: Record<ResourceKind, ResourceProviderOf> = eachKind(
  (entry) => entry.provider,
);

/**
 * Every resource kind's field table: the facts of each field, keyed by camelCase property name,
 * each with its doc (the TSDoc of its key, through field-docs.generated.ts).
 */
export const fieldTables: Record<ResourceKind, DocumentedTable> = eachKind((entry) => entry.fields);

/** Every resource kind's one-paragraph description (the package schema's and the SDK class's). */
export const resourceDescriptions: Record<ResourceKind, string> = eachKind((entry) => entry.description);

/** Every resource kind's provider, working in `context`. */
export function providersOf(context: ProviderContext): Record<ResourceKind, ResourceProviderImpl> {
  return eachKind((entry) => entry.provider(context));
}
