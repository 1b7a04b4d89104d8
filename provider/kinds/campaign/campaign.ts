/**
 * Campaign: a regular email campaign (`/v2/campaigns`). Nothing forces replacement: the API's
 * PATCH takes every managed field, groups and segments included (docs/wire-contract.md).
 *
 * Create and update never send mail. A campaign the service reports as anything but DRAFT or
 * SCHEDULED is frozen: `diff` (and `update` again) refuse any change, since replacing it would
 * mail again.
 */

import { type SenderClient, shorten } from "../../client";
import type * as api from "../../client/schemas";
import { markedTitle, sameTitle } from "../../core/autoname";
import { campaignContentHash } from "../../core/content-hash";
import { withContentChecks } from "../../core/content-in-check";
import { type ProviderContext, readFirstPages } from "../../core/context";
import { journalForget, journalIds, journalKey } from "../../core/create-journal";
import { createOnce, createOptionsOf, removeLeftovers } from "../../core/create-once";
import { defineResource } from "../../core/define";
import { warn } from "../../core/diagnostics";
import { changedFields, type DiffSpec } from "../../core/diff";
import {
  bodyOf,
  patchBodyOf,
  readComputed,
  readInputs,
  outputsOf as tableOutputs,
} from "../../core/field-bodies";
import { type BodyOf, computedNames, diffSpecOf, type Field, type PropsOf } from "../../core/fields";
import { isNotFound, readOrGone, withOperation } from "../../core/operation-errors";
import { type CampaignReadField, campaignForRead } from "../../core/paged-reads";
import type { ResourceProviderOf } from "../../core/provider-types";
import { guardChange, guardedDiff, isSent, sentCampaignError } from "../../core/sent-guard";
import {
  type CampaignComputed,
  type CampaignInputs,
  type CampaignOutputs,
  campaignFields,
} from "./campaign-fields";

export {
  type CampaignComputed,
  type CampaignInputs,
  type CampaignOutputs,
  campaignDescription,
  campaignFields,
  campaignSample,
} from "./campaign-fields";

import { type WireMap, wireMapOf } from "../../core/program-errors";
import { assignWord, commandWord, fieldWord, recorded, say } from "../../words";

const KIND = "Campaign";

/** How the content checks read a campaign: a regular one, plain text when `contentType` is `text`. */
export const CAMPAIGN_CONTENT = {
  kind: KIND,
  formatField: "contentType",
  plain: ["text"],
  marketing: true,
} as const;

/** How Campaign inputs compare. Nothing is replace-only: PATCH takes every field. Built at module load. */
const CAMPAIGN_DIFF: DiffSpec = diffSpecOf(campaignFields);

/** The body the table makes of a Campaign's inputs (the analytics switch a boolean). */
type TableBody = BodyOf<typeof campaignFields>;

/** The analytics switch as the spec types it (wire contract "Regular campaigns"): 1 on, 0 off. */
function seedTyped<B extends Partial<TableBody>>(
  body: B,
): Omit<B, "google_analytics"> & { google_analytics?: 0 | 1 } {
  const { google_analytics: analytics, ...rest } = body;
  // Spread over `body`, the switch keeps its place among the keys.
  return analytics === undefined ? rest : { ...body, google_analytics: analytics ? 1 : 0 };
}

/** The POST body of the inputs (snake_case). */
export function createBodyOf(inputs: CampaignInputs): api.CreateCampaignBody {
  return seedTyped(bodyOf(campaignFields, inputs));
}

/** The PATCH body of the changed fields only; a field the program dropped is cleared. */
function patchBody(fields: readonly string[], inputs: CampaignInputs): api.UpdateCampaignBody {
  // Text is cleared with "" (a string, as the spec types it), the analytics number with 0.
  return seedTyped(patchBodyOf(campaignFields, fields, inputs));
}

/** A campaign record under the request's field names, where the answer differs from the body. */
function asBody(campaign: api.Campaign) {
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
  previous: PropsOf<typeof campaignFields>,
): CampaignInputs {
  const body = asBody(campaign);
  if (body.content_type === "text" || (body.content_type === undefined && previous.contentType === "text")) {
    body.content = unwrapText(body.content, previous.content);
  }
  return readInputs(campaignFields, body, previous);
}

