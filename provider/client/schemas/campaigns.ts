/**
 * Schemas of regular campaigns: the record, its statuses, previews, errors, copy, and the
 * create/update bodies. Mirrors `emulator/routes/campaigns.ts`.
 */
import { z } from "zod";
import type { FollowUpDelay } from "./attachments";
import { Count, Flag, Id, MessageText, need, type Open, openEnum, opt, record, Timestamp } from "./core";

/** Campaign statuses the provider knows (observed); others are read too. */
export const CAMPAIGN_STATUSES = ["DRAFT", "SCHEDULED", "SENDING", "SENT"] as const;

/** Known campaign statuses, as a closed schema for arguments (never for answers). */
export const CampaignStatus = z.enum(CAMPAIGN_STATUSES);

/**
 * A campaign status as read: a known one, or any other string (independent clients list more,
 * e.g. `PENDING`, `PREPARING`). Anything but DRAFT or SCHEDULED may be sending.
 */
export type CampaignStatus = Open<(typeof CAMPAIGN_STATUSES)[number]>;

/** Wizard steps of a regular campaign (wire contract "Regular campaigns"). */
export const LAST_ACTIONS = ["step1", "editor", "step3", "step4"] as const;

/** Wizard steps, as a closed schema for request bodies. */
export const LastAction = z.enum(LAST_ACTIONS);

/** Wizard step of a regular campaign (wire contract "Regular campaigns"); open when read. */
export type LastAction = Open<(typeof LAST_ACTIONS)[number]>;

/** Content types of a regular campaign (wire contract "Regular campaigns"). */
export const CONTENT_TYPES = ["editor", "html", "text"] as const;

/** Content types, as a closed schema for request bodies. */
export const ContentType = z.enum(CONTENT_TYPES);

/** Content type of a regular campaign (wire contract "Regular campaigns"); open when read. */
export type ContentType = Open<(typeof CONTENT_TYPES)[number]>;

const DOCS_CAMPAIGNS = "docs https://api.sender.net/" as const;

/** The `html` member of a regular campaign (observed; `id` numeric in the docs' list example). */
export const CAMPAIGN_HTML_FIELDS = {
  id: opt(Id, DOCS_CAMPAIGNS),
  thumbnail_url: opt(z.string(), "observed"),
  has_preview: opt(z.boolean(), "observed"),
  has_snapshots: opt(z.boolean(), "observed"),
  html_content: opt(z.string(), "observed"),
  html_body: opt(z.string(), "observed"),
} as const;

/**
 * A regular campaign record. The spec shows no record (wire contract "Regular campaigns"); the
 * docs' campaign list example (https://api.sender.net/) shows the needed fields below.
 */
export const CAMPAIGN_FIELDS = {
  id: need(Id, DOCS_CAMPAIGNS),
  title: need(z.string().nullable(), DOCS_CAMPAIGNS),
  subject: need(z.string(), DOCS_CAMPAIGNS),
  from: need(z.string(), DOCS_CAMPAIGNS),
  reply_to: need(z.string(), DOCS_CAMPAIGNS),
  status: need(openEnum(CAMPAIGN_STATUSES), DOCS_CAMPAIGNS),
  editor: need(openEnum(CONTENT_TYPES), DOCS_CAMPAIGNS),
  last_action: need(openEnum(LAST_ACTIONS), DOCS_CAMPAIGNS),
  created: need(Timestamp, DOCS_CAMPAIGNS),
  modified: need(Timestamp, DOCS_CAMPAIGNS),
  recipient_count: need(Count, DOCS_CAMPAIGNS),
  schedule_time: need(Timestamp.nullable(), DOCS_CAMPAIGNS),
  sent_time: need(Timestamp.nullable(), DOCS_CAMPAIGNS),
  preheader: opt(z.string(), "observed"),
  domain_id: opt(Id, "observed"),
  language: opt(z.string(), DOCS_CAMPAIGNS),
  sent_count: opt(Count, "observed"),
  auto_followup_active: opt(Flag, DOCS_CAMPAIGNS),
  auto_followup_subject: opt(z.string(), DOCS_CAMPAIGNS),
  auto_followup_delay: opt(Count, DOCS_CAMPAIGNS),
  google_analytics: opt(Flag, "observed"),
  send_to_all: opt(Flag, DOCS_CAMPAIGNS),
  opens: opt(Count, DOCS_CAMPAIGNS),
  clicks: opt(Count, DOCS_CAMPAIGNS),
  bounces_count: opt(Count, "observed"),
  campaign_groups: opt(z.array(Id), "observed"),
  segments: opt(z.array(Id), "observed"),
  html: opt(record(CAMPAIGN_HTML_FIELDS), DOCS_CAMPAIGNS),
  reports: opt(
    z.looseObject({
      spam_percentage: z.number().nullish(),
      hard_bounce_percentage: z.number().nullish(),
      unsubscribe_percentage: z.number().nullish(),
    }),
    "observed",
  ),
} as const;

/** A regular campaign record. */
export const Campaign = record(CAMPAIGN_FIELDS);

/** A regular campaign record. */
export type Campaign = z.infer<typeof Campaign>;

