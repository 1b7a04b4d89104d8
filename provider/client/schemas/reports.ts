/**
 * Schemas of a campaign's results: links, groups, recipients, activity, report, hard bounces.
 * Mirrors `emulator/routes/reports.ts`.
 */
import { z } from "zod";
import { Count, Id, Timestamp } from "./core";

/** A link tracked in a campaign (assumed shape). */
export const CampaignLink = z.looseObject({
  id: Id,
  url: z.string().nullish().catch(undefined),
  clicks: Count.nullish().catch(undefined),
});

/** A link tracked in a campaign. */
export type CampaignLink = z.infer<typeof CampaignLink>;

/** A group a campaign is sent to (assumed shape). */
export const CampaignGroup = z.looseObject({ id: Id, title: z.string().nullish().catch(undefined) });

/** A group a campaign is sent to. */
export type CampaignGroup = z.infer<typeof CampaignGroup>;

/** A recipient of a campaign (assumed shape). */
export const CampaignSubscriber = z.looseObject({
  id: Id,
  email: z.string().nullish().catch(undefined),
  firstname: z.string().nullish().catch(undefined),
  lastname: z.string().nullish().catch(undefined),
  status: z.string().nullish().catch(undefined),
});

/** A recipient of a campaign. */
export type CampaignSubscriber = z.infer<typeof CampaignSubscriber>;

/** The seven per-campaign activity lists (wire contract "Regular campaigns"). */
export const ACTIVITY_KINDS = [
  "events",
  "opens",
  "clicks",
  "bounces",
  "unsubscribes",
  "complaints",
  "unopens",
] as const;

/** One of the per-campaign activity lists. */
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * One activity row of a campaign report list (assumed shape). Some clients key rows by
 * `recipient_id` rather than `subscriber_id` (observed); both are read.
 */
export const Activity = z.looseObject({
  subscriber_id: Id.nullish().catch(undefined),
  recipient_id: Id.nullish().catch(undefined),
  email: z.string().nullish().catch(undefined),
  created_at: Timestamp.nullish().catch(undefined),
  type: z.string().nullish().catch(undefined),
});

/** One activity row of a campaign report list. */
export type Activity = z.infer<typeof Activity>;

const rate = z.number().nullish().catch(undefined);

/** `GET /campaigns/{id}/report` data (assumed shape: every counter optional). */
export const CampaignReport = z.looseObject({
  sent: rate,
  delivered: rate,
  opens: rate,
  unique_opens: rate,
  clicks: rate,
  unique_clicks: rate,
  bounces: rate,
  hard_bounces: rate,
  unsubscribes: rate,
  complaints: rate,
  open_rate: rate,
  click_rate: rate,
});

/** `GET /campaigns/{id}/report` data. */
export type CampaignReport = z.infer<typeof CampaignReport>;

/** A hard-bounce record (wire contract "Regular campaigns"). */
export const HardBounce = z.looseObject({
  recipient_id: Id,
  message: z.string().nullish().catch(undefined),
  created_at: Timestamp.nullish().catch(undefined),
});

/** A hard-bounce record (wire contract "Regular campaigns"). */
export type HardBounce = z.infer<typeof HardBounce>;
