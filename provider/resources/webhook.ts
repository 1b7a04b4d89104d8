import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { type CreateWebhookBody, WEBHOOK_TOPICS, type Webhook, type WebhookTopic } from "../client";
import { getClient } from "../context";
import {
  checkWithSchema,
  diffBySpec,
  isAmbiguous,
  isNotFound,
  type ResourceProviderImpl,
  withOperation,
} from "./common";
import {
  bodyOf,
  derive,
  type InputsOf,
  type OutputsOf,
  pickInputs,
  readComputed,
  type TableOf,
} from "./fields";

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

/** The field table of Webhook. The API cannot change a webhook, so every input forces a new one. */
export const webhookFields = {
  /** The https endpoint that receives the deliveries. */
  url: {
    type: "string",
    doc: "The https endpoint that receives the deliveries.",
    api: "url",
    required: true,
    replaceOnChange: true,
    check: z.string({ error: URL_REASON }).refine(isHttpsUrl, URL_REASON),
  },
  /**
   * The event reported: one of subscribers/new, subscribers/updated, subscribers/unsubscribed,
   * groups/new-subscriber, groups/unsubscribed, groups/new, campaigns/new, bounces/new.
   */
  topic: {
    type: "string",
    doc: `The event reported: one of ${WEBHOOK_TOPICS.join(", ")}.`,
    api: "topic",
    required: true,
    replaceOnChange: true,
    enum: WEBHOOK_TOPICS,
    check: z.enum(WEBHOOK_TOPICS, { error: TOPIC_REASON }),
  },
  /** The id of the group to watch; required for `groups/new-subscriber` and `groups/unsubscribed`. */
  relationId: {
    type: "string",
    doc: "The id of the group to watch; required for `groups/new-subscriber` and `groups/unsubscribed`.",
    api: "relation_id",
    replaceOnChange: true,
    check: z.string({ error: "must be a group id" }).min(1, "must be a group id"),
  },
  /** The service's status of the webhook, e.g. `ACTIVE`. */
  status: {
    type: "string",
    doc: "The service's status of the webhook, e.g. `ACTIVE`.",
    api: "status",
    output: true,
  },
  /** The account the webhook belongs to. */
  accountId: { type: "string", doc: "The account the webhook belongs to.", api: "account_id", output: true },
  /** Deliveries made, as of creation (the API cannot read a webhook back). */
  totalDeliveries: {
    type: "integer",
    doc: "Deliveries made, as of creation (the API cannot read a webhook back).",
    api: "total_deliveries",
    output: true,
  },
  /** Failed deliveries, as of creation. */
  totalFailures: {
    type: "integer",
    doc: "Failed deliveries, as of creation.",
    api: "total_failures",
    output: true,
  },
  /** Response time of the endpoint, as of creation. */
  responseTime: {
    type: "number",
    doc: "Response time of the endpoint, as of creation.",
    api: "response_time",
    output: true,
  },
} as const satisfies TableOf<keyof Webhook | keyof CreateWebhookBody>;

/** What a Webhook is, for the package schema and the SDK. */
export const webhookDescription =
  "A webhook of the account: Sender posts each event of its topic to the url. The API can create and delete a " +
  "webhook but neither update nor read it: any change replaces it (the old one first, as a second webhook of the " +
  "same url and topic would clash), and a refresh cannot see changes made in the Sender interface.";

/** Every input forces a new webhook; the old one goes first, as a second of the same url and topic would clash. */
const { spec: WEBHOOK_DIFF, schema: inputSchema } = derive(webhookFields, true);

/** The message of an ambiguous create failure: the webhook may exist, and nothing can tell. */
export function ambiguousCreateMessage(topic: string, cause: string): string {
  return (
    `${cause.replace(/\.$/, "")}. The request may have reached Sender, so the webhook may have been created. ` +
    "The API cannot list webhooks, so the provider could not check and did not try again. " +
    `Look in the Sender interface (Settings, Webhooks) for a ${topic} webhook with this resource's url, ` +
    "delete it if it is there, then run `pulumi up` again."
  );
}

function stateOf(inputs: Record<string, unknown>, webhook: Webhook): WebhookOutputs {
  return { ...pickInputs(webhookFields, inputs), ...readComputed(webhookFields, webhook) } as WebhookOutputs &
    Record<string, unknown>;
}

/**
 * The provider of `Webhook`. The API can create and delete a webhook, nothing else: every change
 * replaces it (the old one first), and `read` keeps the state as it is, since there is no read.
 */
export const webhookProvider: ResourceProviderImpl = {
  async check(_olds, news) {
    const result = checkWithSchema(inputSchema, news);
    const topic = news.topic;
    const relationId = news.relationId;
    const relationMissing = relationId === undefined || relationId === null || relationId === "";
    if (typeof topic !== "string" || !GROUP_TOPICS.includes(topic as WebhookTopic) || !relationMissing) {
      return result;
    }
    // Needs both fields, so it sits outside the object schema, which would skip it on any other failure.
    const failure = {
      property: "relationId",
      reason: `is required for topic ${topic}: the id of the group to watch`,
    };
    return { inputs: news, failures: [...(result.failures ?? []), failure] };
  },

  async diff(_id, olds, news) {
    return diffBySpec(WEBHOOK_DIFF, olds, news);
  },

  async create(inputs) {
    const body = bodyOf(webhookFields, inputs) as CreateWebhookBody & Record<string, unknown>;
    return withOperation("create", KIND, `${body.topic} ${body.url}`, async () => {
      let webhook: Webhook;
      try {
        webhook = await getClient().createWebhook(body);
      } catch (err) {
        // Never retried blindly: with no way to look, a second try could make a duplicate.
        if (isAmbiguous(err)) throw new Error(ambiguousCreateMessage(body.topic, (err as Error).message));
        throw err;
      }
      return { id: webhook.id, outs: stateOf(inputs, webhook) };
    });
  },

  async read(id, props) {
    // No read in the API: the state stays as it is, and drift cannot be seen.
    const state = props ?? {};
    const result: pulumi.dynamic.ReadResult = {
      id,
      props: state,
      inputs: pickInputs(webhookFields, state),
    };
    return result;
  },

  async update(id) {
    // Unreachable: every input forces replacement, so the engine never asks for an update.
    throw new Error(
      `update ${KIND} ${id} failed: the Sender API cannot change a webhook; it must be replaced`,
    );
  },

  async delete(id) {
    await withOperation("delete", KIND, id, async () => {
      try {
        await getClient().deleteWebhook(id);
      } catch (err) {
        if (!isNotFound(err)) throw err; // already gone
      }
    });
  },
};
