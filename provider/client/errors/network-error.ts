import { say, settingWord } from "../../words";
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
  /** Set when nothing answers at the address (refused, unresolved, no route): the API root tried. */
  unreachable?: { root: string } | undefined;
}

/** What each unreachable code means, for people. */
const UNREACHABLE_WHY: Readonly<Record<string, string>> = {
  ECONNREFUSED: "the connection was refused",
  ENOTFOUND: "the host name does not resolve",
  ENETUNREACH: "the network is unreachable",
  EHOSTUNREACH: "the host is unreachable",
  EADDRNOTAVAIL: "the address is not available",
};

/**
 * The message of a request to an address where nothing answers: what was tried and what to check,
 * in one line: `Cannot reach the Sender API at http://127.0.0.1:4099: the connection was refused
 * (GET /v2/campaigns, ECONNREFUSED, 2 attempts). Check sender:baseUrl (or SENDER_BASE_URL) and the
 * network.`
 */
export function unreachableMessage(
  details: SenderNetworkErrorDetails & { unreachable: { root: string } },
): string {
  const code = details.code ?? "";
  const why = UNREACHABLE_WHY[code] ?? "no connection could be made";
  const attempts = details.attempts ?? 1;
  return (
    `Cannot reach the Sender API at ${details.unreachable.root}: ${why} ` +
    `(${details.method} ${details.path}, ${code}, ${attempts} attempt${attempts === 1 ? "" : "s"}). ` +
    say`Check ${settingWord("baseUrl")} (or SENDER_BASE_URL) and the network.`
  );
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
    const message = details.unreachable
      ? unreachableMessage({ ...details, unreachable: details.unreachable })
      : `${details.method} ${details.path} failed: ${details.detail}`;
    super(message, {
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
