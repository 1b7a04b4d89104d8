import { inspect } from "node:util";
import * as undici from "undici";
import type { z } from "zod";
import { SenderConfigError } from "./errors/config-error";
import { normaliseFieldErrors, SenderHttpError } from "./errors/http-error";
import { SenderNetworkError } from "./errors/network-error";
import { SenderResponseValidationError } from "./errors/response-validation-error";
import type { SenderError } from "./errors/sender-error";
import { SenderTimeoutError } from "./errors/timeout-error";
import { type Pacer, pacerFor, type ResponseHeaders } from "./pacer";
import {
  buildQuery,
  encodeBracketList,
  encodeJsonArray,
  encodePathSegment,
  formatTimestamp,
  type QueryParams,
  shorten,
  shortenPath,
  UnsafePathSegmentError,
} from "./query";
import {
  type AttemptFailure,
  classifyNetworkError,
  DEFAULT_RETRY_OPTIONS,
  type HttpMethod,
  isAmbiguous,
  MIN_RETRY_BUDGET_MS,
  parseResetAtMs,
  parseRetryAfterMs,
  type RetryOptions,
  retryDelayMs,
  shouldRetry,
} from "./retry";
import { ROUTE_TABLE, type Route, type RouteOutput } from "./routes";
import type * as s from "./schemas";

/** One attempt, reported to {@link SenderClientOptions.onRequest}. Never carries the token. */
export interface RequestEvent {
  /** HTTP method. */
  method: string;
  /** Path without the query, e.g. `/v2/campaigns/b6gXkQ`. */
  path: string;
  /** HTTP status, or undefined when no answer came. */
  status: number | undefined;
  /** 1 for the first try. */
  attempt: number;
  /** Duration of the attempt in ms (queueing in the pacer excluded). */
  ms: number;
  /** Error code when no answer came (`ECONNREFUSED`, `TIMEOUT`...). */
  error?: string;
}

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

/** A 2xx body read as JSON; an empty one (a 204 delete) reads as undefined, which acks take as success. */
function readBody(text: string): { readable: true; value: unknown } | { readable: false } {
  if (text.trim() === "") return { readable: true, value: undefined };
  try {
    return { readable: true, value: JSON.parse(text) };
  } catch {
    return { readable: false };
  }
}

/** The ack the client gives for a DELETE that found nothing after an earlier ambiguous try. */
export const ALREADY_DELETED_ACK: s.Ack = Object.freeze({
  success: true,
  message: "Already deleted: an earlier attempt of this request took effect.",
});

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_IN_FLIGHT = 4;
const DEFAULT_USER_AGENT = "pulumi-sender-client";
const ITERATE_PAGE_SIZE = 100;
const REDACTED = "[redacted]";

type ParamNames<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
type RouteParams<R extends Route> = Record<ParamNames<R>, string | number>;

interface CallSpec<R extends Route> {
  params?: RouteParams<R>;
  query?: QueryParams;
  body?: unknown;
}

type AttemptResult =
  | { type: "answer"; status: number; headers: ResponseHeaders; text: string }
  | { type: "failure"; error: unknown; timedOut: boolean; timeoutMs: number }
  | { type: "deadline" };

/** Attempt timeouts shorter than this get their own timer; longer ones use undici's. */
const PRECISE_TIMEOUT_BELOW_MS = 5_000;

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

/** Replaces every occurrence of `secret` in strings nested in `value`. */
function redactDeep(value: unknown, secret: string): unknown {
  if (typeof value === "string") return value.split(secret).join(REDACTED);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, secret));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key.split(secret).join(REDACTED),
        redactDeep(item, secret),
      ]),
    );
  }
  return value;
}

