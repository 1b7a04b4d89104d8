// The whole surface a Pulumi program imports, in one place.

import "../provider/client/node-version";

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
export type { ResourceKind } from "../provider/kinds/registry";
export * from "./functions";
export { SenderResource, type SenderResourceClass, TYPE_PREFIX, typeToken } from "./resource";
export * from "./resources.generated";
