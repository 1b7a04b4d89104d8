import { Hono } from "hono";
import type { CampaignActivity } from "../activity";
import { linksOf } from "../audience";
import type { EmulatorEnv, RouteDeps } from "../context";
import { notFound } from "../errors";
import { paginate } from "../pagination";
import { CDN } from "../seed";

/** The seven activity lists and their keys in {@link CampaignActivity} (spec 4.6 "Reports"). */
const ACTIVITY_LISTS = {
  events: "events",
  opens: "opens",
  clicks: "clicks",
  bounces: "bounces",
  unsubscribes: "unsubscribes",
  complaints: "complaints",
  unopens: "unopens",
} as const satisfies Record<string, keyof CampaignActivity>;

type ActivityList = keyof typeof ACTIVITY_LISTS;

/** Campaign reads that depend on the send: links, audience, activity, report, export, bounces. */
export function reportRoutes({ store }: RouteDeps) {
  const app = new Hono<EmulatorEnv>();

  app.get("/campaigns/:id/links", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const clicks = store.activityOf(campaign).clicks;
    const data = linksOf(campaign).map((link) => ({
      ...link,
      clicks: clicks.filter((click) => click.link_id === link.id).length,
    }));
    return c.json({ data });
  });

  app.get("/campaigns/:id/link_clicks/:linkId", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const linkId = c.req.param("linkId");
    if (!linksOf(campaign).some((link) => link.id === linkId)) throw notFound("Link", linkId);
    const clicks = store
      .activityOf(campaign)
      .clicks.filter((click) => click.link_id === linkId)
      .map(({ link_id: _, ...activity }) => activity);
    return c.json(paginate(c, clicks));
  });

  app.get("/campaigns/:id/groups", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    return c.json({
      data: store
        .groups()
        .filter((group) => campaign.campaign_groups.includes(group.id))
        .map(({ id, title }) => ({ id, title })),
    });
  });

  app.get("/campaigns/:id/subscribers", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const subscribers = store
      .audienceOf(campaign)
      .map(({ id, email, firstname, lastname, status }) => ({ id, email, firstname, lastname, status }));
    return c.json(paginate(c, subscribers));
  });

  for (const list of Object.keys(ACTIVITY_LISTS) as ActivityList[]) {
    app.get(`/campaigns/:id/${list}`, (c) => {
      const campaign = store.campaign(c.req.param("id"));
      const items = store.activityOf(campaign)[ACTIVITY_LISTS[list]].map((item) => ({
        subscriber_id: item.subscriber_id,
        email: item.email,
        created_at: item.created_at,
        type: item.type,
      }));
      return c.json(paginate(c, items));
    });
  }

  app.get("/campaigns/:id/report", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    return c.json({ data: store.activityOf(campaign).report });
  });

  app.get("/campaigns/:id/:type{events|opens|clicks|bounces|unsubscribes|complaints|unopens}/export", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    return c.json({ data: { url: `${CDN}/exports/${campaign.id}/${c.req.param("type")}.csv` } });
  });

  app.get("/campaigns/:id/hard_bounces", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    return c.json(paginate(c, store.activityOf(campaign).hardBounces));
  });

  return app;
}
