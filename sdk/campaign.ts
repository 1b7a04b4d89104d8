import type * as pulumi from "@pulumi/pulumi";
import type { CampaignStatus, ContentType, LastAction } from "../provider/client";
import { SenderResource } from "./resource";

/** The arguments of a {@link Campaign}. */
export interface CampaignArgs {
  /** Internal name, shown in the Sender dashboard and reports. */
  title?: pulumi.Input<string> | undefined;
  /** Subject line of the email. */
  subject: pulumi.Input<string>;
  /** Sender *name* shown to recipients (not an address), e.g. `Example News`. */
  from: pulumi.Input<string>;
  /** Reply-to address; its domain must be a verified domain of the account. */
  replyTo: pulumi.Input<string>;
  /** How the content is written: `editor`, `html` or `text`. */
  contentType: pulumi.Input<ContentType>;
  /** Preview text shown after the subject in most inboxes. */
  preheader?: pulumi.Input<string> | undefined;
  /** The email body: html for `html` and `editor`, plain text for `text`. */
  content?: pulumi.Input<string> | undefined;
  /** Whether links carry Google Analytics tracking. Default `false`. */
  googleAnalytics?: pulumi.Input<boolean> | undefined;
  /** Ids of the groups the campaign goes to. A set: order does not matter. */
  groups?: pulumi.Input<pulumi.Input<string>[]> | undefined;
  /** Ids of the segments the campaign goes to. A set: order does not matter. */
  segments?: pulumi.Input<pulumi.Input<string>[]> | undefined;
  /**
   * Id of an existing campaign to take over instead of creating one; `create` then updates it to
   * match these arguments. This is the way to bring a campaign made elsewhere under the stack:
   * `pulumi import` does not work for dynamic resources (pulumi/pulumi#16175). Refused when the
   * campaign has already been sent and differs from the arguments. Only read at create.
   */
  adoptId?: pulumi.Input<string> | undefined;
}

/**
 * A regular email campaign of Sender.net. Every argument updates in place; nothing forces a
 * replacement. Creating or updating a campaign never sends it: sending is left to a
 * {@link CampaignSchedule} or to the dashboard.
 *
 * Once the service reports the campaign as anything but DRAFT or SCHEDULED (SENDING, SENT, or a
 * status the provider does not know), any change to it is refused at
 * preview, with the reason: replacing a sent campaign could send the mail again. Mark important
 * campaigns with `protect: true`.
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
export class Campaign extends SenderResource {
  /** Internal name. */
  declare public readonly title: pulumi.Output<string | undefined>;
  /** Subject line. */
  declare public readonly subject: pulumi.Output<string>;
  /** Sender name. */
  declare public readonly from: pulumi.Output<string>;
  /** Reply-to address. */
  declare public readonly replyTo: pulumi.Output<string>;
  /** Content type. */
  declare public readonly contentType: pulumi.Output<ContentType>;
  /** Preview text. */
  declare public readonly preheader: pulumi.Output<string | undefined>;
  /** The email body. */
  declare public readonly content: pulumi.Output<string | undefined>;
  /** Whether links carry Google Analytics tracking. */
  declare public readonly googleAnalytics: pulumi.Output<boolean | undefined>;
  /** Group ids the campaign goes to. */
  declare public readonly groups: pulumi.Output<string[] | undefined>;
  /** Segment ids the campaign goes to. */
  declare public readonly segments: pulumi.Output<string[] | undefined>;
  /** The campaign that was taken over, when `adoptId` was given. */
  declare public readonly adoptId: pulumi.Output<string | undefined>;
  /** `DRAFT`, `SCHEDULED`, `SENDING` or `SENT`, as of the last create, update or refresh. */
  declare public readonly status: pulumi.Output<CampaignStatus>;
  /** When the campaign was created, `YYYY-MM-DD HH:MM:SS` UTC. */
  declare public readonly created: pulumi.Output<string>;
  /** When the campaign last changed, `YYYY-MM-DD HH:MM:SS` UTC. */
  declare public readonly modified: pulumi.Output<string>;
  /** When it is scheduled to go, `YYYY-MM-DD HH:MM:SS` UTC, if it is. */
  declare public readonly scheduleTime: pulumi.Output<string | undefined>;
  /** When it was sent, `YYYY-MM-DD HH:MM:SS` UTC, once it was. */
  declare public readonly sentTime: pulumi.Output<string | undefined>;
  /** How many subscribers it reaches. */
  declare public readonly recipientCount: pulumi.Output<number>;
  /** The sending domain's id. */
  declare public readonly domainId: pulumi.Output<string>;
  /** The step of the editor wizard the campaign is at. */
  declare public readonly lastAction: pulumi.Output<LastAction>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The campaign's settings.
   * @param opts Resource options.
   */
  constructor(name: string, args: CampaignArgs, opts?: pulumi.CustomResourceOptions) {
    super("Campaign", name, args, opts);
  }
}
