import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { buildActivity, type CampaignActivity, campaignCounters, NO_ACTIVITY } from "./activity";
import { linksOf, recipientsOf } from "./audience";
import { notFound } from "./errors";
import { idFromCounter } from "./ids";
import {
  ACCOUNT_ID,
  CDN,
  DOMAINS,
  FILTERS,
  GROUPS,
  LAUNCH_CONTENT,
  LAUNCH_SENT_TIME,
  SEEDED_IMAGES,
  SENDER_EMAIL,
  SENDER_NAME,
  SUBSCRIBERS,
  TAGS,
  USER_ID,
} from "./seed";
import { formatTimestamp, parseTimestamp } from "./time";
import type {
  AccountRequest,
  Attachment,
  Campaign,
  Cart,
  ContentType,
  GroupRecord,
  ImageRecord,
  MessageRecord,
  NamedRef,
  Subscriber,
  TargetingIds,
  Transactional,
  Webhook,
} from "./types";

/** Everything the emulator persists: the API's records plus the side data they derive from. */
export interface EmulatorData {
  version: 1;
  /** Counter behind the deterministic id generator. */
  idCounter: number;
  campaigns: Campaign[];
  targeting: Record<string, TargetingIds>;
  attachments: Record<string, Attachment[]>;
  /** Campaign id → ISO time its send started, while SENDING. */
  sendingSince: Record<string, string>;
  /** Campaign id → ids of the subscribers it was sent to. */
  sentRecipients: Record<string, string[]>;
  transactional: Transactional[];
  webhooks: Webhook[];
  carts: Cart[];
  messages: MessageRecord[];
  images: ImageRecord[];
  accountRequests: AccountRequest[];
  /** Tags added beyond the seeded ones (`POST /__emulator/tags`); absent in older state files. */
  addedTags?: NamedRef[];
  /** Saved filters added beyond the seeded ones (`POST /__emulator/filters`). */
  addedFilters?: NamedRef[];
  /**
   * The account's groups once one was made, renamed or deleted; absent until then (and in older state
   * files), when the seeded ones stand, so that a state file no group request touched stays as it was.
   */
  groups?: GroupRecord[];
}

/** Targeting as answered by the API and the admin state: lists of `{id, name}`. */
export interface TargetingView {
  tags: NamedRef[];
  exclude_tags: NamedRef[];
  filters: NamedRef[];
  exclude_filters: NamedRef[];
}

/** `GET /__emulator/state`: every object by kind, in the shapes the API answers. */
export interface AdminState {
  campaigns: Campaign[];
  transactional: Transactional[];
  webhooks: Webhook[];
  carts: Cart[];
  messages: MessageRecord[];
  attachments: Record<string, Attachment[]>;
  targeting: Record<string, TargetingView>;
  images: ImageRecord[];
  account_requests: AccountRequest[];
  /** The account's groups as stored (their counts are computed when `GET /v2/groups` answers). */
  groups: GroupRecord[];
}

/** Options of {@link EmulatorStore}. */
export interface StoreOptions {
  /** JSON file to load on start and to rewrite (atomically) after every change. */
  statePath?: string;
  /** The clock. */
  now: () => Date;
  /** How long a campaign stays SENDING before it reads as SENT. */
  sendingMs: number;
}

const emptyTargeting = (): TargetingIds => ({ tags: [], exclude_tags: [], filters: [], exclude_filters: [] });

/** The seeded domain a verified `reply_to` address belongs to, if any. */
export function verifiedDomainOf(email: string): string | undefined {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return DOMAINS.find((candidate) => candidate.verified && candidate.domain === domain)?.id;
}

/** The fields a new campaign record takes from its creator. */
export interface NewCampaign {
  id: string;
  created: string;
  title: string | null;
  subject: string;
  from: string;
  reply_to: string;
  preheader: string | null;
  editor: ContentType;
  content: string | null;
}

