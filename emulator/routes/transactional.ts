import { Hono } from "hono";
import { z } from "zod";
import type { EmulatorEnv, RouteDeps } from "../context";
import { invalid, notFound } from "../errors";
import { paginate } from "../pagination";
import { ACCOUNT_ID, CDN, USER_ID } from "../seed";
import { verifiedDomainOf } from "../store";
import type { Transactional } from "../types";
import {
  httpUrl,
  optionalString,
  parseBody,
  readJson,
  requiredString,
  validate,
  verifiedReplyTo,
} from "../validation";

const asObject = (value: unknown) =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};

const createSchema = z.object({
  title: optionalString(),
  subject: requiredString(),
  from: requiredString(),
  // spec: reply_to must belong to a verified domain.
  reply_to: verifiedReplyTo((email) => verifiedDomainOf(email) !== undefined),
  editor: z.enum(["plain", "html", "builder"]),
  preheader: optionalString(),
  content: z.string().max(1_000_000).nullish(),
});

/**
 * `PATCH /transactional/{id}` body (docs https://api.sender.net/transactional_campaigns/update-campaign):
 * every field optional; the page lists no `content`, so a `content` member is ignored, as
 * Laravel ignores keys it does not validate.
 */
const updateSchema = z.object({
  title: optionalString(),
  subject: requiredString().optional(),
  from: requiredString().optional(),
  reply_to: verifiedReplyTo((email) => verifiedDomainOf(email) !== undefined).optional(),
  editor: z.enum(["plain", "html", "builder"]).optional(),
  // assumed: the steps the spec shows (wire contract "Transactional campaigns").
  last_action: z.enum(["step1", "editor"]).nullish(),
  preheader: optionalString(),
});

/** The update answer: the docs example has `reply_to` but no counters. */
function updateView(record: Transactional) {
  const { bounced: _b, unsubscribeCount: _u, opens: _o, clicks: _c, sent: _s, ...rest } = record;
  return rest;
}

/** The create answer omits `reply_to` and the counters and says `step1` (spec 2.1). */
function createView(record: Transactional) {
  const { reply_to: _, bounced: _b, unsubscribeCount: _u, opens: _o, clicks: _c, sent: _s, ...rest } = record;
  return { ...rest, last_action: "step1" as const };
}

/** Transactional campaigns (spec 4.1), and their update in place (docs). The API has no delete. */
export function transactionalRoutes({ store }: RouteDeps) {
  const app = new Hono<EmulatorEnv>();

  app.post("/transactional", async (c) => {
    const body = await parseBody(c, createSchema);
    // spec: builder campaigns are built in the interface, never through the API.
    if (body.editor === "builder") {
      throw invalid({ editor: ["Builder campaigns can only be built in the interface."] });
    }
    const id = store.newId();
    const now = store.timestamp();
    const record: Transactional = {
      id,
      user_id: USER_ID,
      account_id: ACCOUNT_ID,
      title: body.title ?? body.subject, // assumed: the title defaults to the subject
      subject: body.subject,
      from: body.from,
      reply_to: body.reply_to,
      domain_id: verifiedDomainOf(body.reply_to) ?? "dom001",
      created: now,
      modified: now,
      type: "API",
      last_action: "editor", // spec: step1 in the create answer, editor in later reads
      editor: body.editor,
      html: {
        id: `h${id}`,
        thumbnail_url: `${CDN}/thumbnails/${id}.png`,
        has_preview: body.content != null,
        has_snapshots: false,
        styles: null,
      },
      purchaseCount: 0,
      bounced: 0,
      unsubscribeCount: 0,
      opens: 0,
      clicks: 0,
      sent: 0,
      preheader: body.preheader ?? null,
      content: body.content ?? null,
    };
    store.data.transactional.push(record);
    store.markDirty();
    return c.json({ data: createView(record) }, 201);
  });

  app.get("/transactional", (c) => {
    // assumed: newest first.
    const envelope = paginate(c, [...store.data.transactional].reverse());
    return c.json({
      ...envelope,
      data: envelope.data.map((record) => ({ ...record, disable_click_tracking: false })), // spec: list items only
      has_more_resources: envelope.meta.current_page < envelope.meta.last_page,
    });
  });

  app.get("/transactional/:id", (c) => {
    const id = c.req.param("id");
    const record = store.data.transactional.find((candidate) => candidate.id === id);
    if (!record) throw notFound("Transactional campaign", id);
    return c.json({ data: record });
  });

  app.patch("/transactional/:id", async (c) => {
    const id = c.req.param("id");
    const record = store.data.transactional.find((candidate) => candidate.id === id);
    if (!record) throw notFound("Transactional campaign", id);
    const body = await parseBody(c, updateSchema);
    if (body.editor === "builder") {
      throw invalid({ editor: ["Builder campaigns can only be built in the interface."] });
    }
    if (body.title !== undefined) record.title = body.title ?? record.subject;
    if (body.subject !== undefined) record.subject = body.subject;
    if (body.from !== undefined) record.from = body.from;
    if (body.reply_to !== undefined) {
      record.reply_to = body.reply_to;
      record.domain_id = verifiedDomainOf(body.reply_to) ?? record.domain_id;
    }
    if (body.editor !== undefined) record.editor = body.editor;
    if (body.last_action != null) record.last_action = body.last_action;
    if (body.preheader !== undefined) record.preheader = body.preheader;
    record.modified = store.timestamp();
    store.markDirty();
    return c.json({ data: updateView(record) });
  });

  app.post("/message/send", async (c) => {
    const input = await readJson(c);
    // Laravel reports the nested keys (from.email, to.email) when the parent is missing (observed).
    const body = validate(
      z.object({
        from: z.preprocess(asObject, z.object({ email: z.email(), name: requiredString() })),
        to: z.preprocess(asObject, z.object({ email: z.email(), name: z.string().nullish() })).optional(),
        recipient_email: z.email().optional(), // spec: deprecated, still accepted when `to` is absent
        subject: requiredString(998),
        text: z.string().nullish(),
        html: z.string().nullish(),
        headers: z.record(z.string(), z.string()).optional(),
        variables: z.record(z.string(), z.unknown()).optional(),
        // observed: attachments map a file name to a public URL.
        attachments: z.record(z.string(), httpUrl).optional(),
      }),
      input,
      // spec: `to` replaces the deprecated `recipient_email`; one of them is needed.
      (raw): Record<string, string[]> =>
        raw.to == null && raw.recipient_email == null
          ? { "to.email": ["The to.email field is required."] }
          : {},
    );
    const emailId = store.newId(12);
    store.data.messages.push({
      emailId,
      from: body.from,
      to: body.to
        ? { email: body.to.email, name: body.to.name ?? null }
        : { email: body.recipient_email!, name: null },
      subject: body.subject,
      text: body.text ?? null,
      html: body.html ?? null,
      headers: body.headers ?? {},
      variables: body.variables ?? {},
      attachments: body.attachments ?? {},
      created: store.timestamp(),
    });
    store.markDirty();
    return c.json({ success: true, message: "Email sent", emailId });
  });

  return app;
}
