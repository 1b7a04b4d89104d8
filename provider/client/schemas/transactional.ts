/** Schemas of transactional campaigns and the message send. Mirrors `emulator/routes/transactional.ts`. */
import { z } from "zod";
import { Count, envelope, Id, MessageText, need, type Open, openEnum, opt, record, Timestamp } from "./core";

const DOCS_TRANSACTIONAL_CREATE = "docs https://api.sender.net/transactional-campaigns/create" as const;

/** Editors of a transactional campaign (wire contract "Transactional campaigns"). */
export const TRANSACTIONAL_EDITORS = ["plain", "html", "builder"] as const;

/** Editors, as a closed schema for request bodies. */
export const TransactionalEditor = z.enum(TRANSACTIONAL_EDITORS);

/** Editor of a transactional campaign (wire contract "Transactional campaigns"); open when read. */
export type TransactionalEditor = Open<(typeof TRANSACTIONAL_EDITORS)[number]>;

/**
 * A transactional campaign (wire contract "Transactional campaigns"; docs create, update and get
 * examples). `reply_to` and the counters are absent in the create answer; `disable_click_tracking`
 * only comes in list items; `preheader` and `content` are in no published answer (assumed: read
 * when present).
 */
export const TRANSACTIONAL_FIELDS = {
  id: need(Id, 'wire contract "Transactional campaigns"'),
  title: need(z.string().nullable(), 'wire contract "Transactional campaigns"'),
  subject: need(z.string(), 'wire contract "Transactional campaigns"'),
  from: need(z.string(), 'wire contract "Transactional campaigns"'),
  editor: need(openEnum(TRANSACTIONAL_EDITORS), 'wire contract "Transactional campaigns"'),
  created: need(Timestamp, 'wire contract "Transactional campaigns"'),
  modified: need(Timestamp, 'wire contract "Transactional campaigns"'),
  type: need(z.string(), 'wire contract "Transactional campaigns"'),
  last_action: need(z.string(), 'wire contract "Transactional campaigns"'),
  domain_id: need(Id, 'wire contract "Transactional campaigns"'),
  reply_to: opt(z.string(), 'wire contract "Transactional campaigns"'),
  user_id: opt(Id, 'wire contract "Transactional campaigns"'),
  account_id: opt(Id, 'wire contract "Transactional campaigns"'),
  html: opt(
    z.looseObject({
      id: Id.nullish().catch(undefined),
      thumbnail_url: z.string().nullish().catch(undefined),
      has_preview: z.boolean().nullish().catch(undefined),
      has_snapshots: z.boolean().nullish().catch(undefined),
      styles: z.string().nullish().catch(undefined),
    }),
    'wire contract "Transactional campaigns"',
  ),
  purchaseCount: opt(Count, DOCS_TRANSACTIONAL_CREATE),
  bounced: opt(Count, 'wire contract "Transactional campaigns"'),
  unsubscribeCount: opt(Count, 'wire contract "Transactional campaigns"'),
  opens: opt(Count, 'wire contract "Transactional campaigns"'),
  clicks: opt(Count, 'wire contract "Transactional campaigns"'),
  sent: opt(Count, 'wire contract "Transactional campaigns"'),
  disable_click_tracking: opt(z.boolean(), 'wire contract "Transactional campaigns"'),
  preheader: opt(z.string(), "assumed"),
  content: opt(z.string(), "assumed"),
} as const;

/** A transactional campaign (wire contract "Transactional campaigns"). */
export const Transactional = record(TRANSACTIONAL_FIELDS);

/** A transactional campaign (wire contract "Transactional campaigns"). */
export type Transactional = z.infer<typeof Transactional>;

/**
 * The transactional list envelope (wire contract "Common shapes"). `has_more_resources` is read
 * when present; newer answers leave it out (observed).
 */
export const TransactionalPage = envelope(Transactional);

/** One page of transactional campaigns. */
export type TransactionalPage = z.infer<typeof TransactionalPage>;

/** `POST /message/send` answer (wire contract "Message send"). */
export const SendMessageResult = z
  .looseObject({ success: z.boolean().optional(), message: MessageText, emailId: Id })
  .transform((v) => ({ ...v, success: v.success ?? true }));

/** `POST /message/send` answer (wire contract "Message send"). */
export type SendMessageResult = z.infer<typeof SendMessageResult>;

/** Body of `POST /transactional` (wire contract "Transactional campaigns"). */
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

/** Body of `POST /message/send` (wire contract "Message send"). */
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
