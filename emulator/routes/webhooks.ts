import { Hono } from "hono";
import { z } from "zod";
import { ack, type EmulatorEnv, type RouteDeps } from "../context";
import { notFound } from "../errors";
import { ACCOUNT_ID, GROUPS } from "../seed";
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

/** spec: relation_id is required for the groups/* subscriber topics; it must be a known group. */
function relationErrors(body: Record<string, unknown>): Record<string, string[]> {
  const relation = body.relation_id;
  const missing = relation === undefined || relation === null || relation === "";
  if (typeof body.topic === "string" && GROUP_TOPICS.includes(body.topic) && missing) {
    return { relation_id: [`The relation id field is required when topic is ${body.topic}.`] };
  }
  if (!missing && !GROUPS.some((group) => group.id === String(relation))) {
    return { relation_id: ["The selected relation id is invalid."] };
  }
  return {};
}

/** Webhooks (spec 4.4): create and delete; the API has no read. */
export function webhookRoutes({ store }: RouteDeps) {
  const app = new Hono<EmulatorEnv>();

  app.post("/account/webhooks", async (c) => {
    const body = validate(createSchema, await readJson(c), relationErrors);
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

  app.delete("/account/webhooks/:id", (c) => {
    const id = c.req.param("id");
    if (!store.data.webhooks.some((webhook) => webhook.id === id)) throw notFound("Webhook", id);
    store.data.webhooks = store.data.webhooks.filter((webhook) => webhook.id !== id);
    store.markDirty();
    return ack(c, "Webhook deleted.");
  });

  return app;
}
