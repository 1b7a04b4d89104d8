import { inspect } from "node:util";
import type * as undici from "undici";
import { type AccountEndpoints, accountEndpoints } from "./endpoints/account";
import { type AttachmentEndpoints, attachmentEndpoints } from "./endpoints/attachments";
import { TransportHolder } from "./endpoints/call";
import { type CampaignEndpoints, campaignEndpoints } from "./endpoints/campaigns";
import { type CartEndpoints, cartEndpoints } from "./endpoints/carts";
import { type GroupEndpoints, groupEndpoints } from "./endpoints/groups";
import { type ReportEndpoints, reportEndpoints } from "./endpoints/reports";
import { type SubscriberEndpoints, subscriberEndpoints } from "./endpoints/subscribers";
import { type TargetingEndpoints, targetingEndpoints } from "./endpoints/targeting";
import { type TransactionalEndpoints, transactionalEndpoints } from "./endpoints/transactional";
import { type WebhookEndpoints, webhookEndpoints } from "./endpoints/webhooks";
import { SenderConfigError } from "./errors/config-error";
import type { SenderHttpError } from "./errors/http-error";
import type { SenderNetworkError } from "./errors/network-error";
import type { SenderResponseValidationError } from "./errors/response-validation-error";
import type { SenderError } from "./errors/sender-error";
import type { SenderTimeoutError } from "./errors/timeout-error";
import { PacerRegistry } from "./pacer";
import { shorten } from "./query";
import { DEFAULT_RETRY_OPTIONS, type RetryOptions } from "./retry";
import { ALREADY_DELETED_ACK, type RequestEvent, Transport } from "./transport";

export type { IterateOptions, PageQuery } from "./endpoints/call";
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
  /** Most requests in flight per service (shared with the clients of the same `pacers`). Default 4. */
  maxInFlight?: number;
  /**
   * Where the client finds the pacer of its service, shared with the other clients of the same
   * registry (a 429 to one pauses them all), and which aborts their requests in flight. Default:
   * a registry of its own (the client paces alone).
   */
  pacers?: PacerRegistry;
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
  /**
   * Refuse every request but a GET, before sending it (a `SenderReadOnlyError`): the client of
   * `check`, `diff` and `read`, so that a preview never writes. Default false.
   */
  readOnly?: boolean;
}

/** Default limit of one attempt in ms ({@link SenderClientOptions.timeoutMs}). */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Default of {@link SenderClientOptions.maxInFlight}. */
export const DEFAULT_MAX_IN_FLIGHT = 4;
const DEFAULT_USER_AGENT = "pulumi-sender-client";
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host === "::1") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** What a refused `baseUrl` says a valid one looks like. */
const BASE_URL_EXAMPLE = "e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator";

/** A base URL as a message may show it: without credentials, query or fragment, which may be secrets. */
function shownBaseUrl(value: string): string {
  const bare = value.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/?#]*@/i, "$1…@").replace(/[?#].*$/s, "…");
  return JSON.stringify(shorten(bare));
}

