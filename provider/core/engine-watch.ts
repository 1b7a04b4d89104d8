/**
 * Stops the dynamic-provider process, and the native plugin's, when the Pulumi engine that
 * started it is gone; the Terraform door's when its parent (terraform, tofu) is.
 *
 * After `kill -9` of `pulumi up` the provider processes (and the language host) live on: nothing
 * kills a child with its parent, and the creates it has in hand would go on reaching the service
 * although no one will ever record their results. The engine's address is an argument of the
 * process (`.../dynamic-provider/index.js <engine>`, `pulumi-resource-sender [flags] <engine>`,
 * which provider/pulumi/engine-address.ts reads); while that port refuses connections the engine
 * is gone, and the process cuts its requests in flight and exits before sending anything more.
 */
import * as net from "node:net";
import { printError } from "./diagnostics";

/**
 * Aborts every request in flight of the process (its context's clients), each failing with one
 * line saying `why`; returns how many there were.
 */
export type AbortInFlight = (why: string) => number;

/** Options of {@link EngineWatch.watch}. */
export interface EngineWatchOptions {
  /** `host:port` of the engine, as the door finds it among its process's arguments (provider/pulumi/engine-address.ts). */
  address: string;
  /** Probe period. Default 200 ms: a loopback connect, cheap, and few requests slip through after a kill. */
  intervalMs?: number;
  /** What to do once the engine is gone. Default: cut the requests in flight, say so on stderr and exit with status 1. */
  onGone?: () => void;
}

/** Options of {@link EngineWatch.watchParent}. */
export interface ParentWatchOptions {
  /** The parent's pid now; by default `process.ppid`, read afresh each time (an orphan's is its reaper's). */
  parentPid?: () => number;
  /** Probe period. Default 200 ms, as {@link EngineWatchOptions.intervalMs}. */
  intervalMs?: number;
  /** What to do once the parent is gone. Default: cut the requests in flight, say so on stderr and exit with status 1. */
  onGone?: () => void;
}

/** The exit status after SIGTERM: 128 + 15, as a shell reports a process ended by it. */
export const SIGTERM_EXIT_CODE = 143;

function splitAddress(address: string): { host: string; port: number } {
  const colon = address.lastIndexOf(":");
  return { host: address.slice(0, colon).replace(/^\[|\]$/g, ""), port: Number(address.slice(colon + 1)) };
}

/** One probe: resolves true when the engine accepts a connection, false when it refuses. */
export function engineAlive(address: string, timeoutMs = 2_000): Promise<boolean> {
  const { host, port } = splitAddress(address);
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (alive: boolean) => {
      socket.destroy();
      resolve(alive);
    };
    socket.setTimeout(timeoutMs, () => done(true)); // a slow engine is not a gone one
    socket.once("connect", () => done(true));
    socket.once("error", (err: NodeJS.ErrnoException) => done(err.code !== "ECONNREFUSED"));
  });
}

/**
 * The watch of one process over its engine, kept by what the process keeps (the dynamic
 * provider's `ContextHolder`, the plugin's server): whether it watches already, whether it
 * stops on SIGTERM, and how it aborts the requests in flight.
 */
export class EngineWatch {
  readonly #abortInFlight: AbortInFlight;
  #watching: NodeJS.Timeout | undefined;
  #stoppingOnSigterm = false;

  /** @param abortInFlight how the process's requests in flight are cut when it stops. */
  constructor(abortInFlight: AbortInFlight) {
    this.#abortInFlight = abortInFlight;
  }

  /**
   * On SIGTERM, aborts every Sender request in flight, says so on stderr in one line
   * ({@link printError}) and exits with {@link SIGTERM_EXIT_CODE}; installed once. Node's default
   * already exits, but silently; this says which requests were cut (their outcome is unknown) and
   * exits at once.
   */
  stopOnSigterm(): void {
    if (this.#stoppingOnSigterm) return;
    this.#stoppingOnSigterm = true;
    process.once("SIGTERM", () => {
      const count = this.#abortInFlight("stopped: the process received SIGTERM");
      const what =
        count === 0
          ? "no request was in flight"
          : `stopped ${count} request${count === 1 ? "" : "s"} in flight, whose outcome is unknown`;
      printError(`pulumi-sender: SIGTERM received; ${what}`);
      process.exit(SIGTERM_EXIT_CODE);
    });
  }

  /**
   * Starts watching the engine at `options.address`, once. The timer never keeps the process alive.
   */
  watch(options: EngineWatchOptions): void {
    if (this.#watching !== undefined) return;
    const address = options.address;
    const onGone = options.onGone ?? (() => this.#exitNow());
    let probing = false;
    this.#watching = setInterval(async () => {
      if (probing) return;
      probing = true;
      try {
        if (!(await engineAlive(address))) {
          this.stop();
          onGone();
        }
      } finally {
        probing = false;
      }
    }, options.intervalMs ?? 200);
    this.#watching.unref();
  }

  /**
   * Starts watching the process's parent, once: the engine of a door whose engine names no address
   * (Terraform and OpenTofu start `terraform-provider-sender` through go-plugin, which passes none).
   * Once the parent pid is no longer the one first read, the parent is gone (`kill -9` of `tofu
   * apply`) and the process stops as {@link EngineWatch.watch}'s does. The timer never keeps the
   * process alive.
   */
  watchParent(options: ParentWatchOptions = {}): void {
    if (this.#watching !== undefined) return;
    const parentPid = options.parentPid ?? (() => process.ppid);
    const parent = parentPid();
    const onGone = options.onGone ?? (() => this.#exitNow("the engine (terraform or tofu)"));
    this.#watching = setInterval(() => {
      if (parentPid() === parent) return;
      this.stop();
      onGone();
    }, options.intervalMs ?? 200);
    this.#watching.unref();
  }

  /** Stops the watch; for tests. */
  stop(): void {
    if (this.#watching !== undefined) clearInterval(this.#watching);
    this.#watching = undefined;
  }

  #exitNow(engine = "the Pulumi engine"): void {
    // Cut explicitly rather than leave it to the exit: no retry or follow-up request can start.
    const count = this.#abortInFlight(`stopped: ${engine} is gone`);
    const what =
      count === 0
        ? ""
        : ` and cutting ${count} request${count === 1 ? "" : "s"} in flight, whose outcome is unknown`;
    printError(`pulumi-sender: ${engine} is gone; stopping before any further request${what}`);
    process.exit(1);
  }
}
