import { z } from "zod";
import {
  type CreateWebhookBody,
  type KnownKeys,
  redactUrls,
  shownUrl,
  WEBHOOK_TOPICS,
  type Webhook,
  type WebhookTopic,
} from "../client";
import type { PropertyBag } from "../core/bag";
import type { CheckResult } from "../core/contract";
import { journalForget, journalKey } from "../core/create-journal";
import { defineResource } from "../core/define";
import { changedFields } from "../core/diff";
import { bodyOf, outputsOf, patchBodyOf, pickInputs, readInputs } from "../core/field-bodies";
import {
  diffSpecOf,
  type InputsOf,
  type OutputsOf,
  ownershipMarkCheck,
  sameAnswer,
  type TableOf,
} from "../core/fields";
import { safeId } from "../core/ids";
import type { KindSample } from "../core/kind-sample";
import { isNotFound, readOrGone, withOperation } from "../core/operation-errors";
import { webhookForRead } from "../core/paged-reads";
import type { ResourceProviderOf } from "../core/provider-types";
import { commandWord, say } from "../words";
import { createProvably, takeOver } from "./webhook-create";

const KIND = "Webhook";

/** The topics whose webhook watches one group, named by `relationId` (spec 4.4). */
export const GROUP_TOPICS: readonly WebhookTopic[] = ["groups/new-subscriber", "groups/unsubscribed"];

/** The inputs of a Webhook: derived from {@link webhookFields}. */
export type WebhookInputs = InputsOf<typeof webhookFields>;

/** A webhook as the provider stores it. */
export type WebhookOutputs = OutputsOf<typeof webhookFields>;

const URL_REASON = "must be an https URL";
const TOPIC_REASON = `must be one of ${WEBHOOK_TOPICS.join(", ")}`;

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * The field table of Webhook. `PATCH /account/webhooks/{id}` changes the url in place; no published
 * example shows it taking `topic` or `relation_id`, so changing either still replaces the webhook.
 */
export const webhookFields = {
  /** The https endpoint that receives the deliveries. */
  url: {
    type: "string",
    api: "url",
    required: true,
    check: z.string({ error: URL_REASON }).refine(isHttpsUrl, URL_REASON),
  },
  /**
   * The event reported: one of subscribers/new, subscribers/updated, subscribers/unsubscribed,
   * groups/new-subscriber, groups/unsubscribed, groups/new, campaigns/new, bounces/new.
   */
  topic: {
    type: "string",
    api: "topic",
    required: true,
    replaceOnChange: true,
    enum: WEBHOOK_TOPICS,
    check: z.enum(WEBHOOK_TOPICS, { error: TOPIC_REASON }),
  },
  /** The id of the group to watch; required for `groups/new-subscriber` and `groups/unsubscribed`. */
  relationId: {
    type: "string",
    api: "relation_id",
    replaceOnChange: true,
    check: z
      .string({ error: "must be a group id" })
      .min(1, "must be a group id")
      .superRefine(safeId("group")),
  },
  /**
   * Id of an existing webhook to take over instead of creating one. A create finds a webhook of the same
   * url, topic and group and fails naming it, since a second one would deliver every event twice; this is
   * how to manage that one. Its topic and group must already be these (they cannot change in place); a
   * different url is changed. Only read at create.
   */
  adoptId: {
    type: "string",
    createOnly: true,
    check: z
      .string({ error: "must be a webhook id" })
      .min(1, "must not be empty when given")
      .superRefine(safeId("webhook")),
  },
  /**
   * Set by the SDK (or the plugin's check): 8 hex of a hash of the stack instance's nonce (kept in the
   * stack's state) and the resource's URN. It keys the create journal, which records before the POST
   * that no webhook of the same url, topic and group existed, so that the one a crashed `{@apply}` made
   * is provably this resource's on the next `{@apply}`, and no other stack's. Not meant to be set by
   * programs. Only read at create and delete.
   */
  ownershipMark: {
    type: "string",
    createOnly: true,
    check: ownershipMarkCheck(),
  },
  /** The service's status of the webhook, e.g. `ACTIVE`. */
  status: {
    type: "string",
    api: "status",
    output: true,
  },
  /** The account the webhook belongs to. */
  accountId: { type: "string", api: "account_id", output: true },
  /** Deliveries made, as of the last create, update or refresh. */
  totalDeliveries: {
    type: "integer",
    api: "total_deliveries",
    output: true,
  },
  /** Failed deliveries, as of the last create, update or refresh. */
  totalFailures: {
    type: "integer",
    api: "total_failures",
    output: true,
  },
  /** Response time of the endpoint, as of the last create, update or refresh. */
  responseTime: {
    type: "number",
    api: "response_time",
    output: true,
  },
} as const satisfies TableOf<keyof CreateWebhookBody, KnownKeys<Webhook>>;

