import { Hono } from "hono";
import type { EmulatorEnv, RouteDeps } from "../context";
import { invalid, notFound } from "../errors";
import { SEEDED_HISTORY, SUBSCRIBERS } from "../seed";

/** The actions of the subscriber history (spec 4.3). */
export const ACTIONS = ["opened", "bounced", "clicked", "unsubscribed", "got"] as const;
type Action = (typeof ACTIONS)[number];

interface HistoryItem {
  campaign_id: string;
  subscriber_id: string;
  title: string;
  created_at: string;
}

/** Parses `actions=["opened","clicked"]`: a JSON array literal in the query (observed). */
function parseActions(raw: string | undefined): Action[] {
  if (raw === undefined || raw.trim() === "") throw invalid({ actions: ["The actions field is required."] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid({ actions: ["The actions must be an array."] });
  }
  if (!Array.isArray(parsed)) throw invalid({ actions: ["The actions must be an array."] });
  if (parsed.length === 0) throw invalid({ actions: ["The actions field is required."] });
  if (!parsed.every((action) => (ACTIONS as readonly unknown[]).includes(action))) {
    throw invalid({ actions: ["The selected actions is invalid."] });
  }
  return [...new Set(parsed as Action[])];
}

/** Subscriber event history (spec 4.3, 2.7). */
export function subscriberRoutes({ store }: RouteDeps) {
  const app = new Hono<EmulatorEnv>();

  app.get("/subscribers/:identifier/events", (c) => {
    const identifier = c.req.param("identifier");
    // spec: the identifier is an email, a phone number or a subscriber id.
    const subscriber = SUBSCRIBERS.find(
      (candidate) =>
        candidate.id === identifier ||
        candidate.phone === identifier ||
        candidate.email.toLowerCase() === identifier.toLowerCase(),
    );
    if (!subscriber) throw notFound("Subscriber", identifier);
    const actions = parseActions(c.req.query("actions"));

    const history: Record<Action, HistoryItem[]> = {
      opened: [],
      bounced: [],
      clicked: [],
      unsubscribed: [],
      got: [],
    };
    for (const campaign of store.data.campaigns) {
      if (campaign.status !== "SENT" || campaign.sent_time === null) continue;
      const activity = store.activityOf(campaign);
      const item = (created_at: string): HistoryItem => ({
        campaign_id: campaign.id,
        subscriber_id: subscriber.id,
        title: campaign.title ?? campaign.subject,
        created_at,
      });
      const mine = <T extends { subscriber_id: string; created_at: string }>(list: readonly T[]) =>
        list.filter((entry) => entry.subscriber_id === subscriber.id).map((entry) => item(entry.created_at));
      history.opened.push(...mine(activity.opens));
      history.clicked.push(...mine(activity.clicks));
      history.bounced.push(...mine(activity.bounces));
      history.unsubscribed.push(...mine(activity.unsubscribes));
      if (activity.delivered.includes(subscriber.id)) history.got.push(item(campaign.sent_time));
    }
    for (const entry of SEEDED_HISTORY) {
      if (entry.subscriber_id !== subscriber.id) continue;
      history[entry.action].push({
        campaign_id: entry.campaign_id,
        subscriber_id: entry.subscriber_id,
        title: entry.title,
        created_at: entry.created_at,
      });
    }
    const complaints = store.data.campaigns.reduce(
      (count, campaign) =>
        count +
        store.activityOf(campaign).complaints.filter((entry) => entry.subscriber_id === subscriber.id).length,
      0,
    );
    for (const list of Object.values(history)) list.sort((a, b) => a.created_at.localeCompare(b.created_at));

    return c.json({
      email: Object.fromEntries(actions.map((action) => [action, history[action]])),
      sms: [],
      temail: { sent: [] },
      sms_campaign: {
        sent_count: 0,
        clicked_count: 0,
        delivered_count: 0,
        failed_count: 0,
        unsubscribed_at: null,
        unsubscribed: 0,
      },
      email_campaign: {
        sent_count: history.got.length + history.bounced.length,
        opened_count: history.opened.length,
        clicked_count: history.clicked.length,
        unsubscribed: history.unsubscribed.length,
        bounced: history.bounced.length,
        spam_reported: complaints,
      },
    });
  });

  return app;
}
