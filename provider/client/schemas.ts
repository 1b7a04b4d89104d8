/**
 * Zod schemas of every answer in `docs/wire-contract.md`, with their inferred types: a tolerant
 * reader. Each record is a table of fields; a field is `need`ed when the provider uses it (ids,
 * status, managed fields) and `opt`ional otherwise. Optional fields may be absent or null, and
 * one of the wrong type reads as absent. Unknown fields pass through. Ids may be strings or
 * numbers and come out as strings; enums are open (an unknown value is kept as a string).
 * Every field names its source: the seed (`seed §x`), a Sender docs page (`docs <url>`),
 * `observed` (../shared/notes/sender-api-behaviour.md) or `assumed`.
 */
import { z } from "zod";

/** Where a field's shape comes from. */
export type FieldSource = `seed §${string}` | `docs https://${string}` | "observed" | "assumed";

/** One field of a record table: its schema, whether the provider needs it, and its source. */
export interface FieldRule<S extends z.ZodType = z.ZodType> {
  /** The schema the field is read with (optional rules already wrap it). */
  readonly schema: S;
  /** True when a read fails without it; false when it may be absent, null or malformed. */
  readonly needed: boolean;
  /** Where its shape comes from. */
  readonly source: FieldSource;
}

/** A field the provider needs: the read fails when it is missing or malformed. */
export function need<S extends z.ZodType>(schema: S, source: FieldSource): FieldRule<S> {
  return { schema, needed: true, source };
}

/** A field the provider can do without: absent, null or of another type, the read goes on. */
export function opt<S extends z.ZodType>(schema: S, source: FieldSource) {
  // A malformed optional value reads as absent rather than failing the whole record.
  const schemaOut = schema.nullish().catch(undefined);
  return { schema: schemaOut, needed: false, source } as FieldRule<typeof schemaOut>;
}

type Table = Record<string, FieldRule>;
type ShapeOf<T extends Table> = { [K in keyof T]: T[K]["schema"] };

/** A record read by its table; unknown fields pass through. */
export function record<T extends Table>(table: T) {
  const shape = Object.fromEntries(Object.entries(table).map(([key, rule]) => [key, rule.schema]));
  return z.looseObject(shape as ShapeOf<T>);
}

/**
 * The declared field names of a record type, without the index signature `z.looseObject` adds
 * (with it, `keyof` is just `string`): what a resource table's `api:` may name, so that a
 * misspelt name fails to compile.
 */
export type KnownKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : symbol extends K ? never : K]: T[K];
} &
  string;

/** `YYYY-MM-DD HH:MM:SS` in UTC (seed §2). Kept as text: the API compares and echoes it as such. */
export const Timestamp = z.string();

/** An id: a string, or a number (docs examples) normalised to its decimal string. */
export const Id = z.union([z.string(), z.number()]).transform((v): string => String(v));

/** An integer counter; some answers send it as a numeric string. */
export const Count = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);

/**
 * A 0/1 switch (observed as integers, `null` in the docs' campaign list). A boolean is accepted
 * too and normalised to 0/1; null reads as absent.
 */
export const Flag = z
  .union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.boolean()])
  .transform((v): 0 | 1 => (v === true || v === 1 || v === "1" ? 1 : 0));

/** A value of an open enum: one of `known`, or any other string, kept as it came. */
export type Open<T extends string> = T | (string & {});

/** An open enum: any string is read; the known values only type it. */
export function openEnum<const T extends readonly string[]>(_known: T) {
  return z.string() as unknown as z.ZodType<Open<T[number]>, string>;
}

/** A text `message`; a non-string one (an object, a list) is kept as its JSON text. */
const MessageText = z
  .unknown()
  .optional()
  .transform((v): string =>
    typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v),
  );

const AckObject = z.looseObject({
  // docs https://api.sender.net/errors: every 2xx means success; a missing flag reads as true.
  success: z.boolean().optional(),
  message: MessageText,
});

/**
 * Generic acknowledgement (seed §2.9), read liberally: an empty 2xx body is success, a missing
 * `success` is true, a non-string `message` is kept as its JSON text.
 */
