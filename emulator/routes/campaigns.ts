import { Hono } from "hono";
import { z } from "zod";
import { linksOf } from "../audience";
import { ack, assertNotSent, type EmulatorEnv, type RouteDeps } from "../context";
import { badRequest, invalid } from "../errors";
import { paginate } from "../pagination";
import { CDN, DOMAINS, SENDER_EMAIL, SENDER_NAME } from "../seed";
import { newCampaignRecord, verifiedDomainOf } from "../store";
import { formatTimestamp, parseTimestamp } from "../time";
import type { Campaign, CampaignStatus } from "../types";
import {
  flag,
  followUpDelay,
  message,
  numberFlag,
  optionalString,
  readJson,
  requiredString,
  validate,
  verifiedReplyTo,
} from "../validation";

/**
 * The keys of a campaign in the list, as the docs' list example shows them (https://api.sender.net/,
 * whose stored copy ends after `html.id`; see wire contract "Regular campaigns"). The rest (`preheader`,
 * the content, `google_analytics`, `campaign_groups`, `segments`, `domain_id`, the counters the
 * example lacks) is the record's own GET's (assumed: the list carries no more than the example).
 */
const LISTED_KEYS = [
  "id",
  "subject",
  "reply_to",
  "language",
  "recipient_count",
  "from",
  "schedule_time",
  "last_action",
  "sent_time",
  "status",
  "created",
  "modified",
  "title",
  "auto_followup_active",
  "auto_followup_subject",
  "auto_followup_delay",
  "editor",
  "opens",
  "clicks",
  "send_to_all",
] as const satisfies readonly (keyof Campaign)[];

/** A campaign as `GET /campaigns` lists it: {@link LISTED_KEYS}, and of `html` its id. */
export function listedCampaign(campaign: Campaign) {
  const listed = Object.fromEntries(LISTED_KEYS.map((key) => [key, campaign[key]]));
  return { ...listed, html: { id: campaign.html.id } };
}

/** The wizard steps (spec 2.3). */
export const LAST_ACTIONS = ["step1", "editor", "step3", "step4"] as const;
const STATUSES: readonly CampaignStatus[] = ["DRAFT", "SCHEDULED", "SENDING", "SENT"];

// spec: reply_to must be on a verified domain of the account.
const replyTo = verifiedReplyTo((email) => verifiedDomainOf(email) !== undefined);

const optionalFields = {
  title: optionalString(),
  preheader: optionalString(),
  // assumed: content is stored as html.html_content.
  content: z.string().max(1_000_000).nullish(),
  // wire contract "Regular campaigns": a number; a boolean is a 422, as Laravel's integer rule answers.
  google_analytics: numberFlag.nullish(),
  auto_followup_subject: optionalString(),
  auto_followup_delay: followUpDelay.nullish(),
  auto_followup_active: flag.optional(),
  // observed: create also takes groups and segments; assumed on update.
  // Each must be a group of the account (checked by groupErrors, against the store).
  groups: z.array(z.string()).optional(),
  segments: z.array(z.string()).optional(),
};

const createSchema = z.object({
  subject: requiredString(),
  from: requiredString(),
  reply_to: replyTo,
  content_type: z.enum(["editor", "html", "text"]),
  last_action: z.enum(LAST_ACTIONS).optional(),
  ...optionalFields,
});

const updateSchema = z.object({
  subject: requiredString().optional(),
  from: requiredString().optional(),
  reply_to: replyTo.optional(),
  content_type: z.enum(["editor", "html", "text"]).optional(),
  // spec: domain_id changes the domain; ids are strings on the wire (observed).
  domain_id: z
    .union([z.string(), z.number()])
    .transform(String)
    .refine(
      (id) => DOMAINS.some((domain) => domain.verified && domain.id === id),
      message("The selected :attribute is invalid."),
    )
    .optional(),
  ...optionalFields,
});

/** The 422 errors of `groups` elements that name no group of the account, keyed `groups.<index>`. */
function groupErrors(isGroup: (id: string) => boolean) {
  return (input: Record<string, unknown>): Record<string, string[]> => {
    const groups = input.groups;
    if (!Array.isArray(groups)) return {};
    return Object.fromEntries(
      groups.flatMap((id, index) =>
        typeof id === "string" && !isGroup(id)
          ? [[`groups.${index}`, [`The selected groups.${index} is invalid.`]]]
          : [],
      ),
    );
  };
}

