/**
 * Campaign: a regular email campaign (`/v2/campaigns`). Nothing forces replacement: the API's
 * PATCH takes every managed field, groups and segments included (docs/wire-contract.md).
 *
 * Create and update never send mail. A campaign the service reports as anything but DRAFT or
 * SCHEDULED is frozen: `diff` (and `update` again) refuse any change, since replacing it would
 * mail again.
 */
import { z } from "zod";
import { type SenderClient, shorten } from "../client";
import type * as api from "../client/schemas";
import { getClient } from "../context";
import {
  changedFields,
  checkWithSchema,
  createOnce,
  guardChange,
  guardedDiff,
  isNotFound,
  isSent,
  keepAutoname,
  type ResourceProviderImpl,
  readOrGone,
  resetClaims,
  sentCampaignError,
  userInputs,
  withOperation,
} from "./common";
import {
  autonamedField,
  bodyOf,
  type ComputedOf,
  derive,
  type InputsOf,
  idList,
  type OutputsOf,
  patchBodyOf,
  pickInputs,
  readComputed,
  readInputs,
  type TableOf,
  textInput,
  typed,
} from "./fields";
import { safeId } from "./ids";

const KIND = "Campaign";

const CONTENT_TYPES = ["editor", "html", "text"] as const satisfies readonly api.ContentType[];

/** The inputs of a Campaign, normalized by `check` (camelCase): derived from {@link campaignFields}. */
export type CampaignInputs = InputsOf<typeof campaignFields>;

/** What the service computes; added to the inputs to make the outputs. */
export type CampaignComputed = ComputedOf<typeof campaignFields>;

/** The outputs of a Campaign: its inputs and what the service computes. */
export type CampaignOutputs = OutputsOf<typeof campaignFields>;

/**
 * The field table of Campaign. Nothing is replace-only: PATCH takes every field, groups and
 * segments included. Optional inputs a program leaves out are reset to `cleared` by an update.
 */
