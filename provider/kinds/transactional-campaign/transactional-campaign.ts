import { type CreateTransactionalBody, type SenderClient, shorten, type Transactional } from "../../client";
import { markedTitle, sameTitle } from "../../core/autoname";
import type { PropertyBag } from "../../core/bag";
import { withContentChecks } from "../../core/content-in-check";
import { journalIds, journalKey } from "../../core/create-journal";
import { createOnce, createOptionsOf } from "../../core/create-once";
import { defineResource } from "../../core/define";
import { warn } from "../../core/diagnostics";
import { changedFields } from "../../core/diff";
import { compact } from "../../core/engine-values";
import { bodyOf, readComputed } from "../../core/field-bodies";
import { diffSpecOf, type InputsOf, type PropsOf, sameAnswer, sameInput } from "../../core/fields";
import { isNotFound, readOrGone, withOperation } from "../../core/operation-errors";
import { transactionalForRead } from "../../core/paged-reads";
import { wireMapOf } from "../../core/program-errors";
import type { ResourceProviderOf } from "../../core/provider-types";
import { commandWord, declared, fieldList, fieldWord, kindWord, say } from "../../words";
import {
  type TransactionalCampaignInputs,
  type TransactionalCampaignOutputs,
  transactionalCampaignFields,
} from "./transactional-campaign-fields";

export {
  type TransactionalCampaignInputs,
  type TransactionalCampaignOutputs,
  transactionalCampaignDescription,
  transactionalCampaignFields,
  transactionalCampaignSample,
} from "./transactional-campaign-fields";

const KIND = "TransactionalCampaign";

/** How the content checks read a transactional campaign: no unsubscribe link needed, plain text when `editor` is `plain`. */
export const TRANSACTIONAL_CONTENT = {
  kind: KIND,
  formatField: "editor",
  plain: ["plain"],
  marketing: false,
} as const;

/** Pages of 100 (newest first) searched for a campaign a create may have made. */
const SEARCH_PAGES = 3;

type Field = "title" | "subject" | "from" | "replyTo" | "editor" | "preheader" | "content";
const FIELD_NAMES: readonly Field[] = [
  "title",
  "subject",
  "from",
  "replyTo",
  "editor",
  "preheader",
  "content",
];
const apiName = (field: Field) => transactionalCampaignFields[field].api;
/** Inputs that the service fills in when left out; left out, they are not managed. */
const OPTIONAL_FIELDS: readonly Field[] = FIELD_NAMES.filter(
  (field) => !("required" in transactionalCampaignFields[field]),
);

/**
 * A new content or editor forces a new campaign; the other managed inputs change in place. `adoptId`
 * is only read by `create` and is not compared: dropping it after adoption must not make a new one.
 */
const TRANSACTIONAL_CAMPAIGN_DIFF = diffSpecOf(transactionalCampaignFields);

/** The inputs `PATCH /transactional/{id}` changes in place. */
const IN_PLACE: readonly string[] = TRANSACTIONAL_CAMPAIGN_DIFF.fields.filter(
  (field) => !TRANSACTIONAL_CAMPAIGN_DIFF.replaceOnChange.includes(field),
);

/** The inputs kept equal to the service: all but the create-only ones. */
function managedOf(props: InputsOf<typeof transactionalCampaignFields>): TransactionalCampaignInputs {
  const { adoptId: _, autonamed: _autonamed, ownershipMark: _mark, ...inputs } = props;
  return inputs;
}

function bodyOfInputs(inputs: TransactionalCampaignInputs): CreateTransactionalBody {
  return bodyOf(transactionalCampaignFields, inputs);
}

/**
 * The managed inputs as the service now has them. An optional input the program left out stays
 * out, whatever the service filled in; a `reply_to` the answer lacks keeps the known value. With
 * no prior inputs at all (`pulumi import`), every field the service holds is an input, so that
 * the code the CLI writes names them all.
 */