type CampaignChanges = Partial<z.output<typeof updateSchema>>;

/**
 * Applies validated create/update fields to a record; with `normalizeTitles` (the admin switch,
 * docs/emulator.md), the title is stored trimmed and in Unicode NFC, as a service may store it.
 */
function applyChanges(campaign: Campaign, changes: CampaignChanges, normalizeTitles = false): void {
  if (changes.title !== undefined)
    campaign.title =
      normalizeTitles && typeof changes.title === "string"
        ? changes.title.trim().normalize("NFC")
        : changes.title;
  if (changes.subject !== undefined) campaign.subject = changes.subject;
  if (changes.from !== undefined) campaign.from = changes.from;
  if (changes.reply_to !== undefined) {
    campaign.reply_to = changes.reply_to;
    campaign.domain_id = verifiedDomainOf(changes.reply_to) ?? campaign.domain_id;
  }
  if (changes.domain_id !== undefined) campaign.domain_id = changes.domain_id;
  if (changes.preheader !== undefined) campaign.preheader = changes.preheader;
  if (changes.content_type !== undefined) campaign.editor = changes.content_type;
  if (changes.content !== undefined) {
    campaign.html.html_content = changes.content;
    campaign.html.html_body = changes.content;
    campaign.html.has_preview = changes.content !== null;
  }
  if (changes.google_analytics !== undefined) campaign.google_analytics = changes.google_analytics ?? 0;
  if (changes.auto_followup_subject !== undefined)
    campaign.auto_followup_subject = changes.auto_followup_subject;
  if (changes.auto_followup_delay !== undefined) campaign.auto_followup_delay = changes.auto_followup_delay;
  if (changes.auto_followup_active !== undefined)
    campaign.auto_followup_active = changes.auto_followup_active;
  if (changes.groups !== undefined) campaign.campaign_groups = [...new Set(changes.groups)];
  if (changes.segments !== undefined) campaign.segments = [...new Set(changes.segments)];
}

