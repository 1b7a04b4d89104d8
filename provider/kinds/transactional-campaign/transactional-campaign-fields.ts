/**
 * The field table of TransactionalCampaign and the types derived from it: the facts of each field,
 * apart from the provider's behaviour in `transactional-campaign.ts`.
 */
import { z } from "zod";
import type { CreateTransactionalBody, KnownKeys, Transactional } from "../../client";
import { autonameFields, type InputsOf, type OutputsOf, type TableOf } from "../../core/fields";
import { safeId } from "../../core/ids";
import type { KindSample } from "../../core/kind-sample";

/**
 * The inputs of a transactional campaign that the provider keeps equal to the service: all but
 * `adoptId`, which only `create` reads. Derived from {@link transactionalCampaignFields}.
 */
export type TransactionalCampaignInputs = Omit<InputsOf<typeof transactionalCampaignFields>, "adoptId">;

const EDITOR_REASON = "must be plain or html";
const BUILDER_REASON =
  "builder campaigns are built in the Sender interface, not through the API; use plain or html here";

const nonEmpty = z
  .string({ error: "must be a non-empty string" })
  .trim()
  .min(1, "must be a non-empty string");

/** The outputs of a TransactionalCampaign: its inputs and what the service computes. */
export type TransactionalCampaignOutputs = OutputsOf<typeof transactionalCampaignFields>;

const counter = (api: KnownKeys<Transactional>) => ({ type: "integer", api, output: true }) as const;

/**
 * The field table of TransactionalCampaign. `PATCH /transactional/{id}` changes title, subject,
 * from, reply_to and preheader in place; its docs page lists no `content`, so a new content (or
 * editor, which says how the content is read) replaces the campaign. The API has no delete.
 * `adoptId` is only read by `create` and never compared.
 */
export const transactionalCampaignFields = {
  /**
   * Name shown in reports. Left out (and without `adoptId`), it is autonamed `<resource name>-<8 hex>`, the
   * hex a hash of the stack instance's nonce and the resource's URN: the same for this resource of this stack
   * in every run, different in every other stack (another backend's of the same name included), so that a create that lost its answer or an `{@apply}` that was killed finds and adopts its
   * own campaign instead of making a second one, which matters since the API cannot delete one. An explicit
   * title is proven the same way: the campaign is created as `<title> [<8 hex>]` and renamed right after (see
   * `ownershipMark` and the README). Resources made before autonaming without a title keep none.
   */
  title: {
    type: "string",
    api: "title",
    normalized: true,
    check: z.string({ error: "must be a string" }),
  },
  /** Subject line. */
  subject: {
    type: "string",
    api: "subject",
    required: true,
    check: nonEmpty,
  },
  /** Sender name. */
  from: {
    type: "string",
    api: "from",
    required: true,
    check: nonEmpty,
  },
  /** Reply-to address, on a verified domain of the account. */
  replyTo: {
    type: "string",
    api: "reply_to",
    required: true,
    check: z.email({ error: "must be an email address on a verified domain of the account" }),
  },
  /**
   * `plain` or `html`: how `content` is read. `builder` is refused, as builder campaigns can only be built in
   * the Sender interface.
   */
  editor: {
    type: "string",
    api: "editor",
    required: true,
    replaceOnChange: true,
    enum: ["plain", "html"],
    check: z.string({ error: EDITOR_REASON }).superRefine((value, ctx) => {
      if (value === "builder") ctx.addIssue({ code: "custom", message: BUILDER_REASON });
      else if (value !== "plain" && value !== "html")
        ctx.addIssue({ code: "custom", message: EDITOR_REASON });
    }),
  },
  /** Preview text. Managed only when set. */
  preheader: {
    type: "string",
    api: "preheader",
    check: z.string({ error: "must be a string" }),
  },
  /** Plain text or html body, according to `editor`. Managed only when set. */
  content: {
    type: "string",
    api: "content",
    replaceOnChange: true,
    check: z.string({ error: "must be a string" }),
  },
  ...autonameFields,
  /**
   * Our answer to {@command import}, which does not work for dynamic resources (pulumi/pulumi#16175): the id of
   * an existing transactional campaign to take over instead of creating one. Its fields must already equal
   * the inputs, since adopting takes the campaign over as it is; `create` fails otherwise and lists the fields
   * that differ.
   * Only read at create: changing or removing it later does nothing.
   */
  adoptId: {
    type: "string",
    createOnly: true,
    check: z
      .string({ error: "must be a transactional campaign id" })
      .min(1, "must be a transactional campaign id")
      .superRefine(safeId("transactional campaign")),
  },
  /** The campaign type. */
  type: { type: "string", api: "type", output: true },
  /** The editor wizard's step. */
  lastAction: { type: "string", api: "last_action", output: true },
  /** Creation time, `YYYY-MM-DD HH:MM:SS` UTC. */
  created: { type: "string", api: "created", output: true },
  /** Last change, `YYYY-MM-DD HH:MM:SS` UTC. */
  modified: { type: "string", api: "modified", output: true, movedBy: { update: "any" } },
  /** The sending domain's id. */
  domainId: { type: "string", api: "domain_id", output: true, movedBy: { update: ["replyTo"] } },
  /** Emails sent, as of the last create, update or refresh. */
  sent: counter("sent"),
  /** Opens, as of the last create, update or refresh. */
  opens: counter("opens"),
  /** Clicks, as of the last create, update or refresh. */
  clicks: counter("clicks"),
  /** Bounces, as of the last create, update or refresh. */
  bounced: counter("bounced"),
  /** Unsubscribes, as of the last create, update or refresh. */
  unsubscribeCount: counter("unsubscribeCount"),
} as const satisfies TableOf<keyof CreateTransactionalBody, KnownKeys<Transactional>>;

