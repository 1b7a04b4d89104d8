// A subscriber's history: getSubscriberEvents.
import { z } from "zod";
import type * as api from "../client";
import { SUBSCRIBER_ACTIONS, type SubscriberAction } from "../client";
import { ID_ARG } from "./args";
import { type DataSource, objectType, recordType } from "./declare";
import { dataSourceDocs, objectTypeDocs } from "./docs.generated";
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

/** The events of a subscriber's history by action: a list for each action that was asked for. */
export interface SubscriberEvents {
  /** Events of the action `opened`, oldest first; present when that action was asked for. */
  opened?: SubscriberEventItem[];
  /** Events of the action `bounced`, oldest first; present when that action was asked for. */
  bounced?: SubscriberEventItem[];
  /** Events of the action `clicked`, oldest first; present when that action was asked for. */
  clicked?: SubscriberEventItem[];
  /** Events of the action `unsubscribed`, oldest first; present when that action was asked for. */
  unsubscribed?: SubscriberEventItem[];
  /** Events of the action `got`, oldest first; present when that action was asked for. */
  got?: SubscriberEventItem[];
}

// SubscriberEvents has one optional list per action, no more and no fewer (a new action fails here).
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
const eventsHasEveryAction: SameKeys<SubscriberEvents, Record<SubscriberEventAction, unknown>> = true;
void eventsHasEveryAction;

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
  events: SubscriberEvents;
  /** Email campaign counters (over every action, not only the requested ones). */
  emailCampaign: SubscriberEmailCounters;
  /** SMS campaign counters. */
  smsCampaign: SubscriberSmsCounters;
}

const eventItem = recordType<SubscriberEventItem, api.SubscriberEvent>(
  "SubscriberEventItem",
  objectTypeDocs.SubscriberEventItem,
  {
    campaignId: { type: "string", from: "campaign_id" },
    subscriberId: { type: "string", optional: true, from: "subscriber_id" },
    title: { type: "string", optional: true, from: "title" },
    createdAt: { type: "string", optional: true, from: "created_at" },
  },
);

const EVENTS = { type: { objectList: eventItem }, optional: true } as const;

const events = objectType<SubscriberEvents>("SubscriberEvents", objectTypeDocs.SubscriberEvents, {
  opened: EVENTS,
  bounced: EVENTS,
  clicked: EVENTS,
  unsubscribed: EVENTS,
  got: EVENTS,
});

type EmailCounters = NonNullable<api.SubscriberEvents["email_campaign"]>;
type SmsCounters = NonNullable<api.SubscriberEvents["sms_campaign"]>;

const emailCounters = recordType<SubscriberEmailCounters, EmailCounters>(
  "SubscriberEmailCounters",
  objectTypeDocs.SubscriberEmailCounters,
  {
    sentCount: { type: "integer", optional: true, from: "sent_count" },
    openedCount: { type: "integer", optional: true, from: "opened_count" },
    clickedCount: { type: "integer", optional: true, from: "clicked_count" },
    unsubscribed: { type: "integer", optional: true, from: "unsubscribed" },
    bounced: { type: "integer", optional: true, from: "bounced" },
    spamReported: { type: "integer", optional: true, from: "spam_reported" },
  },
);

const smsCounters = recordType<SubscriberSmsCounters, SmsCounters>(
  "SubscriberSmsCounters",
  objectTypeDocs.SubscriberSmsCounters,
  {
    sentCount: { type: "integer", optional: true, from: "sent_count" },
    clickedCount: { type: "integer", optional: true, from: "clicked_count" },
    deliveredCount: { type: "integer", optional: true, from: "delivered_count" },
    failedCount: { type: "integer", optional: true, from: "failed_count" },
    unsubscribedAt: { type: "string", optional: true, from: "unsubscribed_at" },
    unsubscribed: { type: "integer", optional: true, from: "unsubscribed" },
  },
);

/**
 * Reads a subscriber's event history for the given actions
 * (`GET /v2/subscribers/{identifier}/events?actions=[...]`).
 */
export const getSubscriberEvents: DataSource<GetSubscriberEventsArgs, GetSubscriberEventsResult> = {
  name: "getSubscriberEvents",
  docs: dataSourceDocs.getSubscriberEvents,
  args: {
    identifier: ID_ARG,
    actions: {
      type: "stringList",
      check: z.array(z.enum(SUBSCRIBER_ACTIONS)).min(1),
      rule: `must be a non-empty list of ${SUBSCRIBER_ACTIONS.join(", ")}`,
    },
  },
  result: {
    identifier: { type: "string" },
    actions: { type: "stringList" },
    events: {
      type: { object: events },
    },
    emailCampaign: {
      type: { object: emailCounters },
    },
    smsCampaign: { type: { object: smsCounters } },
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
