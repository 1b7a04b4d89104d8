/**
 * Campaign: a regular email campaign (`/v2/campaigns`). Nothing forces replacement: the API's
 * PATCH takes every managed field, groups and segments included (docs/wire-contract.md).
 *
 * Create and update never send mail. A campaign the service reports as SENDING or SENT is
 * frozen: `diff` refuses any change to it during preview, since replacing it would mail again.
 */
import { z } from "zod";
import type { SenderClient } from "../client";
import { formatTimestamp } from "../client/query";
import type * as api from "../client/schemas";
import { getClient } from "../context";
import {
  changedFields,
  checkWithSchema,
  compact,
  createOnce,
  type DiffSpec,
  diffBySpec,
  isNotFound,
  isSent,
  operationError,
  type ResourceProviderImpl,
  refuseIfSent,
  sameSet,
  sentCampaignError,
  userInputs,
  withOperation,
} from "./common";

/** The inputs of a Campaign, normalized by `check` (camelCase). */
export interface CampaignInputs {
  /** Internal name. */
  title?: string;
  /** Subject line. */
  subject: string;
  /** Sender name (not an address). */
  from: string;
  /** Reply-to address on a verified domain. */
  replyTo: string;
  /** Content type. */
  contentType: api.ContentType;
  /** Preview text. */
  preheader?: string;
  /** The html or text content. */
  content?: string;
  /** Google Analytics tracking of links. */
  googleAnalytics?: boolean;
  /** Group ids to send to (a set). */
  groups?: string[];
  /** Segment ids to send to (a set). */
  segments?: string[];
  /** Id of an existing campaign that `create` takes over instead of making a new one. */
  adoptId?: string;
}

/** What the service computes; added to the inputs to make the outputs. */
export interface CampaignComputed {
  /** DRAFT, SCHEDULED, SENDING or SENT. */
  status: api.CampaignStatus;
  /** Creation time, `YYYY-MM-DD HH:MM:SS` UTC. */
  created: string;
  /** Last change, `YYYY-MM-DD HH:MM:SS` UTC. */
  modified: string;
  /** When it is scheduled to go, if it is. */
  scheduleTime?: string;
  /** When it was sent, once it was. */
  sentTime?: string;
  /** How many subscribers it reaches. */
  recipientCount: number;
  /** The sending domain. */
  domainId: string;
  /** The editor wizard's step. */
  lastAction: api.LastAction;
}

/** How Campaign inputs compare. Nothing is replace-only: PATCH takes every field. */
export const CAMPAIGN_DIFF: DiffSpec = {
  fields: [
    "title",
    "subject",
    "from",
    "replyTo",
    "contentType",
    "preheader",
    "content",
    "googleAnalytics",
    "groups",
    "segments",
  ],
  replaceOnChange: [],
  setFields: ["groups", "segments"],
  deleteBeforeReplace: false,
};

// Optional inputs a program may leave out; when it does, an update resets them to these values.
const CLEARED: Record<string, unknown> = {
  title: null,
  preheader: null,
  content: null,
  googleAnalytics: false,
  groups: [],
  segments: [],
};

const API_FIELD: Record<string, string> = {
  title: "title",
  subject: "subject",
  from: "from",
  replyTo: "reply_to",
  contentType: "content_type",
  preheader: "preheader",
  content: "content",
  googleAnalytics: "google_analytics",
  groups: "groups",
  segments: "segments",
};

let schema: z.ZodType | undefined;

/** The input schema, built on first use (this module is required, never closure-serialized). */
function campaignSchema(): z.ZodType {
  schema ??= z.object({
    title: textInput("title").optional(),
    subject: textInput("subject", 1),
    from: textInput("from", 1),
    replyTo: z.email({ error: "replyTo must be an email address" }),
    contentType: z.enum(["editor", "html", "text"], {
      error: 'contentType must be one of "editor", "html", "text"',
    }),
    preheader: textInput("preheader").optional(),
    content: z.string({ error: "content must be a string" }).optional(),
    googleAnalytics: z.boolean({ error: "googleAnalytics must be true or false" }).optional(),
    groups: idList("groups", "group").optional(),
    segments: idList("segments", "segment").optional(),
    adoptId: z
      .string({ error: "adoptId must be a campaign id" })
      .min(1, "adoptId must not be empty when given")
      .optional(),
  });
  return schema;
}

