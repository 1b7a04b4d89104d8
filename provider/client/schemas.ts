/**
 * Zod schemas of every answer in `docs/wire-contract.md`, with their inferred types. Records keep
 * the API's own snake_case field names; unknown extra fields are dropped (zod's default), so a
 * service that adds a field never breaks a read.
 */
import { z } from "zod";

/** `YYYY-MM-DD HH:MM:SS` in UTC (observed). Kept as text: the API compares and echoes it as such. */
export const Timestamp = z.string();

/**
 * A 0/1 switch (observed as integers). A boolean is accepted too and normalised to 0/1, so that
 * a service sending `true` does not fail a read over a representation detail (assumed).
 */
export const Flag = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .transform((v): 0 | 1 => (v === true || v === 1 ? 1 : 0));

/** Generic acknowledgement (spec 2.9). */
export const Ack = z.object({ success: z.boolean(), message: z.string() });
/** Generic acknowledgement (spec 2.9). */
export type Ack = z.infer<typeof Ack>;

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

/** Wraps a single record as `{data: T}` (observed). */
export function wrapped<T extends z.ZodType>(item: T) {
  return once("wrapped", item, (i) => z.object({ data: i }));
}

/** A list of `item`, built once per item schema. */
export function listOf<T extends z.ZodType>(item: T) {
  return once("list", item, (i) => z.array(i));
}

