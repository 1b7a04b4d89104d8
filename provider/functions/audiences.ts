// The account's audiences by name: getTags, getTag, getFilters, getFilter, getGroups, getGroup, and
// the subscriber fields a content personalizes with (getFields, getField). A targeting names tags and
// saved filters by id, a campaign and a webhook name groups by id; these let a program name them as
// the dashboard shows them.
import { z } from "zod";
import type * as api from "../client";
import { serviceText } from "../client";
import { readAccountPages } from "../core/context";
import { editDistance } from "../core/edit-distance";
import { type DataSource, type NoArgs, recordType } from "./declare";
import { dataSourceDocs, objectTypeDocs } from "./docs.generated";
import { LookupError } from "./run";

/** A tag of the account, which a `CampaignTargeting` includes or excludes by its id. */
export interface TagInfo {
  /** The tag's id, e.g. `tag003`: what `CampaignTargeting`'s `tagIds` and `excludedTagIds` take. */
  id: string;
  /** The tag's name as the dashboard shows it, e.g. `VIP`. */
  name: string | null;
}

/** A saved filter (segment) of the account, which a `CampaignTargeting` includes or excludes by its id. */
export interface FilterInfo {
  /** The filter's id, e.g. `flt001`: what `CampaignTargeting`'s `filterIds` and `excludedFilterIds` take. */
  id: string;
  /** The filter's name as the dashboard shows it, e.g. `Opened last 30 days`. */
  name: string | null;
}

/** A group (list) of the account, which a `Campaign`'s `groups` and a `Webhook`'s `relationId` take by its id. */
export interface GroupInfo {
  /** The group's id, e.g. `grp001`: what a `Campaign`'s `groups` and a `Webhook`'s `relationId` take. */
  id: string;
  /** The group's title as the dashboard shows it, e.g. `Main list`. */
  title: string;
  /** How many subscribers the group holds, when the service says. */
  recipientCount: number | null;
  /** How many of them are active (can be sent to), when the service says. */
  activeSubscribers: number | null;
}

/** A subscriber field of the account, whose personalization tag a content may write. */
export interface FieldInfo {
  /** The field's id, e.g. `col002`. */
  id: string;
  /** The field's title as the dashboard shows it, e.g. `First name`. */
  title: string;
  /** The personalization tag a content writes for it, e.g. `{$firstname}`, when the service says. */
  fieldName: string | null;
  /** The field's type: `text`, `number` or `datetime`, when the service says. */
  type: string | null;
  /** Whether the field is one every account has (email, names, phone), when the service says. */
  isDefault: boolean | null;
}

/** Result of {@link getGroups}. */
export interface GetGroupsResult {
  /** Every group of the account, in the service's order. */
  groups: GroupInfo[];
}

/** Result of {@link getFields}. */
export interface GetFieldsResult {
  /** Every subscriber field of the account, in the service's order. */
  fields: FieldInfo[];
}

/** Arguments of {@link getGroup}. */
export interface GetGroupArgs {
  /** The group's title, matched exactly (case and spaces count), e.g. `Main list`. */
  name: string;
}

/** Arguments of {@link getField}. */
export interface GetFieldArgs {
  /** The field's title, matched exactly (case and spaces count), e.g. `First name`. */
  name: string;
}

/** Result of {@link getTags}. */
export interface GetTagsResult {
  /** Every tag of the account, in the service's order. */
  tags: TagInfo[];
}

/** Result of {@link getFilters}. */
export interface GetFiltersResult {
  /** Every saved filter of the account, in the service's order. */
  filters: FilterInfo[];
}

/** Arguments of {@link getTag}. */
export interface GetTagArgs {
  /** The tag's name, matched exactly (case and spaces count), e.g. `VIP`. */
  name: string;
}

/** Arguments of {@link getFilter}. */
export interface GetFilterArgs {
  /** The filter's name, matched exactly (case and spaces count), e.g. `Opened last 30 days`. */
  name: string;
}

const tag = recordType<TagInfo, api.Tag>("Tag", objectTypeDocs.Tag, {
  id: { type: "string", from: "id" },
  name: { type: "string", optional: true, from: "name" },
});

const filter = recordType<FilterInfo, api.Filter>("Filter", objectTypeDocs.Filter, {
  id: { type: "string", from: "id" },
  name: { type: "string", optional: true, from: "name" },
});

