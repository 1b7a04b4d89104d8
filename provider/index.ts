import type * as pulumi from "@pulumi/pulumi";
import { configureProvider } from "./context";
import type { ResourceKind } from "./kinds";
import { attachmentProvider } from "./resources/attachment";
import { campaignProvider } from "./resources/campaign";
import { campaignFollowUpProvider } from "./resources/campaign-follow-up";
import { campaignScheduleProvider } from "./resources/campaign-schedule";
import { campaignTargetingProvider } from "./resources/campaign-targeting";
import type { ResourceProviderImpl } from "./resources/common";
import { transactionalCampaignProvider } from "./resources/transactional-campaign";
import { webhookProvider } from "./resources/webhook";

export { configureProvider, getClient } from "./context";
export type { ResourceKind } from "./kinds";

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
