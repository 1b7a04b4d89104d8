import type * as pulumi from "@pulumi/pulumi";
import type { FollowUpDelay } from "../provider/client";
import { SenderResource } from "./resource";

/** The arguments of a {@link CampaignFollowUp}. */
export interface CampaignFollowUpArgs {
  /** The campaign that gets the follow-up. Changing it moves the follow-up: a replacement. */
  campaignId: pulumi.Input<string>;
  /** Subject line of the follow-up email. */
  subject: pulumi.Input<string>;
  /** Hours after the campaign's send: 12, 24, 48, 72, 96, 120, 144 or 168. */
  delayHours: pulumi.Input<FollowUpDelay>;
  /** Whether the follow-up is switched on. Default `true`; `false` keeps it configured but off. */
  active?: pulumi.Input<boolean> | undefined;
}

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
export class CampaignFollowUp extends SenderResource {
  /** The campaign the follow-up belongs to. */
  declare public readonly campaignId: pulumi.Output<string>;
  /** Subject line of the follow-up email. */
  declare public readonly subject: pulumi.Output<string>;
  /** Hours after the campaign's send. */
  declare public readonly delayHours: pulumi.Output<FollowUpDelay>;
  /** Whether the follow-up is switched on. */
  declare public readonly active: pulumi.Output<boolean>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The follow-up's settings.
   * @param opts Resource options.
   */
  constructor(name: string, args: CampaignFollowUpArgs, opts?: pulumi.CustomResourceOptions) {
    super("CampaignFollowUp", name, args, opts);
  }
}
