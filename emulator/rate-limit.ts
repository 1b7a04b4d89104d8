import { formatIsoSeconds } from "./time";

/** The limit announced when none is configured; such an emulator never answers 429 (assumed). */
export const UNLIMITED = 10_000_000;

/** The outcome of counting one request. */
export interface RateLimitDecision {
  allowed: boolean;
  /** `X-RateLimit-*` headers for the answer, plus `Retry-After` when refused. */
  headers: Record<string, string>;
  /** Seconds to the next window, at least 1. */
  retryAfterSeconds: number;
}

/** A fixed wall-clock-minute window counter (observed: per-minute limit, reset at a date-time). */
export class RateLimiter {
  private perMinute: number | null;
  private windowStart = 0;
  private count = 0;

  constructor(perMinute: number | null) {
    this.perMinute = perMinute;
  }

  /** The configured limit; null means unlimited. */
  get limit(): number | null {
    return this.perMinute;
  }

  /** Changes the limit and starts a fresh count (assumed, so that tests are predictable). */
  setLimit(perMinute: number | null): void {
    this.perMinute = perMinute;
    this.count = 0;
  }

  /** Counts a request made at `now` and says whether it may proceed. */
  take(now: Date): RateLimitDecision {
    const windowStart = Math.floor(now.getTime() / 60_000) * 60_000;
    if (windowStart !== this.windowStart) {
      this.windowStart = windowStart;
      this.count = 0;
    }
    const limit = this.perMinute ?? UNLIMITED;
    const allowed = this.perMinute === null || this.count < limit;
    if (allowed) this.count += 1;
    const reset = windowStart + 60_000;
    const retryAfterSeconds = Math.max(1, Math.ceil((reset - now.getTime()) / 1000));
    const headers: Record<string, string> = {
      "X-RateLimit-Limit": String(limit),
      // Without a limit the budget never shrinks, so that clients pacing on it never slow down.
      "X-RateLimit-Remaining": String(this.perMinute === null ? limit : Math.max(0, limit - this.count)),
      "X-RateLimit-Reset": formatIsoSeconds(new Date(reset)),
    };
    if (!allowed) headers["Retry-After"] = String(retryAfterSeconds);
    return { allowed, headers, retryAfterSeconds };
  }
}