export const campaignFields = {
  /**
   * Internal name, shown in the Sender dashboard and reports. Left out (and without `adoptId`), it is
   * autonamed `<resource name>-<8 hex>`, the hex a hash of the resource's URN: the same for this resource of
   * this stack in every run, different in every other stack, so that a create that lost its answer or an
   * `up` that was killed finds and adopts its own campaign instead of making a second one. An explicit title
   * cannot prove that (see the README).
   */
  title: {
    type: "string",
    doc: "Internal name, shown in the Sender dashboard and reports. Left out (and without `adoptId`), it is autonamed `<resource name>-<8 hex>`, the hex a hash of the resource's URN: the same for this resource of this stack in every run, different in every other stack, so that a create that lost its answer or an `up` that was killed finds and adopts its own campaign instead of making a second one. An explicit title cannot prove that (see the README).",
    api: "title",
    cleared: "",
    check: textInput(),
  },
  /** Subject line of the email. */
  subject: {
    type: "string",
    doc: "Subject line of the email.",
    api: "subject",
    required: true,
    check: textInput(1),
  },
  /** Sender *name* shown to recipients (not an address), e.g. `Example News`. */
  from: {
    type: "string",
    doc: "Sender *name* shown to recipients (not an address), e.g. `Example News`.",
    api: "from",
    required: true,
    check: textInput(1),
  },
  /** Reply-to address; its domain must be a verified domain of the account. */
  replyTo: {
    type: "string",
    doc: "Reply-to address; its domain must be a verified domain of the account.",
    api: "reply_to",
    required: true,
    check: z.email({ error: "must be an email address" }),
  },
  /** How the content is written: `editor`, `html` or `text`. */
  contentType: {
    type: "string",
    doc: "How the content is written: `editor`, `html` or `text`.",
    api: "content_type",
    required: true,
    enum: CONTENT_TYPES,
    check: z.enum(CONTENT_TYPES, { error: `must be one of ${CONTENT_TYPES.join(", ")}` }),
  },
  /** Preview text shown after the subject in most inboxes. */
  preheader: {
    type: "string",
    doc: "Preview text shown after the subject in most inboxes.",
    api: "preheader",
    cleared: "",
    check: textInput(),
  },
  /** The email body: html for `html` and `editor`, plain text for `text`. */
  content: {
    type: "string",
    doc: "The email body: html for `html` and `editor`, plain text for `text`.",
    api: "content",
    cleared: "",
    check: z.string({ error: "must be a string" }),
  },
  /** Whether links carry Google Analytics tracking. Default `false`. */
  googleAnalytics: {
    type: "boolean",
    doc: "Whether links carry Google Analytics tracking. Default `false`.",
    api: "google_analytics",
    cleared: false,
    check: z.boolean({ error: "must be true or false" }),
  },
  /** Ids of the groups the campaign goes to. A set: order does not matter. */
  groups: {
    type: "stringList",
    doc: "Ids of the groups the campaign goes to. A set: order does not matter.",
    api: "groups",
    set: true,
    cleared: [],
    check: idList("group"),
  },
  /** Ids of the segments the campaign goes to. A set: order does not matter. */
  segments: {
    type: "stringList",
    doc: "Ids of the segments the campaign goes to. A set: order does not matter.",
    api: "segments",
    set: true,
    cleared: [],
    check: idList("segment"),
  },
  /**
   * Set by the SDK (or the plugin's check) when it made up the title (see `title`): the title then proves which campaign is this resource's. Not meant to be set by programs. Only read at create.
   */
  autonamed: autonamedField,
  /**
   * Id of an existing campaign to take over instead of creating one; `create` then updates it to match these
   * arguments. This is the way to bring a campaign made elsewhere under the stack: `pulumi import` does not
   * work for dynamic resources (pulumi/pulumi#16175). Refused when the campaign has already been sent and
   * differs from the arguments. Only read at create.
   */
  adoptId: {
    type: "string",
    doc:
      "Id of an existing campaign to take over instead of creating one; `create` then updates it to match " +
      "these arguments. This is the way to bring a campaign made elsewhere under the stack: `pulumi import` " +
      "does not work for dynamic resources (pulumi/pulumi#16175). Refused when the campaign has already been " +
      "sent and differs from the arguments. Only read at create.",
    createOnly: true,
    check: z
      .string({ error: "must be a campaign id" })
      .min(1, "must not be empty when given")
      .superRefine(safeId("campaign")),
  },
  /** `DRAFT`, `SCHEDULED`, `SENDING` or `SENT`, as of the last create, update or refresh. */
  status: {
    type: "string",
    doc: "`DRAFT`, `SCHEDULED`, `SENDING` or `SENT`, as of the last create, update or refresh.",
    api: "status",
    output: true,
    ...typed<api.CampaignStatus>(),
  },
  /** When the campaign was created, `YYYY-MM-DD HH:MM:SS` UTC. */
  created: {
    type: "string",
    doc: "When the campaign was created, `YYYY-MM-DD HH:MM:SS` UTC.",
    api: "created",
    output: true,
  },
  /** When the campaign last changed, `YYYY-MM-DD HH:MM:SS` UTC. */
  modified: {
    type: "string",
    doc: "When the campaign last changed, `YYYY-MM-DD HH:MM:SS` UTC.",
    api: "modified",
    output: true,
  },
  /** When it is scheduled to go, `YYYY-MM-DD HH:MM:SS` UTC, if it is. */
  scheduleTime: {
    type: "string",
    doc: "When it is scheduled to go, `YYYY-MM-DD HH:MM:SS` UTC, if it is.",
    api: "schedule_time",
    output: true,
    optional: true,
  },
  /** When it was sent, `YYYY-MM-DD HH:MM:SS` UTC, once it was. */
  sentTime: {
    type: "string",
    doc: "When it was sent, `YYYY-MM-DD HH:MM:SS` UTC, once it was.",
    api: "sent_time",
    output: true,
    optional: true,
  },
  /** How many subscribers it reaches. */
  recipientCount: {
    type: "integer",
    doc: "How many subscribers it reaches.",
    api: "recipient_count",
    output: true,
  },
  /** The sending domain's id. */
  domainId: {
    type: "string",
    doc: "The sending domain's id.",
    api: "domain_id",
    output: true,
    optional: true,
  },
  /** The step of the editor wizard the campaign is at. */
  lastAction: {
    type: "string",
    doc: "The step of the editor wizard the campaign is at.",
    api: "last_action",
    output: true,
    ...typed<api.LastAction>(),
  },
} as const satisfies TableOf<keyof api.CreateCampaignBody | api.KnownKeys<api.Campaign>>;

