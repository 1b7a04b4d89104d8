/**
 * How a Webhook is created exactly once, and taken over by `adoptId`: a webhook carries no name a
 * mark could ride on, so the create journal is its proof (docs/reliability.md). `webhook.ts` is the
 * kind; this is its create.
 */
import { createHash } from "node:crypto";
import { type CreateWebhookBody, shorten, shownUrl, type Webhook } from "../client";
import type { ProviderContext } from "../core/context";
import {
  journalIds,
  journalIntend,
  journalIntent,
  journalKey,
  journalRecorded,
  journalSettle,
} from "../core/create-journal";
import { createOnce, createOptionsOf, isAmbiguous } from "../core/create-once";
import { isNotFound } from "../core/operation-errors";
import { assignWord, commandWord, declared, fieldWord, kindWord, say } from "../words";

const KIND = "Webhook";

/**
 * The webhooks a create of `body` could have made, or would duplicate: the same url, topic and
 * group. A webhook carries no name nor any field a mark could ride on without changing where
 * deliveries go, so only the create journal proves one a resource's own ({@link journalIntend}):
 * one there before the intent fails the create (a second would deliver every event twice); one
 * that appeared after it, during an ambiguous create or before a crash, is reclaimed.
 */
export function matching(webhooks: readonly Webhook[], body: CreateWebhookBody): Webhook[] {
  return webhooks.filter(
    (webhook) =>
      webhook.url === body.url &&
      webhook.topic === body.topic &&
      (webhook.group ?? undefined) === (body.relation_id ?? undefined),
  );
}

/** What the journal records as absent before a create: a hash of the url, topic and group, never the url in clear. */
export function fingerprintOf(body: CreateWebhookBody): string {
  return createHash("sha256")
    .update(`${body.url}\n${body.topic}\n${body.relation_id ?? ""}`)
    .digest("hex")
    .slice(0, 16);
}

/** A webhook as messages name it: its topic, its url without path or query, its group. */
export function described(body: CreateWebhookBody): string {
  return `${body.topic} webhook for ${shownUrl(body.url)}${body.relation_id ? ` and group ${body.relation_id}` : ""}`;
}

/** What to do about an existing webhook `id` that this resource would duplicate or may have made. */
export function adoptAdvice(id: string): string {
  return say`if it is this resource's, set \`${assignWord("adoptId", `"${id}"`)}\` on it; otherwise delete it in Sender and run ${commandWord("up")} again`;
}

/**
 * Fails when the account already has a webhook of the same url, topic and group. The list taken
 * once per context answers first; a match there is confirmed with a fresh list, since a webhook
 * this `up` deleted (a replacement) may still be in it.
 */
export async function refuseDuplicate(context: ProviderContext, body: CreateWebhookBody): Promise<void> {
  const client = context.client();
  const shared = matching(await context.claims.sharedList(client, KIND, () => client.listWebhooks()), body);
  if (shared.length === 0) return;
  const existing = matching(await client.listWebhooks(), body);
  if (existing.length === 0) return;
  const ids = existing.map((w) => w.id);
  const held = context.claims.of(KIND);
  if (ids.every((id) => held.has(id)))
    // The one a state holds, e.g. the object a create-first replacement is replacing.
    throw new Error(
      `a ${described(body)} already exists (${ids.join(", ")}) and a resource's state holds it; a second would deliver every event twice: ` +
        "replace it delete-first, or give the new one another url",
    );
  throw new Error(
    `a ${described(body)} already exists (${ids.join(", ")}), and a second would deliver every event twice: ` +
      `${adoptAdvice(ids[0] as string)}`,
  );
}

/**
 * Takes over the webhook `adoptId` names, as a Campaign's `adoptId` does: it must exist, and no other
 * resource of this provider may have taken it. Its topic and group cannot change in place, so they
 * must already be the inputs'; a different url is changed with one PATCH.
 */
