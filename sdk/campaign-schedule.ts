import type * as pulumi from "@pulumi/pulumi";
import type { CampaignStatus } from "../provider/client";
import { SenderResource } from "./resource";

/** The arguments of a {@link CampaignSchedule}. */
export interface CampaignScheduleArgs {
  /** The campaign to schedule. Changing it moves the schedule: a replacement. */
  campaignId: pulumi.Input<string>;
  /**
   * When to send, in ISO 8601 with an offset, e.g. `2026-12-01T09:00:00+01:00` or
   * `2026-12-01T08:00:00Z`. It must be in the future when the schedule is created or changed.
   */
  scheduleTime: pulumi.Input<string>;
}

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
export class CampaignSchedule extends SenderResource {
  /** The campaign scheduled. */
  declare public readonly campaignId: pulumi.Output<string>;
  /** The time as given. */
  declare public readonly scheduleTime: pulumi.Output<string>;
  /** The time as the API holds it: `YYYY-MM-DD HH:MM:SS` in UTC. */
  declare public readonly scheduleTimeUtc: pulumi.Output<string>;
  /** The campaign's status as of the last create, update or refresh. */
  declare public readonly status: pulumi.Output<CampaignStatus>;
  /** True once a refresh has seen the campaign sent. */
  declare public readonly sent: pulumi.Output<boolean>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The campaign and the time.
   * @param opts Resource options.
   */
  constructor(name: string, args: CampaignScheduleArgs, opts?: pulumi.CustomResourceOptions) {
    super("CampaignSchedule", name, args, opts);
  }
}
