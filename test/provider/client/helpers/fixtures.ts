/** Canned records in the exact shapes of docs/wire-contract.md. */

export const TOKEN = "t0ken-secret-9f8e7d";

export const ack = (message = "Done.") => ({ success: true, message });

export const campaign = {
  id: "b6gXkQ",
  title: "Welcome",
  subject: "Hello",
  from: "Example News",
  reply_to: "news@example.com",
  preheader: null,
  domain_id: "dom001",
  language: "en",
  recipient_count: 0,
  sent_count: 0,
  schedule_time: null,
  sent_time: null,
  status: "DRAFT",
  created: "2026-03-18 13:00:00",
  modified: "2026-03-18 13:00:00",
  last_action: "step1",
  editor: "html",
  auto_followup_active: 0,
  auto_followup_subject: null,
  auto_followup_delay: null,
  google_analytics: 1,
  send_to_all: 0,
  opens: 0,
  clicks: 0,
  bounces_count: 0,
  campaign_groups: [],
  segments: [],
  html: {
    id: "h1",
    thumbnail_url: "https://cdn.example/t.png",
    has_preview: false,
    has_snapshots: false,
    html_content: "<p>Hi</p>",
    html_body: null,
  },
  reports: { spam_percentage: 0, hard_bounce_percentage: 0, unsubscribe_percentage: 0 },
} as const;

export function page<T>(data: T[], currentPage = 1, lastPage = 1, perPage = 10) {
  return {
    data,
    links: {
      first: "http://x/v2/list?page=1",
      last: `http://x/v2/list?page=${lastPage}`,
      prev: currentPage > 1 ? `http://x/v2/list?page=${currentPage - 1}` : null,
      next: currentPage < lastPage ? `http://x/v2/list?page=${currentPage + 1}` : null,
    },
    meta: {
      current_page: currentPage,
      from: data.length > 0 ? (currentPage - 1) * perPage + 1 : null,
      last_page: lastPage,
      path: "http://x/v2/list",
      per_page: perPage,
      to: data.length > 0 ? (currentPage - 1) * perPage + data.length : null,
      total: data.length,
      links: [{ url: null, label: "&laquo; Previous", active: false }],
    },
  };
}

export const activity = {
  subscriber_id: "sub001",
  email: "subscriber1@example.com",
  created_at: "2026-03-18 13:05:00",
  type: "open",
};

export const transactional = {
  id: "trn001",
  user_id: "usr001",
  account_id: "acc001",
  title: "Receipt",
  subject: "Your receipt",
  from: "Example News",
  reply_to: "news@example.com",
  domain_id: "dom001",
  created: "2026-03-18 13:00:00",
  modified: "2026-03-18 13:00:00",
  type: "API",
  last_action: "editor",
  editor: "plain",
  html: {
    id: "h2",
    thumbnail_url: "https://cdn.example/t2.png",
    has_preview: true,
    has_snapshots: false,
    styles: null,
  },
  purchaseCount: 0,
  bounced: 0,
  unsubscribeCount: 0,
  opens: 2,
  clicks: 1,
  sent: 3,
  preheader: null,
  content: "Thanks",
};

export const webhook = {
  id: "whk001",
  account_id: "acc001",
  url: "https://hooks.example/in",
  topic: "groups/new-subscriber",
  group: "grp001",
  total_deliveries: 0,
  total_failures: 0,
  response_time: 0,
  status: "ACTIVE",
};

/** A group as Pipedream's Sender component records one (wire contract "Groups and fields"). */
export const group = {
  id: "dJKq5K",
  title: "Group title",
  recipient_count: 4,
  active_subscribers: 4,
  unsubscribed_count: 0,
  bounced_count: 0,
  phone_count: 3,
  active_phone_count: 3,
  account_id: "bYWoN9",
  user_id: "e1QY5m",
  created: "2026-01-09 09:59:53",
  modified: "2026-01-09 12:30:02",
};

/** The field of https://api.sender.net/fields/add-one's example answer. */
export const field = {
  id: "epxZye",
  title: "New text field",
  account_id: "eEqqve",
  user_id: "egp79a",
  created: "2022-06-02 10:12:25",
  modified: "2022-06-02 10:12:25",
  type: "text",
  show: 0,
  field_name: "{$new_text_field}",
  position: 0,
  default: false,
};

export const cart = {
  cart_hash: "abcdef123456",
  external_id: 42,
  email: "buyer@example.com",
  url: "https://shop.example/cart/42",
  currency: "EUR",
  order_total: "10.00",
  tax_total: "2.00",
  products: [
    {
      sku: "S1",
      name: "Mug",
      price: "10.00",
      price_display: "10.00 EUR",
      qty: 1,
      image: "https://shop.example/m.png",
    },
  ],
  status: "ACTIVE",
  created: "2026-03-18 13:00:00",
};

export const plan = {
  id: 2,
  name: "Standard",
  price: 15,
  currency: "USD",
  period: "month",
  subscribers_limit: 5000,
  emails_limit: null,
  features: ["automation"],
};

export const subscriberEvents = {
  email: {
    opened: [
      {
        campaign_id: "snt001",
        subscriber_id: "sub001",
        title: "Launch announcement",
        created_at: "2026-03-18 13:05:00",
      },
    ],
    clicked: [],
  },
  sms: [],
  temail: { sent: [] },
  sms_campaign: {
    sent_count: 0,
    clicked_count: 0,
    delivered_count: 0,
    failed_count: 0,
    unsubscribed_at: null,
    unsubscribed: 0,
  },
  email_campaign: {
    sent_count: 1,
    opened_count: 1,
    clicked_count: 0,
    unsubscribed: 0,
    bounced: 0,
    spam_reported: 0,
  },
};
