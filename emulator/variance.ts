/**
 * Variance mode: the emulator answers with the variations the real service shows (Sender's docs
 * examples, independent clients): nulls for fields the provider does not need, extra fields, an
 * unknown status on one unmanaged campaign, webhooks wrapped in `{data}`, transactional records
 * without `preheader`/`content`, lists without `has_more_resources`, acks whose message is an
 * object, and 204 for a successful delete. State and validation are unchanged.
 */
import type { MiddlewareHandler } from "hono";
import type { EmulatorEnv } from "./context";
import { type EmulatorStore, newCampaignRecord } from "./store";
import type { Campaign } from "./types";

/** The unmanaged campaign that carries an unknown status in variance mode. */
export const VARIANCE_CAMPAIGN_ID = "vrn001";
/** Its status: one no known list has (independent clients list `PREPARING`). */
export const VARIANCE_STATUS = "PREPARING";

/** Extra members added to records and envelopes in variance mode. */
export const EXTRA_FIELDS = Object.freeze({
  x_variance_note: "extra field",
  x_variance_nested: { level: 1 },
});

/** The switch, shared by the middleware and the admin routes. */
export class Variance {
  #enabled = false;

  constructor(
    private readonly store: EmulatorStore,
    enabled = false,
  ) {
    this.enabled = enabled;
  }

  /** Whether answers vary. */
  get enabled(): boolean {
    return this.#enabled;
  }

  /** Switches variance on or off; on, the store holds the unknown-status campaign. */
  set enabled(on: boolean) {
    this.#enabled = on;
    if (on) ensureVarianceCampaign(this.store);
  }

  /** After a reset of the store: puts the unknown-status campaign back while variance is on. */
  afterReset(): void {
    if (this.#enabled) ensureVarianceCampaign(this.store);
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Campaign fields no resource reads (docs: `send_to_all` null; no `sent_count` or `reports`). */
const NULLED_CAMPAIGN_FIELDS = ["sent_count", "reports", "bounces_count", "language", "opens", "clicks"];

function varyCampaign(record: Json): Json {
  const out: Json = { ...record, ...EXTRA_FIELDS };
  for (const field of NULLED_CAMPAIGN_FIELDS) out[field] = null;
  if (typeof out.id === "string" && /^\d+$/.test(out.id)) out.id = Number(out.id);
  if (isObject(out.html)) out.html = { ...out.html, thumbnail_url: null, html_body: null };
  return out;
}

function varyTransactional(record: Json): Json {
  // docs: the published answers carry neither preheader nor content.
  const { preheader: _p, content: _c, ...rest } = record;
  return { ...rest, ...EXTRA_FIELDS, purchaseCount: null };
}

function varyWebhook(record: Json): Json {
  const out: Json = { ...record, ...EXTRA_FIELDS };
  // observed: topics without a group have no `group` key.
  if (out.group === null) delete out.group;
  return out;
}

function varyEnvelope(body: Json, item: (record: Json) => Json): Json {
  const { has_more_resources: _h, ...rest } = body;
  const meta = isObject(rest.meta) ? { ...rest.meta } : rest.meta;
  // docs https://api.sender.net/pagination shows meta without its `links` list.
  if (isObject(meta)) delete meta.links;
  return {
    ...rest,
    ...EXTRA_FIELDS,
    meta,
    data: Array.isArray(rest.data) ? rest.data.map((r) => (isObject(r) ? item(r) : r)) : rest.data,
  };
}

const isAck = (body: Json) => typeof body.success === "boolean" && typeof body.message === "string";

/** The varied body of one 2xx JSON answer, or `undefined` for a 204 with no body. */
export function varyAnswer(method: string, path: string, body: unknown): unknown {
  if (!isObject(body) && !Array.isArray(body)) return body;
  const route = path.replace(/^\/v2/, "");
  if (isObject(body) && isAck(body)) {
    if (body.success !== true) return body;
    if (method === "DELETE") return undefined;
    // observed: an ack's message is sometimes an object.
    return { ...body, message: { text: body.message } };
  }
  if (/^\/campaigns(\/[^/]+)?$/.test(route) && route !== "/campaigns/prefill" && isObject(body)) {
    if (Array.isArray(body.data)) return varyEnvelope(body, varyCampaign);
    if (isObject(body.data)) return { ...body, data: varyCampaign(body.data) };
  }
  if (/^\/transactional(\/[^/]+)?$/.test(route) && isObject(body)) {
    if (Array.isArray(body.data)) return varyEnvelope(body, varyTransactional);
    if (isObject(body.data)) return { ...body, data: varyTransactional(body.data) };
  }
  if (/^\/account\/webhooks(\/[^/]+)?$/.test(route)) {
    // observed: some clients read webhooks from `data`.
    if (Array.isArray(body)) return { data: body.map((r) => (isObject(r) ? varyWebhook(r) : r)) };
    return { data: varyWebhook(body) };
  }
  return body;
}

/** Adds the unmanaged campaign with an unknown status, once. */
export function ensureVarianceCampaign(store: EmulatorStore): void {
  if (store.data.campaigns.some((campaign) => campaign.id === VARIANCE_CAMPAIGN_ID)) return;
  const record = newCampaignRecord({
    id: VARIANCE_CAMPAIGN_ID,
    created: store.timestamp(),
    title: "Seeded campaign in an unknown state",
    subject: "Seeded by the variance mode",
    from: "Example News",
    reply_to: "news@example.com",
    preheader: null,
    editor: "html",
    content: "<p>Seeded</p>",
  });
  store.data.campaigns.push({ ...record, status: VARIANCE_STATUS as Campaign["status"] });
  store.markDirty();
}

/** The middleware that varies `/v2` answers while the switch is on. */
export function varianceMiddleware(variance: Variance): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    if (!variance.enabled) return next();
    await next();
    const status = c.res.status;
    if (status < 200 || status >= 300) return;
    if (!(c.res.headers.get("content-type") ?? "").includes("application/json")) return;
    const body: unknown = await c.res.clone().json();
    const varied = varyAnswer(c.req.method, c.req.path, body);
    const headers = new Headers(c.res.headers);
    if (varied === undefined) {
      headers.delete("content-type");
      c.res = new Response(null, { status: 204, headers });
      return;
    }
    c.res = new Response(JSON.stringify(varied), { status, headers });
  };
}
