/**
 * Process-wide pacing of requests to one Sender service. Pulumi runs many resource operations
 * in parallel in one provider process, each with its own client; they share the account's
 * per-minute budget, so they share one pacer per base URL. This is the module's only global.
 */
import { parseResetAtMs, parseRetryAfterMs } from "./retry";

/** Response headers as undici gives them. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

/** What the service announced about its rate limit (observed headers). */
export interface RateLimitInfo {
  /** `X-RateLimit-Limit`: requests per window. */
  limit?: number | undefined;
  /** `X-RateLimit-Remaining`. */
  remaining?: number | undefined;
  /** `X-RateLimit-Reset` as epoch ms. */
  resetAtMs?: number | undefined;
}

/** A granted slot; release it exactly once, with the answer's headers when there was one. */
export interface Permit {
  /** Frees the slot and learns from the answer (rate-limit headers, a 429). */
  release(answer?: { status: number; headers: ResponseHeaders }): void;
}

/** A point-in-time view of a pacer, for tests and diagnostics. */
export interface PacerSnapshot {
  /** Requests currently sent and not answered. */
  inFlight: number;
  /** Callers waiting for a slot. */
  queued: number;
  /** Requests counted against the current window (in-flight ones included). */
  used: number;
  /** Announced limit per window, when known. */
  limit: number | undefined;
  /** End of the current window (epoch ms), when known. */
  windowEndsAt: number | undefined;
  /** Everyone waits until this time (epoch ms) after a 429. */
  pausedUntil: number;
}

/** Below this share of the budget left, requests are spread over the rest of the window. */
const SPREAD_BELOW_FRACTION = 0.25;
/** A reset announced further ahead than this is a clock problem; wait at most one window. */
const MAX_WINDOW_MS = 65_000;
/** Two reset times closer than this belong to the same window (the header has second precision). */
const SAME_WINDOW_TOLERANCE_MS = 1_000;
/** Wait after a 429 that gave no hint. */
const DEFAULT_PAUSE_MS = 1_000;