/** One `<p>` element, with or without a `style`, around the whole of a text campaign's content. */
const WRAPPED_TEXT = /^<p(?:\s+style="[^"]*")?\s*>([\s\S]*)<\/p>$/;

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  "#39": "'",
  "#039": "'",
};

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#0?39);/g, (_, name: string) => ENTITIES[name] ?? "");
}

/**
 * A text campaign's content as the program wrote it when the service answers it wrapped in one
 * `<p style="font-size: 14px; …">` element (an independent client's sample record shows this; see
 * docs/wire-contract.md): the stored plain text stands when the unescaped inside equals it.
 * Anything else is the service's value (drift).
 */
export function unwrapText<H>(html: H, stored: unknown): H | string {
  if (typeof html !== "string" || typeof stored !== "string" || html === stored) return html;
  const inside = WRAPPED_TEXT.exec(html.trim())?.[1];
  return inside !== undefined && unescapeHtml(inside) === stored ? stored : html;
}

/** The fields the service computes. */
export function computedOf(campaign: api.Campaign): CampaignComputed {
  return readComputed(campaignFields, campaign);
}

function outputsOf(inputs: CampaignInputs, campaign: api.Campaign): CampaignOutputs {
  return { ...tableOutputs(campaignFields, inputs, campaign), contentHash: campaignContentHash(campaign) };
}

/** The record's key of a body field whose name differs in the answer (see `asBody`). */
const RECORD_KEYS: Readonly<Record<string, CampaignReadField>> = {
  content_type: "editor",
  groups: "campaign_groups",
};

/**
 * What a read of a campaign compares: the record's key of each field of the table (`content` for
 * the content, behind the hash too). A page that carries them all serves a read without a proof.
 */
const READ_FIELDS: readonly CampaignReadField[] = Object.values(
  campaignFields as Record<string, Field>,
).flatMap((field) =>
  field.api === undefined ? [] : [RECORD_KEYS[field.api] ?? (field.api as CampaignReadField)],
);

/**
 * The outputs of a campaign a page served ({@link campaignForRead}): what the listed record lacks
 * (a computed field, the content behind the hash) is kept from the previous state, which the
 * listed `modified` proved current.
 */
function listedOutputs(
  inputs: CampaignInputs,
  listed: api.Campaign,
  previous: PropsOf<typeof campaignFields>,
): CampaignOutputs {
  const kept = Object.fromEntries(
    computedNames(campaignFields).flatMap((name) =>
      previous[name] === undefined ? [] : [[name, previous[name]]],
    ),
  );
  const hash = listed.html?.html_content === undefined ? previous.contentHash : undefined;
  const outputs = { ...kept, ...outputsOf(inputs, listed) };
  return typeof hash === "string" ? { ...outputs, contentHash: hash } : outputs;
}

/** Pages of 100 (newest first) a look-up after an ambiguous failure reads: what it made is on the first. */
const SEARCH_PAGES = 3;
/** Pages of 100 (newest first) of the list a context takes once (see `Claims.sharedList`). */
const LIST_PAGES = 10;
const SEARCH_PAGE_SIZE = 100;

/** The DRAFT campaigns, newest first, up to `pages` pages. */
function listDrafts(client: SenderClient, pages: number): Promise<api.Campaign[]> {
  return readFirstPages(
    (page) => client.listCampaigns({ status: "DRAFT", page, limit: SEARCH_PAGE_SIZE }),
    pages,
  );
}

/** The DRAFT campaigns of the context's one list (taken when first needed). */
function knownDrafts(context: ProviderContext): Promise<api.Campaign[]> {
  const client = context.client();
  return context.claims.sharedList(client, KIND, () => listDrafts(client, LIST_PAGES));
}

/** How a create proves which campaign is its own: the title it is created with, and the journal. */
interface Ownership {
  /** The title the POST carries: the autonamed title, or `<title> [<mark>]`. */
  readonly createTitle: string;
  /** The ids this resource made that the journal remembers (already renamed ones included). */
  readonly journaled: ReadonlySet<string>;
  /** The journal key, for a marked create. */
  readonly journal: string | undefined;
}