/** What a Campaign is, for the package schema and the SDK. */
export const campaignDescription =
  "A regular email campaign of Sender.net. Every input updates in place; nothing forces a replacement. " +
  "Creating or updating a campaign never sends it. Once the service reports the campaign as anything but " +
  "DRAFT or SCHEDULED, any change to it is refused at preview: replacing a sent campaign could send the mail again.";

/** How Campaign inputs compare. Nothing is replace-only: PATCH takes every field. Built at module load. */
const { spec: CAMPAIGN_DIFF, schema: inputSchema } = derive(campaignFields);

/** The managed inputs of a check-validated input object, without engine keys or extras. */
function managedInputs(props: Record<string, unknown>): CampaignInputs {
  return pickInputs(campaignFields, props) as CampaignInputs & Record<string, unknown>;
}

/** The POST body of the inputs (snake_case). */
/** The analytics switch as the seed types it (§2.3): a number, 1 on and 0 off. */
function seedTyped(body: Record<string, unknown>): Record<string, unknown> {
  const analytics = body.google_analytics;
  return typeof analytics === "boolean" ? { ...body, google_analytics: analytics ? 1 : 0 } : body;
}

function createBody(inputs: CampaignInputs): api.CreateCampaignBody {
  return seedTyped(bodyOf(campaignFields, { ...inputs })) as api.CreateCampaignBody & Record<string, unknown>;
}

/** The PATCH body of the changed fields only; a field the program dropped is cleared. */
function patchBody(fields: readonly string[], inputs: CampaignInputs): api.UpdateCampaignBody {
  // Text is cleared with "" (a string, as the seed types it), the analytics number with 0.
  return seedTyped(patchBodyOf(campaignFields, fields, { ...inputs })) as api.UpdateCampaignBody;
}

/** A campaign record under the request's field names, where the answer differs from the body. */
function asBody(campaign: api.Campaign): Record<string, unknown> {
  return {
    ...campaign,
    content_type: campaign.editor,
    // A field the answer lacks (absent, or a null switch or list) reads as unknown: kept as it was.
    content: campaign.html?.html_content,
    google_analytics: campaign.google_analytics == null ? undefined : campaign.google_analytics === 1,
    groups: campaign.campaign_groups ?? undefined,
    segments: campaign.segments ?? undefined,
  };
}

/**
 * The managed inputs as the service now has them. An optional field the program left out stays
 * out while the service holds its empty value, so that a refresh shows no false change.
 */
export function inputsFromCampaign(
  campaign: api.Campaign,
  previous: Record<string, unknown>,
): CampaignInputs {
  return readInputs(campaignFields, asBody(campaign), previous) as CampaignInputs & Record<string, unknown>;
}

/** The fields the service computes. */
export function computedOf(campaign: api.Campaign): CampaignComputed {
  return readComputed(campaignFields, campaign) as CampaignComputed & Record<string, unknown>;
}

function outputsOf(inputs: CampaignInputs, campaign: api.Campaign): Record<string, unknown> {
  return { ...inputs, ...computedOf(campaign) };
}

/** Forgets the campaigns this process claimed; for tests, whose emulator reuses ids after a reset. */
export function forgetClaimedCampaigns(): void {
  resetClaims();
}

const SEARCH_PAGES = 3;
const SEARCH_PAGE_SIZE = 100;

/**
 * The DRAFT campaigns a create of `body` could have made: the same title, and (unless the title
 * is autonamed, which alone identifies the resource) the same subject, from and reply_to.
 */
