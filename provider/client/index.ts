/**
 * The Sender.net API v2 client: the only code of the provider that knows URLs, authentication,
 * retries and JSON.
 */
import "../node-version";

export {
  ALREADY_DELETED_ACK,
  type IterateOptions,
  type PageQuery,
  type RequestEvent,
  SenderClient,
  type SenderClientOptions,
} from "./client";
export { SenderConfigError } from "./errors/config-error";
export {
  formatHttpErrorMessage,
  formatWait,
  normaliseFieldErrors,
  SenderHttpError,
  type SenderHttpErrorDetails,
  UNAUTHENTICATED_HINT,
} from "./errors/http-error";
export { SenderNetworkError, type SenderNetworkErrorDetails } from "./errors/network-error";
export {
  SenderResponseValidationError,
  type SenderResponseValidationErrorDetails,
} from "./errors/response-validation-error";
export { SenderError, type SenderErrorKind } from "./errors/sender-error";
export {
  SenderTimeoutError,
  type SenderTimeoutErrorDetails,
  type SenderTimeoutPhase,
} from "./errors/timeout-error";
export {
  Pacer,
  type PacerSnapshot,
  type Permit,
  pacerFor,
  type RateLimitInfo,
  readRateLimit,
  type SetTimer,
} from "./pacer";
export {
  buildQuery,
  encodeBracketList,
  encodeJsonArray,
  encodePathSegment,
  formatTimestamp,
  type QueryParams,
  type RawQueryValue,
  SHOWN_VALUE_MAX,
  shorten,
  shortenPath,
  UnsafePathSegmentError,
  unsafeSegmentReason,
} from "./query";
export {
  type AttemptFailure,
  backoffDelayMs,
  classifyNetworkError,
  DEFAULT_RETRY_OPTIONS,
  type HttpMethod,
  isAmbiguous,
  MIN_RETRY_BUDGET_MS,
  parseResetAtMs,
  parseRetryAfterMs,
  type RetryOptions,
  type RetrySafety,
  ROUTES,
  type Route,
  retryDelayMs,
  shouldRetry,
} from "./retry";
export { ROUTE_TABLE, type RouteOutput, type RouteSource, type RouteSpec } from "./routes";
export * from "./schemas";
