import type { GetCampaignResult } from "../../../sdk/functions";

/** The seeded SENT campaign `snt001` as `getCampaign` returns it. */
export const LAUNCH_CAMPAIGN: GetCampaignResult = {
  id: "snt001",
  title: "Launch announcement",
  subject: "We have launched",
  from: "Example News",
  replyTo: "news@example.com",
  preheader: "Everything you need to know",
  domainId: "dom001",
  language: "en",
  // Sent to all 23 active subscribers.
  recipientCount: 23,
  sentCount: 23,
  scheduleTime: null,
  sentTime: "2026-01-06 10:00:00",
  status: "SENT",
  created: "2026-01-05 09:00:00",
  modified: "2026-01-06 10:00:00",
  lastAction: "step4",
  contentType: "html",
  autoFollowupActive: false,
  autoFollowupSubject: null,
  autoFollowupDelay: null,
  googleAnalytics: true,
  sendToAll: true,
  // The record counts unique opens and clicks.
  opens: 19,
  clicks: 10,
  bouncesCount: 2,
  groups: [],
  segments: [],
  html: {
    id: "hsnt001",
    thumbnailUrl: "https://cdn.emulator.sender.test/thumbnails/snt001.png",
    hasPreview: true,
    hasSnapshots: false,
    content:
      '<h1>We have launched</h1><p>Read the <a href="https://example.com/launch">announcement</a>, ' +
      'see <a href="https://example.com/pricing">pricing</a> or the <a href="https://example.com/docs">docs</a>.</p>',
    body:
      '<h1>We have launched</h1><p>Read the <a href="https://example.com/launch">announcement</a>, ' +
      'see <a href="https://example.com/pricing">pricing</a> or the <a href="https://example.com/docs">docs</a>.</p>',
  },
  // 2 complaints, 2 hard bounces and 3 unsubscribes out of 23 sent.
  reports: { spamPercentage: 8.7, hardBouncePercentage: 8.7, unsubscribePercentage: 13.04 },
};

/**
 * `snt001` as `getCampaigns` lists it: the campaign list carries the fields of the docs' list
 * example only (wire contract "Regular campaigns"), so the others read as null.
 */
export const LISTED_LAUNCH_CAMPAIGN: GetCampaignResult = {
  ...LAUNCH_CAMPAIGN,
  preheader: null,
  domainId: null,
  sentCount: null,
  googleAnalytics: null,
  bouncesCount: null,
  groups: null,
  segments: null,
  html: {
    id: "hsnt001",
    thumbnailUrl: null,
    hasPreview: null,
    hasSnapshots: null,
    content: null,
    body: null,
  },
  reports: null,
};

/** A valid body for creating a DRAFT campaign through the test's own client. */
export const DRAFT_BODY = {
  title: "Spring sale",
  subject: "Spring is here",
  from: "Example News",
  reply_to: "news@example.com",
  content_type: "html",
  content: '<p>Hello <a href="https://example.com/sale">sale</a></p>',
} as const;
