/**
 * The Sender.net API v2 client: the only code of the provider that knows URLs, authentication,
 * retries and JSON.
 */
import "./node-version";

export { MAX_BODY_BYTES, MAX_ERROR_BODY_BYTES, MAX_JSON_DEPTH } from "./body";
export { type IterateOptions, type PageQuery, SenderClient, type SenderClientOptions } from "./client";
export { SenderConfigError } from "./errors/config-error";
export {
  formatHttpErrorMessage,
  formatWait,
  normaliseFieldErrors,
  SenderHttpError,
  type SenderHttpErrorDetails,
  unauthenticatedHint,
} from "./errors/http-error";
export { SenderNetworkError, type SenderNetworkErrorDetails } from "./errors/network-error";
export { SenderReadOnlyError } from "./errors/read-only-error";
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
  PacerRegistry,
  type PacerSnapshot,
  type Permit,
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
  isAmbiguous,
  MIN_RETRY_BUDGET_MS,
  parseResetAtMs,
  parseRetryAfterMs,
  type RetryOptions,
  retryDelayMs,
  shouldRetry,
} from "./retry";
export {
  type HttpMethod,
  type RetrySafety,
  ROUTE_TABLE,
  ROUTES,
  type Route,
  type RouteOutput,
  type RouteSource,
  type RouteSpec,
} from "./routes";
export * from "./schemas";
export {
  type BoundedFieldErrors,
  boundFieldErrors,
  MAX_FIELD_ERRORS_SHOWN,
  SERVICE_TEXT_MAX_CHARS,
  serviceText,
  stripControls,
} from "./service-text";
export { redactUrls, shownUrl } from "./shown-url";
export { ALREADY_DELETED_ACK, abortRequestsInFlight, type RequestEvent } from "./transport";
