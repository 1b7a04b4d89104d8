/**
 * The endpoints of the event history of one subscriber. Mirrors `emulator/routes/subscribers.ts`.
 * Installed on `SenderClient`'s prototype; `call` finds the client's transport through `this`.
 */
import { encodeJsonArray } from "../query";
import type * as s from "../schemas";
import { call } from "./call";

/** The subscribers endpoints of `SenderClient`. */
export const subscriberEndpoints = {
  /**
   * `GET /v2/subscribers/{identifier}/events?actions=["opened",...]`: the history of one
   * subscriber (email, phone or id).
   */
  getSubscriberEvents(
    identifier: string,
    actions: readonly s.SubscriberAction[],
  ): Promise<s.SubscriberEvents> {
    return call(this, "GET /subscribers/{identifier}/events", {
      params: { identifier },
      query: { actions: encodeJsonArray(actions) },
    });
  },
};

/** The subscribers methods of `SenderClient`. */
export type SubscriberEndpoints = typeof subscriberEndpoints;