async function findCandidates(
  client: SenderClient,
  body: api.CreateCampaignBody,
  autonamed: boolean,
): Promise<api.Campaign[]> {
  const found: api.Campaign[] = [];
  for (let page = 1; page <= SEARCH_PAGES; page++) {
    const answer = await client.listCampaigns({ status: "DRAFT", page, limit: SEARCH_PAGE_SIZE });
    for (const campaign of answer.data) {
      if ((campaign.title ?? null) !== (body.title ?? null)) continue;
      if (
        autonamed ||
        (campaign.subject === body.subject &&
          campaign.from === body.from &&
          campaign.reply_to === body.reply_to)
      )
        found.push(campaign);
    }
    if (page >= answer.meta.last_page) break;
  }
  return found;
}

/** Takes over an existing campaign and PATCHes it to match the inputs. */
async function adopt(client: SenderClient, adoptId: string, inputs: CampaignInputs): Promise<api.Campaign> {
  let current: api.Campaign;
  try {
    current = await client.getCampaign(adoptId);
  } catch (err) {
    if (isNotFound(err)) {
      throw new Error(
        `adoptId ${shorten(adoptId)}: no campaign with this id exists (${(err as Error).message})`,
      );
    }
    throw err;
  }
  const wanted: Record<string, unknown> = { ...inputs };
  const differing = changedFields(CAMPAIGN_DIFF, { ...inputsFromCampaign(current, wanted) }, wanted);
  if (differing.length === 0) return current;
  if (isSent(current.status)) throw sentCampaignError(adoptId, current.status, differing);
  await client.updateCampaign(adoptId, patchBody(differing, inputs));
  return client.getCampaign(adoptId);
}

const label = (props: Record<string, unknown>) =>
  typeof props.adoptId === "string" ? props.adoptId : JSON.stringify(props.title ?? props.subject ?? "");

/** The Campaign provider. */
export const campaignProvider: ResourceProviderImpl = {
  check: async (olds, news) => checkWithSchema(inputSchema, keepAutoname(olds, news)),

  async diff(id, olds, news) {
    return guardedDiff(CAMPAIGN_DIFF, KIND, id, olds, news, [id]);
  },

  async create(props) {
    const inputs = managedInputs(props);
    return withOperation("create", KIND, label(props), async () => {
      const client = getClient();
      let campaign: api.Campaign;
      if (inputs.adoptId !== undefined) {
        campaign = await adopt(client, inputs.adoptId, inputs);
      } else {
        const body = createBody(inputs);
        const autonamed = props.autonamed === true && body.title !== undefined;
        campaign = await createOnce(
          {
            kind: "Campaign",
            describe: `campaign ${JSON.stringify(shorten(body.title ?? body.subject))}`,
            create: () => client.createCampaign(body),
            find: () => findCandidates(client, body, autonamed),
            ...(autonamed ? { owns: (candidate: api.Campaign) => candidate.title === body.title } : {}),
            idOf: (c) => c.id,
            remove: async (id) => {
              await client.deleteCampaigns([id]);
            },
          },
          { settleMs: client.attemptTimeoutMs },
        );
      }
      return { id: campaign.id, outs: outputsOf(inputs, campaign) };
    });
  },

  async read(id, props) {
    const previous = userInputs(props);
    return readOrGone(
      KIND,
      id,
      () => getClient().getCampaign(id),
      (campaign) => {
        const inputs = inputsFromCampaign(campaign, previous);
        return { id, props: outputsOf(inputs, campaign), inputs };
      },
    );
  },

  async update(id, olds, news) {
    const inputs = managedInputs(news);
    return withOperation("update", KIND, id, async () => {
      const client = getClient();
      // Sent since the preview: refused rather than changed.
      const changed = await guardChange("update", CAMPAIGN_DIFF, KIND, id, olds, news, [id]);
      if (changed.length > 0) await client.updateCampaign(id, patchBody(changed, inputs));
      return { outs: outputsOf(inputs, await client.getCampaign(id)) };
    });
  },

  async delete(id) {
    await withOperation("delete", KIND, id, async () => {
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
