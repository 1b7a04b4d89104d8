import type * as pulumi from "@pulumi/pulumi";
import type { campaignTargetingFields } from "../provider/resources/campaign-targeting";
import { SenderResource, typeToken } from "./resource";
import type { ArgsOf, ResourceOutputsOf } from "./types";

/** The arguments of a {@link CampaignTargeting}. */
export interface CampaignTargetingArgs extends ArgsOf<typeof campaignTargetingFields> {}

/** The outputs of a {@link CampaignTargeting}: one per field of its table, with the field's TSDoc. */
export interface CampaignTargeting extends ResourceOutputsOf<typeof campaignTargetingFields> {}

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
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: SenderResource registers every field of the table, and the engine resolves each into the output of the same name (test/sdk/outputs.test.ts)
export class CampaignTargeting extends SenderResource {
  /** The type token of CampaignTargeting. */
  static override readonly __pulumiType = typeToken("CampaignTargeting");
  /**
   * @param name The unique name of the resource in the stack.
   * @param args The targeting.
   * @param opts Resource options.
   */
  constructor(name: string, args: CampaignTargetingArgs, opts?: pulumi.CustomResourceOptions) {
    super("CampaignTargeting", name, args, opts);
  }
}