/** What a TransactionalCampaign is, for the package schema and the SDK. */
export const transactionalCampaignDescription =
  "A transactional campaign of Sender.net: a template sent one email at a time through the API. Title, subject, " +
  "from, replyTo and preheader change in place; a new content or editor replaces it, as the API cannot change " +
  "the content. The API has no delete: destroying or replacing one only drops it from the {@recorded} (with a " +
  "warning), as the service keeps it.";

/** The sample values of TransactionalCampaign: the tests keyed by kind, the Terraform example and its docs read them. */
export const transactionalCampaignSample: KindSample = {
  valid: {
    title: "T",
    subject: "S",
    from: "Example News",
    replyTo: "news@example.com",
    editor: "html",
    content: "<p>c</p>",
  },
  declaredExtras: ["preheader", "adoptId"],
  scenario: {
    inputs: {
      title: "Order shipped",
      subject: "Your order is on its way",
      from: "Example Shop",
      replyTo: "news@example.com",
      editor: "html",
      preheader: "Tracking inside",
      content: "<p>Track it</p>",
    },
    absent: ["adoptId", "autonamed"],
  },
  importId: { what: "the transactional campaign's id", example: "trn001" },
  reference: {
    notes: [
      "Outputs: the inputs, plus `type`, `lastAction`, `created`, `modified`, `domainId`, `sent`, `opens`,",
      "`clicks`, `bounced`, `unsubscribeCount`. `title`, `subject`, `from`, `replyTo` and `preheader` change",
      "in place (`PATCH /v2/transactional/{id}`, [documented by Sender](https://api.sender.net/transactional_campaigns/update-campaign));",
      "that page lists no `content`, so a new `content` or `editor` (which says how the content is read)",
      "replaces the campaign. Dropping an optional input (`title`, `preheader`) stops managing it and sends",
      "nothing: the service keeps its value. The API cannot delete a transactional campaign: `destroy`, and",
      "a replacement, remove it from the stack's state only, with a warning: the service keeps it.",
      "`pulumi refresh` reads it back; Sender's published answers carry neither `preheader` nor `content`,",
      "and an answer without them keeps the known values, so a change to those two made in the Sender",
      "interface may not show as drift.",
    ].join("\n"),
    typescript: `new sender.TransactionalCampaign("password-reset", {
  subject: "Reset your password",
  from: "Example News",
  replyTo: "news@example.com",
  editor: "html",
  content: "<p>…</p>",
});
`,
  },
  terraform: `resource "sender_transactional_campaign" "password_reset" {
  title    = "Password reset link"
  subject  = "Reset your password"
  from     = "Example News"
  reply_to = "news@example.com"
  editor   = "html"
  content  = "<p>Follow the link in this email to reset your password.</p>"
}
`,
};
