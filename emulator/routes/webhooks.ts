import { Hono } from "hono";
import { z } from "zod";
import { ack, type EmulatorEnv, type RouteDeps } from "../context";
import { notFound } from "../errors";
import { ACCOUNT_ID } from "../seed";
import type { Webhook } from "../types";
import { readJson, validate } from "../validation";

/** Webhook topics (observed). */
export const TOPICS = [
  "subscribers/new",
  "subscribers/updated",
  "subscribers/unsubscribed",
  "groups/new-subscriber",
  "groups/unsubscribed",
  "groups/new",
  "campaigns/new",
  "bounces/new",
] as const;

/** Topics that track one group and so need `relation_id` (spec 4.4). */
export const GROUP_TOPICS: readonly string[] = ["groups/new-subscriber", "groups/unsubscribed"];

const createSchema = z.object({
  // assumed: deliveries go to https endpoints only.
  url: z.url({ protocol: /^https$/, error: "The :attribute must be a valid https URL." }),
  topic: z.enum(TOPICS),
  relation_id: z.union([z.string(), z.number()]).transform(String).nullish(),
});

/** `PATCH /account/webhooks/{id}`: the fields of create, each optional (assumed). */
const updateSchema = createSchema.partial();

/** spec: relation_id is required for the groups/* subscriber topics; it must be a group of the account. */
function relationErrors(
  body: Record<string, unknown>,
  isGroup: (id: string) => boolean,
): Record<string, string[]> {
  const relation = body.relation_id;
  const missing = relation === undefined || relation === null || relation === "";
  if (typeof body.topic === "string" && GROUP_TOPICS.includes(body.topic) && missing) {
    return { relation_id: [`The relation id field is required when topic is ${body.topic}.`] };
  }
  if (!missing && !isGroup(String(relation))) {
    return { relation_id: ["The selected relation id is invalid."] };
  }
  return {};
}

/**
 * Webhooks: create and delete (wire contract "Webhooks"); list, read and update (observed in Sender's docs;
 * answered bare, like create).
 */
export function webhookRoutes({ store }: RouteDeps) {
  const app = new Hono<EmulatorEnv>();
  const isGroup = (id: string) => store.groups().some((group) => group.id === id);
  const webhookOf = (id: string): Webhook => {
    const webhook = store.data.webhooks.find((candidate) => candidate.id === id);
    if (!webhook) throw notFound("Webhook", id);
    return webhook;
  };

  app.post("/account/webhooks", async (c) => {
    const body = validate(createSchema, await readJson(c), (raw) => relationErrors(raw, isGroup));
    const webhook: Webhook = {
      id: store.newId(),
      account_id: ACCOUNT_ID,
      url: body.url,
      topic: body.topic,
      group: body.relation_id ?? null,
      total_deliveries: 0,
      total_failures: 0,
      response_time: 0,
      status: "ACTIVE",
    };
    store.data.webhooks.push(webhook);
    store.markDirty();
    return c.json(webhook, 201); // observed: the bare object, no data wrapper
  });

  app.get("/account/webhooks", (c) => c.json(store.data.webhooks));

  app.get("/account/webhooks/:id", (c) => c.json(webhookOf(c.req.param("id"))));

  app.patch("/account/webhooks/:id", async (c) => {
    const webhook = webhookOf(c.req.param("id"));
    const input = await readJson(c);
    // The group rule applies to the topic the webhook will have after the change.
    const body = validate(updateSchema, input, (raw) =>
      relationErrors(
        {
          ...raw,
          topic: raw.topic ?? webhook.topic,
          relation_id: "relation_id" in raw ? raw.relation_id : webhook.group,
        },
        isGroup,
      ),
    );
    if (body.url !== undefined) webhook.url = body.url;
    if (body.topic !== undefined) webhook.topic = body.topic;
    if (body.relation_id !== undefined) webhook.group = body.relation_id;
    if (body.topic !== undefined && !GROUP_TOPICS.includes(body.topic) && body.relation_id === undefined) {
      webhook.group = null;
    }
    store.markDirty();
    return c.json(webhook);
  });

  app.delete("/account/webhooks/:id", (c) => {
    const id = c.req.param("id");
    if (!store.data.webhooks.some((webhook) => webhook.id === id)) throw notFound("Webhook", id);
    store.data.webhooks = store.data.webhooks.filter((webhook) => webhook.id !== id);
    store.markDirty();
    return ack(c, "Webhook deleted.");
  });

  return app;
}
