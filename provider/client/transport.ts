/**
 * The transport of the Sender client, apart from its endpoints (as ky keeps its `core/`): one
 * call goes through the pacer, is tried and retried by the policy of `retry.ts`, and each
 * attempt is bounded in time (send to last byte), in size and in JSON depth. Every failure comes
 * out as one error line with the token blanked.
 */

import type * as undici from "undici";
import type { z } from "zod";
import {
  formatBytes,
  MAX_BODY_BYTES,
  MAX_ERROR_BODY_BYTES,
  MAX_JSON_DEPTH,
  parseJsonBody,
  readCapped,
} from "./body";
import { SenderHttpError } from "./errors/http-error";
import { SenderNetworkError } from "./errors/network-error";
import { SenderReadOnlyError } from "./errors/read-only-error";
import { SenderResponseValidationError } from "./errors/response-validation-error";
import type { SenderError } from "./errors/sender-error";
import { SenderTimeoutError } from "./errors/timeout-error";
import type { Pacer, PacerRegistry, ResponseHeaders } from "./pacer";
import {
  buildQuery,
  encodePathSegment,
  type QueryParams,
  shorten,
  shortenPath,
  UnsafePathSegmentError,
} from "./query";
import {
  type AttemptFailure,
  classifyNetworkError,
  isAmbiguous,
  MIN_RETRY_BUDGET_MS,
  parseResetAtMs,
  parseRetryAfterMs,
  type RetryOptions,
  retryDelayMs,
  shouldRetry,
  UNREACHABLE_MAX_ATTEMPTS,
} from "./retry";
import { type HttpMethod, ROUTE_TABLE, type Route, type RouteOutput } from "./routes";
import type * as s from "./schemas";
import { boundFieldErrors, leadingMessage, serviceText } from "./service-text";

/** One attempt, reported to `onRequest` (the client option). Never carries the token. */
export interface RequestEvent {
  /** HTTP method. */
  method: string;
  /** Path without the query, e.g. `/v2/campaigns/b6gXkQ`. */
  path: string;
  /** HTTP status, or undefined when no answer came. */
  status: number | undefined;
  /** 1 for the first try. */
  attempt: number;
  /** Duration of the attempt in ms (queueing in the pacer excluded). */
  ms: number;
  /** Error code when no answer came (`ECONNREFUSED`, `TIMEOUT`...). */
  error?: string;
}

/** The ack the client gives for a DELETE that found nothing after an earlier ambiguous try. */
export const ALREADY_DELETED_ACK: s.Ack = Object.freeze({
  success: true,
  message: "Already deleted: an earlier attempt of this request took effect.",
});

/** What a {@link Transport} is built from; the client validates them first. */
export interface TransportOptions {
  /** The API root, without a trailing `/` or `/v2`. */
  root: string;
  /** The API token; sent as `Authorization: Bearer` and blanked from every message. */
  token: string;
  /** Limit of one attempt in ms, from sending to the last byte of the answer. */
  timeoutMs: number;
  /** The retry policy. */
  retry: RetryOptions;
  /** The pacer of this service. */
  pacer: Pacer;
  /** undici dispatcher; undici's global one when undefined. */
  dispatcher: undici.Dispatcher | undefined;
  /** `User-Agent` header. */
  userAgent: string;
  /** Called after every attempt. */
  onRequest: ((event: RequestEvent) => void) | undefined;
  /** The clock in ms since the epoch. */
  now: () => number;
  /** Waits between attempts. */
  sleep: (ms: number) => Promise<void>;
  /** Refuses every request but a GET, before sending it ({@link SenderReadOnlyError}). */
  readOnly?: boolean | undefined;
}

type ParamNames<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
type RouteParams<R extends Route> = Record<ParamNames<R>, string | number>;

/** The parts of one call: path parameters, query and JSON body. */
export interface CallSpec<R extends Route> {
  /** Values of the route's `{name}` parameters. */
  params?: RouteParams<R>;
  /** Query parameters, in sending order. */
  query?: QueryParams;
  /** The request body, sent as JSON. */
  body?: unknown;
}

