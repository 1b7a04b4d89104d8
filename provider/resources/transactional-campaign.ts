import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
  type CreateTransactionalBody,
  formatTimestamp,
  type SenderClient,
  type Transactional,
} from "../client";
import { getClient } from "../context";
import {
  checkWithSchema,
  compact,
  createOnce,
  type DiffSpec,
  diffBySpec,
  isNotFound,
  type ResourceProviderImpl,
  sameValue,
  withOperation,
} from "./common";

const KIND = "TransactionalCampaign";

/** The inputs of a transactional campaign that the provider keeps equal to the service. */
export interface TransactionalCampaignInputs {
  /** Name shown in reports; the service defaults it to the subject. Managed only when set. */
  title?: string;
  /** Subject line. */
  subject: string;
  /** Sender name. */
  from: string;
  /** Reply-to address, on a verified domain of the account. */
  replyTo: string;
  /** `plain` or `html`. */
  editor: "plain" | "html";
  /** Preview text. Managed only when set. */
  preheader?: string;
  /** Plain text or html body, according to `editor`. Managed only when set. */
  content?: string;
}

/** The fields of {@link TransactionalCampaignInputs}, and their names in the API. */
const FIELDS = {
  title: "title",
  subject: "subject",
  from: "from",
  replyTo: "reply_to",
  editor: "editor",
  preheader: "preheader",
  content: "content",
} as const satisfies Record<keyof TransactionalCampaignInputs, keyof Transactional>;

type Field = keyof typeof FIELDS;
const FIELD_NAMES = Object.keys(FIELDS) as Field[];
/** Inputs that the service fills in when left out; left out, they are not managed. */
const OPTIONAL_FIELDS: readonly Field[] = ["title", "preheader", "content"];

/**
 * The API has neither update nor delete, so every managed input forces a new campaign. `adoptId`
 * is only read by `create` and is not compared: dropping it after adoption must not make a new one.
 */
export const TRANSACTIONAL_CAMPAIGN_DIFF: DiffSpec = {
  fields: FIELD_NAMES,
  replaceOnChange: FIELD_NAMES,
};

/** How far the service's clock may lag ours when looking for a campaign a lost answer made. */
const CLOCK_SKEW_MS = 5_000;
/** Pages of 100 (newest first) searched for that campaign. */
const SEARCH_PAGES = 3;

const EDITOR_REASON = "must be plain or html";
const BUILDER_REASON =
  "builder campaigns are built in the Sender interface, not through the API; use plain or html here";

const nonEmpty = z
  .string({ error: "must be a non-empty string" })
  .trim()
  .min(1, "must be a non-empty string");

// Built at module load: this module is required by the provider process, never closure-serialized.
const inputSchema = z.object({
  title: z.string({ error: "must be a string" }).optional(),
  subject: nonEmpty,
  from: nonEmpty,
  replyTo: z.email({ error: "must be an email address on a verified domain of the account" }),
  editor: z.string({ error: EDITOR_REASON }).superRefine((value, ctx) => {
    if (value === "builder") ctx.addIssue({ code: "custom", message: BUILDER_REASON });
    else if (value !== "plain" && value !== "html") ctx.addIssue({ code: "custom", message: EDITOR_REASON });
  }),
  preheader: z.string({ error: "must be a string" }).optional(),
  content: z.string({ error: "must be a string" }).optional(),
  adoptId: z
    .string({ error: "must be a transactional campaign id" })
    .min(1, "must be a transactional campaign id")
    .optional(),
});

function managedOf(props: Record<string, unknown>): TransactionalCampaignInputs {
  return compact({
    title: props.title as string | undefined,
    subject: props.subject as string,
    from: props.from as string,
    replyTo: props.replyTo as string,
    editor: props.editor as "plain" | "html",
    preheader: props.preheader as string | undefined,
    content: props.content as string | undefined,
  });
}

function bodyOf(inputs: TransactionalCampaignInputs): CreateTransactionalBody {
  return compact({
    title: inputs.title,
    subject: inputs.subject,
    from: inputs.from,
    reply_to: inputs.replyTo,
    editor: inputs.editor,
    preheader: inputs.preheader,
    content: inputs.content,
  }) as CreateTransactionalBody;
}

/**
 * The managed inputs as the service now has them. An optional input the program left out stays
 * out, whatever the service filled in; a `reply_to` the answer lacks keeps the known value.
 */
function inputsOf(record: Transactional, prior: Record<string, unknown>): TransactionalCampaignInputs {
  const out: Record<string, unknown> = {};
  for (const field of FIELD_NAMES) {
    const known = prior[field];
    if (OPTIONAL_FIELDS.includes(field) && (known === undefined || known === null)) continue;
    out[field] = record[FIELDS[field]] ?? (field === "replyTo" ? known : undefined);
  }
  return compact(out) as unknown as TransactionalCampaignInputs;
}

