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
 * A webhook (seed §2.5). Topics without a group have no `group` key (observed); create answers
 * it bare, some clients read `{data}` (observed): both are read.
 */
export const WEBHOOK_FIELDS = {
  id: need(Id, "seed §2.5"),
  url: need(z.string(), "seed §2.5"),
  topic: need(z.string(), "seed §2.5"),
  group: opt(Id, "seed §2.5"),
  account_id: opt(Id, "seed §2.5"),
  total_deliveries: opt(Count, "seed §2.5"),
  total_failures: opt(Count, "seed §2.5"),
  response_time: opt(z.number(), "seed §2.5"),
  status: opt(z.string(), "seed §2.5"),
} as const;

/** A webhook (seed §2.5). */
export const Webhook = record(WEBHOOK_FIELDS);

/** A webhook (seed §2.5). */
export type Webhook = z.infer<typeof Webhook>;

/** Body of `POST /account/webhooks` (seed §4.4). */
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
