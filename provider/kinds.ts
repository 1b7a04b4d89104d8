/** The resource kinds this package manages; each has the type token `pulumi-nodejs:dynamic/sender:<kind>`. */
export type ResourceKind =
  | "Campaign"
  | "TransactionalCampaign"
  | "Webhook"
  | "CampaignFollowUp"
  | "CampaignTargeting"
  | "CampaignSchedule"
  | "Attachment";

/** Every resource kind, in the order the README documents them. */
export const RESOURCE_KINDS: readonly ResourceKind[] = [
  "Campaign",
  "CampaignTargeting",
  "CampaignFollowUp",
  "CampaignSchedule",
  "Attachment",
  "TransactionalCampaign",
  "Webhook",
];
