// A subscriber's history; declared in provider/functions/subscriber-events.ts.
import * as declared from "../../provider/functions";
import { outputForm, promiseForm } from "./common";

export type {
  GetSubscriberEventsArgs,
  GetSubscriberEventsResult,
  SubscriberEmailCounters,
  SubscriberEventAction,
  SubscriberEventItem,
  SubscriberEvents,
  SubscriberSmsCounters,
} from "../../provider/functions";

/**
 * Reads a subscriber's event history for the given actions
 * (`GET /v2/subscribers/{identifier}/events?actions=[...]`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getSubscriberEvents = promiseForm(declared.getSubscriberEvents);

/** The Output form of {@link getSubscriberEvents}. */
export const getSubscriberEventsOutput = outputForm(declared.getSubscriberEvents);
