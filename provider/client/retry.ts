/**
 * The single home of the retry policy: which routes may be repeated, which failures are worth
 * repeating, and how long to wait in between.
 */
import type { RetrySafety } from "./routes";

/** How hard the client tries before giving up. */
export interface RetryOptions {
  /** Attempts in total, the first included. Default 5. */
  maxAttempts: number;
  /**
   * No new attempt starts this many ms after the call began, nor a retry that would have less
   * than {@link MIN_RETRY_BUDGET_MS} of it left. Default 120000.
   */
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
 * A retry starts only if at least this long (or the whole per-attempt timeout, when shorter)
 * is left before the deadline after its wait: a try cut shorter than that mostly times out, and
 * a timed-out write is ambiguous where the failure before it was not.
 */
export const MIN_RETRY_BUDGET_MS = 1000;

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
    }
  | {
      /** A 2xx whose body is not JSON (cut off in transit): the service did the work, the answer was lost. */
      type: "unreadable";
      /** False for a GET, which changes nothing. */
      mayHaveActed: boolean;
    };

/** Whether the failed attempt may have taken effect on the service. */
export function isAmbiguous(failure: AttemptFailure): boolean {
  if (failure.type === "http") return failure.status >= 500;
  if (failure.type === "unreadable") return failure.mayHaveActed;
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
  // Repeating an idempotent call whose answer was lost is safe; a creating call goes to the look-up instead.
  if (failure.type === "unreadable") return safety === "idempotent";
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

/**
 * Codes meaning the service cannot be reached at that address at all (nothing listens there, the
 * name does not resolve): a wrong `sender:baseUrl` or a network down, which waiting seldom fixes.
 * Such a failure is tried {@link UNREACHABLE_MAX_ATTEMPTS} times, not `maxAttempts`, so that the
 * user hears of it in about a second rather than after the whole backoff.
 */
const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "EADDRNOTAVAIL",
]);

/** Attempts given to a request whose service is unreachable (see `unreachable` of {@link classifyNetworkError}). */
export const UNREACHABLE_MAX_ATTEMPTS = 2;

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
  /** Nothing answers at that address (refused, unresolved, no route): tried twice at the most (`UNREACHABLE_MAX_ATTEMPTS`). */
  unreachable: boolean;
} {
  const code = errorCode(error);
  return {
    code,
    neverReachedService: code !== undefined && NEVER_SENT_CODES.has(code),
    retryable: code === undefined || !PERMANENT_CODE.test(code),
    unreachable: code !== undefined && UNREACHABLE_CODES.has(code),
  };
}