/** A string of at most 255 characters, as the service takes (required when `min` is 1). */
export function textInput(name: string, min = 0) {
  const base = z.string({
    error: min > 0 ? `${name} is required and must be a string` : `${name} must be a string`,
  });
  return (min > 0 ? base.min(min, `${name} must not be empty`) : base).max(
    255,
    `${name} must be at most 255 characters`,
  );
}

/** A list of non-empty id strings, named by the property for its messages. */
export function idList(name: string, what: string) {
  return z.array(
    z
      .string({ error: `${name} must hold ${what} ids (strings)` })
      .min(1, `${name} must not hold an empty id`),
    {
      error: `${name} must be a list of ${what} ids`,
    },
  );
}

/** The service's list, but in the previous order when it holds the same ids, so refresh shows no reordering. */
export function stableSet(previous: unknown, current: string[]): string[] {
  return Array.isArray(previous) && sameSet(previous, current) ? (previous as string[]) : current;
}

/** The managed inputs of a check-validated input object, without engine keys or extras. */
function managedInputs(props: Record<string, unknown>): CampaignInputs {
  const inputs = userInputs(props);
  const picked: Record<string, unknown> = {};
  for (const field of [...CAMPAIGN_DIFF.fields, "adoptId"]) picked[field] = inputs[field];
  return compact(picked) as unknown as CampaignInputs;
}

/** The POST body of the inputs (snake_case). */
function createBody(inputs: CampaignInputs): api.CreateCampaignBody {
  return compact({
    title: inputs.title,
    subject: inputs.subject,
    from: inputs.from,
    reply_to: inputs.replyTo,
    content_type: inputs.contentType,
    preheader: inputs.preheader,
    content: inputs.content,
    google_analytics: inputs.googleAnalytics,
    groups: inputs.groups,
    segments: inputs.segments,
  });
}

/** The PATCH body of the changed fields only; a field the program dropped is cleared. */
function patchBody(fields: readonly string[], inputs: CampaignInputs): api.UpdateCampaignBody {
  const body: Record<string, unknown> = {};
  const values = inputs as unknown as Record<string, unknown>;
  for (const field of fields) {
    const apiField = API_FIELD[field];
    if (apiField !== undefined) body[apiField] = values[field] ?? CLEARED[field];
  }
  // The service takes null to clear title, preheader and content; the client's body type has no null.
  return body as api.UpdateCampaignBody;
}

/**
 * The managed inputs as the service now has them. An optional field the program left out stays
 * out while the service holds its empty value, so that a refresh shows no false change.
 */
export function inputsFromCampaign(
  campaign: api.Campaign,
  previous: Record<string, unknown>,
): CampaignInputs {
  const optionalText = (field: string, value: string | null) =>
    previous[field] !== undefined || (value !== null && value !== "") ? (value ?? undefined) : undefined;
  const optionalSet = (field: string, value: string[]) =>
    previous[field] !== undefined || value.length > 0 ? stableSet(previous[field], value) : undefined;
  const analytics = campaign.google_analytics === 1;
  return compact({
    title: optionalText("title", campaign.title),
    subject: campaign.subject,
    from: campaign.from,
    replyTo: campaign.reply_to,
    contentType: campaign.editor,
    preheader: optionalText("preheader", campaign.preheader),
    content: optionalText("content", campaign.html.html_content),
    googleAnalytics: previous.googleAnalytics !== undefined || analytics ? analytics : undefined,
    groups: optionalSet("groups", campaign.campaign_groups),
    segments: optionalSet("segments", campaign.segments),
    adoptId: typeof previous.adoptId === "string" ? previous.adoptId : undefined,
  }) as CampaignInputs;
}

/** The fields the service computes. */
export function computedOf(campaign: api.Campaign): CampaignComputed {
  return compact({
    status: campaign.status,
    created: campaign.created,
    modified: campaign.modified,
    scheduleTime: campaign.schedule_time ?? undefined,
    sentTime: campaign.sent_time ?? undefined,
    recipientCount: campaign.recipient_count,
    domainId: campaign.domain_id,
    lastAction: campaign.last_action,
  });
}

function outputsOf(inputs: CampaignInputs, campaign: api.Campaign): Record<string, unknown> {
  return { ...inputs, ...computedOf(campaign) };
}

// Campaigns this process created or adopted: the duplicate search never hands one out twice,
// even to two identical resources of one stack.
const claimed = new Set<string>();

/** Forgets the campaigns this process claimed; for tests, whose emulator reuses ids after a reset. */
export function forgetClaimedCampaigns(): void {
  claimed.clear();
}

// Tolerated clock difference with the service when matching a campaign to a failed create.
const CLOCK_SKEW_MS = 60_000;
const SEARCH_PAGES = 3;
const SEARCH_PAGE_SIZE = 50;