/** The `links` member of a paginated envelope (spec 2.8). */
export const PageLinks = z.object({
  first: z.string().nullable(),
  last: z.string().nullable(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
});

/** The `meta` member of a paginated envelope (spec 2.8). */
export const PageMeta = z.object({
  current_page: z.number().int(),
  from: z.number().int().nullable(),
  last_page: z.number().int(),
  path: z.string(),
  per_page: z.number().int(),
  to: z.number().int().nullable(),
  total: z.number().int(),
  links: z
    .array(
      z.object({ url: z.string().nullable(), label: z.union([z.string(), z.number()]), active: z.boolean() }),
    )
    .optional(),
});
/** The `meta` member of a paginated envelope. */
export type PageMeta = z.infer<typeof PageMeta>;

/** A paginated envelope `{data, links, meta}` of `item` (spec 2.8). */
export function envelope<T extends z.ZodType>(item: T) {
  return once("envelope", item, (i) => z.object({ data: z.array(i), links: PageLinks, meta: PageMeta }));
}

/** One page of a paginated list. */
export interface Page<T> {
  /** The records of this page. */
  data: T[];
  /** URLs of the neighbouring pages. */
  links: z.infer<typeof PageLinks>;
  /** Position of this page; `last_page` ends the walk. */
  meta: PageMeta;
}

/** Campaign status (observed). */
export const CampaignStatus = z.enum(["DRAFT", "SCHEDULED", "SENDING", "SENT"]);
/** Campaign status (observed). */
export type CampaignStatus = z.infer<typeof CampaignStatus>;

/** Wizard step of a regular campaign (spec 2.3). */
export const LastAction = z.enum(["step1", "editor", "step3", "step4"]);
/** Wizard step of a regular campaign (spec 2.3). */
export type LastAction = z.infer<typeof LastAction>;

/** Content type of a regular campaign (spec 2.3). */
export const ContentType = z.enum(["editor", "html", "text"]);
/** Content type of a regular campaign (spec 2.3). */
export type ContentType = z.infer<typeof ContentType>;

/** Allowed follow-up delays in hours (spec §8). */
export const FOLLOW_UP_DELAYS = [12, 24, 48, 72, 96, 120, 144, 168] as const;
/** Allowed follow-up delays in hours (spec §8). */
export type FollowUpDelay = (typeof FOLLOW_UP_DELAYS)[number];

/** A regular campaign record (observed fields). */
export const Campaign = z.object({
  id: z.string(),
  title: z.string().nullable(),
  subject: z.string(),
  from: z.string(),
  reply_to: z.string(),
  preheader: z.string().nullable(),
  domain_id: z.string(),
  language: z.string(),
  recipient_count: z.number().int(),
  sent_count: z.number().int(),
  schedule_time: Timestamp.nullable(),
  sent_time: Timestamp.nullable(),
  status: CampaignStatus,
  created: Timestamp,
  modified: Timestamp,
  last_action: LastAction,
  editor: ContentType,
  auto_followup_active: Flag,
  auto_followup_subject: z.string().nullable(),
  auto_followup_delay: z.number().int().nullable(),
  google_analytics: Flag,
  send_to_all: Flag,
  opens: z.number().int(),
  clicks: z.number().int(),
  bounces_count: z.number().int(),
  campaign_groups: z.array(z.string()),
  segments: z.array(z.string()),
  html: z.object({
    id: z.string(),
    thumbnail_url: z.string().nullable(),
    has_preview: z.boolean(),
    has_snapshots: z.boolean(),
    html_content: z.string().nullable(),
    html_body: z.string().nullable(),
  }),
  reports: z.object({
    spam_percentage: z.number(),
    hard_bounce_percentage: z.number(),
    unsubscribe_percentage: z.number(),
  }),
});
/** A regular campaign record. */
export type Campaign = z.infer<typeof Campaign>;

/** `GET /campaigns/prefill` data. */
export const CampaignPrefill = z.object({
  from: z.string(),
  reply_to: z.string(),
  domains: z.array(z.object({ id: z.string(), domain: z.string(), verified: z.boolean() })),
});
/** `GET /campaigns/prefill` data. */
export type CampaignPrefill = z.infer<typeof CampaignPrefill>;

/** `GET /campaigns/{id}/sending_status` data (assumed shape). */
export const SendingStatus = z.object({
  status: CampaignStatus,
  recipient_count: z.number().int(),
  sent_count: z.number().int(),
  progress: z.number(),
});
/** `GET /campaigns/{id}/sending_status` data. */
export type SendingStatus = z.infer<typeof SendingStatus>;

/** `GET /campaigns/{id}/preview` data. */
export const HtmlPreview = z.object({ html: z.string() });
/** `GET /campaigns/{id}/preview` data. */
export type HtmlPreview = z.infer<typeof HtmlPreview>;

/** `GET /campaigns/{id}/plain_preview` data. */
export const PlainPreview = z.object({ text: z.string() });
/** `GET /campaigns/{id}/plain_preview` data. */
export type PlainPreview = z.infer<typeof PlainPreview>;

/** A `{url}` answer: pdf, share link, export, product image... */
export const UrlResult = z.object({ url: z.string() });
/** A `{url}` answer. */
export type UrlResult = z.infer<typeof UrlResult>;

/** `GET /campaigns/{id}/errors`: why a campaign cannot be sent yet (bare, observed). */
export const CampaignErrors = z.object({ errors: z.array(z.string()), warnings: z.array(z.string()) });
/** `GET /campaigns/{id}/errors` answer. */
export type CampaignErrors = z.infer<typeof CampaignErrors>;

/** A link tracked in a campaign. */
export const CampaignLink = z.object({ id: z.string(), url: z.string(), clicks: z.number().int() });
/** A link tracked in a campaign. */
export type CampaignLink = z.infer<typeof CampaignLink>;

/** A group a campaign is sent to. */
export const CampaignGroup = z.object({ id: z.string(), title: z.string() });
/** A group a campaign is sent to. */
export type CampaignGroup = z.infer<typeof CampaignGroup>;

/** A recipient of a campaign. */
export const CampaignSubscriber = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  status: z.string(),
});
/** A recipient of a campaign. */
export type CampaignSubscriber = z.infer<typeof CampaignSubscriber>;

/** The seven per-campaign activity lists (spec §6). */
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

/** One activity row of a campaign report list. */
export const Activity = z.object({
  subscriber_id: z.string(),
  email: z.string(),
  created_at: Timestamp,
  type: z.string(),
});
/** One activity row of a campaign report list. */
export type Activity = z.infer<typeof Activity>;

/** `GET /campaigns/{id}/report` data. */
export const CampaignReport = z.object({
  sent: z.number(),
  delivered: z.number(),
  opens: z.number(),
  unique_opens: z.number(),
  clicks: z.number(),
  unique_clicks: z.number(),
  bounces: z.number(),
  hard_bounces: z.number(),
  unsubscribes: z.number(),
  complaints: z.number(),
  open_rate: z.number(),
  click_rate: z.number(),
});
/** `GET /campaigns/{id}/report` data. */
export type CampaignReport = z.infer<typeof CampaignReport>;

/** A hard-bounce record (spec 2.6). */
export const HardBounce = z.object({
  recipient_id: z.string(),
  message: z.string().nullable(),
  created_at: Timestamp,
});
/** A hard-bounce record (spec 2.6). */
export type HardBounce = z.infer<typeof HardBounce>;

