import type * as pulumi from "@pulumi/pulumi";
import type { campaignFields } from "../provider/resources/campaign";
import { titleInputs } from "./autoname";
import { SenderResource, typeToken } from "./resource";
import type { ArgsOf, ResourceOutputsOf } from "./types";

/** The arguments of a {@link Campaign}. */
export interface CampaignArgs extends ArgsOf<typeof campaignFields> {}

/** The outputs of a {@link Campaign}: one per field of its table, with the field's TSDoc. */
export interface Campaign extends ResourceOutputsOf<typeof campaignFields> {}

/**
 * A regular email campaign of Sender.net. Every argument updates in place; nothing forces a
 * replacement. Creating or updating a campaign never sends it: sending is left to a
 * {@link CampaignSchedule} or to the dashboard.
 *
 * Once the service reports the campaign as anything but DRAFT or SCHEDULED (SENDING, SENT, or a
 * status the provider does not know), any change to it is refused at
 * preview, with the reason: replacing a sent campaign could send the mail again. When a sent
 * campaign leaves the stack (`pulumi destroy`, or removal from the program), it is kept in Sender
 * with a warning, unless `deleteEvenIfSent` is true. Mark important campaigns with `protect: true`.
 *
 * @example
 * ```ts
 * const welcome = new sender.Campaign("welcome", {
 *   title: "Welcome",
 *   subject: "Welcome aboard",
 *   from: "Example News",
 *   replyTo: "news@example.com",
 *   contentType: "html",
 *   content: "<p>Hello!</p>",
 * }, { protect: true });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: SenderResource registers every field of the table, and the engine resolves each into the output of the same name (test/sdk/outputs.test.ts)
export class Campaign extends SenderResource {
  /** The type token of Campaign. */
  static override readonly __pulumiType = typeToken("Campaign");
  /**
   * @param name The unique name of the resource in the stack.
   * @param args The campaign's settings.
   * @param opts Resource options.
   */
  constructor(name: string, args: CampaignArgs, opts?: pulumi.CustomResourceOptions) {
    // No title: one autonamed from the URN, which proves whose object it is (see sdk/autoname.ts).
    super("Campaign", name, { ...args, ...titleInputs("Campaign", name, args, opts) }, opts);
  }
}
