import { getActiveSubscribers, getImageFolders } from "../../sdk/functions/account";
import { getCampaign, getCampaignSendingStatus, getCampaigns } from "../../sdk/functions/campaigns";
import { getPlan, getPlans } from "../../sdk/functions/plans";
import {
  getTransactionalCampaign,
  getTransactionalCampaigns,
} from "../../sdk/functions/transactional-campaigns";
import type { FunctionSchema, SchemaProp } from "./schema";

/** A function the plugin serves: its schema and the data-source code it runs. */
export interface ServedFunction extends FunctionSchema {
  /** Runs the data source of sdk/functions with the plugin's client. */
  readonly run: (args: Record<string, unknown>) => Promise<unknown>;
}

const plan: Readonly<Record<string, SchemaProp>> = {
  id: { type: "integer", doc: "The plan's numeric id, e.g. `3`.", required: true },
  name: { type: "string", doc: "Display name, e.g. `Professional`.", required: true },
  price: { type: "number", doc: "Price per period, in `currency`.", required: true },
  currency: { type: "string", doc: "Currency of `price`, e.g. `USD`.", required: true },
  period: { type: "string", doc: "Billing period, e.g. `month`.", required: true },
  subscribersLimit: { type: "integer", doc: "The most subscribers the plan allows.", required: true },
  emailsLimit: { type: "integer", doc: "The most emails per period; absent when unlimited." },
  features: { type: "stringList", doc: "Feature names included in the plan.", required: true },
};

type Props = Readonly<Record<string, SchemaProp>>;
const str = (doc: string, required = false): SchemaProp => ({ type: "string", doc, required });
const int = (doc: string, required = false): SchemaProp => ({ type: "integer", doc, required });
const num = (doc: string): SchemaProp => ({ type: "number", doc });
const bool = (doc: string): SchemaProp => ({ type: "boolean", doc });

// Optional unless the data source always gives a value (null reads as absent).
const campaign: Props = {
  id: str("The campaign's id, e.g. `snt001`.", true),
  title: str("Internal name."),
  subject: str("Subject line.", true),
  from: str("Sender name (not an address).", true),
  replyTo: str("Reply-to address.", true),
  preheader: str("Preview text."),
  domainId: str("Id of the sending domain."),
  language: str("Language code, e.g. `en`."),
  recipientCount: int("Subscribers the campaign reaches (or reached, once sent).", true),
  sentCount: int("Emails sent so far."),
  scheduleTime: str("When it is scheduled (`YYYY-MM-DD HH:MM:SS` UTC)."),
  sentTime: str("When it was sent (`YYYY-MM-DD HH:MM:SS` UTC)."),
  status: str("`DRAFT`, `SCHEDULED`, `SENDING` or `SENT`.", true),
  created: str("Creation time (`YYYY-MM-DD HH:MM:SS` UTC).", true),
  modified: str("Last change (`YYYY-MM-DD HH:MM:SS` UTC).", true),
  lastAction: str("The wizard step last reached: `step1`, `editor`, `step3` or `step4`.", true),
  contentType: str("The content type (the API's `editor` field): `editor`, `html` or `text`.", true),
  autoFollowupActive: bool("Whether the automatic follow-up is on."),
  autoFollowupSubject: str("Subject of the follow-up."),
  autoFollowupDelay: int("Hours before the follow-up goes out."),
  googleAnalytics: bool("Whether Google Analytics tracking is on."),
  sendToAll: bool("Whether it goes to every active subscriber."),
  opens: int("Unique opens."),
  clicks: int("Unique clicks."),
  bouncesCount: int("Bounces."),
  groups: { type: "stringList", doc: "Ids of the groups it is sent to." },
  segments: { type: "stringList", doc: "Ids of the segments it is sent to." },
  html: { type: { object: "CampaignContent" }, doc: "The content block." },
  reports: { type: { object: "CampaignReportPercentages" }, doc: "Report percentages." },
};

const transactional: Props = {
  id: str("The campaign's id, e.g. `trn001`.", true),
  userId: str("Id of the user who owns it."),
  accountId: str("Id of the account."),
  title: str("Name shown in reports."),
  subject: str("Subject line.", true),
  from: str("Sender name.", true),
  replyTo: str("Reply-to address."),
  domainId: str("Id of the sending domain.", true),
  created: str("Creation time (`YYYY-MM-DD HH:MM:SS` UTC).", true),
  modified: str("Last change (`YYYY-MM-DD HH:MM:SS` UTC).", true),
  type: str("How it is sent, e.g. `API`.", true),
  lastAction: str("The wizard step last reached, e.g. `editor`.", true),
  editor: str("The editor: `plain`, `html` or `builder`.", true),
  html: { type: { object: "TransactionalContent" }, doc: "The content block." },
  purchaseCount: int("Purchases attributed to it."),
  bounced: int("Bounces."),
  unsubscribeCount: int("Unsubscribes."),
  opens: int("Opens."),
  clicks: int("Clicks."),
  sent: int("Emails sent."),
  disableClickTracking: bool("Whether click tracking is off; only list answers carry it."),
  preheader: str("Preview text."),
  content: str("The content (plain text or html)."),
};

