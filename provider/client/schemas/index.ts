/**
 * The client's zod schemas, one file per area as in `emulator/routes/` (see `core.ts` for how a
 * record is read), exported from here as one module.
 */

import { PLAN_FIELDS } from "./account";
import { ATTACHMENT_FIELDS } from "./attachments";
import { CAMPAIGN_FIELDS, CAMPAIGN_HTML_FIELDS, SENDING_STATUS_FIELDS } from "./campaigns";
import { CART_FIELDS } from "./carts";
import type { FieldRule } from "./core";
import { FIELD_FIELDS, GROUP_FIELDS } from "./groups";
import { TRANSACTIONAL_FIELDS } from "./transactional";
import { WEBHOOK_FIELDS } from "./webhooks";

export * from "./account";
export * from "./attachments";
export * from "./campaigns";
export * from "./carts";
export {
  Ack,
  Count,
  dataOf,
  dataOrBare,
  envelope,
  type FieldRule,
  type FieldSource,
  Flag,
  Id,
  type KnownKeys,
  type ListPage,
  listOf,
  listPage,
  need,
  type Open,
  once,
  openEnum,
  opt,
  type Page,
  PageLinks,
  PageMeta,
  record,
  Timestamp,
} from "./core";
export * from "./groups";
export * from "./reports";
export * from "./subscribers";
export * from "./targeting";
export * from "./transactional";
export * from "./webhooks";

/** The record tables, by name: what the wire contract's field-source table mirrors. */
export const RECORD_TABLES = {
  Campaign: CAMPAIGN_FIELDS,
  "Campaign.html": CAMPAIGN_HTML_FIELDS,
  SendingStatus: SENDING_STATUS_FIELDS,
  Attachment: ATTACHMENT_FIELDS,
  Transactional: TRANSACTIONAL_FIELDS,
  Webhook: WEBHOOK_FIELDS,
  Group: GROUP_FIELDS,
  Field: FIELD_FIELDS,
  Cart: CART_FIELDS,
  Plan: PLAN_FIELDS,
} as const satisfies Record<string, Record<string, FieldRule>>;