type Answer = { status: number; headers: ResponseHeaders; text: string; tooLarge: boolean };

type AttemptResult =
  | ({ type: "answer" } & Answer)
  | { type: "failure"; error: unknown; timedOut: boolean; stopped: boolean; timeoutMs: number }
  | { type: "deadline" };

const REDACTED = "[redacted]";

// undici is loaded at the first request, not with the module: a process that never sends one (most
// of the Terraform door's starts: schema, validate, plan of nothing) spares its ~25 ms of loading.
// Node's module cache keeps it after the first call, so no module-level variable holds it.
const loadUndici = (): typeof undici => require("undici") as typeof undici;

/** Why every request in flight was aborted (see {@link abortRequestsInFlight}). */
class StoppedError extends Error {}

/**
 * Aborts every request in flight of every client of `pacers` (the process's, kept by its
 * context), each failing with one line saying `why` (not retried); for a process about to exit on
 * SIGTERM. Returns how many there were.
 */
export function abortRequestsInFlight(pacers: PacerRegistry, why: string): number {
  return pacers.abortInFlight(() => new StoppedError(why));
}

/** Replaces every occurrence of `secret` in strings nested in `value`. */
function redactDeep(value: unknown, secret: string): unknown {
  if (typeof value === "string") return value.split(secret).join(REDACTED);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, secret));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key.split(secret).join(REDACTED),
        redactDeep(item, secret),
      ]),
    );
  }
  return value;
}

/**
 * The ids a write names: its path parameters and the ids of a bracket list in its query
 * (`DELETE /campaigns?ids=[a,b]`). Other values come along (a tag id of a campaign's path): a
 * listener treats each as possibly an object written, which only costs it a read.
 */
function idsNamed(params: Record<string, string | number>, query: QueryParams | undefined): string[] {
  const ids = Object.values(params).map(String);
  for (const value of Object.values(query ?? {})) {
    const raw = typeof value === "object" ? value.raw : undefined;
    const inside = raw === undefined ? undefined : /^\[(.*)\]$/.exec(raw)?.[1];
    if (inside) ids.push(...inside.split(",").map((id) => decodeURIComponent(id)));
  }
  return ids;
}

/** The id of what a write answered (a create's new record: `{id}`, or `{data: {id}}`), if any. */
function idsAnswered(output: unknown): string[] {
  if (typeof output !== "object" || output === null) return [];
  const { id, data } = output as { id?: unknown; data?: unknown };
  if (typeof id === "string" || typeof id === "number") return [String(id)];
  return data === output ? [] : idsAnswered(data);
}

function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Sends the client's calls: pacing, attempts, retries, bounded bodies, errors. */
export class Transport {
  readonly #o: TransportOptions;
  readonly #writeListeners = new Set<(ids: readonly string[]) => void>();

  /** @param options Already validated by the client. */
  constructor(options: TransportOptions) {
    this.#o = options;
  }

  /** `text` with the token blanked. */
  redact(text: string): string {
    return text.split(this.#o.token).join(REDACTED);
  }

  /**
   * Tells `listener` the ids each write (every request but a GET) names: before it is sent (its
   * path parameters, a bracket list of ids in its query) and once it answers (the id of the
   * record a create answers). A listener that throws is ignored.
   */
  watchWrites(listener: (ids: readonly string[]) => void): void {
    this.#writeListeners.add(listener);
  }

  #wrote(ids: readonly string[]): void {
    if (ids.length === 0) return;
    for (const listener of this.#writeListeners) {
      try {
        listener(ids);
      } catch {
        // A failing listener must not fail the request.
      }
    }
  }

  #emit(event: RequestEvent): void {
    if (!this.#o.onRequest) return;
    try {
      this.#o.onRequest(event);
    } catch {
      // A failing logger must not fail the request.
    }
  }