const group = recordType<GroupInfo, api.Group>("GroupInfo", objectTypeDocs.GroupInfo, {
  id: { type: "string", from: "id" },
  title: { type: "string", from: "title" },
  recipientCount: { type: "integer", optional: true, from: "recipient_count" },
  activeSubscribers: { type: "integer", optional: true, from: "active_subscribers" },
});

const field = recordType<FieldInfo, api.SubscriberField>("SubscriberField", objectTypeDocs.SubscriberField, {
  id: { type: "string", from: "id" },
  title: { type: "string", from: "title" },
  fieldName: { type: "string", optional: true, from: "field_name" },
  type: { type: "string", optional: true, from: "type" },
  isDefault: { type: "boolean", optional: true, from: "default" },
});

/**
 * The most pages of 100 a lookup reads (10,000 tags or filters): a list longer than that fails the
 * lookup with one line rather than spending the account's rate limit on it.
 */
export const AUDIENCE_MAX_PAGES = 100;

/** How many close names a failed lookup lists at the most. */
const CLOSE_NAMES_SHOWN = 5;

/** How many edits away a name may be and still be listed as close. */
const CLOSE_EDITS = 2;

type Audience = "tag" | "filter" | "group" | "field";

/** Every record of one of the account's lists, or a failure naming the cap. */
async function readAll<T>(
  noun: Audience,
  readPage: (page: number) => Promise<api.ListPage<T>>,
): Promise<T[]> {
  const items = await readAccountPages((page) => readPage(page), AUDIENCE_MAX_PAGES);
  if (items === undefined)
    throw new Error(
      `the account has more than ${AUDIENCE_MAX_PAGES * 100} ${noun}s; name the ${noun} by id instead`,
    );
  return items;
}

const pageOf = (page: number) => ({ page, limit: 100 });

/**
 * The names of `records` close to `name`: equal ignoring case, or at most {@link CLOSE_EDITS} edits
 * away; the closest first, at most {@link CLOSE_NAMES_SHOWN}.
 */
export function closeNames(name: string, records: readonly { name?: string | null | undefined }[]): string[] {
  const lower = name.toLowerCase();
  const scored = new Map<string, number>();
  for (const record of records) {
    const candidate = record.name;
    if (typeof candidate !== "string" || candidate === name || scored.has(candidate)) continue;
    const distance = candidate.toLowerCase() === lower ? 0 : editDistance(candidate.toLowerCase(), lower);
    if (distance <= CLOSE_EDITS) scored.set(candidate, distance);
  }
  return [...scored]
    .sort(([a, da], [b, db]) => da - db || (a < b ? -1 : 1))
    .slice(0, CLOSE_NAMES_SHOWN)
    .map(([candidate]) => candidate);
}

/**
 * The one record named exactly `name`. None: a `not-found` failure listing the close names; two or
 * more: a failure listing their ids, since a name the program gives must mean one audience.
 */
export function oneNamed<T extends { id: string; name?: string | null | undefined }>(
  noun: Audience,
  name: string,
  records: readonly T[],
): T {
  const matches = records.filter((record) => record.name === name);
  const quoted = JSON.stringify(serviceText(name, 80));
  if (matches.length === 1) return matches[0] as T;
  if (matches.length > 1)
    throw new LookupError(
      "ambiguous",
      `${matches.length} ${noun}s are named ${quoted} (${matches.map((m) => m.id).join(", ")}): rename all but one in Sender, or name the ${noun} by id`,
    );
  const close = closeNames(name, records);
  const hint =
    close.length > 0
      ? `close names: ${close.map((c) => JSON.stringify(serviceText(c, 80))).join(", ")}`
      : `the account has ${records.length} ${noun}${records.length === 1 ? "" : "s"}, none close to it`;
  throw new LookupError(
    "not-found",
    `no ${noun} is named ${quoted} (${hint}); names match exactly, case included`,
  );
}

const NAME_ARG = {
  type: "string",
  check: z.string().min(1),
  rule: "must be a non-empty string",
} as const;

/**
 * Reads every tag of the account (`GET /v2/tags`, every page).
 *
 * @example const { tags } = await sender.getTags();
 */
export const getTags: DataSource<NoArgs, GetTagsResult> = {
  name: "getTags",
  docs: dataSourceDocs.getTags,
  args: {},
  result: {
    tags: { type: { objectList: tag } },
  },
  run: async (client) => ({
    tags: (await readAll("tag", (page) => client.listAccountTags(pageOf(page)))).map(tag.read),
  }),
};

