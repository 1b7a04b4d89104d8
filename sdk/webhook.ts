import type * as pulumi from "@pulumi/pulumi";
import type { webhookFields } from "../provider/resources/webhook";
import { markInputs } from "./autoname";
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
 * - a create that finds a webhook of the same url, topic and group fails naming its id, since a
 *   second one would deliver every event twice; `adoptId: "<that id>"` takes it over with no POST
 *   (its topic and group must already be these; a different url is changed in place);
 * - before its POST the provider records in the create journal of the machine that no such webhook
 *   existed; so one that turns up after an ambiguous failure, or after an `up` killed before the
 *   state recorded it, is adopted (with a note), and a webhook made by anyone before that is not.
 *
 * @example
 * ```ts
 * new sender.Webhook("new-subscribers", {
 *   url: "https://hooks.example.com/sender",
 *   topic: "groups/new-subscriber",
 *   relationId: "grp001",
 * });
 * // The webhook the account already has, taken over as it is:
 * new sender.Webhook("bounces", {
 *   url: "https://hooks.example.com/bounces",
 *   topic: "bounces/new",
 *   adoptId: "wh_123",
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
    // The mark keys the create journal, which proves after a crash which webhook this resource made.
    super("Webhook", name, { ...args, ...markInputs("Webhook", name, args, opts) }, opts);
  }
}
