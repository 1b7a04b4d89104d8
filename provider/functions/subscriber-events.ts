// A subscriber's history: getSubscriberEvents.
import { z } from "zod";
import type * as api from "../client";
import { SUBSCRIBER_ACTIONS, type SubscriberAction } from "../client";
import { idArg } from "./args";
import { type DataSource, objectType, recordType } from "./declare";
import { notFound } from "./run";

/** An action of a subscriber's history: `opened`, `bounced`, `clicked`, `unsubscribed` or `got`. */
export type SubscriberEventAction = SubscriberAction;

/** One event of a subscriber's history. */
export interface SubscriberEventItem {
  /** The campaign (regular or transactional) it happened in. */
  campaignId: string;
  /** The subscriber's id. */
  subscriberId: string | null;
  /** The campaign's title. */
  title: string | null;
  /** When it happened (`YYYY-MM-DD HH:MM:SS` UTC). */
  createdAt: string | null;
}

/** Arguments of {@link getSubscriberEvents}. */
export interface GetSubscriberEventsArgs {
  /** The subscriber's email address, phone number or id. */
  identifier: string;
  /** The actions to read: a non-empty list of `opened`, `bounced`, `clicked`, `unsubscribed`, `got`. */
  actions: readonly SubscriberEventAction[];
}

/** Email campaign counters of a subscriber. */
export interface SubscriberEmailCounters {
  /** Campaign emails sent to the subscriber. */
  sentCount: number | null;
  /** Opens. */
  openedCount: number | null;
  /** Clicks. */
  clickedCount: number | null;
  /** Unsubscribes. */
  unsubscribed: number | null;
  /** Bounces. */
  bounced: number | null;
  /** Spam reports. */
  spamReported: number | null;
}

/** SMS campaign counters of a subscriber. */
export interface SubscriberSmsCounters {
  /** SMS sent. */
  sentCount: number | null;
  /** Clicks. */
  clickedCount: number | null;
  /** SMS delivered. */
  deliveredCount: number | null;
  /** SMS that failed. */
  failedCount: number | null;
  /** When the subscriber unsubscribed from SMS (`YYYY-MM-DD HH:MM:SS` UTC), or null. */
  unsubscribedAt: string | null;
  /** SMS unsubscribes. */
  unsubscribed: number | null;
}

/** Result of {@link getSubscriberEvents}. */
export interface GetSubscriberEventsResult {
  /** The identifier that was asked for. */
  identifier: string;
  /** The actions that were asked for, without repeats, in the order given. */
  actions: SubscriberEventAction[];
  /** Events per requested action, oldest first; every requested action has a list, possibly empty. */
  events: Partial<Record<SubscriberEventAction, SubscriberEventItem[]>>;
  /** Email campaign counters (over every action, not only the requested ones). */
  emailCampaign: SubscriberEmailCounters;
  /** SMS campaign counters. */
  smsCampaign: SubscriberSmsCounters;
}

const eventItem = recordType<SubscriberEventItem, api.SubscriberEvent>("SubscriberEventItem", {
  campaignId: {
    type: "string",
    doc: "The campaign (regular or transactional) it happened in.",
    from: "campaign_id",
  },
  subscriberId: { type: "string", doc: "The subscriber's id.", optional: true, from: "subscriber_id" },
  title: { type: "string", doc: "The campaign's title.", optional: true, from: "title" },
  createdAt: {
    type: "string",
    doc: "When it happened (`YYYY-MM-DD HH:MM:SS` UTC).",
    optional: true,
    from: "created_at",
  },
});

const eventsOf = (action: SubscriberAction) =>
  ({
    type: { objectList: eventItem },
    doc: `Events of the action \`${action}\`, oldest first; present when that action was asked for.`,
    optional: true,
  }) as const;

const events = objectType<GetSubscriberEventsResult["events"]>("SubscriberEvents", {
  opened: eventsOf("opened"),
  bounced: eventsOf("bounced"),
  clicked: eventsOf("clicked"),
  unsubscribed: eventsOf("unsubscribed"),
  got: eventsOf("got"),
});