/** Validates `baseUrl` and returns its root, without a trailing `/` or `/v2`. */
function parseBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new SenderConfigError(
      "baseUrl",
      `not a valid URL (got ${shownBaseUrl(baseUrl)}): give the scheme and the host, ${BASE_URL_EXAMPLE}`,
    );
  }
  if (url.username || url.password) {
    throw new SenderConfigError("baseUrl", "credentials in the URL are not allowed; use apiToken");
  }
  if (url.search || url.hash)
    throw new SenderConfigError(
      "baseUrl",
      `must not have a query or fragment (got ${shownBaseUrl(baseUrl)}), ${BASE_URL_EXAMPLE}`,
    );
  if (url.protocol !== "https:") {
    if (url.protocol !== "http:" || !isLoopback(url.hostname)) {
      throw new SenderConfigError(
        "baseUrl",
        `must use https (got ${url.protocol}//${url.host}); plain http is only allowed for a loopback host, ${BASE_URL_EXAMPLE}`,
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
 * The endpoint methods of {@link SenderClient}, by area: their types (this interface merges with
 * the class); the methods themselves are installed on the prototype at the end of this file.
 */
export interface SenderClient
  extends CampaignEndpoints,
    ReportEndpoints,
    AttachmentEndpoints,
    TargetingEndpoints,
    TransactionalEndpoints,
    SubscriberEndpoints,
    WebhookEndpoints,
    GroupEndpoints,
    CartEndpoints,
    AccountEndpoints {}

/**
 * The one HTTP client of the Sender.net API v2.
 *
 * Request bodies and returned records use the API's own snake_case shapes (see
 * `docs/wire-contract.md`); identifiers and options are ordinary parameters. Answers wrapped as
 * `{data: X}` are unwrapped to `X`; paginated lists return the whole envelope. Every answer is
 * checked against its schema ({@link SenderResponseValidationError} when it does not fit).
 * Failures throw a {@link SenderError}: {@link SenderHttpError}, {@link SenderNetworkError} or
 * {@link SenderTimeoutError}. Retries and pacing are built in; see `retry.ts` and `pacer.ts`.
 *
 * Its endpoint methods are written by area in `endpoints/`, as `emulator/routes/` is, and
 * installed on the prototype at the end of this file.
 */
export class SenderClient extends TransportHolder {
  readonly #root: string;
  readonly #timeoutMs: number;
  readonly #maxAttempts: number;

  /** @throws SenderConfigError for an unusable `baseUrl` or `apiToken`. */
  constructor(options: SenderClientOptions) {
    const root = parseBaseUrl(options.baseUrl);
    if (typeof options.apiToken !== "string" || options.apiToken.trim() === "") {
      throw new SenderConfigError("apiToken", "is empty");
    }
    if (/[\r\n\0]/.test(options.apiToken)) {
      throw new SenderConfigError("apiToken", "contains a line break or NUL character");
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // A JavaScript caller may still pass `maxAttempts: undefined`: it must keep the default, not
    // replace it (undefined passes the `< 1` check and would retry until the deadline).
    const retry: RetryOptions = { ...DEFAULT_RETRY_OPTIONS, ...defined(options.retry) };
    if (retry.maxAttempts < 1) throw new SenderConfigError("retry.maxAttempts", "must be at least 1");
    super(
      new Transport({
        root,
        token: options.apiToken,
        timeoutMs,
        retry,
        pacer: (options.pacers ?? new PacerRegistry()).pacerFor(
          root,
          options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
        ),
        dispatcher: options.dispatcher,
        userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
        onRequest: options.onRequest,
        now: options.now ?? Date.now,
        sleep: options.sleep ?? sleep,
        readOnly: options.readOnly === true,
      }),
    );
    this.#root = root;
    this.#timeoutMs = timeoutMs;
    this.#maxAttempts = retry.maxAttempts;
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

  /** Attempts per request, retries included (`retry.maxAttempts`): creates get as many. */
  get maxAttempts(): number {
    return this.#maxAttempts;
  }

  /** A safe description for logs and `JSON.stringify`: never the token. */
  toJSON(): { baseUrl: string } {
    return { baseUrl: this.#root };
  }

  /** `util.inspect` shows the base URL only. */
  [inspect.custom](): string {
    return `SenderClient { baseUrl: ${JSON.stringify(this.#root)} }`;
  }
}

// Installed as class methods are: on the prototype, not enumerable, one copy for every client.
for (const area of [
  campaignEndpoints,
  reportEndpoints,
  attachmentEndpoints,
  targetingEndpoints,
  transactionalEndpoints,
  subscriberEndpoints,
  webhookEndpoints,
  groupEndpoints,
  cartEndpoints,
  accountEndpoints,
]) {
  for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(area))) {
    Object.defineProperty(SenderClient.prototype, name, { ...descriptor, enumerable: false });
  }
}
