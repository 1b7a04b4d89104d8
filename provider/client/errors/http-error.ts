import { say, settingWord, tokenSource } from "../../words";
import { SenderError } from "./sender-error";

/** What {@link SenderHttpError} is built from. */
export interface SenderHttpErrorDetails {
  /** HTTP method of the request. */
  method: string;
  /** Request path without the query, e.g. `/v2/campaigns`. */
  path: string;
  /** HTTP status of the answer. */
  status: number;
  /** The API's own `message`, when the body carried one. */
  apiMessage?: string | undefined;
  /** Field errors of a 422, already normalised to lists (and bounded, see `boundFieldErrors`). */
  fieldErrors?: Record<string, string[]>;
  /** How many more fields had errors than `fieldErrors` keeps. */
  moreFieldErrors?: number;
  /** Seconds the service asked to wait (`Retry-After`), when given. */
  retryAfterSeconds?: number | undefined;
  /** The parsed answer body (or its text when it was not JSON). */
  body?: unknown;
  /** See {@link SenderError.ambiguous}. */
  ambiguous?: boolean;
  /** How many attempts were made before giving up. */
  attempts?: number;
  /** The `Location` of a redirect answer (3xx), already redacted. */
  location?: string | undefined;
}

/** The hint a 401 adds: where the running door takes the token from (never the token itself). */
export const unauthenticatedHint = (): string => say`the service refused the API token: check ${tokenSource}`;

/** Formats a wait in seconds for people: `45 s`, `60 min`, `2 h 30 min`. */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 120) return `${s} s`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * Formats the message of a {@link SenderHttpError}:
 * `POST /v2/campaigns failed with 422: reply_to: must be an address on a verified domain`.
 * A 422 lists its field errors (joined with `; `); any other status shows the API's message.
 */
export function formatHttpErrorMessage(details: SenderHttpErrorDetails): string {
  const head = `${details.method} ${details.path} failed with ${details.status}`;
  const fieldErrors = details.fieldErrors ?? {};
  if (details.status === 422 && Object.keys(fieldErrors).length > 0) {
    const parts = Object.entries(fieldErrors).flatMap(([field, messages]) =>
      messages.map((message) => `${field}: ${message}`),
    );
    const more = details.moreFieldErrors ?? 0;
    if (more > 0) parts.push(`… and ${more} more field${more === 1 ? "" : "s"}`);
    if (parts.length > 0) return `${head}: ${parts.join("; ")}`;
  }
  const base = details.apiMessage ? `${head}: ${details.apiMessage}` : head;
  return `${base}${hintFor(details)}`;
}

/** What to do about a status, appended to the message. */
function hintFor(details: SenderHttpErrorDetails): string {
  const { status } = details;
  if (status === 401) return ` (${unauthenticatedHint()})`;
  if (status === 429) {
    return details.retryAfterSeconds === undefined
      ? " (rate limited; the service did not say how long to wait)"
      : ` (rate limited: the service asked to wait ${formatWait(details.retryAfterSeconds)} (Retry-After: ${Math.ceil(details.retryAfterSeconds)}) before trying again)`;
  }
  if (status >= 300 && status < 400) {
    const where = details.location ? `a redirect to ${details.location}` : "a redirect without a Location";
    return say` (${where}; redirects are never followed, so the token never leaves the configured host: check \`${settingWord("baseUrl")}\`)`;
  }
  return "";
}

/**
 * Normalises the `errors` member of a Laravel-style 422 body: a value may be a list of strings
 * or a single string (observed); anything else is kept as its JSON text.
 */
export function normaliseFieldErrors(errors: unknown): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  if (typeof errors !== "object" || errors === null || Array.isArray(errors)) return result;
  for (const [field, value] of Object.entries(errors)) {
    const list = Array.isArray(value) ? value : [value];
    result[field] = list.map((item) => (typeof item === "string" ? item : JSON.stringify(item)));
  }
  return result;
}

/** The service answered with a status outside 2xx. */
export class SenderHttpError extends SenderError {
  override readonly kind = "http" as const;
  /** HTTP status of the answer. */
  readonly status: number;
  /** HTTP method of the request. */
  readonly method: string;
  /** Request path without the query. */
  readonly path: string;
  /** The API's own `message`, when the body carried one. */
  readonly apiMessage: string | undefined;
  /** Field errors of a 422 keyed by the API's (snake_case, dotted) field name: the first ones. */
  readonly fieldErrors: Record<string, string[]>;
  /** How many more fields had errors than {@link SenderHttpError.fieldErrors} keeps. */
  readonly moreFieldErrors: number;
  /** Seconds the service asked to wait before retrying, when it said. */
  readonly retryAfterSeconds: number | undefined;
  /** The parsed answer body. */
  readonly body: unknown;
  /** How many attempts were made. */
  readonly attempts: number;
  /** The `Location` of a redirect answer, when there was one. */
  readonly location: string | undefined;

  constructor(details: SenderHttpErrorDetails) {
    super(formatHttpErrorMessage(details), { ambiguous: details.ambiguous ?? false });
    this.status = details.status;
    this.method = details.method;
    this.path = details.path;
    this.apiMessage = details.apiMessage;
    this.fieldErrors = details.fieldErrors ?? {};
    this.moreFieldErrors = details.moreFieldErrors ?? 0;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.body = details.body;
    this.attempts = details.attempts ?? 1;
    this.location = details.location;
  }

  /** Whether `value` is a {@link SenderHttpError}, from any copy of the package. */
  static override is(value: unknown): value is SenderHttpError {
    return SenderError.is(value) && value.kind === "http";
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      status: this.status,
      method: this.method,
      path: this.path,
      apiMessage: this.apiMessage,
      fieldErrors: this.fieldErrors,
      moreFieldErrors: this.moreFieldErrors,
      retryAfterSeconds: this.retryAfterSeconds,
      attempts: this.attempts,
      location: this.location,
    };
  }
}