function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
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
  readonly #token: string;
  readonly #timeoutMs: number;
  readonly #retry: RetryOptions;
  readonly #pacer: Pacer;
  readonly #dispatcher: undici.Dispatcher | undefined;
  readonly #userAgent: string;
  readonly #onRequest: ((event: RequestEvent) => void) | undefined;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;

  /** @throws SenderConfigError for an unusable `baseUrl` or `apiToken`. */
  constructor(options: SenderClientOptions) {
    this.#root = parseBaseUrl(options.baseUrl);
    if (typeof options.apiToken !== "string" || options.apiToken.trim() === "") {
      throw new SenderConfigError("apiToken", "is empty");
    }
    if (/[\r\n\0]/.test(options.apiToken)) {
      throw new SenderConfigError("apiToken", "contains a line break or NUL character");
    }
    this.#token = options.apiToken;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // A JavaScript caller may still pass `maxAttempts: undefined`: it must keep the default, not
    // replace it (undefined passes the `< 1` check and would retry until the deadline).
    this.#retry = { ...DEFAULT_RETRY_OPTIONS, ...defined(options.retry) };
    if (this.#retry.maxAttempts < 1) throw new SenderConfigError("retry.maxAttempts", "must be at least 1");
    this.#pacer = pacerFor(this.#root, options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
    this.#dispatcher = options.dispatcher;
    this.#userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.#onRequest = options.onRequest;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? sleep;
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

  #redact(text: string): string {
    return text.split(this.#token).join(REDACTED);
  }

  #emit(event: RequestEvent): void {
    if (!this.#onRequest) return;
    try {
      this.#onRequest(event);
    } catch {
      // A failing logger must not fail the request.
    }
  }

  async #call<R extends Route>(route: R, spec: CallSpec<R> = {}): Promise<RouteOutput<R>> {
    const separator = route.indexOf(" ");
    const method = route.slice(0, separator) as HttpMethod;
    const template = route.slice(separator + 1);
    const params = (spec.params ?? {}) as Record<string, string | number>;
    const path = `/v2${template.replace(/\{(\w+)\}/g, (_, name: string) => {
      try {
        return encodePathSegment(params[name] ?? "");
      } catch (error) {
        if (!(error instanceof UnsafePathSegmentError)) throw error;
        // Refused before anything is sent: `..` would otherwise move the request to another route.
        throw new UnsafePathSegmentError(
          this.#redact(String(params[name] ?? "")),
          `${error.reason}, so ${method} /v2${template} was not sent (${name})`,
        );
      }
    })}`;
    const target = `${path}${buildQuery(spec.query)}`;
    // Errors and events show the path actually requested, with the token blanked should a caller
    // pass it as an id, and overlong segments cut.
    const shown = shortenPath(this.#redact(path));
    const bodyText = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const { safety, response } = ROUTE_TABLE[route];
    const deadlineAt = this.#now() + this.#retry.deadlineMs;
    let earlierAmbiguous = false;
    let lastError: SenderError | SenderResponseValidationError | undefined;

    for (let attempt = 1; ; attempt++) {
      const result = await this.#attempt(method, shown, target, bodyText, attempt, deadlineAt);
      let failure: AttemptFailure;
      let makeError: (ambiguous: boolean) => SenderError | SenderResponseValidationError;

      if (result.type === "deadline") {
        throw (
          lastError ??
          new SenderTimeoutError({
            method,
            path: shown,
            timeoutMs: this.#retry.deadlineMs,
            phase: "deadline",
            attempts: 0,
          })
        );
      }
      if (result.type === "answer" && result.status >= 200 && result.status < 300) {
        const body = readBody(result.text);
        if (body.readable)
          return this.#validate(method, shown, result, body.value, response) as RouteOutput<R>;
        failure = { type: "unreadable", mayHaveActed: method !== "GET" };
        const answer = result;
        makeError = (ambiguous) => this.#unreadableError(method, shown, answer, ambiguous);
      } else if (result.type === "answer") {
        if (method === "DELETE" && result.status === 404 && earlierAmbiguous) {
          // An earlier try that failed ambiguously did delete it.
          return response.parse(ALREADY_DELETED_ACK) as RouteOutput<R>;
        }
        const now = this.#now();
        const retryAfterMs = parseRetryAfterMs(headerValue(result.headers, "retry-after"), now);
        failure = {
          type: "http",
          status: result.status,
          retryAfterMs,
          resetAtMs: parseResetAtMs(headerValue(result.headers, "x-ratelimit-reset")),
        };
        const answer = result;
        makeError = (ambiguous) => this.#httpError(method, shown, answer, retryAfterMs, ambiguous, attempt);
      } else {
        const classified = classifyNetworkError(result.error);
        const neverReachedService = classified.neverReachedService;
        failure = { type: "network", neverReachedService, retryable: classified.retryable };
        const failed = result;
        makeError = (ambiguous) => {
          if (
            failed.timedOut ||
            classified.code === "UND_ERR_CONNECT_TIMEOUT" ||
            /TIMEOUT/.test(classified.code ?? "")
          ) {
            const phase = classified.code === "UND_ERR_CONNECT_TIMEOUT" ? "connect" : "response";
            return new SenderTimeoutError({
              method,
              path: shown,
              timeoutMs: failed.timeoutMs,
              phase,
              cause: failed.error,
              attempts: attempt,
              ambiguous,
            });
          }
          const cause = failed.error as { message?: unknown } | undefined;
          const causeText =
            typeof cause?.message === "string" && cause.message ? cause.message : String(failed.error);
          const detail = this.#redact(classified.code ? `${classified.code}: ${causeText}` : causeText);
          return new SenderNetworkError({
            method,
            path: shown,
            cause: failed.error,
            code: classified.code,
            neverReachedService,
            detail,
            attempts: attempt,
            ambiguous,
          });
        };
      }

      const ambiguousSoFar: boolean = earlierAmbiguous || isAmbiguous(failure);
      if (!shouldRetry(safety, failure) || attempt >= this.#retry.maxAttempts)
        throw makeError(ambiguousSoFar);
      const delay = retryDelayMs(failure, attempt, this.#retry, this.#now());
      const budget = Math.min(this.#timeoutMs, MIN_RETRY_BUDGET_MS);
      if (this.#now() + delay + budget > deadlineAt) throw makeError(ambiguousSoFar);
      earlierAmbiguous = ambiguousSoFar;
      lastError = makeError(ambiguousSoFar);
      await this.#sleep(delay);
    }
  }

  /** The error for a 2xx whose body is not JSON, after the last try. */
  #unreadableError(
    method: string,
    path: string,
    answer: { status: number; text: string },
    ambiguous: boolean,
  ): SenderResponseValidationError {
    return new SenderResponseValidationError({
      method,
      path,
      status: answer.status,
      issues: [{ code: "custom", path: [], message: "the body is not JSON", input: undefined }],
      body: this.#redact(answer.text.slice(0, 1000)),
      ambiguous,
    });
  }

  #validate<S extends z.ZodType>(
    method: string,
    path: string,
    answer: { status: number },
    body: unknown,
    schema: S,
  ): z.output<S> {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new SenderResponseValidationError({
      method,
      path,
      status: answer.status,
      issues: redactDeep(parsed.error.issues, this.#token) as z.core.$ZodIssue[],
      body: redactDeep(body, this.#token),
      ambiguous: method !== "GET",
    });
  }

  #httpError(
    method: string,
    path: string,
    answer: { status: number; text: string; headers: ResponseHeaders },
    retryAfterMs: number | undefined,
    ambiguous: boolean,
    attempts: number,
  ): SenderHttpError {
    let body: unknown = answer.text;
    try {
      body = JSON.parse(answer.text);
    } catch {
      // Not JSON (a proxy's html page...): keep the text.
    }
    body = redactDeep(body, this.#token);
    const location = headerValue(answer.headers, "location");
    const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    return new SenderHttpError({
      method,
      path,
      status: answer.status,
      apiMessage: typeof record.message === "string" && record.message !== "" ? record.message : undefined,
      fieldErrors: normaliseFieldErrors(record.errors),
      retryAfterSeconds: retryAfterMs === undefined ? undefined : retryAfterMs / 1000,
      body,
      ambiguous,
      attempts,
      location: location === undefined ? undefined : shorten(this.#redact(location), 200),
    });
  }

  async #attempt(
    method: HttpMethod,
    path: string,
    target: string,
    bodyText: string | undefined,
    attempt: number,
    deadlineAt: number,
  ): Promise<AttemptResult> {
    const untilDeadline = deadlineAt - this.#now();
    if (untilDeadline <= 0) return { type: "deadline" };
    let permit = this.#pacer.tryAcquire();
    if (permit === undefined) {
      try {
        permit = await this.#pacer.acquire(AbortSignal.timeout(untilDeadline));
      } catch {
        return { type: "deadline" };
      }
    }
    const timeoutMs = Math.max(1, Math.min(this.#timeoutMs, deadlineAt - this.#now()));
    // undici's header and body timeouts cost nothing per request but tick about once a second;
    // a short timeout gets a timer of its own so that it holds to the millisecond.
    const controller = timeoutMs < PRECISE_TIMEOUT_BELOW_MS ? new AbortController() : undefined;
    const timer = controller
      ? setTimeout(() => controller.abort(new Error("attempt timed out")), timeoutMs)
      : undefined;
    const started = performance.now();
    try {
      const response = await undici.request(`${this.#root}${target}`, {
        method,
        headers: {
          authorization: `Bearer ${this.#token}`,
          "content-type": "application/json",
          accept: "application/json",
          "user-agent": this.#userAgent,
        },
        body: bodyText ?? null,
        ...(controller ? { signal: controller.signal } : {}),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        ...(this.#dispatcher ? { dispatcher: this.#dispatcher } : {}),
      });
      const text = await response.body.text();
      permit.release({ status: response.statusCode, headers: response.headers });
      this.#emit({
        method,
        path,
        status: response.statusCode,
        attempt,
        ms: Math.round(performance.now() - started),
      });
      return { type: "answer", status: response.statusCode, headers: response.headers, text };
    } catch (error) {
      permit.release();
      const timedOut =
        controller?.signal.aborted === true ||
        /^UND_ERR_(HEADERS|BODY)_TIMEOUT$/.test(classifyNetworkError(error).code ?? "");
      this.#emit({
        method,
        path,
        status: undefined,
        attempt,
        ms: Math.round(performance.now() - started),
        error: timedOut ? "TIMEOUT" : (classifyNetworkError(error).code ?? "NETWORK"),
      });
      return { type: "failure", error, timedOut, timeoutMs };
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  }
}
