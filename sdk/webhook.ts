import type * as pulumi from "@pulumi/pulumi";
import type { WebhookTopic } from "../provider/client";
import { SenderResource } from "./resource";

/** The arguments of a {@link Webhook}. Every change replaces the webhook. */
export interface WebhookArgs {
  /** The https endpoint that receives the deliveries. */
  url: pulumi.Input<string>;
  /**
   * The event reported: `subscribers/new`, `subscribers/updated`, `subscribers/unsubscribed`,
   * `groups/new-subscriber`, `groups/unsubscribed`, `groups/new`, `campaigns/new` or `bounces/new`.
   */
  topic: pulumi.Input<WebhookTopic>;
  /** The id of the group to watch; required for `groups/new-subscriber` and `groups/unsubscribed`. */
  relationId?: pulumi.Input<string> | undefined;
}

/**
 * A webhook of the account: Sender posts each event of its topic to the url.
 *
 * The Sender API can create and delete a webhook but neither update nor read it:
 * - any change replaces the webhook, deleting the old one first, since a second webhook of the
 *   same url and topic would clash with it;
 * - `pulumi refresh` keeps the state as it is and cannot see a webhook changed or deleted in the
 *   Sender interface; the delivery counters are those of the moment it was created;
 * - if a create fails ambiguously (a timeout or a lost answer), the webhook may have been made,
 *   and as the API cannot list webhooks, the provider cannot look for it. It does not try again,
 *   which could make a duplicate, but fails and says so: check the webhooks in the Sender
 *   interface, delete a stray one, and run `pulumi up` again.
 *
 * @example
 * ```ts
 * new sender.Webhook("new-subscribers", {
 *   url: "https://hooks.example.com/sender",
 *   topic: "groups/new-subscriber",
 *   relationId: "grp001",
 * });
 * ```
 */
export class Webhook extends SenderResource {
  /** The https endpoint that receives the deliveries. */
  declare public readonly url: pulumi.Output<string>;
  /** The event reported. */
  declare public readonly topic: pulumi.Output<WebhookTopic>;
  /** The group watched, when the topic has one. */
  declare public readonly relationId: pulumi.Output<string | undefined>;
  /** The service's status of the webhook, e.g. `ACTIVE`. */
  declare public readonly status: pulumi.Output<string>;
  /** The account the webhook belongs to. */
  declare public readonly accountId: pulumi.Output<string>;
  /** Deliveries made, as of creation. */
  declare public readonly totalDeliveries: pulumi.Output<number>;
  /** Failed deliveries, as of creation. */
  declare public readonly totalFailures: pulumi.Output<number>;
  /** Response time of the endpoint, as of creation. */
  declare public readonly responseTime: pulumi.Output<number>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The endpoint, topic and group.
   * @param opts Resource options.
   */
  constructor(name: string, args: WebhookArgs, opts?: pulumi.CustomResourceOptions) {
    super("Webhook", name, args, opts);
  }
}
