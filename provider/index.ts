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

type Method = "configure" | keyof ResourceProviderImpl;

/**
 * The entry point of the `__provider` stub stored in state (see `sdk/provider-source.ts`): the
 * engine's dynamic-provider process calls it with the kind, the method and the method's arguments.
 */
export async function dispatch(kind: ResourceKind, method: Method, args: unknown[]): Promise<unknown> {
  if (method === "configure") {
    configureProvider((args[0] as pulumi.dynamic.ConfigureRequest).config);
    return;
  }
  const provider = providers[kind];
  if (!provider) throw new Error(`pulumi-sender has no resource kind ${JSON.stringify(kind)}`);
  const fn = provider[method] as ((...a: unknown[]) => Promise<unknown>) | undefined;
  if (typeof fn !== "function")
    throw new Error(`pulumi-sender ${kind} has no method ${JSON.stringify(method)}`);
  return fn.apply(provider, args);
}
