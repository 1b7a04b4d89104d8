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
  /** Field errors of a 422, already normalised to lists. */
  fieldErrors?: Record<string, string[]>;
  /** Seconds the service asked to wait (`Retry-After`), when given. */
  retryAfterSeconds?: number | undefined;
  /** The parsed answer body (or its text when it was not JSON). */
  body?: unknown;
  /** See {@link SenderError.ambiguous}. */
  ambiguous?: boolean;
  /** How many attempts were made before giving up. */
  attempts?: number;
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
    if (parts.length > 0) return `${head}: ${parts.join("; ")}`;
  }
  return details.apiMessage ? `${head}: ${details.apiMessage}` : head;
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
  /** Field errors of a 422 keyed by the API's (snake_case, dotted) field name. */
  readonly fieldErrors: Record<string, string[]>;
  /** Seconds the service asked to wait before retrying, when it said. */
  readonly retryAfterSeconds: number | undefined;
  /** The parsed answer body. */
  readonly body: unknown;
  /** How many attempts were made. */
  readonly attempts: number;

  constructor(details: SenderHttpErrorDetails) {
    super(formatHttpErrorMessage(details), { ambiguous: details.ambiguous ?? false });
    this.status = details.status;
    this.method = details.method;
    this.path = details.path;
    this.apiMessage = details.apiMessage;
    this.fieldErrors = details.fieldErrors ?? {};
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.body = details.body;
    this.attempts = details.attempts ?? 1;
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
      retryAfterSeconds: this.retryAfterSeconds,
      attempts: this.attempts,
    };
  }
}
