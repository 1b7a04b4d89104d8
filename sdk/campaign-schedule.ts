import type * as pulumi from "@pulumi/pulumi";
import type { campaignScheduleFields } from "../provider/resources/campaign-schedule";
import { SenderResource, typeToken } from "./resource";
import type { ArgsOf, ResourceOutputsOf } from "./types";

/** The arguments of a {@link CampaignSchedule}. */
export interface CampaignScheduleArgs extends ArgsOf<typeof campaignScheduleFields> {}

/** The outputs of a {@link CampaignSchedule}: one per field of its table, with the field's TSDoc. */
export interface CampaignSchedule extends ResourceOutputsOf<typeof campaignScheduleFields> {}

/**
 * When a campaign goes out. A campaign has one schedule, so the resource's id is the campaign id.
 *
 * A new `scheduleTime` schedules the campaign again; only `campaignId` forces a replacement.
 * Once the campaign has been sent, a refresh records it (`sent`, `status`), a change is refused
 * at preview, and destroying the schedule is a no-op. A campaign unscheduled behind the stack's
 * back reads as gone, so the next `up` schedules it again. Destroying the resource before the
 * send unschedules the campaign (back to DRAFT).
 *
 * @example
 * ```ts
 * new sender.CampaignSchedule("welcome-schedule", {
 *   campaignId: welcome.id,
 *   scheduleTime: "2026-12-01T09:00:00+01:00",
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: SenderResource registers every field of the table, and the engine resolves each into the output of the same name (test/sdk/outputs.test.ts)
export class CampaignSchedule extends SenderResource {
  /** The type token of CampaignSchedule. */
  static override readonly __pulumiType = typeToken("CampaignSchedule");
  /**
   * @param name The unique name of the resource in the stack.
   * @param args The campaign and the time.
   * @param opts Resource options.
   */
  constructor(name: string, args: CampaignScheduleArgs, opts?: pulumi.CustomResourceOptions) {
    super("CampaignSchedule", name, args, opts);
  }
}
