import { inspect } from "node:util";
import type * as undici from "undici";
import { SenderConfigError } from "./errors/config-error";
import type { SenderHttpError } from "./errors/http-error";
import type { SenderNetworkError } from "./errors/network-error";
import type { SenderResponseValidationError } from "./errors/response-validation-error";
import type { SenderError } from "./errors/sender-error";
import type { SenderTimeoutError } from "./errors/timeout-error";
import { pacerFor } from "./pacer";
import { encodeBracketList, encodeJsonArray, formatTimestamp } from "./query";
import { DEFAULT_RETRY_OPTIONS, type RetryOptions } from "./retry";
import type { Route, RouteOutput } from "./routes";
import type * as s from "./schemas";
import { ALREADY_DELETED_ACK, type CallSpec, type RequestEvent, Transport } from "./transport";

export { ALREADY_DELETED_ACK, type RequestEvent };

/** Options of {@link SenderClient}. */
export interface SenderClientOptions {
  /**
   * Where the API lives, e.g. `https://api.sender.net` (a trailing `/v2` is accepted). Must be
   * https unless the host is loopback (127.0.0.0/8, localhost, ::1).
   */
  baseUrl: string;
  /** The API access token, sent as `Authorization: Bearer`. Never logged or shown. */
  apiToken: string;
  /** Limit of one attempt in ms. Default 30000. */
  timeoutMs?: number;
  /** Retry policy overrides; see {@link RetryOptions}. */
  retry?: Partial<RetryOptions>;
  /** Most requests in flight per service in this process (shared with other clients). Default 4. */
  maxInFlight?: number;
  /** undici dispatcher (agent, mock...); undici's global one by default. */
  dispatcher?: undici.Dispatcher;
  /** `User-Agent` header. */
  userAgent?: string;
  /** Called after every attempt, for logging. */
  onRequest?: (event: RequestEvent) => void;
  /** The clock in ms since the epoch, for deadlines and rate-limit resets. Default `Date.now`. */
  now?: () => number;
  /** Waits between attempts. Default a `setTimeout`; tests inject one that records the delays. */
  sleep?: (ms: number) => Promise<void>;
}

/** Paging of a list call. */
export interface PageQuery {
  /** 1-based page number. Default 1 (service). */
  page?: number;
  /** Records per page; the service caps it at 100. Default 10 (service). */
  limit?: number;
}

/** Options of the `iterate*` walks. */
export interface IterateOptions {
  /** Records per page. Default 100, the most the service allows, to spend fewer requests. */
  limit?: number;
  /** Stop after yielding this many records. */
  maxItems?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_IN_FLIGHT = 4;
const DEFAULT_USER_AGENT = "pulumi-sender-client";
const ITERATE_PAGE_SIZE = 100;
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host === "::1") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Validates `baseUrl` and returns its root, without a trailing `/` or `/v2`. */
function parseBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new SenderConfigError("baseUrl", "not a valid URL");
  }
  if (url.username || url.password) {
    throw new SenderConfigError("baseUrl", "credentials in the URL are not allowed; use apiToken");
  }
  if (url.search || url.hash) throw new SenderConfigError("baseUrl", "must not have a query or fragment");
  if (url.protocol !== "https:") {
    if (url.protocol !== "http:" || !isLoopback(url.hostname)) {
      throw new SenderConfigError(
        "baseUrl",
        `must use https (got ${url.protocol}//${url.host}); plain http is only allowed for a loopback host`,
      );
    }
  }
  const path = url.pathname.replace(/\/+$/, "").replace(/\/v2$/, "");
  return `${url.origin}${path}`;
}

/** The options without their undefined members, so that an explicit `undefined` keeps the default. */
function defined<T extends object>(options: T | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(options ?? {}).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The one HTTP client of the Sender.net API v2.
 *
 * Request bodies and returned records use the API's own snake_case shapes (see
 * `docs/wire-contract.md`); identifiers and options are ordinary parameters. Answers wrapped as
 * `{data: X}` are unwrapped to `X`; paginated lists return the whole envelope. Every answer is
 * checked against its schema ({@link SenderResponseValidationError} when it does not fit).
 * Failures throw a {@link SenderError}: {@link SenderHttpError}, {@link SenderNetworkError} or
 * {@link SenderTimeoutError}. Retries and pacing are built in; see `retry.ts` and `pacer.ts`.
 */
