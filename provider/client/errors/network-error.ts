import { SenderError } from "./sender-error";

/** What {@link SenderNetworkError} is built from. */
export interface SenderNetworkErrorDetails {
  /** HTTP method of the request. */
  method: string;
  /** Request path without the query. */
  path: string;
  /** The low-level error (undici or Node). */
  cause: unknown;
  /** The error code, e.g. `ECONNREFUSED` or `UND_ERR_SOCKET`, when there was one. */
  code?: string | undefined;
  /** True when the request surely never reached the service (refused, unresolved, connect timeout). */
  neverReachedService: boolean;
  /** A description of the cause, already free of secrets. */
  detail: string;
  /** How many attempts were made. */
  attempts?: number;
  /** Forces {@link SenderError.ambiguous} on, when an earlier attempt may have taken effect. */
  ambiguous?: boolean;
}

/**
 * The request failed below HTTP: refused connection, DNS failure, reset socket... The original
 * error is kept as `cause`.
 */
export class SenderNetworkError extends SenderError {
  override readonly kind = "network" as const;
  /** HTTP method of the request. */
  readonly method: string;
  /** Request path without the query. */
  readonly path: string;
  /** The error code, when the cause had one. */
  readonly code: string | undefined;
  /**
   * True when the request surely never reached the service, so that repeating even a creating
   * call cannot duplicate anything.
   */
  readonly neverReachedService: boolean;
  /** How many attempts were made. */
  readonly attempts: number;

  constructor(details: SenderNetworkErrorDetails) {
    super(`${details.method} ${details.path} failed: ${details.detail}`, {
      cause: details.cause,
      ambiguous: details.ambiguous === true || !details.neverReachedService,
    });
    this.method = details.method;
    this.path = details.path;
    this.code = details.code;
    this.neverReachedService = details.neverReachedService;
    this.attempts = details.attempts ?? 1;
  }

  /** Whether `value` is a {@link SenderNetworkError}, from any copy of the package. */
  static override is(value: unknown): value is SenderNetworkError {
    return SenderError.is(value) && value.kind === "network";
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      method: this.method,
      path: this.path,
      code: this.code,
      neverReachedService: this.neverReachedService,
      attempts: this.attempts,
    };
  }
}