/**
 * After an ambiguous create failure: the newest DRAFT with the same title, subject, from and
 * reply_to, created at or after the attempt started (within the clock tolerance), if any.
 */
async function findCreated(
  client: SenderClient,
  body: api.CreateCampaignBody,
  startedAt: Date,
): Promise<api.Campaign | undefined> {
  const since = formatTimestamp(new Date(startedAt.getTime() - CLOCK_SKEW_MS));
  for (let page = 1; page <= SEARCH_PAGES; page++) {
    const answer = await client.listCampaigns({ status: "DRAFT", page, limit: SEARCH_PAGE_SIZE });
    const found = answer.data.find(
      (campaign) =>
        !claimed.has(campaign.id) &&
        campaign.created >= since &&
        (campaign.title ?? null) === (body.title ?? null) &&
        campaign.subject === body.subject &&
        campaign.from === body.from &&
        campaign.reply_to === body.reply_to,
    );
    if (found) return found;
    if (page >= answer.meta.last_page) return undefined;
  }
  return undefined;
}

/** Takes over an existing campaign and PATCHes it to match the inputs. */
async function adopt(client: SenderClient, adoptId: string, inputs: CampaignInputs): Promise<api.Campaign> {
  let current: api.Campaign;
  try {
    current = await client.getCampaign(adoptId);
  } catch (err) {
    if (isNotFound(err)) {
      throw new Error(`adoptId ${adoptId}: no campaign with this id exists (${(err as Error).message})`);
    }
    throw err;
  }
  const wanted = inputs as unknown as Record<string, unknown>;
  const differing = changedFields(
    CAMPAIGN_DIFF,
    inputsFromCampaign(current, wanted) as unknown as Record<string, unknown>,
    wanted,
  );
  if (differing.length === 0) return current;
  if (isSent(current.status)) throw sentCampaignError(adoptId, current.status, differing);
  await client.updateCampaign(adoptId, patchBody(differing, inputs));
  return client.getCampaign(adoptId);
}

const label = (props: Record<string, unknown>) =>
  typeof props.adoptId === "string" ? props.adoptId : JSON.stringify(props.title ?? props.subject ?? "");

/** The Campaign provider. */
export const campaignProvider: ResourceProviderImpl = {
  async check(_olds, news) {
    return checkWithSchema(campaignSchema(), news);
  },

  async diff(id, olds, news) {
    const result = diffBySpec(CAMPAIGN_DIFF, olds, news);
    if (!result.changes) return result;
    await refuseIfSent("Campaign", id, id, changedFields(CAMPAIGN_DIFF, olds, news));
    return result;
  },

  async create(props) {
    const inputs = managedInputs(props);
    return withOperation("create", "Campaign", label(props), async () => {
      const client = getClient();
      let campaign: api.Campaign;
      if (inputs.adoptId !== undefined) {
        campaign = await adopt(client, inputs.adoptId, inputs);
      } else {
        const body = createBody(inputs);
        const startedAt = new Date();
        campaign = await createOnce(
          () => client.createCampaign(body),
          () => findCreated(client, body, startedAt),
        );
      }
      claimed.add(campaign.id);
      return { id: campaign.id, outs: outputsOf(inputs, campaign) };
    });
  },

  async read(id, props) {
    const previous = userInputs(props);
    let campaign: api.Campaign;
    try {
      campaign = await getClient().getCampaign(id);
    } catch (err) {
      if (isNotFound(err)) return { id: "" };
      throw operationError("read", "Campaign", id, err);
    }
    const inputs = inputsFromCampaign(campaign, previous);
    return { id, props: outputsOf(inputs, campaign), inputs };
  },

  async update(id, olds, news) {
    const inputs = managedInputs(news);
    return withOperation("update", "Campaign", id, async () => {
      const client = getClient();
      const changed = changedFields(CAMPAIGN_DIFF, olds, news);
      if (changed.length > 0) await client.updateCampaign(id, patchBody(changed, inputs));
      return { outs: outputsOf(inputs, await client.getCampaign(id)) };
    });
  },

  async delete(id) {
    await withOperation("delete", "Campaign", id, async () => {
      try {
        const ack = await getClient().deleteCampaigns([id]);
        // The service answers success: false ("No campaigns found.") for an id it does not have.
        if (!ack.success && !/not found|no campaigns found/i.test(ack.message))
          throw new Error(`the service answered: ${ack.message}`);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    });
  },
};
