import { getActiveSubscribers, getImageFolders } from "../../sdk/functions/account";
import {
  type GetCampaignActivityArgs,
  type GetCampaignHardBouncesArgs,
  type GetCampaignLinksArgs,
  getCampaignActivity,
  getCampaignHardBounces,
  getCampaignLinks,
  getCampaignReport,
} from "../../sdk/functions/campaign-reports";
import {
  getCampaign,
  getCampaignPreview,
  getCampaignSendingStatus,
  getCampaigns,
} from "../../sdk/functions/campaigns";
import { type GetCartResult, getCart, getCarts } from "../../sdk/functions/carts";
import { getPlan, getPlans } from "../../sdk/functions/plans";
import { type GetSubscriberEventsArgs, getSubscriberEvents } from "../../sdk/functions/subscriber-events";
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

const activityItem: Props = {
  subscriberId: str("The subscriber's id."),
  email: str("The subscriber's address."),
  createdAt: str("When it happened (`YYYY-MM-DD HH:MM:SS` UTC)."),
  type: str(
    "What happened, in the singular: `open`, `click`, `bounce`, `unsubscribe`, `complaint` or `unopen`.",
  ),
};

const cart: Props = {
  cartHash: str("The cart's hash, generated by the service; the id to read it by.", true),
  externalId: int("The shop's own cart id."),
  email: str("The customer's address."),
  url: str("Where the cart lives in the shop."),
  currency: str("Currency abbreviation."),
  orderTotal: str("Order total, as text."),
  taxTotal: str("Tax total, as text."),
  products: { type: { objectList: "CartProductLine" }, doc: "Product lines." },
  status: str("`ACTIVE`, or `CONVERTED` once the order was placed."),
  created: str("Creation time (`YYYY-MM-DD HH:MM:SS` UTC)."),
};

const recordsPaging: Props = {
  limit: int("Records per request, 1 to 100 (default 100). Every page is read whatever the size."),
  maxItems: int("Stop after this many records; the whole list when absent."),
};

const subscriberEventItems = (action: string): SchemaProp => ({
  type: { objectList: "SubscriberEventItem" },
  doc: `Events of the action \`${action}\`, oldest first; present when that action was asked for.`,
});

/** A price the service may send as a number: the schema types it as text, as the shop sent it. */
const asText = (value: string | number | null): string | null => (value === null ? null : String(value));

/** A cart with its amounts as text, whatever JSON type the service used (the schema has one type). */
export function cartAsText(read: GetCartResult): GetCartResult {
  return {
    ...read,
    orderTotal: asText(read.orderTotal),
    taxTotal: asText(read.taxTotal),
    products: read.products?.map((line) => ({ ...line, price: asText(line.price) })) ?? null,
  };
}

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
  CampaignActivityItem: activityItem,
  CampaignHardBounce: {
    recipientId: str("The recipient (subscriber) id.", true),
    message: str("The receiving server's message."),
    createdAt: str("When it bounced (`YYYY-MM-DD HH:MM:SS` UTC)."),
  },
  CampaignLinkInfo: {
    id: str("The link's id, e.g. `lnk001`.", true),
    url: str("Where the link goes."),
    clickCount: int("How many clicks it got, as the service counts them."),
    clicks: {
      type: { objectList: "CampaignActivityItem" },
      doc: "The clicks read (see `maxClicksPerLink`), oldest first.",
      required: true,
    },
  },
  CartInfo: cart,
  CartProductLine: {
    sku: str("Stock-keeping unit."),
    name: str("Product name."),
    price: str("Unit price, as text."),
    priceDisplay: str("Unit price as shown to the customer."),
    qty: int("Quantity."),
    image: str("URL of the product image."),
  },
  SubscriberEventItem: {
    campaignId: str("The campaign (regular or transactional) it happened in.", true),
    subscriberId: str("The subscriber's id."),
    title: str("The campaign's title."),
    createdAt: str("When it happened (`YYYY-MM-DD HH:MM:SS` UTC)."),
  },
  SubscriberEvents: {
    opened: subscriberEventItems("opened"),
    bounced: subscriberEventItems("bounced"),
    clicked: subscriberEventItems("clicked"),
    unsubscribed: subscriberEventItems("unsubscribed"),
    got: subscriberEventItems("got"),
  },
  SubscriberEmailCounters: {
    sentCount: int("Campaign emails sent to the subscriber."),
    openedCount: int("Opens."),
    clickedCount: int("Clicks."),
    unsubscribed: int("Unsubscribes."),
    bounced: int("Bounces."),
    spamReported: int("Spam reports."),
  },
  SubscriberSmsCounters: {
    sentCount: int("SMS sent."),
    clickedCount: int("Clicks."),
    deliveredCount: int("SMS delivered."),
    failedCount: int("SMS that failed."),
    unsubscribedAt: str("When the subscriber unsubscribed from SMS (`YYYY-MM-DD HH:MM:SS` UTC)."),
    unsubscribed: int("SMS unsubscribes."),
  },
  ImageFolder: {
    id: { type: "string", doc: "The folder's id, e.g. `fld001`.", required: true },
    name: { type: "string", doc: "The folder's name.", required: true },
    imagesCount: { type: "integer", doc: "How many images it holds.", required: true },
  },
};