export class SenderClient {
  readonly #root: string;
  readonly #timeoutMs: number;
  readonly #transport: Transport;

  /** @throws SenderConfigError for an unusable `baseUrl` or `apiToken`. */
  constructor(options: SenderClientOptions) {
    this.#root = parseBaseUrl(options.baseUrl);
    if (typeof options.apiToken !== "string" || options.apiToken.trim() === "") {
      throw new SenderConfigError("apiToken", "is empty");
    }
    if (/[\r\n\0]/.test(options.apiToken)) {
      throw new SenderConfigError("apiToken", "contains a line break or NUL character");
    }
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // A JavaScript caller may still pass `maxAttempts: undefined`: it must keep the default, not
    // replace it (undefined passes the `< 1` check and would retry until the deadline).
    const retry: RetryOptions = { ...DEFAULT_RETRY_OPTIONS, ...defined(options.retry) };
    if (retry.maxAttempts < 1) throw new SenderConfigError("retry.maxAttempts", "must be at least 1");
    this.#transport = new Transport({
      root: this.#root,
      token: options.apiToken,
      timeoutMs: this.#timeoutMs,
      retry,
      pacer: pacerFor(this.#root, options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT),
      dispatcher: options.dispatcher,
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      onRequest: options.onRequest,
      now: options.now ?? Date.now,
      sleep: options.sleep ?? sleep,
    });
  }

  /** The API root this client talks to (without `/v2`). */
  get baseUrl(): string {
    return this.#root;
  }

  /**
   * The timeout of one attempt in ms: how long a request the client gave up on may still be
   * carried out by the service, which duplicate-safe creates wait for.
   */
  get attemptTimeoutMs(): number {
    return this.#timeoutMs;
  }

  /** A safe description for logs and `JSON.stringify`: never the token. */
  toJSON(): { baseUrl: string } {
    return { baseUrl: this.#root };
  }

  /** `util.inspect` shows the base URL only. */
  [inspect.custom](): string {
    return `SenderClient { baseUrl: ${JSON.stringify(this.#root)} }`;
  }

  // ---- Regular campaigns -------------------------------------------------------------------

  /** `POST /v2/campaigns`: creates a DRAFT campaign. Not retried after an ambiguous failure. */
  createCampaign(body: s.CreateCampaignBody): Promise<s.Campaign> {
    return this.#call("POST /campaigns", { body });
  }

  /** `GET /v2/campaigns/{id}`. */
  getCampaign(id: string): Promise<s.Campaign> {
    return this.#call("GET /campaigns/{id}", { params: { id } });
  }

  /** `GET /v2/campaigns?status=&page=&limit=`: one page. */
  listCampaigns(
    query: { status?: s.CampaignStatus | undefined } & PageQuery = {},
  ): Promise<s.Page<s.Campaign>> {
    return this.#call("GET /campaigns", {
      query: { status: query.status, page: query.page, limit: query.limit },
    });
  }

  /** Walks every campaign (optionally of one status), page after page. */
  iterateCampaigns(
    options: { status?: s.CampaignStatus | undefined } & IterateOptions = {},
  ): AsyncGenerator<s.Campaign> {
    return this.#walk((page, limit) => this.listCampaigns({ status: options.status, page, limit }), options);
  }

  /** `PATCH /v2/campaigns/{id}`: 400 once the campaign is SENDING or SENT. */
  updateCampaign(id: string, body: s.UpdateCampaignBody): Promise<s.Ack> {
    return this.#call("PATCH /campaigns/{id}", { params: { id }, body });
  }

  /**
   * `DELETE /v2/campaigns?ids=[id1,id2]`. Answers `success: false` ("No campaigns found.") when
   * none of the ids exists.
   */
  deleteCampaigns(ids: readonly string[]): Promise<s.Ack> {
    return this.#call("DELETE /campaigns", { query: { ids: encodeBracketList(ids) } });
  }

  /** `GET /v2/campaigns/prefill`: default sender and the account's domains. */
  getCampaignPrefill(): Promise<s.CampaignPrefill> {
    return this.#call("GET /campaigns/prefill");
  }

  /** `POST /v2/campaigns/{id}/send`. Not retried after an ambiguous failure. */
  sendCampaign(id: string): Promise<s.Ack> {
    return this.#call("POST /campaigns/{id}/send", { params: { id } });
  }

  /** `GET /v2/campaigns/{id}/sending_status`. */
  getSendingStatus(id: string): Promise<s.SendingStatus> {
    return this.#call("GET /campaigns/{id}/sending_status", {
      params: { id },
    });
  }

  /** `POST /v2/campaigns/{id}/schedule`; a `Date` is sent as `YYYY-MM-DD HH:MM:SS` UTC. */
  scheduleCampaign(id: string, scheduleTime: string | Date): Promise<s.Ack> {
    const schedule_time = typeof scheduleTime === "string" ? scheduleTime : formatTimestamp(scheduleTime);
    return this.#call("POST /campaigns/{id}/schedule", {
      params: { id },
      body: { schedule_time },
    });
  }

  /** `DELETE /v2/campaigns/{id}/schedule`: back to DRAFT. */
  unscheduleCampaign(id: string): Promise<s.Ack> {
    return this.#call("DELETE /campaigns/{id}/schedule", { params: { id } });
  }

  /** `PATCH /v2/campaigns/{id}/send_to_all` with `{send_to_all}`. */
  setSendToAll(id: string, sendToAll = true): Promise<s.Ack> {
    return this.#call("PATCH /campaigns/{id}/send_to_all", {
      params: { id },
      body: { send_to_all: sendToAll },
    });
  }

  /**
   * `POST /v2/campaigns/{id}/copy`: the copy is a new DRAFT, whose id and status come in `data`.
   * Not retried after an ambiguous failure.
   */
  copyCampaign(id: string): Promise<s.CopyResult> {
    return this.#call("POST /campaigns/{id}/copy", { params: { id } });
  }

  /** `POST /v2/campaigns/{id}/last_action`. */
  setLastAction(id: string, lastAction: s.LastAction): Promise<s.Ack> {
    return this.#call("POST /campaigns/{id}/last_action", {
      params: { id },
      body: { last_action: lastAction },
    });
  }

  /** `GET /v2/campaigns/{id}/preview`. */
  getPreview(id: string): Promise<s.HtmlPreview> {
    return this.#call("GET /campaigns/{id}/preview", { params: { id } });
  }

  /** `GET /v2/campaigns/{id}/plain_preview`. */
  getPlainPreview(id: string): Promise<s.PlainPreview> {
    return this.#call("GET /campaigns/{id}/plain_preview", {
      params: { id },
    });
  }

  /** `GET /v2/campaigns/{id}/pdf`. */
  getPdf(id: string): Promise<s.UrlResult> {
    return this.#call("GET /campaigns/{id}/pdf", { params: { id } });
  }

  /** `GET /v2/campaigns/{id}/share`. */
  getShareLink(id: string): Promise<s.UrlResult> {
    return this.#call("GET /campaigns/{id}/share", { params: { id } });
  }

  /** `POST /v2/campaigns/{id}/send_test_email` with `{address}`. */
  sendTestEmail(id: string, address: string): Promise<s.Ack> {
    return this.#call("POST /campaigns/{id}/send_test_email", {
      params: { id },
      body: { address },
    });
  }

  /** `GET /v2/campaigns/{id}/errors`: why the campaign cannot be sent yet. */
  getCampaignErrors(id: string): Promise<s.CampaignErrors> {
    return this.#call("GET /campaigns/{id}/errors", { params: { id } });
  }

  /** `GET /v2/campaigns/{id}/links`. */
  getLinks(id: string): Promise<s.CampaignLink[]> {
    return this.#call("GET /campaigns/{id}/links", {
      params: { id },
    });
  }

  /** `GET /v2/campaigns/{id}/link_clicks/{linkId}`: one page. */
  getLinkClicks(id: string, linkId: string, page: PageQuery = {}): Promise<s.Page<s.Activity>> {
    return this.#call("GET /campaigns/{id}/link_clicks/{linkId}", {
      params: { id, linkId },
      query: { page: page.page, limit: page.limit },
    });
  }

  /** `GET /v2/campaigns/{id}/groups`. */
  getCampaignGroups(id: string): Promise<s.CampaignGroup[]> {
    return this.#call("GET /campaigns/{id}/groups", {
      params: { id },
    });
  }

  /** `GET /v2/campaigns/{id}/subscribers`: one page. */
  listCampaignSubscribers(id: string, page: PageQuery = {}): Promise<s.Page<s.CampaignSubscriber>> {
    return this.#call("GET /campaigns/{id}/subscribers", {
      params: { id },
      query: { page: page.page, limit: page.limit },
    });
  }

  /** `GET /v2/campaigns/{id}/{kind}` (events, opens, clicks...): one page of activity. */
  listActivity(id: string, kind: s.ActivityKind, page: PageQuery = {}): Promise<s.Page<s.Activity>> {
    return this.#call("GET /campaigns/{id}/{kind}", {
      params: { id, kind },
      query: { page: page.page, limit: page.limit },
    });
  }

  /** Walks one activity list of a campaign, page after page. */
  iterateActivity(
    id: string,
    kind: s.ActivityKind,
    options: IterateOptions = {},
  ): AsyncGenerator<s.Activity> {
    return this.#walk((page, limit) => this.listActivity(id, kind, { page, limit }), options);
  }

  /** `GET /v2/campaigns/{id}/report`. */
  getReport(id: string): Promise<s.CampaignReport> {
    return this.#call("GET /campaigns/{id}/report", { params: { id } });
  }

  /** `GET /v2/campaigns/{id}/{kind}/export`: a download URL. */
  exportActivity(id: string, kind: s.ActivityKind): Promise<s.UrlResult> {
    return this.#call("GET /campaigns/{id}/{kind}/export", {
      params: { id, kind },
    });
  }

  /** `GET /v2/campaigns/{id}/hard_bounces`: one page. */
  listHardBounces(id: string, page: PageQuery = {}): Promise<s.Page<s.HardBounce>> {
    return this.#call("GET /campaigns/{id}/hard_bounces", {
      params: { id },
      query: { page: page.page, limit: page.limit },
    });
  }

  /** Walks the hard bounces of a campaign. */
  iterateHardBounces(id: string, options: IterateOptions = {}): AsyncGenerator<s.HardBounce> {
    return this.#walk((page, limit) => this.listHardBounces(id, { page, limit }), options);
  }

  // ---- Attachments and follow-up -------------------------------------------------------------

  /** `GET /v2/campaigns/{id}/attachments`. */
  listAttachments(id: string): Promise<s.Attachment[]> {
    return this.#call("GET /campaigns/{id}/attachments", {
      params: { id },
    });
  }

  /** `POST /v2/campaigns/{id}/attachments` with `{file, file_name?}`; returns the stored file. */
  addAttachment(id: string, body: s.AddAttachmentBody): Promise<s.Attachment> {
    return this.#call("POST /campaigns/{id}/attachments", {
      params: { id },
      body,
    });
  }

  /** `DELETE /v2/campaigns/{id}/attachments` with `{file_name}`. */
  deleteAttachment(id: string, fileName: string): Promise<s.Ack> {
    return this.#call("DELETE /campaigns/{id}/attachments", {
      params: { id },
      body: { file_name: fileName },
    });
  }

  /** `POST /v2/attachment/delete` with `{file_name}`: removes that file from any campaign. */
  deleteAttachmentByName(fileName: string): Promise<s.Ack> {
    return this.#call("POST /attachment/delete", { body: { file_name: fileName } });
  }

  /** `POST /v2/campaigns/{id}/follow_up` with `{subject, time}` (time in hours). */
  setFollowUp(id: string, followUp: { subject: string; time: s.FollowUpDelay }): Promise<s.Ack> {
    return this.#call("POST /campaigns/{id}/follow_up", {
      params: { id },
      body: { subject: followUp.subject, time: followUp.time },
    });
  }

  /** `DELETE /v2/campaigns/{id}/follow_up`: clears subject, delay and switch. */
  deleteFollowUp(id: string): Promise<s.Ack> {
    return this.#call("DELETE /campaigns/{id}/follow_up", { params: { id } });
  }

  /** `POST /v2/campaigns/{id}/cancel_followup`: switches the follow-up off only. */
  cancelFollowUp(id: string): Promise<s.Ack> {
    return this.#call("POST /campaigns/{id}/cancel_followup", { params: { id } });
  }

  // ---- Targeting ------------------------------------------------------------------------------

  /** `GET /v2/campaigns/{id}/tags`: included tags. */
  getTags(id: string): Promise<s.Tag[]> {
    return this.#call("GET /campaigns/{id}/tags", { params: { id } });
  }

  /** `POST /v2/campaigns/{id}/tags/set` with `{tags_arr}`: replaces the included tags. */
  setTags(id: string, tagIds: readonly string[]): Promise<s.Ack> {
    return this.#call("POST /campaigns/{id}/tags/set", {
      params: { id },
      body: { tags_arr: tagIds },
    });
  }

  /** `GET /v2/campaigns/{id}/tags/{tagId}`: 404 when the tag is not on the campaign. */
  getTag(id: string, tagId: string): Promise<s.Tag> {
    return this.#call("GET /campaigns/{id}/tags/{tagId}", { params: { id, tagId } });
  }

  /** `POST /v2/campaigns/{id}/tags/{tagId}`: includes one tag. */
  addTag(id: string, tagId: string): Promise<s.Ack> {
    return this.#call("POST /campaigns/{id}/tags/{tagId}", { params: { id, tagId } });
  }

  /** `DELETE /v2/campaigns/{id}/tags/{tagId}`. */
  removeTag(id: string, tagId: string): Promise<s.Ack> {
    return this.#call("DELETE /campaigns/{id}/tags/{tagId}", { params: { id, tagId } });
  }

  /** `GET /v2/campaigns/{id}/exclude_tags`. */
  getExcludedTags(id: string): Promise<s.Tag[]> {
    return this.#call("GET /campaigns/{id}/exclude_tags", {
      params: { id },
    });
  }

  /** `POST /v2/campaigns/{id}/exclude_tags/{tagId}`. */
  addExcludedTag(id: string, tagId: string): Promise<s.Ack> {
    return this.#call("POST /campaigns/{id}/exclude_tags/{tagId}", { params: { id, tagId } });
  }

  /** `DELETE /v2/campaigns/{id}/exclude_tags/{tagId}`. */
  removeExcludedTag(id: string, tagId: string): Promise<s.Ack> {
    return this.#call("DELETE /campaigns/{id}/exclude_tags/{tagId}", {
      params: { id, tagId },
    });
  }

  /** `GET /v2/campaigns/{id}/filters`: included filters. */
  getFilters(id: string): Promise<s.Filter[]> {
    return this.#call("GET /campaigns/{id}/filters", { params: { id } });
  }

  /** `GET /v2/campaigns/{id}/filters/{filterId}`. */
  getFilter(id: string, filterId: string): Promise<s.Filter> {
    return this.#call("GET /campaigns/{id}/filters/{filterId}", {
      params: { id, filterId },
    });
  }

  /** `POST /v2/campaigns/{id}/filters` with `{filter_id}`: includes one filter. */
  addFilter(id: string, filterId: string): Promise<s.Ack> {
    return this.#call("POST /campaigns/{id}/filters", {
      params: { id },
      body: { filter_id: filterId },
    });
  }

  /** `DELETE /v2/campaigns/{id}/filters`: removes every included filter. */
  clearFilters(id: string): Promise<s.Ack> {
    return this.#call("DELETE /campaigns/{id}/filters", { params: { id } });
  }

  /** `POST /v2/campaigns/{id}/filters/set` with `{filters_arr}`: replaces the included filters. */
  setFilters(id: string, filterIds: readonly string[]): Promise<s.Ack> {
    return this.#call("POST /campaigns/{id}/filters/set", {
      params: { id },
      body: { filters_arr: filterIds },
    });
  }

  /** `GET /v2/campaigns/{id}/exclude_filters`. */
  getExcludedFilters(id: string): Promise<s.Filter[]> {
    return this.#call("GET /campaigns/{id}/exclude_filters", {
      params: { id },
    });
  }

  /** `POST /v2/campaigns/{id}/exclude_filters` with `{filters_arr}`: replaces the excluded filters. */
  setExcludedFilters(id: string, filterIds: readonly string[]): Promise<s.Ack> {
    return this.#call("POST /campaigns/{id}/exclude_filters", {
      params: { id },
      body: { filters_arr: filterIds },
    });
  }

  /** `DELETE /v2/campaigns/{id}/exclude_filters`. */
  clearExcludedFilters(id: string): Promise<s.Ack> {
    return this.#call("DELETE /campaigns/{id}/exclude_filters", { params: { id } });
  }

  // ---- Transactional, message, subscriber events, webhooks ----------------------------------

  /** `POST /v2/transactional` (201). Not retried after an ambiguous failure. */
  createTransactional(body: s.CreateTransactionalBody): Promise<s.Transactional> {
    return this.#call("POST /transactional", { body });
  }

  /** `GET /v2/transactional/{id}`. */
  getTransactional(id: string): Promise<s.Transactional> {
    return this.#call("GET /transactional/{id}", { params: { id } });
  }

  /**
   * `PATCH /v2/transactional/{id}`: changes the given fields in place and answers the whole
   * record (docs: transactional_campaigns/update-campaign). Content cannot be changed this way.
   */
  updateTransactional(id: string, body: s.UpdateTransactionalBody): Promise<s.Transactional> {
    return this.#call("PATCH /transactional/{id}", { params: { id }, body });
  }

  /** `GET /v2/transactional?page=&limit=`: one page; `has_more_resources` when the service sends it. */
  listTransactional(page: PageQuery = {}): Promise<s.TransactionalPage> {
    return this.#call("GET /transactional", {
      query: { page: page.page, limit: page.limit },
    });
  }

  /** Walks every transactional campaign. */
  iterateTransactional(options: IterateOptions = {}): AsyncGenerator<s.Transactional> {
    return this.#walk((page, limit) => this.listTransactional({ page, limit }), options);
  }

  /** `POST /v2/message/send`. Never retried after an ambiguous failure: it would mail twice. */
  sendMessage(body: s.SendMessageBody): Promise<s.SendMessageResult> {
    return this.#call("POST /message/send", { body });
  }

  /**
   * `GET /v2/subscribers/{identifier}/events?actions=["opened",...]`: the history of one
   * subscriber (email, phone or id).
   */
  getSubscriberEvents(
    identifier: string,
    actions: readonly s.SubscriberAction[],
  ): Promise<s.SubscriberEvents> {
    return this.#call("GET /subscribers/{identifier}/events", {
      params: { identifier },
      query: { actions: encodeJsonArray(actions) },
    });
  }

  /**
   * `POST /v2/account/webhooks` (201; bare webhook, or `{data}`). Not retried after an ambiguous
   * failure.
   */
  createWebhook(body: s.CreateWebhookBody): Promise<s.Webhook> {
    return this.#call("POST /account/webhooks", { body });
  }

  /** `GET /v2/account/webhooks`: every webhook of the account (a bare list or `{data: [...]}`). */
  listWebhooks(): Promise<s.Webhook[]> {
    return this.#call("GET /account/webhooks");
  }

  /** `GET /v2/account/webhooks/{id}` (bare webhook, or `{data}`). */
  getWebhook(id: string): Promise<s.Webhook> {
    return this.#call("GET /account/webhooks/{id}", { params: { id } });
  }

  /** `PATCH /v2/account/webhooks/{id}`: changes the given fields in place; answers the webhook. */
  updateWebhook(id: string, body: s.UpdateWebhookBody): Promise<s.Webhook> {
    return this.#call("PATCH /account/webhooks/{id}", { params: { id }, body });
  }

  /** `DELETE /v2/account/webhooks/{id}`; an empty 2xx answer reads as success. */
  deleteWebhook(id: string): Promise<s.Ack> {
    return this.#call("DELETE /account/webhooks/{id}", { params: { id } });
  }

  // ---- Carts ----------------------------------------------------------------------------------

  /** `POST /v2/carts` (201). Not retried after an ambiguous failure. */
  createCart(body: s.CreateCartBody): Promise<s.Cart> {
    return this.#call("POST /carts", { body });
  }

  /** `GET /v2/carts`: one page. */
  listCarts(page: PageQuery = {}): Promise<s.Page<s.Cart>> {
    return this.#call("GET /carts", {
      query: { page: page.page, limit: page.limit },
    });
  }

  /** Walks every cart. */
  iterateCarts(options: IterateOptions = {}): AsyncGenerator<s.Cart> {
    return this.#walk((page, limit) => this.listCarts({ page, limit }), options);
  }

  /** `GET /v2/carts/{cart_hash}`. */
  getCart(cartHash: string): Promise<s.Cart> {
    return this.#call("GET /carts/{cartHash}", { params: { cartHash } });
  }

  /** `DELETE /v2/carts/{external_id}`. */
  deleteCart(externalId: number | string): Promise<s.Ack> {
    return this.#call("DELETE /carts/{externalId}", { params: { externalId } });
  }

  /** `POST /v2/carts/{external_id}/convert`: 400 when already converted. */
  convertCart(externalId: number | string): Promise<s.Ack> {
    return this.#call("POST /carts/{externalId}/convert", { params: { externalId } });
  }

  // ---- Account and misc -----------------------------------------------------------------------

  /** `GET /v2/plans`. */
  listPlans(): Promise<s.Plan[]> {
    return this.#call("GET /plans");
  }

  /** `GET /v2/plans/{plan_id}`. */
  getPlan(planId: number | string): Promise<s.Plan> {
    return this.#call("GET /plans/{planId}", { params: { planId } });
  }

  /** `GET /v2/active_subscribers`. */
  getActiveSubscribers(): Promise<s.ActiveSubscribers> {
    return this.#call("GET /active_subscribers");
  }

  /** `POST /v2/delete_me`: asks for the account's deletion. Never retried blindly. */
  deleteMe(): Promise<s.Ack> {
    return this.#call("POST /delete_me");
  }

  /** `POST /v2/additional_info` with any object. */
  sendAdditionalInfo(info: Record<string, unknown>): Promise<s.Ack> {
    return this.#call("POST /additional_info", { body: info });
  }

  /** `GET /v2/EditorImports/getProductData?url=`: product details scraped from a page. */
  getProductData(url: string): Promise<s.ProductData> {
    return this.#call("GET /EditorImports/getProductData", { query: { url } });
  }

  /** `POST /v2/upload/v2/{id}/{folderId}` with `{file}` (URL or `base64://`). */
  uploadImage(id: string, folderId: string, file: string): Promise<s.UploadedImage> {
    return this.#call("POST /upload/v2/{id}/{folderId}", {
      params: { id, folderId },
      body: { file },
    });
  }

  /** `POST /v2/userImages/bulkDelete` with `{ids}`. */
  bulkDeleteImages(ids: readonly string[]): Promise<s.Ack> {
    return this.#call("POST /userImages/bulkDelete", { body: { ids } });
  }

  /** `GET /v2/imageFolders`. */
  listImageFolders(): Promise<s.ImageFolder[]> {
    return this.#call("GET /imageFolders");
  }

  // ---- Core -----------------------------------------------------------------------------------

  async *#walk<T>(
    fetchPage: (page: number, limit: number) => Promise<{ data: T[]; meta: s.PageMeta }>,
    options: IterateOptions,
  ): AsyncGenerator<T> {
    const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
    const limit = options.limit ?? ITERATE_PAGE_SIZE;
    let yielded = 0;
    if (maxItems <= 0) return;
    for (let page = 1; ; page++) {
      const answer = await fetchPage(page, limit);
      for (const item of answer.data) {
        yield item;
        yielded++;
        if (yielded >= maxItems) return;
      }
      if (answer.data.length === 0 || page >= answer.meta.last_page) return;
    }
  }

  /** Sends one call through the transport. */
  #call<R extends Route>(route: R, spec?: CallSpec<R>): Promise<RouteOutput<R>> {
    return this.#transport.call(route, spec);
  }
}
