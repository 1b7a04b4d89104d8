/**
 * What each resource class of the SDK adds to its kind's field table: the class's TSDoc (the TSDoc
 * of its key here, with its example), the doc of its `args`, and any inputs its constructor adds
 * to the program's arguments. `npm run sdk:classes` (scripts/sdk-classes.js) writes each class,
 * `sdk/<kind>.generated.ts`, from its table and this entry; the constructor calls `inputs`.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../provider/kinds/registry";
import { markInputs, titleInputs } from "./autoname";

/** The arguments a class's `inputs` reads, as far as it reads them. */
interface NamingArgs {
  readonly title?: pulumi.Input<string> | undefined;
  readonly adoptId?: pulumi.Input<string> | undefined;
}

/** One class's entry: what its field table does not say. */
export interface SdkClass {
  /** The doc of the constructor's `args` parameter. */
  readonly args: string;
  /** What the doc of `<Kind>Args` says after "The arguments of a {@link <Kind>}.", if anything. */
  readonly argsNote?: string;
  /**
   * The properties the constructor hands to `SenderResource` (which registers the table's fields of
   * them), from the program's arguments; the arguments as they are when absent.
   */
  inputs?(name: string, args: never, opts: pulumi.CustomResourceOptions | undefined): object;
}

/** Every resource class's entry, keyed by kind. */
export const sdkClasses = {
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
  Campaign: {
    args: "The campaign's settings.",
    // No title: one autonamed from the URN, which proves whose object it is (see sdk/autoname.ts).
    inputs: (name: string, args: NamingArgs, opts: pulumi.CustomResourceOptions | undefined) => ({
      ...args,
      ...titleInputs("Campaign", name, args, opts),
    }),
  },
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
  CampaignTargeting: { args: "The targeting." },
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
  CampaignFollowUp: { args: "The follow-up's settings." },
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
  CampaignSchedule: { args: "The campaign and the time." },
  /**
   * A proof of a regular campaign: a test send to 1 to 5 listed addresses, never to its audience.
   * Created, it sends one test email per address; an `up` sends again when the campaign's subject
   * or content changed since the last proof, or `triggers` changed, and an address added receives
   * the current proof. A preview sends nothing and says who `up` will send to; destroying it sends
   * nothing. A campaign the service reports as sent gets no proof: refused at preview.
   *
   * Pass the campaign's `contentHash` so that a preview already shows the proof a change of the
   * campaign will send. The service's test send is not idempotent: a proof can arrive twice when an
   * answer is lost (the `up` fails and the next one sends again).
   *
   * @example
   * ```ts
   * new sender.CampaignProof("welcome-proof", {
   *   campaignId: welcome.id,
   *   addresses: ["editor@example.com", "legal@example.com"],
   *   contentHash: welcome.contentHash,
   * });
   * ```
   */
  CampaignProof: { args: "The campaign and who receives its proof." },
  /**
   * A file attached to a regular campaign, fetched by Sender from a public URL. Its id is
   * `<campaignId>/<fileName>`.
   *
   * The API cannot change an attachment, so any change replaces it, removing the old file first
   * (Sender keys files by name). Once the campaign is anything but DRAFT or SCHEDULED (being sent,
   * sent, or a status unknown to the provider), any change is refused at preview, with the reason,
   * and destroying the attachment leaves the service untouched (a warning says so).
   *
   * @example
   * ```ts
   * new sender.Attachment("price-list", {
   *   campaignId: welcome.id,
   *   url: "https://example.com/files/price-list.pdf",
   * });
   * ```
   */
  Attachment: { args: "The campaign and the file's URL." },
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
  TransactionalCampaign: {
    args: "The campaign's fields.",
    argsNote: "A new content or editor replaces the campaign; the others change in place.",
    // No title: one autonamed from the URN, which proves whose object it is (see sdk/autoname.ts).
    inputs: (name: string, args: NamingArgs, opts: pulumi.CustomResourceOptions | undefined) => ({
      ...args,
      ...titleInputs("TransactionalCampaign", name, args, opts),
    }),
  },
  /**
   * A webhook of the account: Sender posts each event of its topic to the url.
   *
   * - a new url is changed in place (`PATCH`); no published example shows that request taking the
   *   topic or group, so a new topic or group replaces the webhook, deleting the old one first,
   *   since a second webhook of the same url and topic would clash with it;
   * - `pulumi refresh` reads the webhook back: a change made in the Sender interface shows as drift,
   *   a webhook deleted there drops from the stack, and the delivery counters are brought up to date;
   * - a create that finds a webhook of the same url, topic and group fails naming its id, since a
   *   second one would deliver every event twice; `adoptId: "<that id>"` takes it over with no POST
   *   (its topic and group must already be these; a different url is changed in place);
   * - before its POST the provider records in the create journal of the machine that no such webhook
   *   existed; so one that turns up after an ambiguous failure, or after an `up` killed before the
   *   state recorded it, is reclaimed (with a note), and a webhook made by anyone before that is not.
   *
   * @example
   * ```ts
   * new sender.Webhook("new-subscribers", {
   *   url: "https://hooks.example.com/sender",
   *   topic: "groups/new-subscriber",
   *   relationId: "grp001",
   * });
   * // The webhook the account already has, taken over as it is:
   * new sender.Webhook("bounces", {
   *   url: "https://hooks.example.com/bounces",
   *   topic: "bounces/new",
   *   adoptId: "wh_123",
   * });
   * ```
   */
  Webhook: {
    args: "The endpoint, topic and group.",
    argsNote: "A new url is changed in place; a new topic or group replaces the webhook.",
    // The mark keys the create journal, which proves after a crash which webhook this resource made.
    inputs: (name: string, args: NamingArgs, opts: pulumi.CustomResourceOptions | undefined) => ({
      ...args,
      ...markInputs("Webhook", name, args, opts),
    }),
  },
  /**
   * A group (list) of subscribers, as the dashboard calls it: what a campaign's `groups` and a
   * webhook's `relationId` name by id.
   *
   * - a new title is changed in place (`PATCH`); nothing replaces a group;
   * - with no title, one is autonamed from the URN, which proves whose group it is; an explicit title
   *   is created marked and renamed, so a create whose answer was lost, or whose `up` was killed, is
   *   reclaimed rather than made twice;
   * - `pulumi import` and `adoptId: "grp001"` take over an existing group;
   * - a group that a campaign not yet sent or a webhook still uses is kept in Sender when it leaves the
   *   program, with a warning, unless `deleteEvenIfUsed: true` was applied first; deleting a group never
   *   deletes its subscribers.
   *
   * @example
   * ```ts
   * const early = new sender.Group("early-birds", { title: "Early birds" });
   * new sender.Webhook("early-joins", {
   *   url: "https://hooks.example.com/sender",
   *   topic: "groups/new-subscriber",
   *   relationId: early.id,
   * });
   * ```
   */
  Group: {
    args: "The group's title.",
    argsNote: "A new title is changed in place.",
    // No title: one autonamed from the URN, which proves whose group it is (see sdk/autoname.ts).
    inputs: (name: string, args: NamingArgs, opts: pulumi.CustomResourceOptions | undefined) => ({
      ...args,
      ...titleInputs("Group", name, args, opts),
    }),
  },
} as const satisfies Record<ResourceKind, SdkClass>;
