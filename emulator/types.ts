/** Record shapes exactly as the emulator answers them (see docs/wire-contract.md). */

/** Campaign status values (observed). */
export type CampaignStatus = "DRAFT" | "SCHEDULED" | "SENDING" | "SENT";

/** The step of the campaign wizard the user last reached (spec 2.3). */
export type LastAction = "step1" | "editor" | "step3" | "step4";

/** The content type of a regular campaign (spec 2.3). */
export type ContentType = "editor" | "html" | "text";

/** A regular campaign as `GET /v2/campaigns/{id}` answers it (observed fields). */
export interface Campaign {
  id: string;
  title: string | null;
  subject: string;
  from: string;
  reply_to: string;
  preheader: string | null;
  domain_id: string;
  language: string;
  recipient_count: number;
  sent_count: number;
  schedule_time: string | null;
  sent_time: string | null;
  status: CampaignStatus;
  created: string;
  modified: string;
  last_action: LastAction;
  editor: ContentType;
  auto_followup_active: 0 | 1;
  auto_followup_subject: string | null;
  auto_followup_delay: number | null;
  google_analytics: 0 | 1;
  send_to_all: 0 | 1;
  opens: number;
  clicks: number;
  bounces_count: number;
  campaign_groups: string[];
  segments: string[];
  html: {
    id: string;
    thumbnail_url: string;
    has_preview: boolean;
    has_snapshots: boolean;
    html_content: string | null;
    html_body: string | null;
  };
  reports: { spam_percentage: number; hard_bounce_percentage: number; unsubscribe_percentage: number };
}

/** A transactional campaign in its get-one shape (spec 2.1, plus `preheader` and `content`: assumed). */
export interface Transactional {
  id: string;
  user_id: string;
  account_id: string;
  title: string;
  subject: string;
  from: string;
  reply_to: string;
  domain_id: string;
  created: string;
  modified: string;
  type: "API";
  last_action: "step1" | "editor";
  editor: "plain" | "html";
  html: {
    id: string;
    thumbnail_url: string;
    has_preview: boolean;
    has_snapshots: boolean;
    styles: string | null;
  };
  purchaseCount: number;
  bounced: number;
  unsubscribeCount: number;
  opens: number;
  clicks: number;
  sent: number;
  preheader: string | null;
  content: string | null;
}

/** A webhook (spec 2.5). */
export interface Webhook {
  id: string;
  account_id: string;
  url: string;
  topic: string;
  group: string | null;
  total_deliveries: number;
  total_failures: number;
  response_time: number;
  status: "ACTIVE";
}

/** A product line of a cart (spec 2.4). */
export interface Product {
  sku?: string | undefined;
  name?: string | undefined;
  price?: string | undefined;
  price_display?: string | undefined;
  qty?: number | undefined;
  image?: string | undefined;
}

/** A stored cart (assumed shape). */
export interface Cart {
  cart_hash: string;
  external_id: number;
  email: string;
  url: string;
  currency: string | null;
  order_total: string | null;
  tax_total: string | null;
  products: Product[];
  status: "ACTIVE" | "CONVERTED";
  created: string;
}

/**
 * A transactional email accepted by `POST /v2/message/send`, or a campaign's proof accepted by
 * `POST /v2/campaigns/{id}/send_test_email` (then `proofOf` names the campaign); the emulator
 * never delivers either.
 */
export interface MessageRecord {
  emailId: string;
  from: { email: string; name: string };
  to: { email: string; name: string | null };
  subject: string;
  text: string | null;
  html: string | null;
  headers: Record<string, string>;
  variables: Record<string, unknown>;
  attachments: Record<string, string>;
  created: string;
  /** The campaign a proof (a test send) is of; absent for a transactional email. */
  proofOf?: string;
}

/** A campaign attachment (assumed shape). */
export interface Attachment {
  file_name: string;
  url: string;
  size: number;
}

/** A tag or a filter: both are `{id, name}` account objects. */
export interface NamedRef {
  id: string;
  name: string;
}

/** A group (list) of the account as stored; its counts are computed from the subscribers when answered. */
export interface GroupRecord {
  id: string;
  title: string;
  created: string;
  modified: string | null;
}

/** A subscriber field (column) of the account (https://api.sender.net/fields/add-one). */
export interface FieldRecord {
  id: string;
  title: string;
  type: "number" | "text" | "datetime";
  /** The personalization tag, e.g. `{$firstname}`. */
  field_name: string;
  /** One of the fields every account has. */
  default: boolean;
  position: number;
  show: 0 | 1;
  created: string;
  modified: string | null;
}

/** The ids a campaign targets; rendered as {@link NamedRef} lists in answers. */
export interface TargetingIds {
  tags: string[];
  exclude_tags: string[];
  filters: string[];
  exclude_filters: string[];
}

/** An uploaded image of the image library (assumed). */
export interface ImageRecord {
  id: string;
  url: string;
  folder_id: string;
}

/** A recorded account-level request (`delete_me`, `additional_info`) that has no other effect. */
export interface AccountRequest {
  kind: "delete_me" | "additional_info";
  body: unknown;
  created: string;
}

/** One activity line of a campaign report list (assumed shape). */
export interface Activity {
  subscriber_id: string;
  email: string;
  created_at: string;
  type: "open" | "click" | "bounce" | "unsubscribe" | "complaint" | "unopen";
}

/** A seeded subscriber of the account. */
export interface Subscriber {
  id: string;
  email: string;
  phone: string;
  firstname: string;
  lastname: string;
  status: "ACTIVE" | "UNSUBSCRIBED";
  tags: string[];
  groups: string[];
  filters: string[];
}

/** A subscription plan (assumed shape). */
export interface Plan {
  id: number;
  name: string;
  price: number;
  currency: string;
  period: "month";
  subscribers_limit: number;
  emails_limit: number | null;
  features: string[];
}