/**
 * How this create proves ownership, or undefined when nothing can: the mark (of this stack
 * instance's nonce) is required, and an autonamed title proves ownership only when it ends with
 * that mark (a title kept from state may carry a URN-only mark of a resource made before nonces).
 */
function ownershipOf(client: SenderClient, props: CampaignInputs, title: string | undefined) {
  const mark = props.ownershipMark;
  if (title === undefined || typeof mark !== "string") return undefined;
  if (props.autonamed === true)
    return title.endsWith(`-${mark}`)
      ? { createTitle: title, journaled: new Set<string>(), journal: undefined }
      : undefined;
  const journal = journalKey(KIND, mark, client.baseUrl);
  return { createTitle: markedTitle(title, mark), journaled: journalIds(journal), journal };
}

/**
 * True when `campaign` provably is this resource's: it carries the create title, or the journal
 * names it and it has the title this resource renamed it to.
 */
function ownedBy(ownership: Ownership, campaign: api.Campaign, title: string | undefined): boolean {
  return (
    sameTitle(campaign.title, ownership.createTitle) ||
    (ownership.journaled.has(campaign.id) && sameTitle(campaign.title, title))
  );
}

/**
 * The drafts a create of `body` could have made: those it provably owns (see {@link ownedBy});
 * without a proof (an explicit title and no mark), the same title, subject, from and reply_to.
 */
function candidateFilter(body: api.CreateCampaignBody, ownership: Ownership | undefined) {
  return (campaign: api.Campaign) =>
    // Only a draft: a sent campaign that carries the title was kept by an earlier delete (or sent
    // from the Sender interface) and is history, never taken over, even where the list's status
    // filter were not applied.
    campaign.status === "DRAFT" &&
    (ownership
      ? ownedBy(ownership, campaign, body.title)
      : sameTitle(campaign.title, body.title) &&
        campaign.subject === body.subject &&
        campaign.from === body.from &&
        campaign.reply_to === body.reply_to);
}

/**
 * Removes this resource's leftovers: DRAFT campaigns other than its own that carry its marked
 * title (a create the service committed after every look-up had ended). Only `update` calls it,
 * with the mark its `check` just made of this stack instance's nonce: never `read`, which runs in
 * `refresh --preview-only` too, and never with a mark from state, which may be a URN-only mark of
 * a resource made before nonces, shared by a same-named stack on another backend. Autonamed
 * titles are left out: a resource renamed with `aliases` keeps its old title, which a new
 * resource of the old name then shares.
 */
async function removeMarkedLeftovers(
  context: ProviderContext,
  id: string,
  props: CampaignInputs,
): Promise<void> {
  const mark = props.ownershipMark;
  const title = props.title;
  if (mark === undefined || title === undefined || props.autonamed === true) return;
  const marked = markedTitle(title, mark);
  const client = context.client();
  await removeLeftovers<api.Campaign>({
    kind: KIND,
    ownId: id,
    idOf: (c) => c.id,
    list: async () => (await knownDrafts(context)).filter((c) => sameTitle(c.title, marked)),
    removable: (c) => c.status === "DRAFT",
    remove: async (leftover) => {
      await client.deleteCampaigns([leftover]);
    },
  });
}

/**
 * Renames a just-made marked campaign to its explicit title. A failure is a warning, not an error:
 * the campaign is made and still provably this resource's; the outputs keep the marked title, so
 * the next `up` renames it.
 */
async function rename(client: SenderClient, id: string, title: string): Promise<boolean> {
  try {
    await client.updateCampaign(id, { title });
    return true;
  } catch (err) {
    warn(
      say`Campaign ${id} was made, but renaming it to its title failed (${(err as Error).message}); the next ${commandWord("up")} renames it`,
    );
    return false;
  }
}

