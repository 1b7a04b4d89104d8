/** Schemas of the account's groups and subscriber fields. Mirrors `emulator/routes/groups.ts`. */
import { z } from "zod";
import { Count, Flag, Id, need, opt, record, Timestamp } from "./core";

const GROUPS = 'wire contract "Groups and fields"' as const;
const FIELD_DOCS = "docs https://api.sender.net/fields/add-one" as const;

/**
 * A group (list) of the account (wire contract "Groups and fields"): the dashboard's group, which
 * the API's subscriber answers call `subscriber_tags`. Only `id` and `title` are needed.
 */
export const GROUP_FIELDS = {
  id: need(Id, GROUPS),
  title: need(z.string(), GROUPS),
  recipient_count: opt(Count, "observed"),
  active_subscribers: opt(Count, "observed"),
  unsubscribed_count: opt(Count, "observed"),
  bounced_count: opt(Count, "observed"),
  phone_count: opt(Count, "observed"),
  active_phone_count: opt(Count, "observed"),
  account_id: opt(Id, "observed"),
  user_id: opt(Id, "observed"),
  created: opt(Timestamp, "observed"),
  modified: opt(Timestamp, "observed"),
} as const;

/** A group of the account (wire contract "Groups and fields"). */
export const Group = record(GROUP_FIELDS);

/** A group of the account (wire contract "Groups and fields"). */
export type Group = z.infer<typeof Group>;

/**
 * The answer of `PATCH /groups/{id}`: the group under `data` when the answer holds one, else
 * undefined (then the caller reads it back; a field's rename answers `{success, message}` only).
 */
export const GroupRenameAnswer = z
  .looseObject({ data: Group.nullish().catch(undefined) })
  .transform((answer): Group | undefined => answer.data ?? undefined);

/** Body of `POST /groups` and `PATCH /groups/{id}` (wire contract "Groups and fields", assumed). */
export interface CreateGroupBody {
  /** The group's title, as the dashboard shows it; at most 255 characters. */
  title: string;
}

/**
 * A subscriber field of the account (https://api.sender.net/fields/add-one): `field_name` is the
 * personalization tag a content writes, e.g. `{$firstname}`.
 */
export const FIELD_FIELDS = {
  id: need(Id, FIELD_DOCS),
  title: need(z.string(), FIELD_DOCS),
  field_name: opt(z.string(), FIELD_DOCS),
  type: opt(z.string(), FIELD_DOCS),
  default: opt(z.boolean(), FIELD_DOCS),
  show: opt(Flag, FIELD_DOCS),
  position: opt(Count, FIELD_DOCS),
  account_id: opt(Id, FIELD_DOCS),
  user_id: opt(Id, FIELD_DOCS),
  created: opt(Timestamp, FIELD_DOCS),
  modified: opt(Timestamp, FIELD_DOCS),
} as const;

/** A subscriber field of the account (https://api.sender.net/fields/add-one). */
export const SubscriberField = record(FIELD_FIELDS);

/** A subscriber field of the account. */
export type SubscriberField = z.infer<typeof SubscriberField>;
