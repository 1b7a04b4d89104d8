import type * as pulumi from "@pulumi/pulumi";
import type { campaignFollowUpFields } from "../provider/resources/campaign-follow-up";
import { SenderResource, typeToken } from "./resource";
import type { ArgsOf, ResourceOutputsOf } from "./types";

/** The arguments of a {@link CampaignFollowUp}. */
export interface CampaignFollowUpArgs extends ArgsOf<typeof campaignFollowUpFields> {}

/** The outputs of a {@link CampaignFollowUp}: one per field of its table, with the field's TSDoc. */
export interface CampaignFollowUp extends ResourceOutputsOf<typeof campaignFollowUpFields> {}

/**
 * The automatic follow-up of a regular campaign: an email to the recipients some hours after the
 * send. A campaign has at most one, so the resource's id is the campaign id.
 *
 * Subject, delay and `active` update in place. Once the campaign is anything but DRAFT or
 * SCHEDULED, any change is refused at preview, with the reason. Destroying the resource clears the
 * follow-up, except on such a campaign, where the service is left untouched (a warning says so).
 *
 * @example
 * ```ts
 * new sender.CampaignFollowUp("welcome-reminder", {
 *   campaignId: welcome.id,
 *   subject: "Did you miss this?",
 *   delayHours: 48,
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: SenderResource registers every field of the table, and the engine resolves each into the output of the same name (test/sdk/outputs.test.ts)
export class CampaignFollowUp extends SenderResource {
  /** The type token of CampaignFollowUp. */
  static override readonly __pulumiType = typeToken("CampaignFollowUp");
  /**
   * @param name The unique name of the resource in the stack.
   * @param args The follow-up's settings.
   * @param opts Resource options.
   */
  constructor(name: string, args: CampaignFollowUpArgs, opts?: pulumi.CustomResourceOptions) {
    super("CampaignFollowUp", name, args, opts);
  }
}