/** A file attached to a campaign (assumed shape). */
export const Attachment = z.object({ file_name: z.string(), url: z.string(), size: z.number() });
/** A file attached to a campaign. */
export type Attachment = z.infer<typeof Attachment>;

/** `POST /campaigns/{id}/attachments` answer. */
export const AddAttachmentResult = Ack.extend({ data: Attachment });

/** A tag of the account. */
export const Tag = z.object({ id: z.string(), name: z.string() });
/** A tag of the account. */
export type Tag = z.infer<typeof Tag>;

/** A saved filter of the account. */
export const Filter = z.object({ id: z.string(), name: z.string() });
/** A saved filter of the account. */
export type Filter = z.infer<typeof Filter>;

/** Editor of a transactional campaign (spec 4.1). */
export const TransactionalEditor = z.enum(["plain", "html", "builder"]);
/** Editor of a transactional campaign (spec 4.1). */
export type TransactionalEditor = z.infer<typeof TransactionalEditor>;

/**
 * A transactional campaign (spec 2.1). `reply_to` and the counters are absent in the create
 * answer; `disable_click_tracking` only comes in list items; `preheader`/`content` are ours (assumed).
 */
export const Transactional = z.object({
  id: z.string(),
  user_id: z.string(),
  account_id: z.string(),
  title: z.string().nullable(),
  subject: z.string(),
  from: z.string(),
  reply_to: z.string().optional(),
  domain_id: z.string(),
  created: Timestamp,
  modified: Timestamp,
  type: z.string(),
  last_action: z.string(),
  editor: TransactionalEditor,
  html: z.object({
    id: z.string(),
    thumbnail_url: z.string().nullable(),
    has_preview: z.boolean(),
    has_snapshots: z.boolean(),
    styles: z.string().nullable(),
  }),
  purchaseCount: z.number().int(),
  bounced: z.number().int().optional(),
  unsubscribeCount: z.number().int().optional(),
  opens: z.number().int().optional(),
  clicks: z.number().int().optional(),
  sent: z.number().int().optional(),
  disable_click_tracking: z.boolean().optional(),
  preheader: z.string().nullable().optional(),
  content: z.string().nullable().optional(),
});
/** A transactional campaign (spec 2.1). */
export type Transactional = z.infer<typeof Transactional>;

/** The transactional list envelope, which adds `has_more_resources` (spec 2.8). */
export const TransactionalPage = envelope(Transactional).extend({ has_more_resources: z.boolean() });
/** One page of transactional campaigns. */
export type TransactionalPage = z.infer<typeof TransactionalPage>;

/** `POST /message/send` answer (spec 4.2). */
export const SendMessageResult = z.object({ success: z.boolean(), message: z.string(), emailId: z.string() });
/** `POST /message/send` answer (spec 4.2). */
export type SendMessageResult = z.infer<typeof SendMessageResult>;

/** Subscriber actions readable through the events endpoint (spec 4.3). */
export const SUBSCRIBER_ACTIONS = ["opened", "bounced", "clicked", "unsubscribed", "got"] as const;
/** A subscriber action (spec 4.3). */
export type SubscriberAction = (typeof SUBSCRIBER_ACTIONS)[number];

/** One item of a subscriber's history (spec 2.7). */
export const SubscriberEvent = z.object({
  campaign_id: z.string(),
  subscriber_id: z.string(),
  title: z.string(),
  created_at: Timestamp,
});
/** One item of a subscriber's history (spec 2.7). */
export type SubscriberEvent = z.infer<typeof SubscriberEvent>;

/** The subscriber events answer (spec 2.7), bare. */
export const SubscriberEvents = z.object({
  email: z.record(z.string(), z.array(SubscriberEvent)),
  sms: z.array(z.unknown()),
  temail: z.object({ sent: z.array(z.unknown()) }),
  sms_campaign: z.object({
    sent_count: z.number().int(),
    clicked_count: z.number().int(),
    delivered_count: z.number().int(),
    failed_count: z.number().int(),
    unsubscribed_at: Timestamp.nullable(),
    unsubscribed: z.number().int(),
  }),
  email_campaign: z.object({
    sent_count: z.number().int(),
    opened_count: z.number().int(),
    clicked_count: z.number().int(),
    unsubscribed: z.number().int(),
    bounced: z.number().int(),
    spam_reported: z.number().int(),
  }),
});
/** The subscriber events answer (spec 2.7). */
export type SubscriberEvents = z.infer<typeof SubscriberEvents>;

/** Webhook topics (observed). */
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