/** What a Webhook is, for the package schema and the SDK. */
export const webhookDescription =
  "A webhook of the account: Sender posts each event of its topic to the url. A new url is changed in place; a " +
  "new topic or group replaces the webhook (the old one first, as a second webhook of the same url and topic " +
  "would clash). A create that finds a webhook of the same url, topic and group fails naming it: `adoptId` " +
  "takes it over. A refresh reads the webhook back, so a change made in the Sender interface shows as drift.";

/** A new topic or group replaces the webhook; the old one goes first, as a second of the same url and topic would clash. */
const WEBHOOK_DIFF = diffSpecOf(webhookFields, true);

/** Runs `operation`, taking `urls` out of the message of any error it ends with (a service may echo them). */
async function redacting<T>(urls: readonly (string | undefined)[], operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (err) {
    if (err instanceof Error) err.message = redactUrls(err.message, urls);
    throw err;
  }
}

function stateOf(inputs: WebhookInputs, webhook: Webhook): WebhookOutputs {
  return outputsOf(webhookFields, inputs, webhook);
}

/** The webhook keyed like its inputs' API names: the service answers the group as `group`. */
function asInputRecord(webhook: Webhook) {
  return { url: webhook.url, topic: webhook.topic, relation_id: webhook.group };
}

/**
 * The check's failures with the url's taken off its property: the engine prints a failing
 * property's value beside it (`property url value {…} has a problem`), path and query included.
 * The failure names the field in its reason instead, with the url as {@link shownUrl} shows it.
 */
function hideUrlValue(url: unknown, result: CheckResult): CheckResult {
  if (!result.failures?.some((failure) => failure.property === "url")) return result;
  const given = typeof url === "string" ? ` (given ${shownUrl(url)})` : "";
  const failures = result.failures.map((failure) =>
    failure.property === "url"
      ? { property: "", field: "url", reason: `url ${failure.reason}${given}` }
      : failure,
  );
  return { ...result, failures };
}

/** The inputs that change in place: those a change of which does not replace the webhook. */
const IN_PLACE = WEBHOOK_DIFF.fields.filter((field) => !WEBHOOK_DIFF.replaceOnChange.includes(field));

/**
 * The provider of `Webhook`. A new url is changed in place (`PATCH`); a new topic or group
 * replaces the webhook (the old one first); `read` reads it back, so a refresh finds drift.
 */