/** Parses `ids=[id1,id2]`: a literal bracketed list, ids unquoted (observed); quotes tolerated. */
export function parseIdList(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === "") throw invalid({ ids: ["The ids field is required."] });
  const match = /^\s*\[(.*)\]\s*$/.exec(raw);
  if (!match) throw invalid({ ids: ["The ids must be a bracketed list such as [id1,id2]."] });
  const ids = (match[1] ?? "")
    .split(",")
    .map((id) => id.trim().replace(/^["']|["']$/g, ""))
    .filter((id) => id !== "");
  if (ids.length === 0) throw invalid({ ids: ["The ids field is required."] });
  return ids;
}

const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Regular campaigns: CRUD, send, schedule, copy, previews (spec 4.6). */
export function campaignRoutes({ store }: RouteDeps) {
  const knownGroups = groupErrors((id) => store.groups().some((group) => group.id === id));
  const app = new Hono<EmulatorEnv>();

  app.get("/campaigns", (c) => {
    const status = c.req.query("status");
    if (status !== undefined && !STATUSES.includes(status as CampaignStatus)) {
      throw invalid({ status: ["The selected status is invalid."] });
    }
    // assumed: newest first, as the real default direction is desc.
    const campaigns = [...store.data.campaigns]
      .reverse()
      .filter((campaign) => !status || campaign.status === status);
    return c.json(paginate(c, campaigns.map(listedCampaign)));
  });

  app.post("/campaigns", async (c) => {
    const body = validate(createSchema, await readJson(c), knownGroups);
    const campaign = newCampaignRecord({
      id: store.newId(),
      created: store.timestamp(),
      title: body.title ?? null,
      subject: body.subject,
      from: body.from,
      reply_to: body.reply_to,
      preheader: body.preheader ?? null,
      editor: body.content_type,
      content: body.content ?? null,
    });
    applyChanges(campaign, body, store.normalizeTitles);
    if (body.last_action) campaign.last_action = body.last_action;
    store.data.campaigns.push(campaign);
    store.targetingIds(campaign.id);
    store.attachmentsOf(campaign.id);
    store.refreshAudience(campaign);
    store.markDirty();
    return c.json({ data: campaign }, 201);
  });

  app.delete("/campaigns", (c) => {
    const ids = parseIdList(c.req.query("ids"));
    const found = ids.filter((id) => store.data.campaigns.some((campaign) => campaign.id === id));
    if (found.length === 0) return ack(c, "No campaigns found.", false); // observed: success false, 200
    for (const id of found) store.deleteCampaign(id);
    return ack(c, found.length === 1 ? "Campaign deleted." : `${found.length} campaigns deleted.`);
  });

  // Registered before /campaigns/:id so that "prefill" is not read as an id.
  app.get("/campaigns/prefill", (c) =>
    c.json({
      data: { from: SENDER_NAME, reply_to: SENDER_EMAIL, domains: DOMAINS.map((domain) => ({ ...domain })) },
    }),
  );

  app.get("/campaigns/:id", (c) => c.json({ data: store.campaign(c.req.param("id")) }));

  app.patch("/campaigns/:id", async (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const changes = validate(updateSchema, await readJson(c), knownGroups);
    assertNotSent(campaign, "edited");
    applyChanges(campaign, changes, store.normalizeTitles);
    campaign.modified = store.timestamp();
    store.refreshAudience(campaign);
    store.markDirty();
    return ack(c, "Campaign updated.");
  });

  app.post("/campaigns/:id/send", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    assertNotSent(campaign, "sent again");
    store.refreshAudience(campaign);
    if (campaign.recipient_count === 0) throw badRequest(`Campaign ${campaign.id} has no recipients.`);
    store.startSend(campaign);
    return ack(c, "Campaign is being sent.");
  });

  app.get("/campaigns/:id/sending_status", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    let progress = 0;
    if (campaign.status === "SENT") progress = 100;
    if (campaign.status === "SENDING") {
      const since = Date.parse(store.data.sendingSince[campaign.id] ?? "");
      const elapsed = store.now().getTime() - since;
      progress = Math.min(99, Math.floor((elapsed / Math.max(1, store.sendingMs)) * 100));
    }
    const sentCount =
      campaign.status === "SENT"
        ? campaign.sent_count
        : Math.floor((campaign.recipient_count * progress) / 100);
    return c.json({
      data: {
        status: campaign.status,
        recipient_count: campaign.recipient_count,
        sent_count: sentCount,
        progress,
      },
    });
  });

  app.post("/campaigns/:id/schedule", async (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const body = validate(z.object({ schedule_time: z.string() }), await readJson(c));
    const when = parseTimestamp(body.schedule_time);
    // spec: format Y-m-d H:i:s; assumed: a time not in the future is a 422.
    if (!when) throw invalid({ schedule_time: ["The schedule time does not match the format Y-m-d H:i:s."] });
    if (when.getTime() <= store.now().getTime()) {
      throw invalid({ schedule_time: ["The schedule time must be a date after now."] });
    }
    assertNotSent(campaign, "scheduled");
    campaign.status = "SCHEDULED";
    campaign.schedule_time = formatTimestamp(when);
    campaign.modified = store.timestamp();
    store.markDirty();
    return ack(c, `Campaign scheduled for ${campaign.schedule_time}.`);
  });

  app.delete("/campaigns/:id/schedule", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    if (campaign.status !== "SCHEDULED") throw badRequest(`Campaign ${campaign.id} is not scheduled.`);
    campaign.status = "DRAFT";
    campaign.schedule_time = null;
    campaign.modified = store.timestamp();
    store.markDirty();
    return ack(c, "Campaign unscheduled.");
  });

  app.patch("/campaigns/:id/send_to_all", async (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const body = validate(z.object({ send_to_all: flag.optional() }), await readJson(c));
    assertNotSent(campaign, "retargeted");
    campaign.send_to_all = body.send_to_all ?? 1; // assumed: no body means "send to all"
    campaign.modified = store.timestamp();
    store.refreshAudience(campaign);
    store.markDirty();
    return ack(
      c,
      campaign.send_to_all === 1 ? "Campaign will be sent to all subscribers." : "Send to all turned off.",
    );
  });

  app.post("/campaigns/:id/copy", (c) => {
    const source = store.campaign(c.req.param("id"));
    const copy: Campaign = {
      ...newCampaignRecord({
        id: store.newId(),
        created: store.timestamp(),
        title: `${source.title ?? source.subject} (copy)`,
        subject: source.subject,
        from: source.from,
        reply_to: source.reply_to,
        preheader: source.preheader,
        editor: source.editor,
        content: source.html.html_content,
      }),
      domain_id: source.domain_id,
      last_action: source.last_action,
      google_analytics: source.google_analytics,
      send_to_all: source.send_to_all,
      auto_followup_active: source.auto_followup_active,
      auto_followup_subject: source.auto_followup_subject,
      auto_followup_delay: source.auto_followup_delay,
      campaign_groups: [...source.campaign_groups],
      segments: [...source.segments],
    };
    store.data.campaigns.push(copy);
    store.data.targeting[copy.id] = structuredClone(store.targetingIds(source.id));
    store.data.attachments[copy.id] = structuredClone(store.attachmentsOf(source.id));
    store.refreshAudience(copy);
    store.markDirty();
    // observed: an ack carrying the copy's id and status in `data`.
    return c.json({ success: true, message: "Campaign copied.", data: { id: copy.id, status: copy.status } });
  });

  app.post("/campaigns/:id/last_action", async (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const body = validate(z.object({ last_action: z.enum(LAST_ACTIONS) }), await readJson(c));
    assertNotSent(campaign, "edited");
    campaign.last_action = body.last_action;
    campaign.modified = store.timestamp();
    store.markDirty();
    return ack(c, "Last action updated.");
  });

  app.get("/campaigns/:id/preview", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const content = campaign.html.html_content ?? "";
    const body = campaign.editor === "text" ? `<pre>${content}</pre>` : content;
    return c.json({ data: { html: `<!DOCTYPE html><html><body>${body}</body></html>` } });
  });

  app.get("/campaigns/:id/plain_preview", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const content = campaign.html.html_content ?? "";
    return c.json({ data: { text: campaign.editor === "text" ? content : stripTags(content) } });
  });

  app.get("/campaigns/:id/pdf", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    return c.json({ data: { url: `${CDN}/campaigns/${campaign.id}.pdf` } });
  });

  app.get("/campaigns/:id/share", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    return c.json({ data: { url: `${CDN}/share/${campaign.id}` } });
  });

  // spec: body `address`, a valid email. assumed: an Ack, and a sent campaign may still be proofed
  // (a copy of what went out); each request is one more message, never deduplicated.
  app.post("/campaigns/:id/send_test_email", async (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const body = validate(z.object({ address: z.email() }), await readJson(c));
    const content = campaign.html.html_content ?? null;
    store.data.messages.push({
      emailId: store.newId(12),
      from: { email: campaign.reply_to, name: campaign.from },
      to: { email: body.address, name: null },
      subject: campaign.subject,
      text: campaign.editor === "text" ? content : null,
      html: campaign.editor === "text" ? null : content,
      headers: {},
      variables: {},
      attachments: {},
      created: store.timestamp(),
      proofOf: campaign.id,
    });
    store.markDirty();
    return ack(c, `Test email sent to ${body.address}.`);
  });

  // observed: {errors, warnings} with no data wrapper; says why a campaign cannot be sent yet.
  app.get("/campaigns/:id/errors", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const errors: string[] = [];
    const warnings: string[] = [];
    if (campaign.status !== "SENT" && campaign.status !== "SENDING") {
      if (campaign.recipient_count === 0) errors.push("The campaign has no recipients.");
      if (!campaign.html.html_content) errors.push("The campaign has no content.");
    }
    if (!campaign.preheader) warnings.push("The campaign has no preheader.");
    if (campaign.html.html_content && linksOf(campaign).length === 0)
      warnings.push("The campaign has no links.");
    return c.json({ errors, warnings });
  });

  return app;
}