function inputsOf(
  record: Transactional,
  prior: PropsOf<typeof transactionalCampaignFields>,
): TransactionalCampaignInputs {
  const out: { [F in Field]?: unknown } = {};
  const importing = FIELD_NAMES.every((field) => prior[field] === undefined || prior[field] === null);
  for (const field of FIELD_NAMES) {
    const known = prior[field];
    if (!importing && OPTIONAL_FIELDS.includes(field) && (known === undefined || known === null)) continue;
    // A field the answer lacks (reply_to in a create answer; preheader and content in the
    // published examples) keeps the known value.
    const value = record[apiName(field)];
    if (importing && value === "") continue;
    // A value that means the same keeps the known one (`""` where the service holds null, a title
    // it trimmed): the core's one rule (`sameInput`).
    const same = value === undefined || sameInput(transactionalCampaignFields[field], known, value);
    out[field] = same ? known : (value ?? undefined);
  }
  // The service's values stand for the inputs as it holds them (the tolerant reader typed them).
  return compact(out) as TransactionalCampaignInputs;
}

/** The counters a read records: the service's, moving without `modified`, so never kept from a state. */
const COUNTERS = ["sent", "opens", "clicks", "bounced", "unsubscribeCount"] as const;

/**
 * What a read compares besides the counters: the record's key of every field of the table. A field
 * the listed record lacks (preheader, content: no source shows them) is kept from the state only
 * when the listed `modified` is the state's (core/paged-reads.ts).
 */
const READ_FIELDS: readonly (keyof Transactional)[] = Object.values(
  transactionalCampaignFields as Record<string, { api?: string }>,
).flatMap((field) =>
  field.api === undefined || (COUNTERS as readonly string[]).includes(field.api)
    ? []
    : [field.api as keyof Transactional],
);

function outputsOf(
  inputs: TransactionalCampaignInputs,
  record: Transactional,
  adoptId: unknown,
  mark?: unknown,
): TransactionalCampaignOutputs {
  return compact({
    ...inputs,
    adoptId: typeof adoptId === "string" ? adoptId : undefined,
    ownershipMark: typeof mark === "string" ? mark : undefined,
    ...readComputed(transactionalCampaignFields, record),
    // Counters the answer lacks are zero (a new campaign's create answer has none).
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
    const actual = record[apiName(field)];
    // A field the answer lacks cannot be compared.
    if (actual === undefined) return false;
    return !sameInput(transactionalCampaignFields[field], actual, wanted);
  });
}

/** Takes over an existing campaign, which must already match the inputs: the API cannot change it. */
async function takeOver(client: SenderClient, adoptId: string, inputs: TransactionalCampaignInputs) {
  let record: Transactional;
  try {
    record = await client.getTransactional(adoptId);
  } catch (err) {
    if (isNotFound(err))
      throw new Error(
        say`${fieldWord("adoptId")}: no transactional campaign ${shorten(adoptId)} in the account`,
      );
    throw err;
  }
  const differing = differingFields(inputs, record);
  if (differing.length > 0) {
    const detail = differing
      .map(
        (field) =>
          say`${fieldWord(field)} is ${JSON.stringify(record[apiName(field)] ?? null)}, not ${JSON.stringify(inputs[field])}`,
      )
      .join("; ");
    throw new Error(
      say`${fieldWord("adoptId")}: transactional campaign ${shorten(adoptId)} differs from the inputs in ${fieldList(differing)} (${detail}). ` +
        "Adopting takes a transactional campaign over as it is, so set these inputs to the campaign's values; " +
        say`a later change of title, subject, from, ${fieldWord("replyTo")} or preheader then updates it in place.`,
    );
  }
  return record;
}

/** The transactional campaigns, newest first, up to `pages` pages of 100. */
async function listAll(client: SenderClient, pages: number): Promise<Transactional[]> {
  const found: Transactional[] = [];
  for (let page = 1; page <= pages; page++) {
    const answer = await client.listTransactional({ page, limit: 100 });
    found.push(...answer.data);
    // Newer answers leave has_more_resources out: the page count tells then.
    const more = answer.has_more_resources ?? page < answer.meta.last_page;
    if (!more) break;
  }
  return found;
}

/** Pages of 100 of the list a context takes once (see `Claims.sharedList`). */
const LIST_PAGES = 10;

/**
 * The transactional campaigns a create of `body` could have made: none that has sent mail; a title in `titles` (the
 * create title, or any title for an id the journal names), the same subject, from, editor and
 * reply_to, and the same preheader and content where the list shows them (so that a replacement
 * never takes its predecessor for itself).
 */