/**
 * The campaign as the rename left it: the PATCH answers an Ack, and the record the POST answered
 * has the `modified` of before the rename. The state must record the `modified` the campaign now
 * has: it is what proves the campaign unchanged to the paged reads of every later plan, preview
 * and refresh (core/paged-reads.ts). Without it, each `tofu plan` until an apply records a refresh
 * (a plan records nothing) would read this campaign on its own: the one request saved here, spent
 * again at every plan. So a titled create is 3 requests: the POST with the ownership mark and the
 * rename that exactly-once needs, and this read. A failed read keeps the POST's record: the
 * campaign is made and renamed, and the next refresh reads it (its older `modified` proves nothing).
 */
async function afterRename(client: SenderClient, made: api.Campaign): Promise<api.Campaign> {
  try {
    return await client.getCampaign(made.id);
  } catch {
    return made;
  }
}

/** Takes over an existing campaign and PATCHes it to match the inputs. */
async function takeOver(
  client: SenderClient,
  adoptId: string,
  inputs: CampaignInputs,
): Promise<api.Campaign> {
  let current: api.Campaign;
  try {
    current = await client.getCampaign(adoptId);
  } catch (err) {
    if (isNotFound(err)) {
      throw new Error(
        say`${fieldWord("adoptId")} ${shorten(adoptId)}: no campaign with this id exists (${(err as Error).message})`,
      );
    }
    throw err;
  }
  const differing = changedFields(CAMPAIGN_DIFF, inputsFromCampaign(current, inputs), inputs);
  if (differing.length === 0) return current;
  if (isSent(current.status)) throw sentCampaignError(adoptId, current.status, differing);
  await client.updateCampaign(adoptId, patchBody(differing, inputs));
  return client.getCampaign(adoptId);
}

const label = (props: CampaignInputs) => props.adoptId ?? JSON.stringify(props.title ?? props.subject ?? "");

/** Drops a deleted campaign from the create journal. */
function forgetJournaled(client: SenderClient, id: string, props: Partial<CampaignOutputs>): void {
  const mark = props.ownershipMark;
  if (typeof mark === "string") journalForget(journalKey(KIND, mark, client.baseUrl), id);
}

/** What a Campaign request's wire keys stand for in the program, for its refusals. */
function wireOf(inputs: CampaignInputs): WireMap {
  return wireMapOf(campaignFields, inputs, { groups: "group", segments: "segment" });
}

