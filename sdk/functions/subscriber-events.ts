import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { SUBSCRIBER_ACTIONS, type SubscriberAction } from "../../provider/client";
import { defineArgs, ID_RULE, type InputArgs, idArg, notFound, outputForm, runFunction } from "./common";

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

const ACTIONS_RULE = `must be a non-empty list of ${SUBSCRIBER_ACTIONS.join(", ")}`;

const eventArgs = defineArgs(
  { identifier: idArg, actions: z.array(z.enum(SUBSCRIBER_ACTIONS)).min(1) },
  { identifier: ID_RULE, actions: ACTIONS_RULE },
);

/**
 * Reads a subscriber's event history for the given actions
 * (`GET /v2/subscribers/{identifier}/events?actions=[...]`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export function getSubscriberEvents(
  args: GetSubscriberEventsArgs,
  opts?: pulumi.InvokeOptions,
): Promise<GetSubscriberEventsResult> {
  return runFunction(
    "getSubscriberEvents",
    eventArgs,
    args,
    opts,
    async (client, { identifier, actions }) => {
      const unique = [...new Set(actions)];
      const answer = await notFound(
        client.getSubscriberEvents(identifier, unique),
        "subscriber with identifier",
        identifier,
      );
      const events: Partial<Record<SubscriberEventAction, SubscriberEventItem[]>> = {};
      for (const action of unique) {
        events[action] = (answer.email[action] ?? []).map((event) => ({
          campaignId: event.campaign_id,
          subscriberId: event.subscriber_id ?? null,
          title: event.title ?? null,
          createdAt: event.created_at ?? null,
        }));
      }
      const email = answer.email_campaign ?? {};
      const sms = answer.sms_campaign ?? {};
      return {
        identifier,
        actions: unique,
        events,
        emailCampaign: {
          sentCount: email.sent_count ?? null,
          openedCount: email.opened_count ?? null,
          clickedCount: email.clicked_count ?? null,
          unsubscribed: email.unsubscribed ?? null,
          bounced: email.bounced ?? null,
          spamReported: email.spam_reported ?? null,
        },
        smsCampaign: {
          sentCount: sms.sent_count ?? null,
          clickedCount: sms.clicked_count ?? null,
          deliveredCount: sms.delivered_count ?? null,
          failedCount: sms.failed_count ?? null,
          unsubscribedAt: sms.unsubscribed_at ?? null,
          unsubscribed: sms.unsubscribed ?? null,
        },
      };
    },
  );
}

/** The Output form of {@link getSubscriberEvents}. */
export function getSubscriberEventsOutput(
  args: InputArgs<GetSubscriberEventsArgs>,
  opts?: pulumi.InvokeOptions,
): pulumi.Output<GetSubscriberEventsResult> {
  return outputForm(getSubscriberEvents, args, opts);
}