  /** Sends `route` with `spec`, retrying as its safety allows, and reads the answer by its schema. */
  async call<R extends Route>(route: R, spec: CallSpec<R> = {}): Promise<RouteOutput<R>> {
    const separator = route.indexOf(" ");
    const method = route.slice(0, separator) as HttpMethod;
    const template = route.slice(separator + 1);
    const params = (spec.params ?? {}) as Record<string, string | number>;
    const path = `/v2${template.replace(/\{(\w+)\}/g, (_, name: string) => {
      try {
        return encodePathSegment(params[name] ?? "");
      } catch (error) {
        if (!(error instanceof UnsafePathSegmentError)) throw error;
        // Refused before anything is sent: `..` would otherwise move the request to another route.
        throw new UnsafePathSegmentError(
          this.redact(String(params[name] ?? "")),
          `${error.reason}, so ${method} /v2${template} was not sent (${name})`,
        );
      }
    })}`;
    const target = `${path}${buildQuery(spec.query)}`;
    // Errors and events show the path actually requested, with the token blanked should a caller
    // pass it as an id, and overlong segments cut.
    const shown = shortenPath(this.redact(path));
    if (this.#o.readOnly === true && method !== "GET") throw new SenderReadOnlyError(method, shown);
    if (method !== "GET") this.#wrote(idsNamed(params, spec.query));
    const bodyText = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const { safety, response } = ROUTE_TABLE[route];
    const { retry, now } = this.#o;
    const deadlineAt = now() + retry.deadlineMs;
    let earlierAmbiguous = false;
    let lastError: SenderError | SenderResponseValidationError | undefined;

    for (let attempt = 1; ; attempt++) {
      const result = await this.#attempt(method, shown, target, bodyText, attempt, deadlineAt);
      let failure: AttemptFailure;
      let makeError: (ambiguous: boolean) => SenderError | SenderResponseValidationError;

      if (result.type === "deadline") {
        throw (
          lastError ??
          new SenderTimeoutError({
            method,
            path: shown,
            timeoutMs: retry.deadlineMs,
            phase: "deadline",
            attempts: 0,
          })
        );
      }
      if (result.type === "answer" && result.status >= 200 && result.status < 300) {
        const answer = result;
        const body = answer.tooLarge ? undefined : parseJsonBody(answer.text);
        if (body?.ok) {
          const output = this.#validate(method, shown, answer, body.value, response) as RouteOutput<R>;
          if (method !== "GET") this.#wrote(idsAnswered(output));
          return output;
        }
        const why = answer.tooLarge
          ? `the body is larger than ${formatBytes(MAX_BODY_BYTES)}, the most the client reads`
          : body?.problem === "too-deep"
            ? `the body nests deeper than ${MAX_JSON_DEPTH} levels, the most the client reads`
            : "the body is not JSON";
        // A body the client cannot read, of a request that changed something, is ambiguous.
        failure = { type: "unreadable", mayHaveActed: method !== "GET" };
        makeError = (ambiguous) => this.#unreadableError(method, shown, answer, why, ambiguous);
      } else if (result.type === "answer") {
        if (method === "DELETE" && result.status === 404 && earlierAmbiguous) {
          // An earlier try that failed ambiguously did delete it.
          return response.parse(ALREADY_DELETED_ACK) as RouteOutput<R>;
        }
        const retryAfterMs = parseRetryAfterMs(headerValue(result.headers, "retry-after"), now());
        failure = {
          type: "http",
          status: result.status,
          retryAfterMs,
          resetAtMs: parseResetAtMs(headerValue(result.headers, "x-ratelimit-reset")),
        };
        const answer = result;
        makeError = (ambiguous) => this.#httpError(method, shown, answer, retryAfterMs, ambiguous, attempt);
      } else {
        const classified = classifyNetworkError(result.error);
        const neverReachedService = classified.neverReachedService;
        // A request stopped on shutdown is not tried again.
        failure = {
          type: "network",
          neverReachedService,
          retryable: classified.retryable && !result.stopped,
        };
        const failed = result;
        makeError = (ambiguous) => this.#networkError(method, shown, failed, classified, attempt, ambiguous);
      }

      const ambiguousSoFar: boolean = earlierAmbiguous || isAmbiguous(failure);
      // An address where nothing answers gets one quick retry, not the whole backoff.
      const maxAttempts =
        result.type === "failure" && classifyNetworkError(result.error).unreachable
          ? Math.min(retry.maxAttempts, UNREACHABLE_MAX_ATTEMPTS)
          : retry.maxAttempts;
      if (!shouldRetry(safety, failure) || attempt >= maxAttempts) throw makeError(ambiguousSoFar);
      const delay = retryDelayMs(failure, attempt, retry, now());
      const budget = Math.min(this.#o.timeoutMs, MIN_RETRY_BUDGET_MS);
      if (now() + delay + budget > deadlineAt) throw makeError(ambiguousSoFar);
      earlierAmbiguous = ambiguousSoFar;
      lastError = makeError(ambiguousSoFar);
      await this.#o.sleep(delay);
    }
  }

  /** The error for an attempt that got no answer: a timeout, a stop, or a network failure. */
  #networkError(
    method: string,
    path: string,
    failed: Extract<AttemptResult, { type: "failure" }>,
    classified: ReturnType<typeof classifyNetworkError>,
    attempts: number,
    ambiguous: boolean,
  ): SenderError {
    if (
      !failed.stopped &&
      (failed.timedOut ||
        classified.code === "UND_ERR_CONNECT_TIMEOUT" ||
        /TIMEOUT/.test(classified.code ?? ""))
    ) {
      const phase = classified.code === "UND_ERR_CONNECT_TIMEOUT" ? "connect" : "response";
      return new SenderTimeoutError({
        method,
        path,
        timeoutMs: failed.timeoutMs,
        phase,
        cause: failed.error,
        attempts,
        ambiguous,
      });
    }
    const cause = failed.error as { message?: unknown } | undefined;
    const causeText =
      typeof cause?.message === "string" && cause.message ? cause.message : String(failed.error);
    const detail = this.redact(
      failed.stopped ? causeText : classified.code ? `${classified.code}: ${causeText}` : causeText,
    );
    if (!failed.stopped && classified.unreachable) {
      return new SenderNetworkError({
        method,
        path,
        cause: failed.error,
        code: classified.code,
        neverReachedService: classified.neverReachedService,
        detail,
        attempts,
        ambiguous,
        unreachable: { root: this.#o.root },
      });
    }
    return new SenderNetworkError({
      method,
      path,
      cause: failed.error,
      code: failed.stopped ? undefined : classified.code,
      neverReachedService: classified.neverReachedService,
      detail,
      attempts,
      ambiguous,
    });
  }

  /** The error for a 2xx whose body cannot be read (not JSON, too large, too deep), after the last try. */
  #unreadableError(
    method: string,
    path: string,
    answer: Answer,
    why: string,
    ambiguous: boolean,
  ): SenderResponseValidationError {
    return new SenderResponseValidationError({
      method,
      path,
      status: answer.status,
      issues: [{ code: "custom", path: [], message: why, input: undefined }],
      body: this.redact(answer.text.slice(0, 1000)),
      ambiguous,
    });
  }

  #validate<S extends z.ZodType>(
    method: string,
    path: string,
    answer: { status: number },
    body: unknown,
    schema: S,
  ): z.output<S> {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new SenderResponseValidationError({
      method,
      path,
      status: answer.status,
      issues: redactDeep(parsed.error.issues, this.#o.token) as z.core.$ZodIssue[],
      body: redactDeep(body, this.#o.token),
      ambiguous: method !== "GET",
    });
  }

  #httpError(
    method: string,
    path: string,
    answer: Answer,
    retryAfterMs: number | undefined,
    ambiguous: boolean,
    attempts: number,
  ): SenderHttpError {
    // Not JSON (a proxy's html page...), too deep or cut at the cap: keep the text (its start).
    const parsed = answer.tooLarge ? undefined : parseJsonBody(answer.text);
    const body = parsed?.ok
      ? redactDeep(parsed.value, this.#o.token)
      : serviceText(this.redact(answer.text), 4 * 1024);
    const location = headerValue(answer.headers, "location");
    const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    // The service's text is shown on a terminal: made safe and cut (service-text.ts).
    const rawMessage = answer.tooLarge ? leadingMessage(answer.text) : record.message;
    const shownMessage =
      typeof rawMessage === "string"
        ? serviceText(this.redact(rawMessage), undefined, { countCut: !answer.tooLarge }) || undefined
        : undefined;
    const apiMessage = answer.tooLarge
      ? `${shownMessage ?? "(no message)"} (the answer passed ${formatBytes(MAX_ERROR_BODY_BYTES)}, the most the client reads of an error; the rest was not read)`
      : shownMessage;
    const fieldErrors = boundFieldErrors(record.errors);
    return new SenderHttpError({
      method,
      path,
      status: answer.status,
      apiMessage,
      fieldErrors: fieldErrors.shown,
      moreFieldErrors: fieldErrors.more,
      retryAfterSeconds: retryAfterMs === undefined ? undefined : retryAfterMs / 1000,
      body,
      ambiguous,
      attempts,
      location: location === undefined ? undefined : shorten(this.redact(location), 200),
    });
  }

  async #attempt(
    method: HttpMethod,
    path: string,
    target: string,
    bodyText: string | undefined,
    attempt: number,
    deadlineAt: number,
  ): Promise<AttemptResult> {
    const { pacer, now } = this.#o;
    const untilDeadline = deadlineAt - now();
    if (untilDeadline <= 0) return { type: "deadline" };
    let permit = pacer.tryAcquire();
    if (permit === undefined) {
      try {
        permit = await pacer.acquire(AbortSignal.timeout(untilDeadline));
      } catch {
        return { type: "deadline" };
      }
    }
    const timeoutMs = Math.max(1, Math.min(this.#o.timeoutMs, deadlineAt - now()));
    // One timer bounds the whole attempt, from sending to the last byte of the body: undici's
    // header and body timeouts restart whenever a byte arrives, so a trickle would outlast them.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error("attempt timed out"));
    }, timeoutMs);
    const untrack = pacer.track(controller);
    const started = performance.now();
    try {
      const response = await loadUndici().request(`${this.#o.root}${target}`, {
        method,
        headers: {
          authorization: `Bearer ${this.#o.token}`,
          "content-type": "application/json",
          accept: "application/json",
          "user-agent": this.#o.userAgent,
        },
        body: bodyText ?? null,
        signal: controller.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        ...(this.#o.dispatcher ? { dispatcher: this.#o.dispatcher } : {}),
      });
      // An error answer carries a message, never a record: it gets the smaller cap.
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      const { text, tooLarge } = await readCapped(
        response.body,
        ok ? MAX_BODY_BYTES : MAX_ERROR_BODY_BYTES,
        // A declared length past the cap would skip reading; an error's start is still worth reading.
        ok ? response.headers["content-length"] : undefined,
      );
      permit.release({ status: response.statusCode, headers: response.headers });
      this.#emit({
        method,
        path,
        status: response.statusCode,
        attempt,
        ms: Math.round(performance.now() - started),
      });
      return { type: "answer", status: response.statusCode, headers: response.headers, text, tooLarge };
    } catch (error) {
      permit.release();
      const stopped = controller.signal.reason instanceof StoppedError;
      const cause = stopped ? controller.signal.reason : error;
      const undiciTimeout = /^UND_ERR_(HEADERS|BODY)_TIMEOUT$/.test(classifyNetworkError(error).code ?? "");
      const attemptTimedOut = !stopped && (timedOut || undiciTimeout);
      this.#emit({
        method,
        path,
        status: undefined,
        attempt,
        ms: Math.round(performance.now() - started),
        error: stopped
          ? "STOPPED"
          : attemptTimedOut
            ? "TIMEOUT"
            : (classifyNetworkError(error).code ?? "NETWORK"),
      });
      return { type: "failure", error: cause, timedOut: attemptTimedOut, stopped, timeoutMs };
    } finally {
      clearTimeout(timer);
      untrack();
    }
  }
}
