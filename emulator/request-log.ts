/** One line of `GET /__emulator/requests`. The token is never stored. */
export interface LoggedRequest {
  seq: number;
  /** ISO time the request arrived. */
  time: string;
  method: string;
  /** Path with its query string. */
  path: string;
  /** Status of the answer; 0 when an injected fault dropped the connection. */
  status: number;
  /** `"Bearer ***"` when a bearer token was sent, `"***"` for another scheme, else null. */
  authorization: string | null;
  /** The kind of the injected fault, when one applied. */
  fault?: string;
}

/**
 * What `GET /__emulator/request-counts` answers: the `/v2` requests that arrived since the
 * emulator started or was reset, by method, and how many of them could write (any method but
 * GET, HEAD and OPTIONS). Never cleared with the log, and never capped, so that a test can count
 * the writes between two points whatever the log dropped.
 */
export interface RequestCounts {
  /** The `seq` of the last request that arrived (0 before any). */
  seq: number;
  /** Requests by method, e.g. `{ GET: 12, POST: 3 }`. */
  byMethod: Record<string, number>;
  /** Requests whose method may write: everything but GET, HEAD and OPTIONS. */
  mutating: number;
}

/** Methods that never change anything. */
const READ_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** Keeps at most this many lines, dropping the oldest. */
const CAPACITY = 10_000;

/** Masks an Authorization header: only the scheme may show, never the credentials. */
export function maskAuthorization(header: string | undefined): string | null {
  if (header === undefined) return null;
  return /^bearer\s/i.test(header) ? "Bearer ***" : "***";
}

/** The request log of `/v2` calls (admin calls are not logged). */
export class RequestLog {
  private entries: LoggedRequest[] = [];
  private seq = 0;
  private byMethod: Record<string, number> = {};
  private mutating = 0;

  /** Starts a line, and counts the request as it arrives; the line is recorded by {@link finish}. */
  begin(time: Date, method: string, path: string, authorization: string | undefined): LoggedRequest {
    this.seq += 1;
    this.byMethod[method] = (this.byMethod[method] ?? 0) + 1;
    if (!READ_METHODS.has(method)) this.mutating += 1;
    return {
      seq: this.seq,
      time: time.toISOString(),
      method,
      path,
      status: 0,
      authorization: maskAuthorization(authorization),
    };
  }

  /** Records a finished line. */
  finish(entry: LoggedRequest): void {
    this.entries.push(entry);
    if (this.entries.length > CAPACITY) this.entries.splice(0, this.entries.length - CAPACITY);
  }

  /** The lines, oldest first (a copy). */
  list(): LoggedRequest[] {
    return this.entries.map((entry) => ({ ...entry }));
  }

  /** The counts of requests since the start or the last {@link reset} (a copy). */
  counts(): RequestCounts {
    return { seq: this.seq, byMethod: { ...this.byMethod }, mutating: this.mutating };
  }

  /** Empties the log; `seq` and the counts go on, so that a poller never sees a number twice. */
  clear(): void {
    this.entries = [];
  }

  /** Empties the log, restarts `seq` at 1 and the counts at 0 (emulator reset). */
  reset(): void {
    this.entries = [];
    this.seq = 0;
    this.byMethod = {};
    this.mutating = 0;
  }
}