const contentBlock: Props = {
  id: str("Id of the content record."),
  thumbnailUrl: str("URL of the thumbnail image."),
  hasPreview: bool("Whether a preview can be rendered."),
  hasSnapshots: bool("Whether snapshots of the content exist."),
};

const paging: Props = {
  limit: int("Records per request, 1 to 100 (default 100). Every page is read whatever the size."),
  maxItems: int("Stop after this many campaigns; every campaign when absent."),
};

/** Object types of the function results, by name (`sender:index:<name>`). */
export const functionTypes: Readonly<Record<string, Props>> = {
  Plan: plan,
  CampaignInfo: campaign,
  CampaignContent: {
    ...contentBlock,
    content: str("The content as written (html or text)."),
    body: str("The rendered body."),
  },
  CampaignReportPercentages: {
    spamPercentage: num("Share of recipients who reported spam, in %."),
    hardBouncePercentage: num("Share of recipients that hard-bounced, in %."),
    unsubscribePercentage: num("Share of recipients who unsubscribed, in %."),
  },
  TransactionalCampaignInfo: transactional,
  TransactionalContent: { ...contentBlock, styles: str("Extra styles of the content.") },
  ImageFolder: {
    id: { type: "string", doc: "The folder's id, e.g. `fld001`.", required: true },
    name: { type: "string", doc: "The folder's name.", required: true },
    imagesCount: { type: "integer", doc: "How many images it holds.", required: true },
  },
};

/**
 * The data sources the plugin serves as `sender:index:<name>`. Each runs the very function of
 * sdk/functions (argument checks, requests, error messages), with the provider instance's client.
 */
export const servedFunctions: Readonly<Record<string, ServedFunction>> = {
  getPlans: {
    description: "Reads every plan of the service (`GET /v2/plans`).",
    inputs: {},
    outputs: {
      plans: { type: { objectList: "Plan" }, doc: "Every plan, in the service's order.", required: true },
    },
    run: () => getPlans(),
  },
  getPlan: {
    description: "Reads one plan (`GET /v2/plans/{plan_id}`).",
    inputs: { planId: { type: "integer", doc: "The plan's id: a positive whole number.", required: true } },
    outputs: plan,
    run: (args) => getPlan(args as { planId: number }),
  },
  getActiveSubscribers: {
    description: "Reads how many subscribers are active (`GET /v2/active_subscribers`).",
    inputs: {},
    outputs: {
      activeSubscribers: {
        type: "integer",
        doc: "How many subscribers of the account are active (what the plan's limit counts).",
        required: true,
      },
    },
    run: () => getActiveSubscribers(),
  },
  getCampaign: {
    description: "Reads one regular campaign (`GET /v2/campaigns/{id}`).",
    inputs: { id: str("The campaign's id.", true) },
    outputs: campaign,
    run: (args) => getCampaign(args as { id: string }),
  },
  getCampaigns: {
    description: "Reads the regular campaigns, page after page (`GET /v2/campaigns`).",
    inputs: { status: str("Only campaigns in this state; every campaign when absent."), ...paging },
    outputs: {
      campaigns: {
        type: { objectList: "CampaignInfo" },
        doc: "The campaigns read, newest first.",
        required: true,
      },
      total: int("How many campaigns match in all, even when `maxItems` stopped the read early.", true),
    },
    run: (args) => getCampaigns(args),
  },
  getCampaignSendingStatus: {
    description: "Reads how far the sending of a campaign is.",
    inputs: { id: str("The campaign's id.", true) },
    outputs: {
      campaignId: str("The campaign's id.", true),
      status: str("`DRAFT`, `SCHEDULED`, `SENDING` or `SENT`."),
      recipientCount: int("Subscribers the campaign reaches."),
      sentCount: int("Emails sent so far."),
      progress: num("Progress of the send, 0 to 100."),
    },
    run: (args) => getCampaignSendingStatus(args as { id: string }),
  },
  getTransactionalCampaign: {
    description: "Reads one transactional campaign (`GET /v2/transactional/{id}`).",
    inputs: { id: str("The transactional campaign's id.", true) },
    outputs: transactional,
    run: (args) => getTransactionalCampaign(args as { id: string }),
  },
  getTransactionalCampaigns: {
    description: "Reads the transactional campaigns, page after page (`GET /v2/transactional`).",
    inputs: paging,
    outputs: {
      campaigns: {
        type: { objectList: "TransactionalCampaignInfo" },
        doc: "The campaigns read, newest first.",
        required: true,
      },
      total: int("How many there are in all, even when `maxItems` stopped the read early.", true),
    },
    run: (args) => getTransactionalCampaigns(args),
  },
  getImageFolders: {
    description: "Reads the folders of the image library (`GET /v2/imageFolders`).",
    inputs: {},
    outputs: {
      folders: {
        type: { objectList: "ImageFolder" },
        doc: "Every folder of the image library.",
        required: true,
      },
    },
    run: () => getImageFolders(),
  },
};
