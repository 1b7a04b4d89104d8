/**
 * The single home of the retry policy: which routes may be repeated, which failures are worth
 * repeating, and how long to wait in between.
 */

/** How hard the client tries before giving up. */
export interface RetryOptions {
  /** Attempts in total, the first included. Default 5. */
  maxAttempts: number;
  /** No new attempt starts this many ms after the call began. Default 120000. */
  deadlineMs: number;
  /** First backoff step in ms, doubled per attempt. Default 500. */
  baseDelayMs: number;
  /** Ceiling of one backoff step in ms. Default 20000. */
  maxDelayMs: number;
}

/** Defaults of {@link RetryOptions}. */
export const DEFAULT_RETRY_OPTIONS: Readonly<RetryOptions> = Object.freeze({
  maxAttempts: 5,
  deadlineMs: 120_000,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
});

/**
 * `idempotent`: repeating the request leaves the service as one request would, so any
 * transient failure is retried. `non-idempotent`: a repeat could create, send or convert twice,
 * so it is retried only when the service surely never received the first try.
 */
export type RetrySafety = "idempotent" | "non-idempotent";

/** HTTP methods the service uses. */
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * Every route of the API (spec §4, paths below `/v2`) with its retry safety. `{name}` marks a
 * path parameter. A POST that sets state to a given value is idempotent; one that creates or
 * triggers something is not.
 */
export const ROUTES = {
  "GET /campaigns": "idempotent",
  "POST /campaigns": "non-idempotent",
  "DELETE /campaigns": "idempotent",
  "GET /campaigns/prefill": "idempotent",
  "GET /campaigns/{id}": "idempotent",
  "PATCH /campaigns/{id}": "idempotent",
  "POST /campaigns/{id}/send": "non-idempotent",
  "GET /campaigns/{id}/sending_status": "idempotent",
  "POST /campaigns/{id}/schedule": "idempotent",
  "DELETE /campaigns/{id}/schedule": "idempotent",
  "PATCH /campaigns/{id}/send_to_all": "idempotent",
  "POST /campaigns/{id}/copy": "non-idempotent",
  "POST /campaigns/{id}/last_action": "idempotent",
  "GET /campaigns/{id}/preview": "idempotent",
  "GET /campaigns/{id}/plain_preview": "idempotent",
  "GET /campaigns/{id}/pdf": "idempotent",
  "GET /campaigns/{id}/share": "idempotent",
  "POST /campaigns/{id}/send_test_email": "non-idempotent",
  "GET /campaigns/{id}/errors": "idempotent",
  "GET /campaigns/{id}/links": "idempotent",
  "GET /campaigns/{id}/link_clicks/{linkId}": "idempotent",
  "GET /campaigns/{id}/groups": "idempotent",
  "GET /campaigns/{id}/subscribers": "idempotent",
  "GET /campaigns/{id}/{kind}": "idempotent",
  "GET /campaigns/{id}/report": "idempotent",
  "GET /campaigns/{id}/{kind}/export": "idempotent",
  "GET /campaigns/{id}/hard_bounces": "idempotent",
  "GET /campaigns/{id}/attachments": "idempotent",
  "POST /campaigns/{id}/attachments": "non-idempotent",
  "DELETE /campaigns/{id}/attachments": "idempotent",
  "POST /attachment/delete": "idempotent",
  "POST /campaigns/{id}/follow_up": "idempotent",
  "DELETE /campaigns/{id}/follow_up": "idempotent",
  "POST /campaigns/{id}/cancel_followup": "idempotent",
  "GET /campaigns/{id}/tags": "idempotent",
  "POST /campaigns/{id}/tags/set": "idempotent",
  "GET /campaigns/{id}/tags/{tagId}": "idempotent",
  "POST /campaigns/{id}/tags/{tagId}": "idempotent",
  "DELETE /campaigns/{id}/tags/{tagId}": "idempotent",
  "GET /campaigns/{id}/exclude_tags": "idempotent",
  "POST /campaigns/{id}/exclude_tags/{tagId}": "idempotent",
  "DELETE /campaigns/{id}/exclude_tags/{tagId}": "idempotent",
  "GET /campaigns/{id}/filters": "idempotent",
  // Adds one filter to a set: a repeat finds it there already.
  "POST /campaigns/{id}/filters": "idempotent",
  "DELETE /campaigns/{id}/filters": "idempotent",
  "GET /campaigns/{id}/filters/{filterId}": "idempotent",
  "POST /campaigns/{id}/filters/set": "idempotent",
  "GET /campaigns/{id}/exclude_filters": "idempotent",
  "POST /campaigns/{id}/exclude_filters": "idempotent",
  "DELETE /campaigns/{id}/exclude_filters": "idempotent",
  "POST /transactional": "non-idempotent",
  "GET /transactional": "idempotent",
  "GET /transactional/{id}": "idempotent",
  "POST /message/send": "non-idempotent",
  "GET /subscribers/{identifier}/events": "idempotent",
  "POST /account/webhooks": "non-idempotent",
  "DELETE /account/webhooks/{id}": "idempotent",
  "POST /carts": "non-idempotent",
  "GET /carts": "idempotent",
  "GET /carts/{cartHash}": "idempotent",
  "DELETE /carts/{externalId}": "idempotent",
  // A second convert answers 400 (already converted): a state transition, like send.
  "POST /carts/{externalId}/convert": "non-idempotent",
  "GET /plans": "idempotent",
  "GET /plans/{planId}": "idempotent",
  "GET /active_subscribers": "idempotent",
  // A one-shot account action: never repeated blindly.
  "POST /delete_me": "non-idempotent",
  // Replaces the stored information with the same body.
  "POST /additional_info": "idempotent",
  "GET /EditorImports/getProductData": "idempotent",
  "POST /upload/v2/{id}/{folderId}": "non-idempotent",
  "POST /userImages/bulkDelete": "idempotent",
  "GET /imageFolders": "idempotent",
} as const satisfies Record<`${HttpMethod} /${string}`, RetrySafety>;

