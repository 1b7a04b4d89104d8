import { SenderError } from "./sender-error";

/** Which wait ran out. */
export type SenderTimeoutPhase = "connect" | "response" | "deadline";

/** What {@link SenderTimeoutError} is built from. */
export interface SenderTimeoutErrorDetails {
  /** HTTP method of the request. */
  method: string;
  /** Request path without the query. */
  path: string;
  /** The limit that was exceeded, in milliseconds. */
  timeoutMs: number;
  /**
   * `connect`: no connection in time, the request never left; `response`: the answer did not
   * come in time; `deadline`: the overall retry deadline ran out before a request could be sent.
   */
  phase: SenderTimeoutPhase;
  /** The low-level error, when there was one. */
  cause?: unknown;
  /** How many attempts were made. */
  attempts?: number;
  /** Forces {@link SenderError.ambiguous} on, when an earlier attempt may have taken effect. */
  ambiguous?: boolean;
}

const PHASE_TEXT: Record<SenderTimeoutPhase, string> = {
  connect: "while connecting",
  response: "waiting for the answer",
  deadline: "before it could be sent (retry deadline)",
};

/** A request (or the wait for a slot to send it) took longer than allowed. */
export class SenderTimeoutError extends SenderError {
  override readonly kind = "timeout" as const;
  /** HTTP method of the request. */
  readonly method: string;
  /** Request path without the query. */
  readonly path: string;
  /** The limit that was exceeded, in milliseconds. */
  readonly timeoutMs: number;
  /** Which wait ran out. */
  readonly phase: SenderTimeoutPhase;
  /** True when the request surely never reached the service. */
  readonly neverReachedService: boolean;
  /** How many attempts were made. */
  readonly attempts: number;

  constructor(details: SenderTimeoutErrorDetails) {
    const neverReachedService = details.phase !== "response";
    super(
      `${details.method} ${details.path} timed out after ${details.timeoutMs} ms ${PHASE_TEXT[details.phase]}`,
      {
        cause: details.cause,
        ambiguous: details.ambiguous === true || !neverReachedService,
      },
    );
    this.method = details.method;
    this.path = details.path;
    this.timeoutMs = details.timeoutMs;
    this.phase = details.phase;
    this.neverReachedService = neverReachedService;
    this.attempts = details.attempts ?? 1;
  }

  /** Whether `value` is a {@link SenderTimeoutError}, from any copy of the package. */
  static override is(value: unknown): value is SenderTimeoutError {
    return SenderError.is(value) && value.kind === "timeout";
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      method: this.method,
      path: this.path,
      timeoutMs: this.timeoutMs,
      phase: this.phase,
      neverReachedService: this.neverReachedService,
      attempts: this.attempts,
    };
  }
}