export const Ack = z.preprocess(
  (v) => (v === undefined ? {} : v),
  AckObject.transform((v) => ({ ...v, success: v.success ?? true, message: v.message })),
);
/** Generic acknowledgement (seed §2.9). */
export interface Ack {
  /** Whether the service did it. */
  success: boolean;
  /** What it said, as text. */
  message: string;
  /** Other members pass through. */
  [key: string]: unknown;
}

// Schemas built from an item schema are made once per item: zod compiles a schema on its first
// parse, and building one per request would compile on every request.
const built = new WeakMap<z.ZodType, Map<string, unknown>>();

/** The schema `make(item)`, built once per item schema and kind. */
export function once<T extends z.ZodType, R>(kind: string, item: T, make: (item: T) => R): R {
  let byKind = built.get(item);
  if (byKind === undefined) {
    byKind = new Map();
    built.set(item, byKind);
  }
  if (!byKind.has(kind)) byKind.set(kind, make(item));
  return byKind.get(kind) as R;
}

/** `{data: T}` unwrapped to `T` (observed wrapping of single objects). */
export function dataOf<T extends z.ZodType>(item: T) {
  return once("dataOf", item, (i) =>
    z.looseObject({ data: i }).transform((answer) => (answer as { data: z.output<T> }).data),
  );
}

/** Either `{data: T}` or a bare `T`, where sources disagree; both come out as `T`. */
export function dataOrBare<T extends z.ZodType>(item: T) {
  return once("dataOrBare", item, (i) => z.union([dataOf(i), i]));
}

/** A list of `item`, built once per item schema. */
export function listOf<T extends z.ZodType>(item: T) {
  return once("list", item, (i) => z.array(i));
}

/** The `links` member of a paginated envelope (seed §2.8, docs https://api.sender.net/pagination). */
export const PageLinks = z.looseObject({
  first: z.string().nullish(),
  last: z.string().nullish(),
  prev: z.string().nullish(),
  next: z.string().nullish(),
});

/** The `meta` member of a paginated envelope (seed §2.8, docs https://api.sender.net/pagination). */
export const PageMeta = z.looseObject({
  current_page: Count,
  from: Count.nullish(),
  last_page: Count,
  path: z.string().nullish(),
  per_page: Count.nullish(),
  to: Count.nullish(),
  total: Count,
  links: z
    .array(
      z.looseObject({
        url: z.string().nullish(),
        label: z.union([z.string(), z.number()]).nullish(),
        active: z.boolean().nullish(),
      }),
    )
    .nullish()
    .catch(undefined),
});
/** The `meta` member of a paginated envelope. */
export type PageMeta = z.infer<typeof PageMeta>;

/**
 * A paginated envelope `{data, links, meta}` of `item` (seed §2.8). `has_more_resources` (docs
 * https://api.sender.net/pagination) is read when present; `links` may be absent.
 */
export function envelope<T extends z.ZodType>(item: T) {
  return once("envelope", item, (i) =>
    z.looseObject({
      data: z.array(i),
      links: PageLinks.nullish().catch(undefined),
      meta: PageMeta,
      has_more_resources: z.boolean().nullish().catch(undefined),
    }),
  );
}

/** One page of a paginated list. */
export interface Page<T> {
  /** The records of this page. */
  data: T[];
  /** URLs of the neighbouring pages, when the service sends them. */
  links?: z.infer<typeof PageLinks> | null | undefined;
  /** Position of this page; `last_page` ends the walk. */
  meta: PageMeta;
  /** Whether a next page exists, when the service says so. */
  has_more_resources?: boolean | null | undefined;
}

/** Campaign statuses the provider knows (observed); others are read too. */
export const CAMPAIGN_STATUSES = ["DRAFT", "SCHEDULED", "SENDING", "SENT"] as const;
/** Known campaign statuses, as a closed schema for arguments (never for answers). */
export const CampaignStatus = z.enum(CAMPAIGN_STATUSES);
/**
 * A campaign status as read: a known one, or any other string (independent clients list more,
 * e.g. `PENDING`, `PREPARING`). Anything but DRAFT or SCHEDULED may be sending.
 */
