// The whole surface a Pulumi program imports, in one place.

export { Attachment, type AttachmentArgs } from "./attachment";
export { Campaign, type CampaignArgs } from "./campaign";
export { CampaignFollowUp, type CampaignFollowUpArgs } from "./campaign-follow-up";
export { CampaignSchedule, type CampaignScheduleArgs } from "./campaign-schedule";
export { CampaignTargeting, type CampaignTargetingArgs } from "./campaign-targeting";
export * from "./functions";
export { TransactionalCampaign, type TransactionalCampaignArgs } from "./transactional-campaign";
export { Webhook, type WebhookArgs } from "./webhook";