/** A new DRAFT campaign record with the defaults the API shows (observed fields; assumed values). */
export function newCampaignRecord(fields: NewCampaign): Campaign {
  return {
    id: fields.id,
    title: fields.title,
    subject: fields.subject,
    from: fields.from,
    reply_to: fields.reply_to,
    preheader: fields.preheader,
    domain_id: verifiedDomainOf(fields.reply_to) ?? "dom001",
    language: "en",
    recipient_count: 0,
    sent_count: 0,
    schedule_time: null,
    sent_time: null,
    status: "DRAFT",
    created: fields.created,
    modified: fields.created,
    last_action: "step1",
    editor: fields.editor,
    auto_followup_active: 0,
    auto_followup_subject: null,
    auto_followup_delay: null,
    google_analytics: 0,
    send_to_all: 0,
    opens: 0,
    clicks: 0,
    bounces_count: 0,
    campaign_groups: [],
    segments: [],
    html: {
      id: `h${fields.id}`,
      thumbnail_url: `${CDN}/thumbnails/${fields.id}.png`,
      has_preview: fields.content !== null,
      has_snapshots: false,
      html_content: fields.content,
      html_body: fields.content,
    },
    reports: { spam_percentage: 0, hard_bounce_percentage: 0, unsubscribe_percentage: 0 },
  };
}

function seededTransactional(
  id: string,
  title: string,
  subject: string,
  editor: "plain" | "html",
  content: string,
  counters: { sent: number; opens: number; clicks: number; bounced: number; created: string },
): Transactional {
  return {
    id,
    user_id: USER_ID,
    account_id: ACCOUNT_ID,
    title,
    subject,
    from: SENDER_NAME,
    reply_to: SENDER_EMAIL,
    domain_id: "dom001",
    created: counters.created,
    modified: counters.created,
    type: "API",
    last_action: "editor",
    editor,
    html: {
      id: `h${id}`,
      thumbnail_url: `${CDN}/thumbnails/${id}.png`,
      has_preview: true,
      has_snapshots: false,
      styles: null,
    },
    purchaseCount: 0,
    bounced: counters.bounced,
    unsubscribeCount: 0,
    opens: counters.opens,
    clicks: counters.clicks,
    sent: counters.sent,
    preheader: null,
    content,
  };
}

/** The seeded state (docs/wire-contract.md, "Seeded account"). */
export function seededData(): EmulatorData {
  const launch = newCampaignRecord({
    id: "snt001",
    created: "2026-01-05 09:00:00",
    title: "Launch announcement",
    subject: "We have launched",
    from: SENDER_NAME,
    reply_to: SENDER_EMAIL,
    preheader: "Everything you need to know",
    editor: "html",
    content: LAUNCH_CONTENT,
  });
  const recipients = SUBSCRIBERS.filter((subscriber) => subscriber.status === "ACTIVE");
  const activity = buildActivity(recipients, parseTimestamp(LAUNCH_SENT_TIME)!, linksOf(launch));
  Object.assign(launch, {
    status: "SENT",
    modified: LAUNCH_SENT_TIME,
    sent_time: LAUNCH_SENT_TIME,
    last_action: "step4",
    google_analytics: 1,
    send_to_all: 1,
    recipient_count: recipients.length,
    sent_count: recipients.length,
    ...campaignCounters(activity.report),
  } satisfies Partial<Campaign>);
  return {
    version: 1,
    idCounter: 0,
    campaigns: [launch],
    targeting: { snt001: emptyTargeting() },
    attachments: { snt001: [] },
    sendingSince: {},
    sentRecipients: { snt001: recipients.map((subscriber) => subscriber.id) },
    transactional: [
      seededTransactional(
        "trn001",
        "Order confirmation",
        "Your order is confirmed",
        "html",
        "<p>Thanks for your order {{order_id}}.</p>",
        { sent: 120, opens: 98, clicks: 40, bounced: 2, created: "2026-01-02 08:00:00" },
      ),
      seededTransactional(
        "trn002",
        "Password reset",
        "Reset your password",
        "plain",
        "Reset it here: {{link}}",
        {
          sent: 45,
          opens: 30,
          clicks: 25,
          bounced: 1,
          created: "2026-01-02 08:30:00",
        },
      ),
    ],
    webhooks: [],
    carts: [],
    messages: [],
    images: SEEDED_IMAGES.map((image) => ({ ...image })),
    accountRequests: [],
  };
}

const byId = (list: readonly NamedRef[], ids: readonly string[]): NamedRef[] =>
  ids.flatMap((id) => list.filter((item) => item.id === id));