function outputsOf(inputs: TransactionalCampaignInputs, record: Transactional, adoptId: unknown) {
  return compact({
    ...inputs,
    adoptId: typeof adoptId === "string" ? adoptId : undefined,
    type: record.type,
    lastAction: record.last_action,
    created: record.created,
    modified: record.modified,
    domainId: record.domain_id,
    sent: record.sent ?? 0,
    opens: record.opens ?? 0,
    clicks: record.clicks ?? 0,
    bounced: record.bounced ?? 0,
    unsubscribeCount: record.unsubscribeCount ?? 0,
  });
}

/** The inputs whose value the campaign does not have (optional ones only when set). */
function differingFields(inputs: TransactionalCampaignInputs, record: Transactional): Field[] {
  return FIELD_NAMES.filter((field) => {
    const wanted = inputs[field];
    if (wanted === undefined) return false;
    const actual = record[FIELDS[field]];
    if (field === "replyTo" && actual === undefined) return false;
    return !sameValue(wanted, actual);
  });
}

/** Takes over an existing campaign, which must already match the inputs: the API cannot change it. */
async function adopt(client: SenderClient, adoptId: string, inputs: TransactionalCampaignInputs) {
  let record: Transactional;
  try {
    record = await client.getTransactional(adoptId);
  } catch (err) {
    if (isNotFound(err)) throw new Error(`adoptId: no transactional campaign ${adoptId} in the account`);
    throw err;
  }
  const differing = differingFields(inputs, record);
  if (differing.length > 0) {
    const detail = differing
      .map(
        (field) =>
          `${field} is ${JSON.stringify(record[FIELDS[field]] ?? null)}, not ${JSON.stringify(inputs[field])}`,
      )
      .join("; ");
    throw new Error(
      `adoptId: transactional campaign ${adoptId} differs from the inputs in ${differing.join(", ")} (${detail}). ` +
        "The Sender API cannot update a transactional campaign, so set these inputs to the campaign's values.",
    );
  }
  return record;
}

/** The campaign a create whose answer was lost may have made: same fields, made since the attempt. */
async function findCreated(
  client: SenderClient,
  body: CreateTransactionalBody,
  startedAt: number,
): Promise<Transactional | undefined> {
  const since = formatTimestamp(new Date(startedAt - CLOCK_SKEW_MS));
  const matches = (record: Transactional) =>
    record.created >= since &&
    record.subject === body.subject &&
    record.from === body.from &&
    record.editor === body.editor &&
    (body.title === undefined || record.title === body.title) &&
    (record.reply_to === undefined || record.reply_to === body.reply_to);
  for (let page = 1; page <= SEARCH_PAGES; page++) {
    const answer = await client.listTransactional({ page, limit: 100 });
    const found = answer.data.find(matches);
    if (found) return found;
    if (!answer.has_more_resources || answer.data.every((record) => record.created < since)) return undefined;
  }
  return undefined;
}

/**
 * The provider of `TransactionalCampaign`. The API can create and read one, nothing else: every
 * change replaces it, and `delete` only drops it from the stack (with a warning on stderr, which
 * the engine logs), as the service keeps it.
 */
export const transactionalCampaignProvider: ResourceProviderImpl = {
  async check(_olds, news) {
    return checkWithSchema(inputSchema, news);
  },

  async diff(_id, olds, news) {
    return diffBySpec(TRANSACTIONAL_CAMPAIGN_DIFF, olds, news);
  },

  async create(props) {
    const inputs = managedOf(props);
    const adoptId = props.adoptId as string | undefined;
    return withOperation("create", KIND, adoptId, async () => {
      const client = getClient();
      if (adoptId !== undefined) {
        const record = await adopt(client, adoptId, inputs);
        return { id: record.id, outs: outputsOf(inputs, record, adoptId) };
      }
      const body = bodyOf(inputs);
      const startedAt = Date.now();
      // After an ambiguous failure, adopt what the lost answer made rather than make a second one.
      const created = await createOnce(
        () => client.createTransactional(body),
        () => findCreated(client, body, startedAt),
      );
      // The create answer lacks the counters and says step1; read it back so a refresh agrees.
      const record = await client.getTransactional(created.id).catch(() => created);
      return { id: created.id, outs: outputsOf(inputs, record, undefined) };
    });
  },

  async read(id, props) {
    const prior = props ?? {};
    return withOperation("read", KIND, id, async (): Promise<pulumi.dynamic.ReadResult> => {
      let record: Transactional;
      try {
        record = await getClient().getTransactional(id);
      } catch (err) {
        if (isNotFound(err)) return { id: "" };
        throw err;
      }
      const inputs = inputsOf(record, prior);
      const adoptId = prior.adoptId;
      return {
        id,
        props: outputsOf(inputs, record, adoptId),
        inputs: compact({ ...inputs, adoptId: typeof adoptId === "string" ? adoptId : undefined }),
      };
    });
  },

  async update(id) {
    // Unreachable: every managed input forces replacement, so the engine never asks for an update.
    throw new Error(`update ${KIND} ${id} failed: the Sender API cannot change a transactional campaign`);
  },

  async delete(id) {
    // No API call exists; the engine shows a provider's stderr in its log.
    process.stderr.write(
      `warning: ${KIND} ${id} was removed from the stack, but the Sender API cannot delete transactional ` +
        "campaigns: it stays in the account. Delete it in the Sender interface if it is no longer wanted.\n",
    );
  },
};