export const webhookProvider: ResourceProviderOf = defineResource(webhookFields, {
  kind: KIND,
  deleteBeforeReplace: true,
  takesOver: "webhook",
  handlers: (context) => ({
    async check(_olds, news, checked) {
      const result = hideUrlValue(news.url, checked);
      const topic = news.topic;
      const relationId = news.relationId;
      const relationMissing = relationId === undefined || relationId === null || relationId === "";
      if (typeof topic !== "string" || !GROUP_TOPICS.some((group) => group === topic) || !relationMissing) {
        return result;
      }
      // Needs both fields, so it sits outside the object schema, which would skip it on any other failure.
      const failure = {
        property: "relationId",
        reason: `is required for topic ${topic}: the id of the group to watch`,
      };
      return { inputs: news, failures: [...(result.failures ?? []), failure] };
    },

    async create(inputs) {
      const body = bodyOf(webhookFields, inputs);
      const adoptId = inputs.adoptId;
      const subject = adoptId ?? `${body.topic} ${shownUrl(body.url)}`;
      return redacting([body.url], () =>
        withOperation("create", KIND, subject, async () => {
          if (adoptId !== undefined) {
            const adopted = await takeOver(context, adoptId, body);
            return { id: adopted.id, outs: stateOf(inputs, adopted) };
          }
          const webhook = await createProvably(context, body, inputs.ownershipMark);
          return { id: webhook.id, outs: stateOf(inputs, webhook) };
        }),
      );
    },

    async read(id, props) {
      const prior = pickInputs(webhookFields, props);
      return readOrGone(
        KIND,
        id,
        () => webhookForRead(context, id),
        (webhook) => {
          // A field the answer lacks (no `group` key on a topic without one) keeps its known value.
          const inputs = readInputs(webhookFields, asInputRecord(webhook), prior);
          return { id, props: stateOf(inputs, webhook), inputs };
        },
      );
    },

    async update(id, olds, news) {
      const fields = changedFields(WEBHOOK_DIFF, olds, news).filter((field) => IN_PLACE.includes(field));
      const body = patchBodyOf(webhookFields, fields, news);
      return redacting([news.url, olds.url], () =>
        withOperation("update", KIND, id, async () => {
          const client = context.client();
          const webhook =
            Object.keys(body).length > 0 ? await client.updateWebhook(id, body) : await client.getWebhook(id);
          // No published example shows this PATCH's body: a field the service did not take is an error, not drift.
          const record: PropertyBag = asInputRecord(webhook);
          const ignored = Object.entries(body).filter(
            ([api, value]) => !sameAnswer(webhookFields, api, record[api], value),
          );
          if (ignored.length > 0) {
            const detail = ignored
              .map(
                ([api, value]) =>
                  `${api} is ${JSON.stringify(record[api] ?? null)}, not ${JSON.stringify(value)}`,
              )
              .join("; ");
            throw new Error(
              `PATCH /v2/account/webhooks/${id} succeeded but did not make the change (${detail}). ` +
                say`Replace the webhook instead (${commandWord("replace")}).`,
            );
          }
          return { outs: stateOf(news, webhook) };
        }),
      );
    },

    async delete(id, props) {
      await withOperation("delete", KIND, id, async () => {
        const client = context.client();
        try {
          await client.deleteWebhook(id);
        } catch (err) {
          if (!isNotFound(err)) throw err; // already gone
        }
        const mark = props.ownershipMark;
        if (typeof mark === "string") journalForget(journalKey(KIND, mark, client.baseUrl), id);
      });
    },
  }),
});

/** The sample values of Webhook: the tests keyed by kind, the Terraform example and its docs read them. */
export const webhookSample: KindSample = {
  valid: { url: "https://hooks.example.com/x", topic: "groups/new-subscriber", relationId: "grp001" },
  declaredExtras: [],
  scenario: {
    inputs: { url: "https://hooks.example.com/sender", topic: "groups/new-subscriber", relationId: "grp002" },
    // Created, not adopted.
    absent: ["adoptId"],
  },
  importId: { what: "the webhook's id", example: "whk001" },
  reference: {
    notes: [
      "Outputs: the inputs, plus `status`, `accountId`, `totalDeliveries`, `totalFailures`, `responseTime`",
      "(as of the last create, update or refresh). A new `url` is changed in place",
      "(`PATCH /v2/account/webhooks/{id}`); the provider checks that the answer holds the new url and fails,",
      "naming it, if the service did not take it. Sender's docs name that route but no published example",
      "shows its body, so a new `topic` or `relationId` still replaces the webhook, deleting the old one",
      "first, since the same url and topic would clash. `pulumi refresh` reads the webhook",
      "(`GET /v2/account/webhooks/{id}`, bare or `{data}`): a change made in the Sender interface shows as",
      "drift, and a webhook deleted there drops from the stack. Messages (check failures, errors,",
      "notes) show the url as its scheme and host only, `https://hooks.example.com/…`: a webhook's path or",
      "query is where its own secret usually lives. A create whose answer was lost, or whose `up` was",
      "killed before the state recorded it, is proven by the create journal ([reliability.md](reliability.md)).",
    ].join("\n"),
    typescript: `new sender.Webhook("new-subscriber", {
  url: "https://hooks.example.com/sender",
  topic: "groups/new-subscriber",
  relationId: "grp001",
});
`,
  },
  terraform: `resource "sender_webhook" "new_subscriber" {
  url         = "https://hooks.example.com/sender/new-subscriber"
  topic       = "groups/new-subscriber"
  relation_id = "grp001"
}
`,
};