export async function takeOver(
  context: ProviderContext,
  adoptId: string,
  body: CreateWebhookBody,
): Promise<Webhook> {
  const client = context.client();
  let current: Webhook;
  try {
    current = await client.getWebhook(adoptId);
  } catch (err) {
    if (isNotFound(err))
      throw new Error(say`${fieldWord("adoptId")} ${shorten(adoptId)}: no webhook with this id exists`);
    throw err;
  }
  const mine = context.claims.of(KIND);
  if (mine.has(current.id)) {
    throw new Error(
      say`${fieldWord("adoptId")} ${shorten(adoptId)}: another ${kindWord("Webhook")} resource of this ${declared} has already taken it`,
    );
  }
  const fixed = (
    [
      ["topic", current.topic, body.topic],
      ["relationId", current.group ?? null, body.relation_id ?? null],
    ] as const
  ).filter(([, actual, wanted]) => actual !== wanted);
  if (fixed.length > 0) {
    const detail = fixed
      .map(
        ([field, actual, wanted]) =>
          say`${fieldWord(field)} is ${JSON.stringify(actual)}, not ${JSON.stringify(wanted)}`,
      )
      .join("; ");
    throw new Error(
      say`${fieldWord("adoptId")} ${shorten(adoptId)}: the webhook differs from the inputs (${detail}); a webhook's topic and group ` +
        "cannot change in place, so set these inputs to its values",
    );
  }
  mine.add(current.id);
  if (current.url === body.url) return current;
  return client.updateWebhook(current.id, { url: body.url });
}

/**
 * Creates the webhook of `body` exactly once, with the create journal of the resource's `mark`
 * (when the SDK or the plugin gave one) as its proof:
 *
 * 1. A webhook the journal names, or the one webhook of the same url, topic and group that
 *    appeared after an earlier run recorded it absent (an `up` killed after the POST was answered
 *    and before the state recorded it), is reclaimed, with the usual note.
 * 2. Otherwise one that exists fails the create ({@link refuseDuplicate}), as does more than one
 *    after an intent: nothing proves which is this resource's.
 * 3. Then the journal records that none existed, the POST goes, and after an ambiguous failure
 *    one that appeared since is reclaimed. The journal keeps the id made; a refused POST clears the
 *    intent, so that a look-alike made later by someone else is never taken for ours.
 */
export async function createProvably(
  context: ProviderContext,
  body: CreateWebhookBody,
  mark: string | undefined,
): Promise<Webhook> {
  const client = context.client();
  const journal = mark === undefined ? undefined : journalKey(KIND, mark, client.baseUrl);
  const fingerprint = fingerprintOf(body);
  const journaled = journal === undefined ? new Set<string>() : journalIds(journal);
  const recovering = journal !== undefined && journalIntent(journal) === fingerprint;
  const known = async () =>
    matching(await context.claims.sharedList(client, KIND, () => client.listWebhooks()), body);
  const claimed = context.claims.of(KIND);
  // A webhook a state holds under this mark on this machine is never this create's (a replacement's old one).
  if (journal !== undefined) for (const id of journalRecorded(journal)) claimed.add(id);
  const listed = (await known()).filter((webhook) => !claimed.has(webhook.id));
  const proven = new Set(listed.filter((webhook) => journaled.has(webhook.id)).map((webhook) => webhook.id));
  if (proven.size === 0 && recovering && listed.length === 1) proven.add((listed[0] as Webhook).id);
  // The ids there before this run's intent; until it is written, only proven ones are ours.
  let before: ReadonlySet<string> | undefined;
  if (proven.size === 0) {
    await refuseDuplicate(context, body);
    before = new Set(listed.map((webhook) => webhook.id));
    if (journal !== undefined) journalIntend(journal, fingerprint);
  }
  let ambiguous = false;
  let refused = false;
  try {
    const webhook = await createOnce(
      context.claims,
      {
        kind: KIND,
        describe: described(body),
        create: async () => {
          try {
            return await client.createWebhook(body);
          } catch (err) {
            if (isAmbiguous(err)) ambiguous = true;
            else refused = true;
            throw err;
          }
        },
        known,
        find: async () => matching(await client.listWebhooks(), body),
        ...(journal === undefined
          ? {}
          : {
              owns: (webhook: Webhook) =>
                proven.has(webhook.id) || (before !== undefined && !before.has(webhook.id)),
            }),
        proof: "appeared after this resource's create journal recorded none like it",
        idOf: (w) => w.id,
        advice: (ids) =>
          ids.length === 0
            ? say`look for it in Sender (Settings, Webhooks); if it is there, set \`${assignWord("adoptId", '"<its id>"')}\` on this resource, or delete it there and run ${commandWord("up")} again`
            : adoptAdvice(ids[0] as string),
      },
      createOptionsOf(client, context.retryDeadlineMs()),
    );
    if (journal !== undefined) journalSettle(journal, webhook.id);
    return webhook;
  } catch (err) {
    // Refused by the service, and never in doubt: nothing was made, so nothing can appear as ours later.
    if (journal !== undefined && refused && !ambiguous) journalSettle(journal, undefined);
    throw err;
  }
}