/** The Campaign provider, working in `context`. */
export const campaignProvider: ResourceProviderOf = defineResource(campaignFields, {
  kind: KIND,
  autonamed: true,
  takesOver: "campaign",
  handlers: (context) => ({
    async check(olds, news, checked) {
      return withContentChecks(CAMPAIGN_CONTENT, context.contentChecks(), olds, news, checked);
    },
    async diff(id, olds, news) {
      return guardedDiff(context, CAMPAIGN_DIFF, KIND, id, olds, news, "itself");
    },

    async create(inputs) {
      return withOperation(
        "create",
        KIND,
        label(inputs),
        async () => {
          const client = context.client();
          let campaign: api.Campaign;
          if (inputs.adoptId !== undefined) {
            campaign = await takeOver(client, inputs.adoptId, inputs);
          } else {
            const body = createBodyOf(inputs);
            const ownership = ownershipOf(client, inputs, body.title);
            const sent = ownership ? { ...body, title: ownership.createTitle } : body;
            const matches = candidateFilter(body, ownership);
            let madeId: string | undefined;
            campaign = await createOnce(
              context.claims,
              {
                kind: KIND,
                describe: `campaign ${JSON.stringify(shorten(sent.title ?? body.subject))}`,
                create: async () => {
                  const made = await client.createCampaign(sent);
                  madeId = made.id;
                  return made;
                },
                known: async () => (await knownDrafts(context)).filter(matches),
                find: async () => (await listDrafts(client, SEARCH_PAGES)).filter(matches),
                ...(ownership
                  ? { owns: (candidate: api.Campaign) => ownedBy(ownership, candidate, body.title) }
                  : {}),
                idOf: (c) => c.id,
                remove: async (id) => {
                  await client.deleteCampaigns([id]);
                },
                ...(ownership?.journal ? { journal: ownership.journal } : {}),
                ...(typeof inputs.ownershipMark === "string"
                  ? { recordedIn: journalKey(KIND, inputs.ownershipMark, client.baseUrl) }
                  : {}),
              },
              createOptionsOf(client, context.retryDeadlineMs()),
            );
            if (ownership?.journal !== undefined && body.title !== undefined) {
              if (campaign.id !== madeId) {
                // A marked campaign made earlier (a lost answer, a killed `up`): brought to the inputs.
                campaign = await takeOver(client, campaign.id, inputs);
              } else {
                const renamed = await rename(client, campaign.id, body.title);
                if (!renamed)
                  return {
                    id: campaign.id,
                    outs: { ...outputsOf(inputs, campaign), title: ownership.createTitle },
                  };
                campaign = await afterRename(client, campaign);
              }
            }
          }
          return { id: campaign.id, outs: outputsOf(inputs, campaign) };
        },
        wireOf(inputs),
      );
    },

    // Never writes: it runs in `refresh --preview-only` too (leftovers go at the next update).
    async read(id, previous) {
      return readOrGone(
        KIND,
        id,
        // Without the hash in the state, the page cannot stand in for the content: no proof.
        () =>
          campaignForRead(
            context,
            id,
            READ_FIELDS,
            typeof previous.contentHash === "string" ? previous.modified : undefined,
          ),
        ({ campaign, listed }) => {
          const inputs = inputsFromCampaign(campaign, previous);
          return {
            id,
            props: listed ? listedOutputs(inputs, campaign, previous) : outputsOf(inputs, campaign),
            inputs,
          };
        },
      );
    },

    async update(id, olds, inputs) {
      return withOperation(
        "update",
        KIND,
        id,
        async () => {
          const client = context.client();
          // The mark `check` made now, of this stack instance's nonce; never the one in state.
          await removeMarkedLeftovers(context, id, inputs);
          // Sent since the preview: refused rather than changed.
          const changed = await guardChange(
            context,
            "update",
            CAMPAIGN_DIFF,
            KIND,
            id,
            olds,
            inputs,
            "itself",
          );
          // A state-only input (deleteEvenIfSent) is recorded by the engine from the outputs: nothing to send.
          const sending = changed.filter((field) => !CAMPAIGN_DIFF.stateOnly?.includes(field));
          if (sending.length > 0) await client.updateCampaign(id, patchBody(sending, inputs));
          return { outs: outputsOf(inputs, await client.getCampaign(id)) };
        },
        wireOf(inputs),
      );
    },

    async delete(id, props) {
      await withOperation("delete", KIND, id, async () => {
        const client = context.client();
        // The status in the state may be old (sent from the Sender interface since): read it now.
        let campaign: api.Campaign;
        try {
          campaign = await client.getCampaign(id);
        } catch (err) {
          if (!isNotFound(err)) throw err;
          forgetJournaled(client, id, props);
          return; // already gone
        }
        if (isSent(campaign.status) && props.deleteEvenIfSent !== true) {
          // Its reports and history are the team's record: kept, and no longer this resource's.
          forgetJournaled(client, id, props);
          warn(keptWarning(id, campaign, props));
          return;
        }
        try {
          const ack = await client.deleteCampaigns([id]);
          forgetJournaled(client, id, props);
          // The service answers success: false ("No campaigns found.") for an id it does not have.
          if (!ack.success && !/not found|no campaigns found/i.test(ack.message))
            throw new Error(`the service answered: ${ack.message}`);
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      });
    },
  }),
});

/**
 * The one line that says a sent campaign left the stack but stays in Sender: the resource (its
 * title), the id, and how to delete it on purpose.
 */
export function keptWarning(
  id: string,
  campaign: api.Campaign,
  props: Partial<CampaignOutputs> | undefined,
): string {
  const title = typeof props?.title === "string" ? props.title : campaign.title;
  const named = typeof title === "string" && title !== "" ? ` ${JSON.stringify(shorten(title))}` : "";
  return (
    `Campaign${named} (id ${id}) has been sent (status ${campaign.status}), so it was kept in Sender and only ` +
    say`removed from the ${recorded}. To delete it, delete it in Sender; to have the provider delete a sent campaign, ` +
    say`set \`${assignWord("deleteEvenIfSent", "true")}\` on it and run ${commandWord("up")} before removing it.`
  );
}
