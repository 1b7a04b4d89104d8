import type * as pulumi from "@pulumi/pulumi";
import { SenderResource } from "./resource";

/** The arguments of a {@link CampaignTargeting}. */
export interface CampaignTargetingArgs {
  /** The campaign to target. Changing it moves the targeting: a replacement. */
  campaignId: pulumi.Input<string>;
  /** Tags whose subscribers receive the campaign. A set: order does not matter. Excludes `sendToAll`. */
  tagIds?: pulumi.Input<pulumi.Input<string>[]> | undefined;
  /** Tags whose subscribers never receive the campaign. A set. */
  excludedTagIds?: pulumi.Input<pulumi.Input<string>[]> | undefined;
  /** Saved filters whose subscribers receive the campaign. A set. Excludes `sendToAll`. */
  filterIds?: pulumi.Input<pulumi.Input<string>[]> | undefined;
  /** Saved filters whose subscribers never receive the campaign. A set. */
  excludedFilterIds?: pulumi.Input<pulumi.Input<string>[]> | undefined;
  /**
   * Send to every active subscriber. Cannot be combined with `tagIds` or `filterIds`; one of the
   * three is required. Exclusions still apply.
   */
  sendToAll?: pulumi.Input<boolean> | undefined;
}

/**
 * Who a campaign goes to: included and excluded tags and saved filters, or every active
 * subscriber. A campaign has one targeting, so the resource's id is the campaign id.
 *
 * Changes apply only the differences (an excluded tag added or removed, a list re-set when it
 * changed, `sendToAll` toggled); only `campaignId` forces a replacement. Once the campaign is
 * anything but DRAFT or SCHEDULED, a change is refused at preview. Destroying the resource removes
 * the targeting it set, except on a sent campaign, where it is history.
 *
 * @example
 * ```ts
 * new sender.CampaignTargeting("welcome-targeting", {
 *   campaignId: welcome.id,
 *   tagIds: ["tag001"],
 *   excludedTagIds: ["tag004"],
 * });
 * ```
 */
export class CampaignTargeting extends SenderResource {
  /** The campaign targeted. */
  declare public readonly campaignId: pulumi.Output<string>;
  /** Included tags. */
  declare public readonly tagIds: pulumi.Output<string[] | undefined>;
  /** Excluded tags. */
  declare public readonly excludedTagIds: pulumi.Output<string[] | undefined>;
  /** Included saved filters. */
  declare public readonly filterIds: pulumi.Output<string[] | undefined>;
  /** Excluded saved filters. */
  declare public readonly excludedFilterIds: pulumi.Output<string[] | undefined>;
  /** Whether the campaign goes to every active subscriber. */
  declare public readonly sendToAll: pulumi.Output<boolean | undefined>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The targeting.
   * @param opts Resource options.
   */
  constructor(name: string, args: CampaignTargetingArgs, opts?: pulumi.CustomResourceOptions) {
    super("CampaignTargeting", name, args, opts);
  }
}
