import type * as pulumi from "@pulumi/pulumi";
import { SenderResource } from "./resource";

/** The arguments of a {@link TransactionalCampaign}. Every change replaces the campaign. */
export interface TransactionalCampaignArgs {
  /** Name shown in reports. Left out, Sender uses the subject, and the title is not managed. */
  title?: pulumi.Input<string> | undefined;
  /** Subject line. */
  subject: pulumi.Input<string>;
  /** Sender name shown to recipients. */
  from: pulumi.Input<string>;
  /** Reply-to address; its domain must be a verified domain of the account. */
  replyTo: pulumi.Input<string>;
  /**
   * `plain` or `html`: how `content` is read. `builder` is refused, as builder campaigns can only be
   * built in the Sender interface.
   */
  editor: pulumi.Input<"plain" | "html">;
  /** Preview text shown after the subject. Left out, it is not managed. */
  preheader?: pulumi.Input<string> | undefined;
  /** The body: plain text or html, according to `editor`. Left out, it is not managed. */
  content?: pulumi.Input<string> | undefined;
  /**
   * Our answer to `pulumi import`, which does not work for dynamic resources (pulumi/pulumi#16175):
   * the id of an existing transactional campaign to take over instead of creating one. Its fields
   * must already equal the inputs, since the API cannot update it; `create` fails otherwise and
   * lists the fields that differ. Only read on create: changing or removing it later does nothing.
   */
  adoptId?: pulumi.Input<string> | undefined;
}

/**
 * A transactional campaign: a template that `POST /message/send` and other transactional sends
 * can use. Creating one never sends mail.
 *
 * The Sender API can create and read a transactional campaign but neither update nor delete it.
 * So any change to an input replaces it with a new one, and **destroying or replacing it only
 * removes it from the stack: the service keeps the campaign**, and the provider writes a warning
 * to the engine's log. Delete it in the Sender interface when it is no longer wanted.
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
export class TransactionalCampaign extends SenderResource {
  /** Name shown in reports, when set. */
  declare public readonly title: pulumi.Output<string | undefined>;
  /** Subject line. */
  declare public readonly subject: pulumi.Output<string>;
  /** Sender name. */
  declare public readonly from: pulumi.Output<string>;
  /** Reply-to address. */
  declare public readonly replyTo: pulumi.Output<string>;
  /** `plain` or `html`. */
  declare public readonly editor: pulumi.Output<"plain" | "html">;
  /** Preview text, when set. */
  declare public readonly preheader: pulumi.Output<string | undefined>;
  /** The body, when set. */
  declare public readonly content: pulumi.Output<string | undefined>;
  /** The id the campaign was adopted from, when it was. */
  declare public readonly adoptId: pulumi.Output<string | undefined>;
  /** How the campaign was made, e.g. `API`. */
  declare public readonly type: pulumi.Output<string>;
  /** The last step of the campaign's wizard, e.g. `editor`. */
  declare public readonly lastAction: pulumi.Output<string>;
  /** When it was created (`YYYY-MM-DD HH:MM:SS` UTC). */
  declare public readonly created: pulumi.Output<string>;
  /** When it was last modified (`YYYY-MM-DD HH:MM:SS` UTC). */
  declare public readonly modified: pulumi.Output<string>;
  /** The id of the sending domain, from `replyTo`. */
  declare public readonly domainId: pulumi.Output<string>;
  /** Emails sent with it, as of the last create or refresh. */
  declare public readonly sent: pulumi.Output<number>;
  /** Opens, as of the last create or refresh. */
  declare public readonly opens: pulumi.Output<number>;
  /** Clicks, as of the last create or refresh. */
  declare public readonly clicks: pulumi.Output<number>;
  /** Bounces, as of the last create or refresh. */
  declare public readonly bounced: pulumi.Output<number>;
  /** Unsubscribes, as of the last create or refresh. */
  declare public readonly unsubscribeCount: pulumi.Output<number>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The campaign's fields.
   * @param opts Resource options.
   */
  constructor(name: string, args: TransactionalCampaignArgs, opts?: pulumi.CustomResourceOptions) {
    super("TransactionalCampaign", name, args, opts);
  }
}