/**
 * The emulator's state: in memory, seeded, optionally persisted to a JSON file. Route handlers
 * validate first and mutate after, then call {@link EmulatorStore.markDirty}; the app flushes
 * once per request, so a rejected request never changes anything.
 */
export class EmulatorStore {
  /** The live state; route handlers read and change it directly. */
  data: EmulatorData;
  /** Campaign titles are stored trimmed and in NFC (`PUT /__emulator/title-normalization`); off by default. */
  normalizeTitles = false;
  private dirty = false;
  private readonly options: StoreOptions;

  constructor(options: StoreOptions) {
    this.options = options;
    const loaded = options.statePath !== undefined ? EmulatorStore.load(options.statePath) : undefined;
    this.data = loaded ?? seededData();
    if (!loaded) {
      this.dirty = true;
      this.flush();
    }
  }

  private static load(path: string): EmulatorData | undefined {
    if (!existsSync(path)) return undefined;
    const data = JSON.parse(readFileSync(path, "utf8")) as EmulatorData;
    // Refuse to silently overwrite a file that is not ours.
    if (data?.version !== 1 || !Array.isArray(data.campaigns)) {
      throw new Error(`${path} is not an emulator state file (version 1).`);
    }
    return data;
  }

  /** The current time of the injected clock. */
  now(): Date {
    return this.options.now();
  }

  /** Back to the seed (and persisted). */
  reset(): void {
    this.data = seededData();
    this.normalizeTitles = false;
    this.dirty = true;
    this.flush();
  }

  /** Notes that the state changed; the change is written by the next {@link flush}. */
  markDirty(): void {
    this.dirty = true;
  }