/** A route of the API, e.g. `"GET /campaigns/{id}"`. */
export type Route = keyof typeof ROUTES;

/** Statuses that mean "try again later" (429) or a passing gateway fault (502, 503, 504). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** One failed attempt, as the policy sees it. */
export type AttemptFailure =
  | {
      /** The service answered with a non-2xx status. */
      type: "http";
      /** The status. */
      status: number;
      /** Wait asked by `Retry-After`, in ms. */
      retryAfterMs?: number | undefined;
      /** `X-RateLimit-Reset` as epoch ms. */
      resetAtMs?: number | undefined;
    }
  | {
      /** No answer: network error or timeout. */
      type: "network";
      /** True when the request surely never left (refused, unresolved, connect timeout). */
      neverReachedService: boolean;
      /** False for errors a repeat cannot fix (bad certificate, invalid argument). */
      retryable: boolean;
    };

/** Whether the failed attempt may have taken effect on the service. */
export function isAmbiguous(failure: AttemptFailure): boolean {
  if (failure.type === "http") return failure.status >= 500;
  return !failure.neverReachedService;
}

/** Whether a route of the given safety should be tried again after `failure`. */
export function shouldRetry(safety: RetrySafety, failure: AttemptFailure): boolean {
  if (failure.type === "http") {
    // A 500 is a passing fault too, but it may have done its work: repeat only what is idempotent.
    if (failure.status === 500) return safety === "idempotent";
    if (!RETRYABLE_STATUSES.has(failure.status)) return false;
    // A 429 is refused before any work is done, so even a creating call is safe to repeat.
    return safety === "idempotent" || failure.status === 429;
  }
  if (!failure.retryable) return false;
  return safety === "idempotent" || failure.neverReachedService;
}

/** Exponential backoff with full jitter: uniform in `[0, min(max, base * 2^(attempt-1)))`. */
export function backoffDelayMs(
  attempt: number,
  options: RetryOptions,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/**
 * How long to wait after the `attempt`-th try failed: what the service asked (`Retry-After`,
 * or for a 429 the `X-RateLimit-Reset` time), else the backoff.
 */
export function retryDelayMs(
  failure: AttemptFailure,
  attempt: number,
  options: RetryOptions,
  now: number,
  random: () => number = Math.random,
): number {
  if (failure.type === "http") {
    if (failure.retryAfterMs !== undefined) return failure.retryAfterMs;
    if (failure.status === 429 && failure.resetAtMs !== undefined)
      return Math.max(0, failure.resetAtMs - now);
  }
  return backoffDelayMs(attempt, options, random);
}

/** Parses `Retry-After`: delay seconds (spec) or an HTTP date; returns ms, or undefined. */
export function parseRetryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Parses `X-RateLimit-Reset`: an ISO date-time (observed); epoch seconds are accepted too.
 * Returns epoch ms, or undefined.
 */
export function parseResetAtMs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return seconds > 1_000_000_000 ? seconds * 1000 : undefined;
  }
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : date;
}

/** Codes meaning the connection was never made, so the request never reached the service. */
const NEVER_SENT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Codes a repeat cannot fix. */
const PERMANENT_CODE =
  /^(ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_SSL_|UND_ERR_INVALID_ARG|ERR_INVALID_)/;

/** The code of a low-level error, looking through `cause` and `AggregateError.errors`. */
export function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return undefined;
    const record = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof record.code === "string") return record.code;
    if (Array.isArray(record.errors) && record.errors.length > 0) current = record.errors[0];
    else current = record.cause;
  }
  return undefined;
}

/** Classifies a network-level error for the policy. */
export function classifyNetworkError(error: unknown): {
  code: string | undefined;
  neverReachedService: boolean;
  retryable: boolean;
} {
  const code = errorCode(error);
  return {
    code,
    neverReachedService: code !== undefined && NEVER_SENT_CODES.has(code),
    retryable: code === undefined || !PERMANENT_CODE.test(code),
  };
}
