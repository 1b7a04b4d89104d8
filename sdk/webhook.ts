import type * as pulumi from "@pulumi/pulumi";
import type { webhookFields } from "../provider/resources/webhook";
import { SenderResource, typeToken } from "./resource";
import type { ArgsOf, ResourceOutputsOf } from "./types";

/** The arguments of a {@link Webhook}. A new url is changed in place; a new topic or group replaces the webhook. */
export interface WebhookArgs extends ArgsOf<typeof webhookFields> {}

/** The outputs of a {@link Webhook}: one per field of its table, with the field's TSDoc. */
export interface Webhook extends ResourceOutputsOf<typeof webhookFields> {}

/**
 * A webhook of the account: Sender posts each event of its topic to the url.
 *
 * - a new url is changed in place (`PATCH`); no published example shows that request taking the
 *   topic or group, so a new topic or group replaces the webhook, deleting the old one first,
 *   since a second webhook of the same url and topic would clash with it;
 * - `pulumi refresh` reads the webhook back: a change made in the Sender interface shows as drift,
 *   a webhook deleted there drops from the stack, and the delivery counters are brought up to date;
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
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: SenderResource registers every field of the table, and the engine resolves each into the output of the same name (test/sdk/outputs.test.ts)
export class Webhook extends SenderResource {
  /** The type token of Webhook. */
  static override readonly __pulumiType = typeToken("Webhook");
  /**
   * @param name The unique name of the resource in the stack.
   * @param args The endpoint, topic and group.
   * @param opts Resource options.
   */
  constructor(name: string, args: WebhookArgs, opts?: pulumi.CustomResourceOptions) {
    super("Webhook", name, args, opts);
  }
}