export type CampaignStatus = Open<(typeof CAMPAIGN_STATUSES)[number]>;

/** Wizard steps of a regular campaign (seed §2.3). */
export const LAST_ACTIONS = ["step1", "editor", "step3", "step4"] as const;
/** Wizard steps, as a closed schema for request bodies. */
export const LastAction = z.enum(LAST_ACTIONS);
/** Wizard step of a regular campaign (seed §2.3); open when read. */
export type LastAction = Open<(typeof LAST_ACTIONS)[number]>;

/** Content types of a regular campaign (seed §2.3). */
export const CONTENT_TYPES = ["editor", "html", "text"] as const;
/** Content types, as a closed schema for request bodies. */
export const ContentType = z.enum(CONTENT_TYPES);
/** Content type of a regular campaign (seed §2.3); open when read. */
export type ContentType = Open<(typeof CONTENT_TYPES)[number]>;

/** Allowed follow-up delays in hours (seed §8). */
export const FOLLOW_UP_DELAYS = [12, 24, 48, 72, 96, 120, 144, 168] as const;
/** Allowed follow-up delays in hours (seed §8). */
export type FollowUpDelay = (typeof FOLLOW_UP_DELAYS)[number];

const DOCS_CAMPAIGNS = "docs https://api.sender.net/" as const;
const DOCS_TRANSACTIONAL_CREATE = "docs https://api.sender.net/transactional-campaigns/create" as const;

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
 * A regular campaign record. The seed shows no record ("not shown", §2.3); the docs' campaign
 * list example (https://api.sender.net/) shows the needed fields below.
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

/** `GET /campaigns/{id}/preview` data (seed §2.10: not shown; assumed). */
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

/** A link tracked in a campaign (assumed shape). */
export const CampaignLink = z.looseObject({
  id: Id,
  url: z.string().nullish().catch(undefined),
  clicks: Count.nullish().catch(undefined),
});
/** A link tracked in a campaign. */
export type CampaignLink = z.infer<typeof CampaignLink>;

/** A group a campaign is sent to (assumed shape). */
export const CampaignGroup = z.looseObject({ id: Id, title: z.string().nullish().catch(undefined) });
/** A group a campaign is sent to. */
export type CampaignGroup = z.infer<typeof CampaignGroup>;

/** A recipient of a campaign (assumed shape). */
export const CampaignSubscriber = z.looseObject({
  id: Id,
  email: z.string().nullish().catch(undefined),
  firstname: z.string().nullish().catch(undefined),
  lastname: z.string().nullish().catch(undefined),
  status: z.string().nullish().catch(undefined),
});
/** A recipient of a campaign. */
export type CampaignSubscriber = z.infer<typeof CampaignSubscriber>;

/** The seven per-campaign activity lists (seed §6). */
export const ACTIVITY_KINDS = [
  "events",
  "opens",
  "clicks",
  "bounces",
  "unsubscribes",
  "complaints",
  "unopens",
] as const;
/** One of the per-campaign activity lists. */
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * One activity row of a campaign report list (assumed shape). Some clients key rows by
 * `recipient_id` rather than `subscriber_id` (observed); both are read.
 */
export const Activity = z.looseObject({
  subscriber_id: Id.nullish().catch(undefined),
  recipient_id: Id.nullish().catch(undefined),
  email: z.string().nullish().catch(undefined),
  created_at: Timestamp.nullish().catch(undefined),
  type: z.string().nullish().catch(undefined),
});
/** One activity row of a campaign report list. */
export type Activity = z.infer<typeof Activity>;

const rate = z.number().nullish().catch(undefined);
/** `GET /campaigns/{id}/report` data (assumed shape: every counter optional). */
export const CampaignReport = z.looseObject({
  sent: rate,
  delivered: rate,
  opens: rate,
  unique_opens: rate,
  clicks: rate,
  unique_clicks: rate,
  bounces: rate,
  hard_bounces: rate,
  unsubscribes: rate,
  complaints: rate,
  open_rate: rate,
  click_rate: rate,
});
/** `GET /campaigns/{id}/report` data. */
export type CampaignReport = z.infer<typeof CampaignReport>;

/** A hard-bounce record (seed §2.6). */
export const HardBounce = z.looseObject({
  recipient_id: Id,
  message: z.string().nullish().catch(undefined),
  created_at: Timestamp.nullish().catch(undefined),
});
/** A hard-bounce record (seed §2.6). */
export type HardBounce = z.infer<typeof HardBounce>;

/** A file attached to a campaign (assumed shape); `file_name` identifies it. */
export const ATTACHMENT_FIELDS = {
  file_name: need(z.string(), "seed §4.6"),
  url: opt(z.string(), "assumed"),
  size: opt(z.number(), "assumed"),
} as const;
/** A file attached to a campaign. */
export const Attachment = record(ATTACHMENT_FIELDS);
/** A file attached to a campaign. */
export type Attachment = z.infer<typeof Attachment>;

/** `POST /campaigns/{id}/attachments` answer (assumed): an ack with the attachment. */
export const AddAttachmentResult = z
  .looseObject({ success: z.boolean().optional(), message: MessageText, data: Attachment })
  .transform((v) => ({ ...v, success: v.success ?? true }));
/** `POST /campaigns/{id}/attachments` answer. */
export type AddAttachmentResult = z.infer<typeof AddAttachmentResult>;

/** A tag of the account (assumed shape). */
export const Tag = z.looseObject({ id: Id, name: z.string().nullish().catch(undefined) });
/** A tag of the account. */
export type Tag = z.infer<typeof Tag>;

/** A saved filter of the account (assumed shape). */
export const Filter = z.looseObject({ id: Id, name: z.string().nullish().catch(undefined) });
/** A saved filter of the account. */
export type Filter = z.infer<typeof Filter>;

/** Editors of a transactional campaign (seed §4.1). */
export const TRANSACTIONAL_EDITORS = ["plain", "html", "builder"] as const;
/** Editors, as a closed schema for request bodies. */
export const TransactionalEditor = z.enum(TRANSACTIONAL_EDITORS);
/** Editor of a transactional campaign (seed §4.1); open when read. */
export type TransactionalEditor = Open<(typeof TRANSACTIONAL_EDITORS)[number]>;

/**
 * A transactional campaign (seed §2.1; docs create, update and get examples). `reply_to` and
 * the counters are absent in the create answer; `disable_click_tracking` only comes in list
 * items; `preheader` and `content` are in no published answer (assumed: read when present).
 */
export const TRANSACTIONAL_FIELDS = {
  id: need(Id, "seed §2.1"),
  title: need(z.string().nullable(), "seed §2.1"),
  subject: need(z.string(), "seed §2.1"),
  from: need(z.string(), "seed §2.1"),
  editor: need(openEnum(TRANSACTIONAL_EDITORS), "seed §2.1"),
  created: need(Timestamp, "seed §2.1"),
  modified: need(Timestamp, "seed §2.1"),
  type: need(z.string(), "seed §2.1"),
  last_action: need(z.string(), "seed §2.1"),
  domain_id: need(Id, "seed §2.1"),
  reply_to: opt(z.string(), "seed §2.1"),
  user_id: opt(Id, "seed §2.1"),
  account_id: opt(Id, "seed §2.1"),
  html: opt(
    z.looseObject({
      id: Id.nullish().catch(undefined),
      thumbnail_url: z.string().nullish().catch(undefined),
      has_preview: z.boolean().nullish().catch(undefined),
      has_snapshots: z.boolean().nullish().catch(undefined),
      styles: z.string().nullish().catch(undefined),
    }),
    "seed §2.2",
  ),
  purchaseCount: opt(Count, DOCS_TRANSACTIONAL_CREATE),
  bounced: opt(Count, "seed §2.1"),
  unsubscribeCount: opt(Count, "seed §2.1"),
  opens: opt(Count, "seed §2.1"),
  clicks: opt(Count, "seed §2.1"),
  sent: opt(Count, "seed §2.1"),
  disable_click_tracking: opt(z.boolean(), "seed §2.1"),
  preheader: opt(z.string(), "assumed"),
  content: opt(z.string(), "assumed"),
} as const;
/** A transactional campaign (seed §2.1). */
export const Transactional = record(TRANSACTIONAL_FIELDS);
/** A transactional campaign (seed §2.1). */
export type Transactional = z.infer<typeof Transactional>;

/**
 * The transactional list envelope (seed §2.8). `has_more_resources` is read when present; newer
 * answers leave it out (observed).
 */
export const TransactionalPage = envelope(Transactional);
/** One page of transactional campaigns. */
export type TransactionalPage = z.infer<typeof TransactionalPage>;

/** `POST /message/send` answer (seed §4.2). */
export const SendMessageResult = z
  .looseObject({ success: z.boolean().optional(), message: MessageText, emailId: Id })
  .transform((v) => ({ ...v, success: v.success ?? true }));
/** `POST /message/send` answer (seed §4.2). */
export type SendMessageResult = z.infer<typeof SendMessageResult>;

/** Subscriber actions readable through the events endpoint (seed §4.3). */
export const SUBSCRIBER_ACTIONS = ["opened", "bounced", "clicked", "unsubscribed", "got"] as const;
/** A subscriber action (seed §4.3). */
export type SubscriberAction = (typeof SUBSCRIBER_ACTIONS)[number];

/** One item of a subscriber's history (seed §2.7). */
export const SubscriberEvent = z.looseObject({
  campaign_id: Id,
  subscriber_id: Id.nullish().catch(undefined),
  title: z.string().nullish().catch(undefined),
  created_at: Timestamp.nullish().catch(undefined),
});
/** One item of a subscriber's history (seed §2.7). */
export type SubscriberEvent = z.infer<typeof SubscriberEvent>;

const counter = Count.nullish().catch(undefined);
/** The subscriber events answer (seed §2.7), bare; only `email` is needed. */
export const SubscriberEvents = z.looseObject({
  email: z.record(z.string(), z.array(SubscriberEvent)),
  sms: z.array(z.unknown()).nullish().catch(undefined),
  temail: z
    .looseObject({ sent: z.array(z.unknown()).nullish() })
    .nullish()
    .catch(undefined),
  sms_campaign: z
    .looseObject({
      sent_count: counter,
      clicked_count: counter,
      delivered_count: counter,
      failed_count: counter,
      unsubscribed_at: Timestamp.nullish().catch(undefined),
      unsubscribed: counter,
    })
    .nullish()
    .catch(undefined),
  email_campaign: z
    .looseObject({
      sent_count: counter,
      opened_count: counter,
      clicked_count: counter,
      unsubscribed: counter,
      bounced: counter,
      spam_reported: counter,
    })
    .nullish()
    .catch(undefined),
});
/** The subscriber events answer (seed §2.7). */
export type SubscriberEvents = z.infer<typeof SubscriberEvents>;

/** Webhook topics (observed; docs https://www.sender.net/help/ecommerce-and-integrations/webhooks-explained/). */
export const WEBHOOK_TOPICS = [
  "subscribers/new",
  "subscribers/updated",
  "subscribers/unsubscribed",
  "groups/new-subscriber",
  "groups/unsubscribed",
  "groups/new",
  "campaigns/new",
  "bounces/new",
] as const;
/** A webhook topic (observed). */
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

/**
 * A webhook (seed §2.5). Topics without a group have no `group` key (observed); create answers
 * it bare, some clients read `{data}` (observed): both are read.
 */
export const WEBHOOK_FIELDS = {
  id: need(Id, "seed §2.5"),
  url: need(z.string(), "seed §2.5"),
  topic: need(z.string(), "seed §2.5"),
  group: opt(Id, "seed §2.5"),
  account_id: opt(Id, "seed §2.5"),
  total_deliveries: opt(Count, "seed §2.5"),
  total_failures: opt(Count, "seed §2.5"),
  response_time: opt(z.number(), "seed §2.5"),
  status: opt(z.string(), "seed §2.5"),
} as const;
/** A webhook (seed §2.5). */
export const Webhook = record(WEBHOOK_FIELDS);
/** A webhook (seed §2.5). */
export type Webhook = z.infer<typeof Webhook>;

/** A product line of a cart (seed §2.4); every field is optional. */
export const CartProduct = z.looseObject({
  sku: z.string().nullish().catch(undefined),
  name: z.string().nullish().catch(undefined),
  price: z.union([z.string(), z.number()]).nullish().catch(undefined),
  price_display: z.string().nullish().catch(undefined),
  qty: z.number().nullish().catch(undefined),
  image: z.string().nullish().catch(undefined),
});
/** A product line of a cart (seed §2.4). */
export type CartProduct = z.infer<typeof CartProduct>;

/** A stored cart (seed §2.4: fields of a returned cart not shown; assumed). `cart_hash` reads it. */
export const CART_FIELDS = {
  cart_hash: need(z.string(), "observed"),
  external_id: opt(z.union([z.number(), z.string()]), "assumed"),
  email: opt(z.string(), "assumed"),
  url: opt(z.string(), "assumed"),
  currency: opt(z.string(), "assumed"),
  order_total: opt(z.union([z.string(), z.number()]), "assumed"),
  tax_total: opt(z.union([z.string(), z.number()]), "assumed"),
  products: opt(z.array(CartProduct), "assumed"),
  status: opt(z.string(), "assumed"),
  created: opt(Timestamp, "assumed"),
} as const;
/** A stored cart (assumed shape). */
export const Cart = record(CART_FIELDS);
/** A stored cart (assumed shape). */
export type Cart = z.infer<typeof Cart>;

/** A plan (seed §4.8: not shown; assumed). */
export const PLAN_FIELDS = {
  id: need(Count, "seed §4.8"),
  name: opt(z.string(), "assumed"),
  price: opt(z.number(), "assumed"),
  currency: opt(z.string(), "assumed"),
  period: opt(z.string(), "assumed"),
  subscribers_limit: opt(z.number(), "assumed"),
  emails_limit: opt(z.number(), "assumed"),
  features: opt(z.array(z.string()), "assumed"),
} as const;
/** A plan (assumed shape). */
export const Plan = record(PLAN_FIELDS);
/** A plan (assumed shape). */
export type Plan = z.infer<typeof Plan>;

/** `GET /active_subscribers` data (assumed). */
export const ActiveSubscribers = z.looseObject({ active_subscribers: Count.nullish().catch(undefined) });
/** `GET /active_subscribers` data. */
export type ActiveSubscribers = z.infer<typeof ActiveSubscribers>;

/** `GET /EditorImports/getProductData` data (assumed). */
export const ProductData = z.looseObject({
  title: z.string().nullish().catch(undefined),
  price: z.union([z.string(), z.number()]).nullish().catch(undefined),
  image: z.string().nullish().catch(undefined),
  url: z.string().nullish().catch(undefined),
});
/** `GET /EditorImports/getProductData` data. */
export type ProductData = z.infer<typeof ProductData>;

/** `POST /upload/v2/{id}/{folderId}` data (assumed). */
export const UploadedImage = z.looseObject({
  id: Id,
  url: z.string().nullish().catch(undefined),
  folder_id: Id.nullish().catch(undefined),
});
/** `POST /upload/v2/{id}/{folderId}` data. */
export type UploadedImage = z.infer<typeof UploadedImage>;

/** An image folder of the account (assumed). */
export const ImageFolder = z.looseObject({
  id: Id,
  name: z.string().nullish().catch(undefined),
  images_count: Count.nullish().catch(undefined),
});
/** An image folder of the account. */
export type ImageFolder = z.infer<typeof ImageFolder>;

/** The record tables, by name: what the wire contract's field-source table mirrors. */
export const RECORD_TABLES = {
  Campaign: CAMPAIGN_FIELDS,
  "Campaign.html": CAMPAIGN_HTML_FIELDS,
  SendingStatus: SENDING_STATUS_FIELDS,
  Attachment: ATTACHMENT_FIELDS,
  Transactional: TRANSACTIONAL_FIELDS,
  Webhook: WEBHOOK_FIELDS,
  Cart: CART_FIELDS,
  Plan: PLAN_FIELDS,
} as const satisfies Record<string, Table>;

// Request bodies: the API's own snake_case shapes, typed (not validated: the service validates).

/** Body of `POST /campaigns` (seed §2.3 and §4.6; `preheader`, `content`, `groups`, `segments` observed). */
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
  /** Analytics switch: a number, 1 on and 0 off (seed §2.3). */
  google_analytics?: 0 | 1;
  /** Follow-up subject. */
  auto_followup_subject?: string;
  /** Follow-up delay in hours. */
  auto_followup_delay?: FollowUpDelay;
  /** Follow-up switch (seed §2.3: boolean). */
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
 * with `""` (the seed types them as strings), lists with `[]`, the analytics switch with 0.
 */
export interface UpdateCampaignBody extends Partial<CreateCampaignBody> {
  /** Change of sending domain: a number (seed §2.3). */
  domain_id?: number;
}

/** Body of `POST /transactional` (seed §4.1). */
export interface CreateTransactionalBody {
  /** Name shown in reports. */
  title?: string;
  /** Subject line. */
  subject: string;
  /** Sender name. */
  from: string;
  /** Reply-to address on a verified domain. */
  reply_to: string;
  /** Editor; only `plain` and `html` can be filled through the API. */
  editor: (typeof TRANSACTIONAL_EDITORS)[number];
  /** Preview text. */
  preheader?: string;
  /** Plain text or html, according to `editor`. */
  content?: string;
}

/**
 * Body of `PATCH /transactional/{id}` (docs https://api.sender.net/transactional_campaigns/update-campaign):
 * every field optional. The page lists no `content`: content cannot be changed in place.
 */
export interface UpdateTransactionalBody {
  /** Name shown in reports. */
  title?: string;
  /** Subject line. */
  subject?: string;
  /** Sender name. */
  from?: string;
  /** Reply-to address on a verified domain. */
  reply_to?: string;
  /** Editor. */
  editor?: (typeof TRANSACTIONAL_EDITORS)[number];
  /** Editor step. */
  last_action?: string;
  /** Preview text. */
  preheader?: string;
}

/** Body of `POST /message/send` (seed §4.2). */
export interface SendMessageBody {
  /** Sender address and name. */
  from: { email: string; name: string };
  /** Recipient. */
  to?: { email: string; name?: string };
  /** Deprecated recipient form, still accepted. */
  recipient_email?: string;
  /** Subject line. */
  subject: string;
  /** Plain-text body. */
  text?: string;
  /** Html body. */
  html?: string;
  /** Custom headers. */
  headers?: Record<string, string>;
  /** Personalisation variables. */
  variables?: Record<string, string | number | boolean>;
  /** File name → public http(s) URL. */
  attachments?: Record<string, string>;
}

/** Body of `POST /account/webhooks` (seed §4.4). */
export interface CreateWebhookBody {
  /** Endpoint receiving deliveries. */
  url: string;
  /** The one topic of the webhook. */
  topic: WebhookTopic;
  /** Group to track; required for `groups/new-subscriber` and `groups/unsubscribed`. */
  relation_id?: string;
}

/**
 * Body of `PATCH /account/webhooks/{id}` (assumed: the fields of create, each optional; no
 * published example was found).
 */
export type UpdateWebhookBody = Partial<CreateWebhookBody>;

/** Body of `POST /carts` (seed §2.4). */
export interface CreateCartBody {
  /** The caller's own cart id. */
  external_id: number;
  /** Customer address. */
  email: string;
  /** Location of the cart. */
  url: string;
  /** Product lines. */
  products?: CartProduct[];
  /** Currency abbreviation. */
  currency?: string;
  /** Order total, as text. */
  order_total?: string;
  /** Tax total, as text. */
  tax_total?: string;
}

/** Body of `POST /campaigns/{id}/attachments` (assumed). */
export interface AddAttachmentBody {
  /** An `http(s)://` URL or `base64://<data>`. */
  file: string;
  /** File name; needed with `base64://` content. */
  file_name?: string;
}

/** Body of `POST /campaigns/{id}/follow_up` (seed §4.6). */
export interface FollowUpBody {
  /** Subject line of the follow-up email. */
  subject: string;
  /** Hours after the send. */
  time: FollowUpDelay;
}