type EmailCounters = NonNullable<api.SubscriberEvents["email_campaign"]>;
type SmsCounters = NonNullable<api.SubscriberEvents["sms_campaign"]>;

const emailCounters = recordType<SubscriberEmailCounters, EmailCounters>("SubscriberEmailCounters", {
  sentCount: {
    type: "integer",
    doc: "Campaign emails sent to the subscriber.",
    optional: true,
    from: "sent_count",
  },
  openedCount: { type: "integer", doc: "Opens.", optional: true, from: "opened_count" },
  clickedCount: { type: "integer", doc: "Clicks.", optional: true, from: "clicked_count" },
  unsubscribed: { type: "integer", doc: "Unsubscribes.", optional: true, from: "unsubscribed" },
  bounced: { type: "integer", doc: "Bounces.", optional: true, from: "bounced" },
  spamReported: { type: "integer", doc: "Spam reports.", optional: true, from: "spam_reported" },
});

const smsCounters = recordType<SubscriberSmsCounters, SmsCounters>("SubscriberSmsCounters", {
  sentCount: { type: "integer", doc: "SMS sent.", optional: true, from: "sent_count" },
  clickedCount: { type: "integer", doc: "Clicks.", optional: true, from: "clicked_count" },
  deliveredCount: { type: "integer", doc: "SMS delivered.", optional: true, from: "delivered_count" },
  failedCount: { type: "integer", doc: "SMS that failed.", optional: true, from: "failed_count" },
  unsubscribedAt: {
    type: "string",
    doc: "When the subscriber unsubscribed from SMS (`YYYY-MM-DD HH:MM:SS` UTC).",
    optional: true,
    from: "unsubscribed_at",
  },
  unsubscribed: { type: "integer", doc: "SMS unsubscribes.", optional: true, from: "unsubscribed" },
});

/** `getSubscriberEvents`: a subscriber's history for some actions. */
export const getSubscriberEvents: DataSource<GetSubscriberEventsArgs, GetSubscriberEventsResult> = {
  name: "getSubscriberEvents",
  description:
    "Reads a subscriber's event history for the given actions (`GET /v2/subscribers/{identifier}/events`).",
  args: {
    identifier: idArg("The subscriber's email address, phone number or id."),
    actions: {
      type: "stringList",
      doc: "The actions to read: a non-empty list of `opened`, `bounced`, `clicked`, `unsubscribed`, `got`.",
      check: z.array(z.enum(SUBSCRIBER_ACTIONS)).min(1),
      rule: `must be a non-empty list of ${SUBSCRIBER_ACTIONS.join(", ")}`,
    },
  },
  result: {
    identifier: { type: "string", doc: "The identifier that was asked for." },
    actions: {
      type: "stringList",
      doc: "The actions that were asked for, without repeats, in the order given.",
    },
    events: {
      type: { object: events },
      doc: "Events per requested action; every requested action has a list, possibly empty.",
    },
    emailCampaign: {
      type: { object: emailCounters },
      doc: "Email campaign counters (over every action, not only the requested ones).",
    },
    smsCampaign: { type: { object: smsCounters }, doc: "SMS campaign counters." },
  },
  run: async (client, { identifier, actions }) => {
    const unique = [...new Set(actions)];
    const answer = await notFound(
      client.getSubscriberEvents(identifier, unique),
      "subscriber with identifier",
      identifier,
    );
    const read: Partial<Record<SubscriberEventAction, SubscriberEventItem[]>> = {};
    for (const action of unique) read[action] = (answer.email[action] ?? []).map(eventItem.read);
    return {
      identifier,
      actions: unique,
      events: read,
      emailCampaign: emailCounters.read(answer.email_campaign ?? {}),
      smsCampaign: smsCounters.read(answer.sms_campaign ?? {}),
    };
  },
};
