import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The Laravel 422 body (observed): field keys are snake_case with dots for nesting. */
export type ValidationErrors = Record<string, string[]>;

/**
 * The one error type of the emulator: every non-2xx answer is thrown as an `ApiError` and
 * turned into JSON by the app's error handler, so that all error bodies come from one place.
 */
export class ApiError extends HTTPException {
  /** The JSON body of the answer. */
  readonly body: Record<string, unknown>;
  /** Extra headers of the answer, e.g. `Retry-After`. */
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) {
    super(status, { message: typeof body.message === "string" ? body.message : `HTTP ${status}` });
    this.name = "ApiError";
    this.body = body;
    this.headers = headers;
  }

  /** The same error with more headers. */
  withHeaders(headers: Record<string, string>): ApiError {
    return new ApiError(this.status as ContentfulStatusCode, this.body, { ...headers, ...this.headers });
  }

  override getResponse(): Response {
    return new Response(JSON.stringify(this.body), {
      status: this.status,
      headers: { "content-type": "application/json", ...this.headers },
    });
  }
}

/** 401 without a valid bearer token (assumed body). */
export function unauthenticated(): ApiError {
  return new ApiError(401, { message: "Unauthenticated." });
}

/** 404 for an unknown id: `{message: "<Thing> <id> not found."}` (assumed body). */
export function notFound(thing: string, id: string | number): ApiError {
  return new ApiError(404, { message: `${thing} ${id} not found.` });
}

/** 400 for an action that cannot run in the current state (observed shape). */
export function badRequest(message: string): ApiError {
  return new ApiError(400, { success: false, message });
}

/** 422 with Laravel's body (observed). */
export function invalid(errors: ValidationErrors): ApiError {
  return new ApiError(422, { message: "The given data was invalid.", errors });
}

/** 429 with `Retry-After` in seconds. */
export function tooManyAttempts(retryAfterSeconds: number): ApiError {
  return new ApiError(429, { message: "Too Many Attempts." }, { "Retry-After": String(retryAfterSeconds) });
}

/**
 * Thrown when an injected fault drops the connection. The node server destroys the socket;
 * in-process callers of `app.request` see this error as a rejected promise.
 */
export class DroppedConnection extends Error {
  /** `drop-before` (nothing committed) or `drop-after` (committed, then dropped). */
  readonly kind: "drop-before" | "drop-after";

  constructor(kind: "drop-before" | "drop-after") {
    super(`Connection dropped by an injected fault (${kind}).`);
    this.name = "DroppedConnection";
    this.kind = kind;
  }
}