/**
 * Finds the one tag of the account with this exact name (`GET /v2/tags`, every page), so that a
 * targeting can name it as the dashboard does: `{@lookupUse tagIds tag vip}`. Fails with one line listing the
 * close names when none matches (equal ignoring case, or at most 2 edits away), and listing their ids
 * when two share the name.
 *
 * @example const vip = await sender.getTag({ name: "VIP" });
 */
export const getTag: DataSource<GetTagArgs, TagInfo> = {
  name: "getTag",
  docs: dataSourceDocs.getTag,
  args: { name: NAME_ARG },
  result: tag.fields,
  run: async (client, { name }) =>
    tag.read(oneNamed("tag", name, await readAll("tag", (page) => client.listAccountTags(pageOf(page))))),
};

/**
 * Reads every saved filter of the account (`GET /v2/filters`, every page).
 *
 * @example const { filters } = await sender.getFilters();
 */
export const getFilters: DataSource<NoArgs, GetFiltersResult> = {
  name: "getFilters",
  docs: dataSourceDocs.getFilters,
  args: {},
  result: {
    filters: { type: { objectList: filter } },
  },
  run: async (client) => ({
    filters: (await readAll("filter", (page) => client.listAccountFilters(pageOf(page)))).map(filter.read),
  }),
};

/**
 * Finds the one saved filter of the account with this exact name (`GET /v2/filters`, every page),
 * as {@link getTag} finds a tag: `{@lookupUse filterIds filter engaged}`.
 *
 * @example const engaged = await sender.getFilter({ name: "Opened last 30 days" });
 */
export const getFilter: DataSource<GetFilterArgs, FilterInfo> = {
  name: "getFilter",
  docs: dataSourceDocs.getFilter,
  args: { name: NAME_ARG },
  result: filter.fields,
  run: async (client, { name }) =>
    filter.read(
      oneNamed("filter", name, await readAll("filter", (page) => client.listAccountFilters(pageOf(page)))),
    ),
};

/** A titled record with its title as the name a lookup matches. */
const byTitle = <T extends { title: string }>(record: T) => ({ ...record, name: record.title });

/**
 * Reads every group of the account (`GET /v2/groups`, every page).
 *
 * @example const { groups } = await sender.getGroups();
 */
export const getGroups: DataSource<NoArgs, GetGroupsResult> = {
  name: "getGroups",
  docs: dataSourceDocs.getGroups,
  args: {},
  result: {
    groups: { type: { objectList: group } },
  },
  run: async (client) => ({
    groups: (await readAll("group", (page) => client.listGroups(pageOf(page)))).map(group.read),
  }),
};

/**
 * Finds the one group of the account with this exact title (`GET /v2/groups`, every page), so that a
 * campaign or a webhook can name it as the dashboard does: `{@lookupUse groups group beta}`. Fails
 * with one line listing the close titles when none matches (equal ignoring case, or at most 2 edits
 * away), and listing their ids when two share the title.
 *
 * @example const beta = await sender.getGroup({ name: "Beta testers" });
 */
export const getGroup: DataSource<GetGroupArgs, GroupInfo> = {
  name: "getGroup",
  docs: dataSourceDocs.getGroup,
  args: { name: NAME_ARG },
  result: group.fields,
  run: async (client, { name }) =>
    group.read(
      oneNamed(
        "group",
        name,
        (await readAll("group", (page) => client.listGroups(pageOf(page)))).map(byTitle),
      ),
    ),
};

/**
 * Reads every subscriber field of the account (`GET /v2/fields`, every page): their titles and the
 * personalization tags (`{$firstname}`) a content may write.
 *
 * @example const { fields } = await sender.getFields();
 */
export const getFields: DataSource<NoArgs, GetFieldsResult> = {
  name: "getFields",
  docs: dataSourceDocs.getFields,
  args: {},
  result: {
    fields: { type: { objectList: field } },
  },
  run: async (client) => ({
    fields: (await readAll("field", (page) => client.listFields(pageOf(page)))).map(field.read),
  }),
};

/**
 * Finds the one subscriber field of the account with this exact title (`GET /v2/fields`, every
 * page), as {@link getGroup} finds a group; its `fieldName` is the personalization tag a content
 * writes.
 *
 * @example const first = await sender.getField({ name: "First name" });
 */
export const getField: DataSource<GetFieldArgs, FieldInfo> = {
  name: "getField",
  docs: dataSourceDocs.getField,
  args: { name: NAME_ARG },
  result: field.fields,
  run: async (client, { name }) =>
    field.read(
      oneNamed(
        "field",
        name,
        (await readAll("field", (page) => client.listFields(pageOf(page)))).map(byTitle),
      ),
    ),
};