async function candidatesIn(
  client: SenderClient,
  records: readonly Transactional[],
  body: CreateTransactionalBody,
  title: (record: Transactional) => boolean,
): Promise<Transactional[]> {
  // The core's one rule: a preheader sent as "" and held as null is the same.
  const same = (field: "content" | "preheader", a: string | null | undefined, b: string | null | undefined) =>
    sameInput(transactionalCampaignFields[field], a, b);
  const matches = (record: Transactional) =>
    // One that has sent mail was kept by an earlier delete (the API has none) and is history: a
    // new create never takes it over. A list without the counter cannot tell: it may be taken.
    (record.sent ?? 0) === 0 &&
    title(record) &&
    record.subject === body.subject &&
    record.from === body.from &&
    record.editor === body.editor &&
    (record.reply_to === undefined || record.reply_to === body.reply_to) &&
    (record.content === undefined || same("content", record.content, body.content)) &&
    (record.preheader === undefined || same("preheader", record.preheader, body.preheader));
  const found = records.filter(matches);
  // A list without content cannot tell a replacement (same title, new content) from its
  // predecessor: read each such candidate, which is rare (a lost answer, an interrupted up).
  if (body.content === undefined) return found;
  const checked: Transactional[] = [];
  for (const candidate of found) {
    const content =
      candidate.content === undefined
        ? (await client.getTransactional(candidate.id)).content
        : candidate.content;
    if (content === undefined || same("content", content, body.content)) checked.push(candidate);
  }
  return checked;
}

/**
 * The fields of an update answer that differ from what was sent: a field the answer lacks cannot
 * be compared, and a value that means the same (`sameAnswer`: null for `""`) is taken. Each is
 * `api is <answer>, not <sent>`.
 */
function notTaken(body: object, answer: Transactional): string[] {
  const record: PropertyBag = answer;
  return Object.entries(body)
    .filter(
      ([api, value]) =>
        record[api] !== undefined && !sameAnswer(transactionalCampaignFields, api, record[api], value),
    )
    .map(([api, value]) => `${api} is ${JSON.stringify(record[api])}, not ${JSON.stringify(value)}`);
}

/**
 * The provider of `TransactionalCampaign`. Title, subject, from, replyTo and preheader change in
 * place (`PATCH`); a new content or editor replaces it. `delete` only drops it from the stack
 * (with a warning on stderr, which the engine logs), as the service keeps it.
 */
