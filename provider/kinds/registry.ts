/**
 * The registry of resource kinds: one entry per kind, in the order the README documents them. The
 * kinds' names, their order, their field tables, descriptions and providers are read from here by
 * the dynamic provider, the plugin, the SDK, the schema, the docs and `pulumi-sender adopt` (whose
 * walk of each kind, `provider/adopt/walks.ts`, is keyed by these kinds); no other file lists them.
 */

import type { PropertyBag } from "../core/bag";
import { campaignPart } from "../core/campaign-parts";
import type { AccountList, ProviderContext } from "../core/context";
import type { CheckFailure, ResourceProviderImpl } from "../core/contract";
import { type DocumentedTable, withDocs } from "../core/fields";
import type { KindSample } from "../core/kind-sample";
import { campaignIdOf, partWithTakeover } from "../core/part-takeover";
import type { ResourceProviderOf } from "../core/provider-types";
import {
  attachmentDescription,
  attachmentFields,
  attachmentIdOf,
  attachmentProvider,
  attachmentSample,
} from "./attachment";
import { campaignDescription, campaignFields, campaignProvider, campaignSample } from "./campaign/campaign";
import {
  campaignFollowUpDescription,
  campaignFollowUpFields,
  campaignFollowUpProvider,
  campaignFollowUpSample,
} from "./campaign-follow-up";
import {
  campaignProofDescription,
  campaignProofFields,
  campaignProofProvider,
  campaignProofSample,
  proofAccountFailures,
} from "./campaign-proof";
import {
  campaignScheduleDescription,
  campaignScheduleFields,
  campaignScheduleProvider,
  campaignScheduleSample,
} from "./campaign-schedule";
import {
  campaignTargetingDescription,
  campaignTargetingFields,
  campaignTargetingHandOver,
  campaignTargetingProvider,
  campaignTargetingSample,
} from "./campaign-targeting";
import { fieldDocs } from "./field-docs.generated";
import { groupDescription, groupFields, groupProvider, groupSample } from "./group";
import {
  transactionalCampaignDescription,
  transactionalCampaignFields,
  transactionalCampaignProvider,
  transactionalCampaignSample,
} from "./transactional-campaign/transactional-campaign";
import { webhookDescription, webhookFields, webhookProvider, webhookSample } from "./webhook";

/** An id-list input of a kind whose ids `check` looks up in one of the account's lists. */
export interface AccountIdList {
  /** The input property holding the ids. */
  readonly property: string;
  /** The account list its ids come from. */
  readonly list: AccountList;
  /** What one of them is called in a failure. */
  readonly noun: string;
}

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
  /**
   * What else the account judges at `check`, once the kind's own rules passed (reads only; see
   * `account-checks.ts`): a CampaignProof's campaign must not be sent.
   */
  readonly accountCheck?: (
    context: ProviderContext,
    olds: PropertyBag,
    news: PropertyBag,
  ) => Promise<CheckFailure[]>;
  /**
   * The kind's sample values (its file's): the tests keyed by kind, `docs/resources.md`'s section
   * and the Terraform door's example and docs read them.
   */
  readonly sample: KindSample;
}

// `satisfies` keeps the keys, which ResourceKind is made of; the entries' facts are KindEntry's.
const kindEntries = {
  Campaign: {
    fields: withDocs(campaignFields, fieldDocs.Campaign),
    description: campaignDescription,
    provider: campaignProvider,
    autonamed: true,
    accountIdLists: [],
    sample: campaignSample,
  },
  CampaignTargeting: {
    fields: withDocs(campaignTargetingFields, fieldDocs.CampaignTargeting),
    description: campaignTargetingDescription,
    provider: campaignPart(
      "CampaignTargeting",
      campaignIdOf,
      partWithTakeover("CampaignTargeting", campaignIdOf, campaignTargetingProvider),
      campaignTargetingHandOver,
    ),
    autonamed: false,
    accountIdLists: [
      { property: "tagIds", list: "tags", noun: "tag" },
      { property: "excludedTagIds", list: "tags", noun: "tag" },
      { property: "filterIds", list: "filters", noun: "saved filter" },
      { property: "excludedFilterIds", list: "filters", noun: "saved filter" },
    ],
    sample: campaignTargetingSample,
  },
  CampaignFollowUp: {
    fields: withDocs(campaignFollowUpFields, fieldDocs.CampaignFollowUp),
    description: campaignFollowUpDescription,
    provider: campaignPart(
      "CampaignFollowUp",
      campaignIdOf,
      partWithTakeover("CampaignFollowUp", campaignIdOf, campaignFollowUpProvider),
    ),
    autonamed: false,
    accountIdLists: [],
    sample: campaignFollowUpSample,
  },
  CampaignSchedule: {
    fields: withDocs(campaignScheduleFields, fieldDocs.CampaignSchedule),
    description: campaignScheduleDescription,
    provider: campaignPart(
      "CampaignSchedule",
      campaignIdOf,
      partWithTakeover("CampaignSchedule", campaignIdOf, campaignScheduleProvider),
    ),
    autonamed: false,
    accountIdLists: [],
    sample: campaignScheduleSample,
  },
  CampaignProof: {
    fields: withDocs(campaignProofFields, fieldDocs.CampaignProof),
    description: campaignProofDescription,
    provider: campaignProofProvider,
    autonamed: false,
    accountIdLists: [],
    accountCheck: proofAccountFailures,
    sample: campaignProofSample,
  },
  Attachment: {
    fields: withDocs(attachmentFields, fieldDocs.Attachment),
    description: attachmentDescription,
    provider: campaignPart(
      "Attachment",
      attachmentIdOf,
      partWithTakeover("Attachment", attachmentIdOf, attachmentProvider),
    ),
    autonamed: false,
    accountIdLists: [],
    sample: attachmentSample,
  },
  TransactionalCampaign: {
    fields: withDocs(transactionalCampaignFields, fieldDocs.TransactionalCampaign),
    description: transactionalCampaignDescription,
    provider: transactionalCampaignProvider,
    autonamed: true,
    accountIdLists: [],
    sample: transactionalCampaignSample,
  },
  Webhook: {
    fields: withDocs(webhookFields, fieldDocs.Webhook),
    description: webhookDescription,
    provider: webhookProvider,
    autonamed: false,
    accountIdLists: [],
    sample: webhookSample,
  },
  Group: {
    fields: withDocs(groupFields, fieldDocs.Group),
    description: groupDescription,
    provider: groupProvider,
    autonamed: true,
    accountIdLists: [],
    sample: groupSample,
  },
} satisfies Record<string, KindEntry>;

/** The resource kinds this package manages; each has the type token `pulumi-nodejs:dynamic/sender:<kind>`. */
export type ResourceKind = keyof typeof kindEntries;

/**
 * The field table of `K` with its exact keys and facts (what `registry[K].fields` holds, typed as
 * its kind's table): the tests keyed by kind compare the SDK's types with it.
 */
export type FieldTableOf<K extends ResourceKind> = (typeof kindEntries)[K]["fields"];

/** Every resource kind's entry, keyed by kind, in the order the README documents them. */
export const registry: { readonly [K in ResourceKind]: KindEntry } = kindEntries;

/** The campaign: the kind the parts hang off, and whose status is `adopt`'s filter. */
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