interface Waiter {
  resolve: (permit: Permit) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

function header(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function intHeader(headers: ResponseHeaders, name: string): number | undefined {
  const text = header(headers, name);
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return undefined;
  return Number(text);
}

/** Reads the rate-limit headers of an answer. */
export function readRateLimit(headers: ResponseHeaders): RateLimitInfo {
  return {
    limit: intHeader(headers, "x-ratelimit-limit"),
    remaining: intHeader(headers, "x-ratelimit-remaining"),
    resetAtMs: parseResetAtMs(header(headers, "x-ratelimit-reset")),
  };
}

/** Runs `callback` after `ms` and returns what cancels it. */
export type SetTimer = (callback: () => void, ms: number) => () => void;

/** The real timer: `setTimeout`. */
const realTimer: SetTimer = (callback, ms) => {
  const handle = setTimeout(callback, ms);
  return () => clearTimeout(handle);
};

/**
 * Caps the requests in flight and keeps under the announced per-window budget. Every request
 * issued counts against the window at once (before its answer), so N parallel callers cannot
 * all spend the last unit; when the budget is nearly spent, the rest is spread evenly over the
 * remaining time; when it is spent, callers wait for the reset; a 429 pauses everyone.
 */
export class Pacer {
  #maxInFlight: number;
  readonly #now: () => number;
  readonly #queue: Waiter[] = [];
  #inFlight = 0;
  #used = 0;
  #limit: number | undefined;
  #windowEndsAt: number | undefined;
  #lastIssuedAt = Number.NEGATIVE_INFINITY;
  #pausedUntil = 0;
  #timer: (() => void) | undefined;
  #timerAt = 0;
  readonly #setTimer: SetTimer;
  // The attempts of this service in flight, so that a shutdown can end them at once.
  readonly #requests = new Set<AbortController>();

  /**
   * @param maxInFlight most requests in flight at once.
   * @param now clock in epoch ms (injectable for tests).
   * @param setTimer schedules the next wake-up (injectable: tests record the delays it is given).
   */
  constructor(maxInFlight: number, now: () => number = Date.now, setTimer: SetTimer = realTimer) {
    this.#maxInFlight = Math.max(1, Math.floor(maxInFlight));
    this.#now = now;
    this.#setTimer = setTimer;
  }

  /** Lowers the in-flight cap when another client of the same service asks for less. */
  capInFlight(maxInFlight: number): void {
    this.#maxInFlight = Math.max(1, Math.min(this.#maxInFlight, Math.floor(maxInFlight)));
  }

  /** Counts `controller`'s attempt in flight until the returned function is called. */
  track(controller: AbortController): () => void {
    this.#requests.add(controller);
    return () => this.#requests.delete(controller);
  }

  /** Aborts every tracked attempt, each with its own `reason()`; returns how many there were. */
  abortInFlight(reason: () => Error): number {
    const count = this.#requests.size;
    for (const controller of this.#requests) controller.abort(reason());
    this.#requests.clear();
    return count;
  }

  /** A snapshot of the state. */
  snapshot(): PacerSnapshot {
    return {
      inFlight: this.#inFlight,
      queued: this.#queue.length,
      used: this.#used,
      limit: this.#limit,
      windowEndsAt: this.#windowEndsAt,
      pausedUntil: this.#pausedUntil,
    };
  }

  /**
   * A slot at once when one is free and nothing waits, else undefined. The common case then costs
   * no promise, no timer and no abort listener.
   */
  tryAcquire(): Permit | undefined {
    if (this.#queue.length > 0 || this.#inFlight >= this.#maxInFlight) return undefined;
    const now = this.#now();
    if (this.#waitMs(now) !== 0) return undefined;
    return this.#grant(now);
  }

  /** Waits for a slot. Rejects with the signal's reason when `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<Permit>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const index = this.#queue.indexOf(waiter);
          if (index >= 0) this.#queue.splice(index, 1);
          reject(signal?.reason);
          this.#pump();
        },
      };
      signal?.addEventListener("abort", waiter.onAbort, { once: true });
      this.#queue.push(waiter);
      this.#pump();
    });
  }

  /** Learns the announced budget from an answer. */
  observe(info: RateLimitInfo): void {
    const now = this.#now();
    if (info.limit !== undefined) this.#limit = info.limit;
    if (info.limit === undefined || info.remaining === undefined) return;
    const serverUsed = Math.max(0, info.limit - info.remaining);
    let resetAt = info.resetAtMs;
    if (resetAt === undefined) {
      this.#used = Math.max(this.#used, serverUsed);
      return;
    }
    if (resetAt <= now) return; // an answer from a window that is already over
    resetAt = Math.min(resetAt, now + MAX_WINDOW_MS);
    if (this.#windowEndsAt === undefined || resetAt > this.#windowEndsAt + SAME_WINDOW_TOLERANCE_MS) {
      // A new window: the service counted `serverUsed`; requests still in flight may land in it too.
      const carried = this.#windowEndsAt === undefined ? this.#used : 0;
      this.#used = Math.max(carried, serverUsed + this.#inFlight);
      this.#windowEndsAt = resetAt;
    } else if (resetAt >= this.#windowEndsAt - SAME_WINDOW_TOLERANCE_MS) {
      this.#used = Math.max(this.#used, serverUsed);
    }
  }

  /** Holds every caller until `untilMs` (epoch ms). */
  pauseUntil(untilMs: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, untilMs);
    this.#pump();
  }

  #release(answer?: { status: number; headers: ResponseHeaders }): void {
    this.#inFlight--;
    if (answer) {
      this.observe(readRateLimit(answer.headers));
      if (answer.status === 429) {
        const now = this.#now();
        const retryAfter = parseRetryAfterMs(header(answer.headers, "retry-after"), now);
        const resetAt = parseResetAtMs(header(answer.headers, "x-ratelimit-reset"));
        this.#pausedUntil = Math.max(
          this.#pausedUntil,
          retryAfter !== undefined
            ? now + retryAfter
            : resetAt !== undefined
              ? resetAt
              : now + DEFAULT_PAUSE_MS,
        );
      }
    }
    this.#pump();
  }

  /** Milliseconds until the next request may go, or `null` to wait for an answer instead. */
  #waitMs(now: number): number | null {
    if (this.#windowEndsAt !== undefined && now >= this.#windowEndsAt) {
      // The window rolled over. Requests in flight were counted when they arrived, in the old
      // window; answers of the new one correct the count upwards if not.
      this.#used = 0;
      this.#windowEndsAt = undefined;
    }
    let wait = Math.max(0, this.#pausedUntil - now);
    const limit = this.#limit;
    if (limit !== undefined) {
      const budget = limit - this.#used;
      if (budget <= 0) {
        if (this.#windowEndsAt !== undefined) return Math.max(wait, this.#windowEndsAt - now);
        // No known window: an answer in flight will tell; with none, nothing more is known.
        if (this.#inFlight > 0) return null;
      } else if (this.#windowEndsAt !== undefined && budget < limit * SPREAD_BELOW_FRACTION) {
        const spacing = (this.#windowEndsAt - now) / budget;
        wait = Math.max(wait, this.#lastIssuedAt + spacing - now);
      }
    }
    return wait;
  }

  #pump(): void {
    while (this.#queue.length > 0) {
      if (this.#inFlight >= this.#maxInFlight) return; // a release pumps again
      const now = this.#now();
      const wait = this.#waitMs(now);
      if (wait === null) return;
      if (wait > 0) {
        this.#wakeAt(now + wait);
        return;
      }
      const waiter = this.#queue.shift()!;
      waiter.signal?.removeEventListener("abort", waiter.onAbort);
      waiter.resolve(this.#grant(now));
    }
  }

  #grant(now: number): Permit {
    this.#inFlight++;
    this.#used++;
    this.#lastIssuedAt = now;
    let released = false;
    return {
      release: (answer) => {
        if (released) return;
        released = true;
        this.#release(answer);
      },
    };
  }

  #wakeAt(at: number): void {
    if (this.#timer !== undefined && this.#timerAt <= at) return;
    if (this.#timer !== undefined) this.#timer();
    this.#timerAt = at;
    this.#timer = this.#setTimer(
      () => {
        this.#timer = undefined;
        this.#pump();
      },
      Math.max(1, at - this.#now()),
    );
  }
}

/**
 * The pacers of a process, one per service URL: every client made with the same registry shares
 * the pacer of its service, so two clients of one account (two providers with different tokens to
 * the same service included) share one rate limit. The smallest `maxInFlight` asked for wins.
 * The registry is kept by the process's context (`provider/core/context.ts`), not by this module; it
 * also knows every request of its clients in flight ({@link PacerRegistry.abortInFlight}).
 */
export class PacerRegistry {
  readonly #pacers = new Map<string, Pacer>();

  /** The pacer of the service at `serviceUrl`, made on first use. */
  pacerFor(serviceUrl: string, maxInFlight: number): Pacer {
    let pacer = this.#pacers.get(serviceUrl);
    if (pacer === undefined) {
      pacer = new Pacer(maxInFlight);
      this.#pacers.set(serviceUrl, pacer);
    } else {
      pacer.capInFlight(maxInFlight);
    }
    return pacer;
  }

  /**
   * Aborts every request in flight of every client of this registry, each with its own `reason()`;
   * for a process about to exit. Returns how many there were.
   */
  abortInFlight(reason: () => Error): number {
    let count = 0;
    for (const pacer of this.#pacers.values()) count += pacer.abortInFlight(reason);
    return count;
  }
}
