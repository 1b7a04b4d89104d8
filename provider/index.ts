import type * as pulumi from "@pulumi/pulumi";
import { configureProvider } from "./context";
import type { ResourceKind } from "./kinds";
import { attachmentDescription, attachmentFields, attachmentProvider } from "./resources/attachment";
import { campaignDescription, campaignFields, campaignProvider } from "./resources/campaign";
import {
  campaignFollowUpDescription,
  campaignFollowUpFields,
  campaignFollowUpProvider,
} from "./resources/campaign-follow-up";
import {
  campaignScheduleDescription,
  campaignScheduleFields,
  campaignScheduleProvider,
} from "./resources/campaign-schedule";
import {
  campaignTargetingDescription,
  campaignTargetingFields,
  campaignTargetingProvider,
} from "./resources/campaign-targeting";
import type { ResourceProviderImpl } from "./resources/common";
import type { FieldTable } from "./resources/fields";
import {
  transactionalCampaignDescription,
  transactionalCampaignFields,
  transactionalCampaignProvider,
} from "./resources/transactional-campaign";
import { webhookDescription, webhookFields, webhookProvider } from "./resources/webhook";

export { configureProvider, getClient } from "./context";
export type { ResourceKind } from "./kinds";
export type { Field, FieldTable, FieldType } from "./resources/fields";

/** Every resource kind's provider: the whole surface in one place. */
export const providers: Record<ResourceKind, ResourceProviderImpl> = {
  Campaign: campaignProvider,
  CampaignTargeting: campaignTargetingProvider,
  CampaignFollowUp: campaignFollowUpProvider,
  CampaignSchedule: campaignScheduleProvider,
  Attachment: attachmentProvider,
  TransactionalCampaign: transactionalCampaignProvider,
  Webhook: webhookProvider,
};

/** Every resource kind's field table: the facts of each field, keyed by camelCase property name. */
export const fieldTables: Record<ResourceKind, FieldTable> = {
  Campaign: campaignFields,
  CampaignTargeting: campaignTargetingFields,
  CampaignFollowUp: campaignFollowUpFields,
  CampaignSchedule: campaignScheduleFields,
  Attachment: attachmentFields,
  TransactionalCampaign: transactionalCampaignFields,
  Webhook: webhookFields,
};

/** Every resource kind's one-paragraph description (the package schema's and the SDK class's). */
export const resourceDescriptions: Record<ResourceKind, string> = {
  Campaign: campaignDescription,
  CampaignTargeting: campaignTargetingDescription,
  CampaignFollowUp: campaignFollowUpDescription,
  CampaignSchedule: campaignScheduleDescription,
  Attachment: attachmentDescription,
  TransactionalCampaign: transactionalCampaignDescription,
  Webhook: webhookDescription,
};

/**
 * The provider object of one kind, as the engine's dynamic-provider process uses it: the stub
 * stored in state as `__provider` (see `sdk/provider-source.ts`) returns this from its `handler()`.
 */
export function providerFor(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
  const provider = providers[kind];
  if (!provider) throw new Error(`pulumi-sender has no resource kind ${JSON.stringify(kind)}`);
  return {
    configure: async (req) => configureProvider(req.config),
    check: provider.check.bind(provider),
    diff: provider.diff.bind(provider),
    create: provider.create.bind(provider),
    read: provider.read.bind(provider),
    update: provider.update.bind(provider),
    delete: provider.delete.bind(provider),
  };
}
