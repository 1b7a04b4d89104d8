/** Schemas of webhooks. Mirrors `emulator/routes/webhooks.ts`. */
import { z } from "zod";
import { Count, Id, need, opt, record } from "./core";

/** Webhook topics (observed; docs https://www.sender.net/help/ecommerce-and-integrations/webhooks-explained/). */
export const WEBHOOK_TOPICS = [
  "subscribers/new",
  "subscribers/updated",
  "subscribers/unsubscribed",
  "groups/new-subscriber",
  "groups/unsubscribed",
  "groups/new",
  "campaigns/new",
  "bounces/new",
] as const;

/** A webhook topic (observed). */
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

/**
 * A webhook (wire contract "Webhooks"). Topics without a group have no `group` key (observed); create answers
 * it bare, some clients read `{data}` (observed): both are read.
 */
export const WEBHOOK_FIELDS = {
  id: need(Id, 'wire contract "Webhooks"'),
  url: need(z.string(), 'wire contract "Webhooks"'),
  topic: need(z.string(), 'wire contract "Webhooks"'),
  group: opt(Id, 'wire contract "Webhooks"'),
  account_id: opt(Id, 'wire contract "Webhooks"'),
  total_deliveries: opt(Count, 'wire contract "Webhooks"'),
  total_failures: opt(Count, 'wire contract "Webhooks"'),
  response_time: opt(z.number(), 'wire contract "Webhooks"'),
  status: opt(z.string(), 'wire contract "Webhooks"'),
} as const;

/** A webhook (wire contract "Webhooks"). */
export const Webhook = record(WEBHOOK_FIELDS);

/** A webhook (wire contract "Webhooks"). */
export type Webhook = z.infer<typeof Webhook>;

/** Body of `POST /account/webhooks` (wire contract "Webhooks"). */
export interface CreateWebhookBody {
  /** Endpoint receiving deliveries. */
  url: string;
  /** The one topic of the webhook. */
  topic: WebhookTopic;
  /** Group to track; required for `groups/new-subscriber` and `groups/unsubscribed`. */
  relation_id?: string;
}

/**
 * Body of `PATCH /account/webhooks/{id}` (assumed: the fields of create, each optional; no
 * published example was found).
 */
export type UpdateWebhookBody = Partial<CreateWebhookBody>;
