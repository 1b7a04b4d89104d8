/** Schemas of a subscriber's event history. Mirrors `emulator/routes/subscribers.ts`. */
import { z } from "zod";
import { Count, Id, Timestamp } from "./core";

/** Subscriber actions readable through the events endpoint (wire contract "Subscriber events"). */
export const SUBSCRIBER_ACTIONS = ["opened", "bounced", "clicked", "unsubscribed", "got"] as const;

/** A subscriber action (wire contract "Subscriber events"). */
export type SubscriberAction = (typeof SUBSCRIBER_ACTIONS)[number];

/** One item of a subscriber's history (wire contract "Subscriber events"). */
export const SubscriberEvent = z.looseObject({
  campaign_id: Id,
  subscriber_id: Id.nullish().catch(undefined),
  title: z.string().nullish().catch(undefined),
  created_at: Timestamp.nullish().catch(undefined),
});

/** One item of a subscriber's history (wire contract "Subscriber events"). */
export type SubscriberEvent = z.infer<typeof SubscriberEvent>;

const counter = Count.nullish().catch(undefined);

/** The subscriber events answer (wire contract "Subscriber events"), bare; only `email` is needed. */
export const SubscriberEvents = z.looseObject({
  email: z.record(z.string(), z.array(SubscriberEvent)),
  sms: z.array(z.unknown()).nullish().catch(undefined),
  temail: z
    .looseObject({ sent: z.array(z.unknown()).nullish() })
    .nullish()
    .catch(undefined),
  sms_campaign: z
    .looseObject({
      sent_count: counter,
      clicked_count: counter,
      delivered_count: counter,
      failed_count: counter,
      unsubscribed_at: Timestamp.nullish().catch(undefined),
      unsubscribed: counter,
    })
    .nullish()
    .catch(undefined),
  email_campaign: z
    .looseObject({
      sent_count: counter,
      opened_count: counter,
      clicked_count: counter,
      unsubscribed: counter,
      bounced: counter,
      spam_reported: counter,
    })
    .nullish()
    .catch(undefined),
});

/** The subscriber events answer (wire contract "Subscriber events"). */
export type SubscriberEvents = z.infer<typeof SubscriberEvents>;