/** `GET /campaigns/prefill` data (observed). */
export const CampaignPrefill = z.looseObject({
  from: z.string().nullish(),
  reply_to: z.string().nullish(),
  domains: z
    .array(z.looseObject({ id: Id, domain: z.string().nullish(), verified: z.boolean().nullish() }))
    .nullish()
    .catch(undefined),
});

/** `GET /campaigns/prefill` data. */
export type CampaignPrefill = z.infer<typeof CampaignPrefill>;

/** `GET /campaigns/{id}/sending_status` data (assumed shape: every field optional). */
export const SENDING_STATUS_FIELDS = {
  status: opt(openEnum(CAMPAIGN_STATUSES), "assumed"),
  recipient_count: opt(Count, "assumed"),
  sent_count: opt(Count, "assumed"),
  progress: opt(z.number(), "assumed"),
} as const;

/** `GET /campaigns/{id}/sending_status` data. */
export const SendingStatus = record(SENDING_STATUS_FIELDS);

/** `GET /campaigns/{id}/sending_status` data. */
export type SendingStatus = z.infer<typeof SendingStatus>;

/** `GET /campaigns/{id}/preview` data (wire contract "Regular campaigns": not shown; assumed). */
export const HtmlPreview = z.looseObject({ html: z.string().nullish().catch(undefined) });

/** `GET /campaigns/{id}/preview` data. */
export type HtmlPreview = z.infer<typeof HtmlPreview>;

/** `GET /campaigns/{id}/plain_preview` data (assumed). */
export const PlainPreview = z.looseObject({ text: z.string().nullish().catch(undefined) });

/** `GET /campaigns/{id}/plain_preview` data. */
export type PlainPreview = z.infer<typeof PlainPreview>;

/** A `{url}` answer: pdf, share link, export, product image... (assumed). */
export const UrlResult = z.looseObject({ url: z.string().nullish().catch(undefined) });

/** A `{url}` answer. */
export type UrlResult = z.infer<typeof UrlResult>;

/** One entry of the errors answer: a string, or an object with a `title` (observed). */
export const CampaignProblem = z.union([
  z.string(),
  z.looseObject({ title: z.string().nullish().catch(undefined) }),
]);

/** One entry of the errors answer. */
export type CampaignProblem = z.infer<typeof CampaignProblem>;

/**
 * `GET /campaigns/{id}/errors`: why a campaign cannot be sent yet (bare, observed). Entries are
 * objects `{title}` in real answers, strings in older ones; both are read.
 */
export const CampaignErrors = z.looseObject({
  errors: z.array(CampaignProblem).nullish().catch(undefined),
  warnings: z.array(CampaignProblem).nullish().catch(undefined),
});

/** `GET /campaigns/{id}/errors` answer. */
export type CampaignErrors = z.infer<typeof CampaignErrors>;

/** The text of one errors entry: the string, or the object's `title` (else its JSON). */
export function problemText(problem: CampaignProblem): string {
  if (typeof problem === "string") return problem;
  return typeof problem.title === "string" ? problem.title : JSON.stringify(problem);
}

/** `POST /campaigns/{id}/copy` answer (observed): an ack with the new campaign's id and status. */
export const CopyResult = z.preprocess(
  (v) => (v === undefined ? {} : v),
  z
    .looseObject({
      success: z.boolean().optional(),
      message: MessageText,
      data: z.looseObject({ id: Id, status: openEnum(CAMPAIGN_STATUSES).nullish().catch(undefined) }),
    })
    .transform((v) => ({ ...v, success: v.success ?? true })),
);

/** `POST /campaigns/{id}/copy` answer. */
export type CopyResult = z.infer<typeof CopyResult>;

// Request bodies: the API's own snake_case shapes, typed (not validated: the service validates).

/**
 * Body of `POST /campaigns` (wire contract "Regular campaigns"; `preheader`, `content`, `groups`,
 * `segments` observed).
 */
export interface CreateCampaignBody {
  /** Internal name. */
  title?: string;
  /** Subject line. */
  subject: string;
  /** Sender name (not an address). */
  from: string;
  /** Reply-to address on a verified domain. */
  reply_to: string;
  /** Content type. */
  content_type: (typeof CONTENT_TYPES)[number];
  /** Preview text. */
  preheader?: string;
  /** The content (html or text), stored in `html.html_content`. */
  content?: string;
  /** Analytics switch: a number, 1 on and 0 off (wire contract "Regular campaigns"). */
  google_analytics?: 0 | 1;
  /** Follow-up subject. */
  auto_followup_subject?: string;
  /** Follow-up delay in hours. */
  auto_followup_delay?: FollowUpDelay;
  /** Follow-up switch (wire contract "Regular campaigns": boolean). */
  auto_followup_active?: boolean;
  /** Wizard step. */
  last_action?: (typeof LAST_ACTIONS)[number];
  /** Group ids to send to. */
  groups?: string[];
  /** Segment ids to send to. */
  segments?: string[];
}

/**
 * Body of `PATCH /campaigns/{id}`: any writable field, plus `domain_id`. Text fields are cleared
 * with `""` (the spec types them as strings: wire contract "Regular campaigns"), lists with `[]`,
 * the analytics switch with 0.
 */
export interface UpdateCampaignBody extends Partial<CreateCampaignBody> {
  /** Change of sending domain: a number (wire contract "Regular campaigns"). */
  domain_id?: number;
}