/**
 * The data sources the plugin serves as `sender:index:<name>`. Each runs the very function of
 * sdk/functions (argument checks, requests, error messages), with the provider instance's client.
 * The casts of `args` are only for the compiler: the data source checks every argument itself.
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
  getCampaignPreview: {
    description: "Reads the rendered preview of a campaign (`GET /v2/campaigns/{id}/preview`).",
    inputs: { id: str("The campaign's id.", true) },
    outputs: {
      campaignId: str("The campaign's id.", true),
      html: str("The rendered html document."),
      text: str("The plain-text version."),
    },
    run: (args) => getCampaignPreview(args as { id: string }),
  },
  getCampaignReport: {
    description:
      "Reads the report of a campaign (`GET /v2/campaigns/{id}/report`); every figure is 0 before the send.",
    inputs: { id: str("The campaign's id.", true) },
    outputs: {
      campaignId: str("The campaign's id.", true),
      sent: int("Emails sent."),
      delivered: int("Emails delivered (sent minus bounces)."),
      opens: int("Opens, repeated opens included."),
      uniqueOpens: int("Recipients who opened at least once."),
      clicks: int("Clicks, repeated clicks included."),
      uniqueClicks: int("Recipients who clicked at least once."),
      bounces: int("Bounces."),
      hardBounces: int("Hard bounces."),
      unsubscribes: int("Unsubscribes."),
      complaints: int("Spam complaints."),
      openRate: num("Unique opens per delivered email, in %."),
      clickRate: num("Unique clicks per delivered email, in %."),
    },
    run: (args) => getCampaignReport(args as { id: string }),
  },
  getCampaignActivity: {
    description: "Reads one activity list of a campaign, every page (`GET /v2/campaigns/{id}/{kind}`).",
    inputs: {
      id: str("The campaign's id.", true),
      kind: str(
        "The list: `events` (every kind mixed), `opens`, `clicks`, `bounces`, `unsubscribes`, `complaints` or `unopens`.",
        true,
      ),
      ...recordsPaging,
    },
    outputs: {
      campaignId: str("The campaign's id.", true),
      kind: str("The list that was read.", true),
      items: {
        type: { objectList: "CampaignActivityItem" },
        doc: "The records read, oldest first (the service's order).",
        required: true,
      },
      total: int(
        "How many records the list holds in all, even when `maxItems` stopped the read early.",
        true,
      ),
    },
    run: (args) => getCampaignActivity(args as unknown as GetCampaignActivityArgs),
  },
  getCampaignHardBounces: {
    description: "Reads the hard bounces of a campaign, every page (`GET /v2/campaigns/{id}/hard_bounces`).",
    inputs: { id: str("The campaign's id.", true), ...recordsPaging },
    outputs: {
      campaignId: str("The campaign's id.", true),
      hardBounces: {
        type: { objectList: "CampaignHardBounce" },
        doc: "The hard bounces read.",
        required: true,
      },
      total: int(
        "How many hard bounces there are in all, even when `maxItems` stopped the read early.",
        true,
      ),
    },
    run: (args) => getCampaignHardBounces(args as unknown as GetCampaignHardBouncesArgs),
  },
  getCampaignLinks: {
    description:
      "Reads the tracked links of a campaign (`GET /v2/campaigns/{id}/links`) and, for each, every page of its clicks.",
    inputs: {
      id: str("The campaign's id.", true),
      limit: int("Records per request when reading each link's clicks, 1 to 100 (default 100)."),
      maxClicksPerLink: int(
        "Read at most this many clicks per link; 0 reads only the links and their counts. All when absent.",
      ),
    },
    outputs: {
      campaignId: str("The campaign's id.", true),
      links: {
        type: { objectList: "CampaignLinkInfo" },
        doc: "The links, in the order they appear in the content.",
        required: true,
      },
    },
    run: (args) => getCampaignLinks(args as unknown as GetCampaignLinksArgs),
  },
  getCart: {
    description: "Reads one cart by its hash (`GET /v2/carts/{cart_hash}`).",
    inputs: { cartHash: str("The cart's hash (not the shop's external id).", true) },
    outputs: cart,
    run: async (args) => cartAsText(await getCart(args as { cartHash: string })),
  },
  getCarts: {
    description: "Reads every cart, page after page (`GET /v2/carts`).",
    inputs: {
      limit: int("Records per request, 1 to 100 (default 100). Every page is read whatever the size."),
      maxItems: int("Stop after this many carts; every cart when absent."),
    },
    outputs: {
      carts: {
        type: { objectList: "CartInfo" },
        doc: "The carts read, newest first (the service's order).",
        required: true,
      },
      total: int("How many carts there are in all, even when `maxItems` stopped the read early.", true),
    },
    run: async (args) => {
      const read = await getCarts(args);
      return { ...read, carts: read.carts.map(cartAsText) };
    },
  },
  getSubscriberEvents: {
    description:
      "Reads a subscriber's event history for the given actions (`GET /v2/subscribers/{identifier}/events`).",
    inputs: {
      identifier: str("The subscriber's email address, phone number or id.", true),
      actions: {
        type: "stringList",
        doc: "The actions to read: a non-empty list of `opened`, `bounced`, `clicked`, `unsubscribed`, `got`.",
        required: true,
      },
    },
    outputs: {
      identifier: str("The identifier that was asked for.", true),
      actions: {
        type: "stringList",
        doc: "The actions that were asked for, without repeats, in the order given.",
        required: true,
      },
      events: {
        type: { object: "SubscriberEvents" },
        doc: "Events per requested action; every requested action has a list, possibly empty.",
        required: true,
      },
      emailCampaign: {
        type: { object: "SubscriberEmailCounters" },
        doc: "Email campaign counters (over every action, not only the requested ones).",
        required: true,
      },
      smsCampaign: {
        type: { object: "SubscriberSmsCounters" },
        doc: "SMS campaign counters.",
        required: true,
      },
    },
    run: (args) => getSubscriberEvents(args as unknown as GetSubscriberEventsArgs),
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
