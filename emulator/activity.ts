import type { CampaignLink } from "./audience";
import { addMs, formatTimestamp } from "./time";
import type { Activity, Subscriber } from "./types";

const MINUTE = 60_000;

/** A click, with the link it went to. */
export type Click = Activity & { link_id: string };

/** A hard-bounce record (spec 2.6). */
export interface HardBounce {
  recipient_id: string;
  message: string | null;
  created_at: string;
}

/** The report of a sent campaign (assumed shape). */
export interface CampaignReport {
  sent: number;
  delivered: number;
  opens: number;
  unique_opens: number;
  clicks: number;
  unique_clicks: number;
  bounces: number;
  hard_bounces: number;
  unsubscribes: number;
  complaints: number;
  open_rate: number;
  click_rate: number;
}

/** Everything that happened after a campaign was sent. */
export interface CampaignActivity {
  opens: Activity[];
  clicks: Click[];
  bounces: Activity[];
  unsubscribes: Activity[];
  complaints: Activity[];
  unopens: Activity[];
  /** Every activity above, oldest first. */
  events: Activity[];
  hardBounces: HardBounce[];
  /** Ids of the recipients the message reached (all but the bounces). */
  delivered: string[];
  report: CampaignReport;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : round2((part / whole) * 100));

/** The empty activity of a campaign that was not sent. */
export const NO_ACTIVITY: CampaignActivity = buildActivity([], new Date(0), []);

/**
 * Plausible, deterministic activity for a send (assumed): the k-th recipient (by id) bounces
 * when k % 10 == 9, does not open when k % 5 == 4, opens otherwise (twice when k % 3 == 0),
 * clicks when it opened and k is even, unsubscribes when it opened and k % 7 == 6, and
 * complains when delivered and k % 11 == 10. With the 23 active seeded subscribers that is
 * 26 opens: enough for three pages of 10.
 */
export function buildActivity(
  recipients: readonly Subscriber[],
  sentAt: Date,
  links: readonly CampaignLink[],
): CampaignActivity {
  const at = (minutes: number) => formatTimestamp(addMs(sentAt, minutes * MINUTE));
  const line = (subscriber: Subscriber, type: Activity["type"], minutes: number): Activity => ({
    subscriber_id: subscriber.id,
    email: subscriber.email,
    created_at: at(minutes),
    type,
  });
  const activity: Omit<CampaignActivity, "events" | "report"> = {
    opens: [],
    clicks: [],
    bounces: [],
    unsubscribes: [],
    complaints: [],
    unopens: [],
    hardBounces: [],
    delivered: [],
  };
  recipients.forEach((subscriber, k) => {
    if (k % 10 === 9) {
      activity.bounces.push(line(subscriber, "bounce", 1));
      activity.hardBounces.push({
        recipient_id: subscriber.id,
        message: "550 5.1.1 The email account that you tried to reach does not exist.",
        created_at: at(1),
      });
      return;
    }
    activity.delivered.push(subscriber.id);
    const opened = k % 5 !== 4;
    if (!opened) activity.unopens.push(line(subscriber, "unopen", 0));
    if (opened) {
      activity.opens.push(line(subscriber, "open", 5 + k));
      if (k % 3 === 0) activity.opens.push(line(subscriber, "open", 180 + k));
      const link = links[Math.floor(k / 2) % Math.max(1, links.length)];
      if (k % 2 === 0 && link)
        activity.clicks.push({ ...line(subscriber, "click", 7 + k), link_id: link.id });
      if (k % 7 === 6) activity.unsubscribes.push(line(subscriber, "unsubscribe", 10 + k));
    }
    if (k % 11 === 10) activity.complaints.push(line(subscriber, "complaint", 12 + k));
  });
  const sorted = (list: Activity[]) =>
    [...list].sort(
      (a, b) => a.created_at.localeCompare(b.created_at) || a.subscriber_id.localeCompare(b.subscriber_id),
    );
  activity.opens = sorted(activity.opens);
  const events = sorted([
    ...activity.opens,
    ...activity.clicks.map(({ link_id: _, ...rest }) => rest),
    ...activity.bounces,
    ...activity.unsubscribes,
    ...activity.complaints,
    ...activity.unopens,
  ]);
  const delivered = activity.delivered.length;
  const uniqueOpens = new Set(activity.opens.map((open) => open.subscriber_id)).size;
  const uniqueClicks = new Set(activity.clicks.map((click) => click.subscriber_id)).size;
  return {
    ...activity,
    events,
    report: {
      sent: recipients.length,
      delivered,
      opens: activity.opens.length,
      unique_opens: uniqueOpens,
      clicks: activity.clicks.length,
      unique_clicks: uniqueClicks,
      bounces: activity.bounces.length,
      hard_bounces: activity.hardBounces.length,
      unsubscribes: activity.unsubscribes.length,
      complaints: activity.complaints.length,
      open_rate: percent(uniqueOpens, delivered),
      click_rate: percent(uniqueClicks, delivered),
    },
  };
}

/** The counters a campaign record shows once sent (assumed: unique opens and clicks). */
export function campaignCounters(report: CampaignReport) {
  return {
    opens: report.unique_opens,
    clicks: report.unique_clicks,
    bounces_count: report.bounces,
    reports: {
      spam_percentage: percent(report.complaints, report.sent),
      hard_bounce_percentage: percent(report.hard_bounces, report.sent),
      unsubscribe_percentage: percent(report.unsubscribes, report.sent),
    },
  };
}
