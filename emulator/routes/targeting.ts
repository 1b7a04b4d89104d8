import { Hono } from "hono";
import { z } from "zod";
import { ack, assertNotSent, type EmulatorEnv, type RouteDeps } from "../context";
import { notFound } from "../errors";
import { paginate } from "../pagination";
import type { Campaign, NamedRef, TargetingIds } from "../types";
import { message, parseBody } from "../validation";

const known = (list: () => readonly NamedRef[]) =>
  z
    .string()
    .refine((id) => list().some((item) => item.id === id), message("The selected :attribute is invalid."));

/** Campaign targeting by tags and filters, included and excluded (spec 4.6 "Targeting"). */
export function targetingRoutes({ store }: RouteDeps) {
  const app = new Hono<EmulatorEnv>();
  const tagId = known(() => store.tags());
  const filterId = known(() => store.filters());

  /** Validation is done; apply one targeting change and recount the audience. */
  const change = (campaign: Campaign, mutate: (targeting: TargetingIds) => void) => {
    // observed: any targeting change on a SENDING/SENT campaign is refused.
    assertNotSent(campaign, "retargeted");
    mutate(store.targetingIds(campaign.id));
    campaign.modified = store.timestamp();
    store.refreshAudience(campaign);
    store.markDirty();
  };

  const lookup = (list: readonly NamedRef[], thing: string, id: string) => {
    const item = list.find((candidate) => candidate.id === id);
    if (!item) throw notFound(thing, id);
    return item;
  };

  const unique = (ids: readonly string[]) => [...new Set(ids)];

  // assumed: the account's tags and saved filters, each a paged list like every other (the contract
  // shows no tag or filter management routes); the provider's preview checks read them, tolerating a 404.
  const named = (list: readonly NamedRef[]) => list.map(({ id, name }) => ({ id, name }));
  app.get("/tags", (c) => c.json(paginate(c, named(store.tags()))));
  app.get("/filters", (c) => c.json(paginate(c, named(store.filters()))));

  for (const key of ["tags", "exclude_tags", "filters", "exclude_filters"] as const) {
    app.get(`/campaigns/:id/${key}`, (c) => {
      const campaign = store.campaign(c.req.param("id"));
      return c.json({ data: store.targetingView(campaign.id)[key] });
    });
  }

  // Registered before /tags/:tagId so that "set" is not read as a tag id.
  app.post("/campaigns/:id/tags/set", async (c) => {
    const campaign = store.campaign(c.req.param("id"));
    // spec: the body is optional; no tags_arr clears the included tags (assumed).
    const body = await parseBody(c, z.object({ tags_arr: z.array(tagId).nullish() }));
    change(campaign, (targeting) => {
      targeting.tags = unique(body.tags_arr ?? []);
    });
    return ack(c, "Tags set.");
  });

  app.get("/campaigns/:id/tags/:tagId", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const id = c.req.param("tagId");
    if (!store.targetingIds(campaign.id).tags.includes(id)) throw notFound("Tag", id);
    return c.json({ data: lookup(store.tags(), "Tag", id) });
  });

  for (const key of ["tags", "exclude_tags"] as const) {
    app.post(`/campaigns/:id/${key}/:tagId`, (c) => {
      const campaign = store.campaign(c.req.param("id"));
      const tag = lookup(store.tags(), "Tag", c.req.param("tagId"));
      change(campaign, (targeting) => {
        targeting[key] = unique([...targeting[key], tag.id]);
      });
      return ack(c, key === "tags" ? "Tag added." : "Tag excluded.");
    });

    app.delete(`/campaigns/:id/${key}/:tagId`, (c) => {
      const campaign = store.campaign(c.req.param("id"));
      const tag = lookup(store.tags(), "Tag", c.req.param("tagId"));
      change(campaign, (targeting) => {
        targeting[key] = targeting[key].filter((id) => id !== tag.id);
      });
      return ack(c, key === "tags" ? "Tag removed." : "Tag no longer excluded.");
    });
  }

  app.post("/campaigns/:id/filters/set", async (c) => {
    const campaign = store.campaign(c.req.param("id"));
    // spec: filters_arr is required; assumed: an empty list is accepted and clears them.
    const body = await parseBody(c, z.object({ filters_arr: z.array(filterId) }));
    change(campaign, (targeting) => {
      targeting.filters = unique(body.filters_arr);
    });
    return ack(c, "Filters set.");
  });

  app.post("/campaigns/:id/filters", async (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const body = await parseBody(c, z.object({ filter_id: filterId }));
    change(campaign, (targeting) => {
      targeting.filters = unique([...targeting.filters, body.filter_id]);
    });
    return ack(c, "Filter added.");
  });

  app.delete("/campaigns/:id/filters", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    change(campaign, (targeting) => {
      targeting.filters = [];
    });
    return ack(c, "Filters removed.");
  });

  app.get("/campaigns/:id/filters/:filterId", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const id = c.req.param("filterId");
    if (!store.targetingIds(campaign.id).filters.includes(id)) throw notFound("Filter", id);
    return c.json({ data: lookup(store.filters(), "Filter", id) });
  });

  app.post("/campaigns/:id/exclude_filters", async (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const body = await parseBody(c, z.object({ filters_arr: z.array(filterId) }));
    change(campaign, (targeting) => {
      targeting.exclude_filters = unique(body.filters_arr);
    });
    return ack(c, "Excluded filters set.");
  });

  app.delete("/campaigns/:id/exclude_filters", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    change(campaign, (targeting) => {
      targeting.exclude_filters = [];
    });
    return ack(c, "Excluded filters removed.");
  });

  return app;
}