export const transactionalCampaignProvider: ResourceProviderOf = defineResource(transactionalCampaignFields, {
  kind: KIND,
  autonamed: true,
  takesOver: "transactional campaign",
  handlers: (context) => ({
    async check(olds, news, checked) {
      return withContentChecks(TRANSACTIONAL_CONTENT, context.contentChecks(), olds, news, checked);
    },
    async create(props) {
      const inputs = managedOf(props);
      const adoptId = props.adoptId;
      const subject = adoptId ?? JSON.stringify(inputs.title ?? inputs.subject);
      return withOperation(
        "create",
        KIND,
        subject,
        async () => {
          const client = context.client();
          if (adoptId !== undefined) {
            const record = await takeOver(client, adoptId, inputs);
            return { id: record.id, outs: outputsOf(inputs, record, adoptId) };
          }
          const body = bodyOfInputs(inputs);
          // The mark of this stack instance's nonce: an autonamed title proves ownership only when it
          // ends with it (a title kept from state may carry a URN-only mark made before nonces).
          const ownMark = typeof props.ownershipMark === "string" ? props.ownershipMark : undefined;
          const autonamed =
            props.autonamed === true &&
            body.title !== undefined &&
            ownMark !== undefined &&
            body.title.endsWith(`-${ownMark}`);
          const mark = props.autonamed !== true && body.title !== undefined ? ownMark : undefined;
          const createTitle =
            typeof mark === "string" && body.title !== undefined ? markedTitle(body.title, mark) : body.title;
          const journal = typeof mark === "string" ? journalKey(KIND, mark, client.baseUrl) : undefined;
          const journaled = journal === undefined ? new Set<string>() : journalIds(journal);
          const provable = autonamed || journal !== undefined;
          const owned = (record: Transactional) =>
            sameTitle(record.title, createTitle) ||
            (journaled.has(record.id) && sameTitle(record.title, body.title));
          // Without a proof (an explicit title and no mark), look-alikes are only candidates to name.
          const title = (record: Transactional) =>
            provable ? owned(record) : sameTitle(record.title, body.title);
          const sent: CreateTransactionalBody =
            createTitle === undefined ? body : { ...body, title: createTitle };
          // The API cannot delete one: a duplicate would stay for good, so look before creating.
          let created = await createOnce(
            context.claims,
            {
              kind: KIND,
              describe: `transactional campaign ${JSON.stringify(shorten(createTitle ?? body.subject))}`,
              create: () => client.createTransactional(sent),
              known: async () =>
                candidatesIn(
                  client,
                  await context.claims.sharedList(client, KIND, () => listAll(client, LIST_PAGES)),
                  body,
                  title,
                ),
              find: async () => candidatesIn(client, await listAll(client, SEARCH_PAGES), body, title),
              ...(provable ? { owns: owned } : {}),
              idOf: (record) => record.id,
              ...(journal !== undefined ? { journal } : {}),
              ...(typeof ownMark === "string"
                ? { recordedIn: journalKey(KIND, ownMark, client.baseUrl) }
                : {}),
            },
            createOptionsOf(client, context.retryDeadlineMs()),
          );
          let outsTitle: string | undefined;
          if (journal !== undefined && body.title !== undefined && !sameTitle(created.title, body.title)) {
            // Made just now, or earlier (a lost answer, a killed `up`): renamed to the explicit title.
            try {
              created = await client.updateTransactional(created.id, { title: body.title });
            } catch (err) {
              outsTitle = createTitle;
              warn(
                say`${kindWord(KIND)} ${created.id} was made, but renaming it to its title failed (${(err as Error).message}); the next ${commandWord("up")} renames it`,
              );
            }
          }
          // The create answer lacks the counters and says step1; read it back so a refresh agrees.
          const record = await client.getTransactional(created.id).catch(() => created);
          const outs = outputsOf(inputs, record, undefined, props.ownershipMark);
          return { id: created.id, outs: outsTitle === undefined ? outs : { ...outs, title: outsTitle } };
        },
        wireMapOf(transactionalCampaignFields, inputs),
      );
    },

    async read(id, prior) {
      return readOrGone(
        KIND,
        id,
        async () => (await transactionalForRead(context, id, READ_FIELDS, COUNTERS, prior.modified)).record,
        (record) => {
          const inputs = inputsOf(record, prior);
          const adoptId = prior.adoptId;
          const mark = typeof prior.ownershipMark === "string" ? prior.ownershipMark : undefined;
          return {
            id,
            props: outputsOf(inputs, record, adoptId, mark),
            inputs: compact({
              ...inputs,
              adoptId: typeof adoptId === "string" ? adoptId : undefined,
              ownershipMark: mark,
            }),
          };
        },
      );
    },

    async update(id, olds, news) {
      const inputs = managedOf(news);
      const fields = changedFields(TRANSACTIONAL_CAMPAIGN_DIFF, olds, news).filter((field) =>
        IN_PLACE.includes(field),
      );
      // An optional input the program dropped is no longer managed: nothing is sent for it.
      const body = bodyOf(transactionalCampaignFields, inputs, fields);
      const adoptId = news.adoptId;
      return withOperation(
        "update",
        KIND,
        id,
        async () => {
          const client = context.client();
          if (Object.keys(body).length > 0) {
            const answer = await client.updateTransactional(id, body);
            const differing = notTaken(body, answer);
            if (differing.length > 0) {
              throw new Error(
                `PATCH /v2/transactional/${id} succeeded but did not make the change (${differing.join("; ")}).`,
              );
            }
          }
          // The update answer lacks the counters: read back so a refresh agrees.
          const record = await client.getTransactional(id);
          return { outs: outputsOf(inputs, record, adoptId, news.ownershipMark) };
        },
        wireMapOf(transactionalCampaignFields, inputs),
      );
    },

    async delete(id) {
      // No API call exists: a warning says so.
      warn(
        say`${kindWord(KIND)} ${id} was removed from the ${declared}, but the Sender API cannot delete transactional ` +
          "campaigns: it stays in the account. Delete it in the Sender interface if it is no longer wanted.",
      );
    },
  }),
});
