// Interim field tables (until issue 10's tables land in main): only what the schema needs.
import type { ResourceKind } from "../kinds";
import type { Field, FieldTable } from "./contract";

const s = (doc: string, extra: Partial<Field> = {}): Field => ({ type: "string", doc, ...extra });
const out = (type: Field["type"], doc: string): Field => ({ type, doc, output: true });
const list = (doc: string): Field => ({ type: "stringList", doc, set: true });

/** Interim tables. */
export const fieldTables: Record<ResourceKind, FieldTable> = {
  Campaign: {
    title: s("Internal title."),
    subject: s("Subject line.", { required: true }),
    from: s("Sender name.", { required: true }),
    replyTo: s("Reply-to address.", { required: true }),
    contentType: s("Content type.", { required: true, enum: ["editor", "html", "text"] }),
    preheader: s("Preheader."),
    content: s("Content."),
    googleAnalytics: { type: "boolean", doc: "Google Analytics tracking." },
    groups: list("Group ids."),
    segments: list("Segment ids."),
    adoptId: s("Adopt this existing campaign."),
    status: out("string", "Status."),
    created: out("string", "Created."),
    modified: out("string", "Modified."),
    scheduleTime: out("string", "Schedule time."),
    sentTime: out("string", "Sent time."),
    recipientCount: out("integer", "Recipients."),
    domainId: out("string", "Domain id."),
    lastAction: out("string", "Last action."),
  },
  CampaignTargeting: {
    campaignId: s("Campaign id.", { required: true, replaceOnChange: true }),
    tagIds: list("Tags."),
    excludedTagIds: list("Excluded tags."),
    filterIds: list("Filters."),
    excludedFilterIds: list("Excluded filters."),
    sendToAll: { type: "boolean", doc: "Send to all." },
  },
  CampaignFollowUp: {
    campaignId: s("Campaign id.", { required: true, replaceOnChange: true }),
    subject: s("Subject.", { required: true }),
    delayHours: { type: "integer", doc: "Delay in hours.", required: true },
    active: { type: "boolean", doc: "Active." },
  },
  CampaignSchedule: {
    campaignId: s("Campaign id.", { required: true, replaceOnChange: true }),
    scheduleTime: s("Schedule time.", { required: true }),
    scheduleTimeUtc: out("string", "UTC."),
    status: out("string", "Status."),
    sent: out("boolean", "Sent."),
  },
  Attachment: {
    campaignId: s("Campaign id.", { required: true, replaceOnChange: true }),
    url: s("URL.", { required: true, replaceOnChange: true }),
    fileName: out("string", "File name."),
    size: out("number", "Size."),
  },
  TransactionalCampaign: {
    title: s("Title.", { replaceOnChange: true }),
    subject: s("Subject.", { required: true, replaceOnChange: true }),
    from: s("From.", { required: true, replaceOnChange: true }),
    replyTo: s("Reply to.", { required: true, replaceOnChange: true }),
    editor: s("Editor.", { required: true, replaceOnChange: true }),
    preheader: s("Preheader.", { replaceOnChange: true }),
    content: s("Content.", { replaceOnChange: true }),
    adoptId: s("Adopt."),
    type: out("string", "Type."),
    lastAction: out("string", "Last action."),
    created: out("string", "Created."),
    modified: out("string", "Modified."),
    domainId: out("string", "Domain."),
    sent: out("integer", "Sent."),
    opens: out("integer", "Opens."),
    clicks: out("integer", "Clicks."),
    bounced: out("integer", "Bounced."),
    unsubscribeCount: out("integer", "Unsubscribes."),
  },
  Webhook: {
    url: s("URL.", { required: true, replaceOnChange: true }),
    topic: s("Topic.", { required: true, replaceOnChange: true }),
    relationId: s("Group id.", { replaceOnChange: true }),
    status: out("string", "Status."),
    accountId: out("string", "Account."),
    totalDeliveries: out("integer", "Deliveries."),
    totalFailures: out("integer", "Failures."),
    responseTime: out("number", "Response time."),
  },
};

/** Interim descriptions. */
export const resourceDescriptions: Record<ResourceKind, string> = {
  Campaign: "A regular campaign.",
  CampaignTargeting: "Who a campaign goes to.",
  CampaignFollowUp: "A campaign's follow-up.",
  CampaignSchedule: "A campaign's schedule.",
  Attachment: "A file attached to a campaign.",
  TransactionalCampaign: "A transactional campaign.",
  Webhook: "A webhook.",
};