  /** Writes the state if it changed: a temp file then a rename, so a crash never leaves half a file. */
  flush(): void {
    if (!this.dirty) return;
    this.dirty = false;
    const path = this.options.statePath;
    if (path === undefined) return;
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(this.data, null, 2));
    renameSync(temp, path);
  }

  /** A fresh deterministic alphanumeric id, unique among the stored records. */
  newId(length = 6): string {
    const taken = new Set<string>([
      ...this.data.campaigns.map((campaign) => campaign.id),
      ...this.data.transactional.map((campaign) => campaign.id),
      ...this.data.webhooks.map((webhook) => webhook.id),
      ...this.groups().map((group) => group.id),
      ...this.data.images.map((image) => image.id),
      ...this.data.carts.map((cart) => cart.cart_hash),
      ...this.data.messages.map((message) => message.emailId),
    ]);
    for (;;) {
      this.data.idCounter += 1;
      const id = idFromCounter(this.data.idCounter, length);
      if (!taken.has(id)) return id;
    }
  }

  /** The current time as an API timestamp. */
  timestamp(): string {
    return formatTimestamp(this.now());
  }

  /**
   * Moves campaigns whose time has come: SENDING for `sendingMs` → SENT (contract), SCHEDULED
   * whose time has passed → SENT (assumed). Runs before each request.
   */
  settle(): void {
    const now = this.now().getTime();
    for (const campaign of this.data.campaigns) {
      const since = this.data.sendingSince[campaign.id];
      if (campaign.status === "SENDING" && since !== undefined) {
        const done = Date.parse(since) + this.options.sendingMs;
        if (done <= now) this.completeSend(campaign, new Date(done));
      }
      const scheduled = campaign.schedule_time === null ? null : parseTimestamp(campaign.schedule_time);
      if (campaign.status === "SCHEDULED" && scheduled && scheduled.getTime() <= now) {
        this.completeSend(campaign, scheduled);
      }
    }
  }

  /** Starts sending a campaign now. */
  startSend(campaign: Campaign): void {
    campaign.status = "SENDING";
    campaign.modified = this.timestamp();
    this.data.sendingSince[campaign.id] = this.now().toISOString();
    this.markDirty();
  }

  /** Milliseconds a send takes, for the sending-status progress. */
  get sendingMs(): number {
    return this.options.sendingMs;
  }

  private completeSend(campaign: Campaign, at: Date): void {
    const recipients = recipientsOf(campaign, this.targetingIds(campaign.id));
    this.data.sentRecipients[campaign.id] = recipients.map((subscriber) => subscriber.id);
    delete this.data.sendingSince[campaign.id];
    campaign.status = "SENT";
    campaign.sent_time = formatTimestamp(at);
    campaign.recipient_count = recipients.length;
    campaign.sent_count = recipients.length;
    Object.assign(campaign, campaignCounters(this.activityOf(campaign).report));
    this.markDirty();
  }

  /** The campaign with this id, or the 404 answer. */
  campaign(id: string): Campaign {
    const campaign = this.data.campaigns.find((candidate) => candidate.id === id);
    if (!campaign) throw notFound("Campaign", id);
    return campaign;
  }

  /** The targeting ids of a campaign (created empty on first use). */
  targetingIds(id: string): TargetingIds {
    let targeting = this.data.targeting[id];
    if (!targeting) {
      targeting = emptyTargeting();
      this.data.targeting[id] = targeting;
    }
    return targeting;
  }

  /** The account's tags: the seeded ones, then those added. */
  tags(): NamedRef[] {
    return [...TAGS, ...(this.data.addedTags ?? [])];
  }

  /** The account's groups: the seeded ones until a group request changed them. */
  groups(): GroupRecord[] {
    return this.data.groups ?? GROUPS.map((group) => ({ ...group }));
  }

  /** Replaces the account's groups (and persists them from then on). */
  setGroups(groups: GroupRecord[]): void {
    this.data.groups = groups;
    this.markDirty();
  }

  /** The account's saved filters: the seeded ones, then those added. */
  filters(): NamedRef[] {
    return [...FILTERS, ...(this.data.addedFilters ?? [])];
  }

  /** Targeting rendered as `{id, name}` lists. */
  targetingView(id: string): TargetingView {
    const ids = this.data.targeting[id] ?? emptyTargeting();
    const tags = this.tags();
    const filters = this.filters();
    return {
      tags: byId(tags, ids.tags),
      exclude_tags: byId(tags, ids.exclude_tags),
      filters: byId(filters, ids.filters),
      exclude_filters: byId(filters, ids.exclude_filters),
    };
  }

  /** The attachments of a campaign (created empty on first use). */
  attachmentsOf(id: string): Attachment[] {
    let list = this.data.attachments[id];
    if (!list) {
      list = [];
      this.data.attachments[id] = list;
    }
    return list;
  }

  /** Recomputes `recipient_count` after a targeting change (frozen once sent). */
  refreshAudience(campaign: Campaign): void {
    if (campaign.status === "SENT" || campaign.status === "SENDING") return;
    campaign.recipient_count = recipientsOf(campaign, this.targetingIds(campaign.id)).length;
  }

  /** Who the campaign goes (or went) to. */
  audienceOf(campaign: Campaign): Subscriber[] {
    const sent = this.data.sentRecipients[campaign.id];
    if (campaign.status === "SENT" && sent) {
      return SUBSCRIBERS.filter((subscriber) => sent.includes(subscriber.id));
    }
    return recipientsOf(campaign, this.targetingIds(campaign.id));
  }

  /** The seeded activity of a sent campaign; empty before the send. */
  activityOf(campaign: Campaign): CampaignActivity {
    const sentTime = campaign.sent_time === null ? null : parseTimestamp(campaign.sent_time);
    if (campaign.status !== "SENT" || !sentTime) return NO_ACTIVITY;
    return buildActivity(this.audienceOf(campaign), sentTime, linksOf(campaign));
  }

  /** Deletes a campaign and its side data. */
  deleteCampaign(id: string): void {
    this.data.campaigns = this.data.campaigns.filter((campaign) => campaign.id !== id);
    delete this.data.targeting[id];
    delete this.data.attachments[id];
    delete this.data.sendingSince[id];
    delete this.data.sentRecipients[id];
    this.markDirty();
  }

  /** Every object by kind, in the shapes the API answers (a deep copy). */
  snapshot(): AdminState {
    const data = this.data;
    return structuredClone({
      campaigns: data.campaigns,
      transactional: data.transactional,
      webhooks: data.webhooks,
      carts: data.carts,
      messages: data.messages,
      attachments: Object.fromEntries(data.campaigns.map((c) => [c.id, data.attachments[c.id] ?? []])),
      targeting: Object.fromEntries(data.campaigns.map((c) => [c.id, this.targetingView(c.id)])),
      images: data.images,
      account_requests: data.accountRequests,
      groups: this.groups(),
    });
  }
}
