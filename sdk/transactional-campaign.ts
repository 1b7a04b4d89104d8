import type * as pulumi from "@pulumi/pulumi";
import type { transactionalCampaignFields } from "../provider/resources/transactional-campaign";
import { titleInputs } from "./autoname";
import { SenderResource, typeToken } from "./resource";
import type { ArgsOf, ResourceOutputsOf } from "./types";

/**
 * The arguments of a {@link TransactionalCampaign}. A new content or editor replaces the campaign;
 * the others change in place.
 */
export interface TransactionalCampaignArgs extends ArgsOf<typeof transactionalCampaignFields> {}

/** The outputs of a {@link TransactionalCampaign}: one per field of its table, with the field's TSDoc. */
export interface TransactionalCampaign extends ResourceOutputsOf<typeof transactionalCampaignFields> {}

/**
 * A transactional campaign: a template that `POST /message/send` and other transactional sends
 * can use. Creating one never sends mail.
 *
 * The Sender API can create, read and update a transactional campaign, but not delete it, and its
 * update takes no content. So `title`, `subject`, `from`, `replyTo` and `preheader` change in
 * place, while a new `content` or `editor` replaces the campaign; and **destroying or replacing it
 * only removes it from the stack: the service keeps the campaign**, and the provider writes a
 * warning to the engine's log. Delete it in the Sender interface when it is no longer wanted.
 *
 * @example
 * ```ts
 * new sender.TransactionalCampaign("order-confirmation", {
 *   subject: "Your order is confirmed",
 *   from: "Example Shop",
 *   replyTo: "shop@example.com",
 *   editor: "html",
 *   content: "<p>Thanks for your order {{order_id}}.</p>",
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: SenderResource registers every field of the table, and the engine resolves each into the output of the same name (test/sdk/outputs.test.ts)
export class TransactionalCampaign extends SenderResource {
  /** The type token of TransactionalCampaign. */
  static override readonly __pulumiType = typeToken("TransactionalCampaign");
  /**
   * @param name The unique name of the resource in the stack.
   * @param args The campaign's fields.
   * @param opts Resource options.
   */
  constructor(name: string, args: TransactionalCampaignArgs, opts?: pulumi.CustomResourceOptions) {
    // No title: one autonamed from the URN, which proves whose object it is (see sdk/autoname.ts).
    super(
      "TransactionalCampaign",
      name,
      { ...args, ...titleInputs("TransactionalCampaign", name, args, opts) },
      opts,
    );
  }
}
