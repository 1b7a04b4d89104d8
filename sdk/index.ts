// The whole surface a Pulumi program imports, in one place.

import "../provider/node-version";

// The value types of resource and function arguments and outputs.
export type {
  ActivityKind,
  CampaignStatus,
  ContentType,
  FollowUpDelay,
  LastAction,
  SubscriberAction,
  WebhookTopic,
} from "../provider/client";
export type { ResourceKind } from "../provider/resources/registry";
export { Attachment, type AttachmentArgs } from "./attachment";
export { Campaign, type CampaignArgs } from "./campaign";
export { CampaignFollowUp, type CampaignFollowUpArgs } from "./campaign-follow-up";
export { CampaignSchedule, type CampaignScheduleArgs } from "./campaign-schedule";
export { CampaignTargeting, type CampaignTargetingArgs } from "./campaign-targeting";
export * from "./functions";
export { SenderResource, type SenderResourceClass, TYPE_PREFIX, typeToken } from "./resource";
export { TransactionalCampaign, type TransactionalCampaignArgs } from "./transactional-campaign";
export { Webhook, type WebhookArgs } from "./webhook";
