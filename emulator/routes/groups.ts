import { Hono } from "hono";
import { z } from "zod";
import { ack, type EmulatorEnv, type RouteDeps } from "../context";
import { notFound } from "../errors";
import { paginate } from "../pagination";
import { ACCOUNT_ID, FIELDS, SUBSCRIBERS, USER_ID } from "../seed";
import type { GroupRecord } from "../types";
import { readJson, requiredString, validate } from "../validation";

/** `POST /groups` and `PATCH /groups/{id}`: a title, at most 255 characters (assumed). */
const titleSchema = z.object({ title: requiredString() });

/**
 * A group as answered (wire contract "Groups and fields"): its counts from the seeded subscribers'
 * memberships, so that a test can predict them.
 */
function groupAnswer(group: GroupRecord) {
  const members = SUBSCRIBERS.filter((subscriber) => subscriber.groups.includes(group.id));
  const active = members.filter((subscriber) => subscriber.status === "ACTIVE");
  return {
    id: group.id,
    title: group.title,
    recipient_count: members.length,
    active_subscribers: active.length,
    unsubscribed_count: members.length - active.length,
    bounced_count: 0,
    phone_count: members.length,
    active_phone_count: active.length,
    account_id: ACCOUNT_ID,
    user_id: USER_ID,
    created: group.created,
    modified: group.modified,
  };
}

/**
 * The account's groups (list, read, create, rename, delete) and its subscriber fields (list), as
 * wire contract "Groups and fields" has them: the list observed, the rest assumed.
 */
export function groupRoutes({ store }: RouteDeps) {
  const app = new Hono<EmulatorEnv>();
  const groupOf = (id: string): GroupRecord => {
    const group = store.groups().find((candidate) => candidate.id === id);
    if (!group) throw notFound("Group", id);
    return group;
  };

  // observed: a paged list, read by page.
  app.get("/groups", (c) => c.json(paginate(c, store.groups().map(groupAnswer))));

  app.get("/groups/:id", (c) => c.json({ data: groupAnswer(groupOf(c.req.param("id"))) }));

  app.post("/groups", async (c) => {
    const body = validate(titleSchema, await readJson(c));
    const now = store.timestamp();
    const group: GroupRecord = { id: store.newId(), title: body.title, created: now, modified: now };
    store.setGroups([...store.groups(), group]);
    return c.json({ success: true, message: "Group successfully created", data: groupAnswer(group) }, 201);
  });

  app.patch("/groups/:id", async (c) => {
    const id = c.req.param("id");
    groupOf(id);
    const body = validate(titleSchema, await readJson(c));
    const groups = store.groups();
    const group = groups.find((candidate) => candidate.id === id) as GroupRecord;
    group.title = store.normalizeTitles ? body.title.trim().normalize("NFC") : body.title;
    group.modified = store.timestamp();
    store.setGroups(groups);
    return c.json({ success: true, message: "Group successfully updated", data: groupAnswer(group) });
  });

  app.delete("/groups/:id", (c) => {
    const id = c.req.param("id");
    groupOf(id);
    store.setGroups(store.groups().filter((group) => group.id !== id));
    // assumed: the group leaves every campaign's groups; webhooks and subscribers stay as they were.
    for (const campaign of store.data.campaigns) {
      if (!campaign.campaign_groups.includes(id)) continue;
      campaign.campaign_groups = campaign.campaign_groups.filter((group) => group !== id);
      store.refreshAudience(campaign);
    }
    return ack(c, "Group successfully deleted");
  });

  // assumed: the fields, a paged list like every other.
  app.get("/fields", (c) => c.json(paginate(c, FIELDS)));

  return app;
}
