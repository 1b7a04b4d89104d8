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

  /** Starts a line; it is recorded by {@link finish}. */
  begin(time: Date, method: string, path: string, authorization: string | undefined): LoggedRequest {
    this.seq += 1;
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

  /** Empties the log; `seq` keeps counting so that a poller never sees a number twice. */
  clear(): void {
    this.entries = [];
  }

  /** Empties the log and restarts `seq` at 1 (emulator reset). */
  reset(): void {
    this.entries = [];
    this.seq = 0;
  }
}