/** A webhook (spec 2.5), answered bare by create. */
export const Webhook = z.object({
  id: z.string(),
  account_id: z.string(),
  url: z.string(),
  topic: z.string(),
  group: z.string().nullable(),
  total_deliveries: z.number().int(),
  total_failures: z.number().int(),
  response_time: z.number(),
  status: z.string(),
});
/** A webhook (spec 2.5). */
export type Webhook = z.infer<typeof Webhook>;

/** A product line of a cart (spec 2.4); every field is optional on input. */
export const CartProduct = z.object({
  sku: z.string().optional(),
  name: z.string().optional(),
  price: z.string().optional(),
  price_display: z.string().optional(),
  qty: z.number().optional(),
  image: z.string().optional(),
});
/** A product line of a cart (spec 2.4). */
export type CartProduct = z.infer<typeof CartProduct>;

/** A stored cart (assumed shape). */
export const Cart = z.object({
  cart_hash: z.string(),
  external_id: z.number(),
  email: z.string(),
  url: z.string(),
  currency: z.string().nullable(),
  order_total: z.string().nullable(),
  tax_total: z.string().nullable(),
  products: z.array(CartProduct),
  status: z.enum(["ACTIVE", "CONVERTED"]),
  created: Timestamp,
});
/** A stored cart (assumed shape). */
export type Cart = z.infer<typeof Cart>;

/** A plan (assumed shape). */
export const Plan = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  currency: z.string(),
  period: z.string(),
  subscribers_limit: z.number(),
  emails_limit: z.number().nullable(),
  features: z.array(z.string()),
});
/** A plan (assumed shape). */
export type Plan = z.infer<typeof Plan>;

/** `GET /active_subscribers` data. */
export const ActiveSubscribers = z.object({ active_subscribers: z.number().int() });
/** `GET /active_subscribers` data. */
export type ActiveSubscribers = z.infer<typeof ActiveSubscribers>;

/** `GET /EditorImports/getProductData` data. */
export const ProductData = z.object({
  title: z.string(),
  price: z.union([z.string(), z.number()]).nullable(),
  image: z.string().nullable(),
  url: z.string(),
});
/** `GET /EditorImports/getProductData` data. */
export type ProductData = z.infer<typeof ProductData>;

/** `POST /upload/v2/{id}/{folderId}` data. */
export const UploadedImage = z.object({ id: z.string(), url: z.string(), folder_id: z.string() });
/** `POST /upload/v2/{id}/{folderId}` data. */
export type UploadedImage = z.infer<typeof UploadedImage>;

/** An image folder of the account. */
export const ImageFolder = z.object({ id: z.string(), name: z.string(), images_count: z.number().int() });
/** An image folder of the account. */
export type ImageFolder = z.infer<typeof ImageFolder>;

// Request bodies: the API's own snake_case shapes, typed (not validated: the service validates).

/** Body of `POST /campaigns` (spec 2.3, observed extras). */
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
  content_type: ContentType;
  /** Preview text. */
  preheader?: string;
  /** The content (html or text), stored in `html.html_content`. */
  content?: string;
  /** Analytics switch. */
  google_analytics?: 0 | 1 | boolean;
  /** Follow-up subject. */
  auto_followup_subject?: string;
  /** Follow-up delay in hours. */
  auto_followup_delay?: FollowUpDelay;
  /** Follow-up switch. */
  auto_followup_active?: 0 | 1 | boolean;
  /** Wizard step. */
  last_action?: LastAction;
  /** Group ids to send to. */
  groups?: string[];
  /** Segment ids to send to. */
  segments?: string[];
}

/** Body of `PATCH /campaigns/{id}`: any writable field, plus `domain_id`. */
export interface UpdateCampaignBody extends Partial<CreateCampaignBody> {
  /** Change of sending domain. */
  domain_id?: string | number;
}

/** Body of `POST /transactional` (spec 4.1). */
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
  editor: TransactionalEditor;
  /** Preview text. */
  preheader?: string;
  /** Plain text or html, according to `editor`. */
  content?: string;
}

/** Body of `POST /message/send` (spec 4.2). */
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

/** Body of `POST /account/webhooks` (spec 4.4). */
export interface CreateWebhookBody {
  /** Endpoint receiving deliveries. */
  url: string;
  /** The one topic of the webhook. */
  topic: WebhookTopic;
  /** Group to track; required for `groups/new-subscriber` and `groups/unsubscribed`. */
  relation_id?: string;
}

/** Body of `POST /carts` (spec 2.4). */
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
