import { parseArgs } from "node:util";
import { type RunningEmulator, startEmulator } from "./server";

/** What the CLI talks to; injectable so that tests run it in-process. */
export interface CliIo {
  /** Environment, for `SENDER_API_TOKEN`. */
  env: Record<string, string | undefined>;
  /** Normal output. */
  log: (line: string) => void;
  /** Registers a shutdown signal handler (SIGINT, SIGTERM). */
  onSignal: (signal: "SIGINT" | "SIGTERM", handler: () => void) => void;
}

/** A usage error: the message is printed and the process exits with status 2. */
export class CliUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CliUsageError";
  }
}

const USAGE =
  "usage: pulumi-sender-emulator [--port 4010] --token <token> [--state <file>] [--rate-limit <per-minute>] [--host 127.0.0.1] [--variance]\n" +
  "                              [--detach [--log <file>] [--pid-file <file>]]\n" +
  "The token may also come from SENDER_API_TOKEN. --detach returns once the emulator listens, leaving it\n" +
  "running in the background (its lines in --log, its pid in --pid-file), or fails naming why it cannot.";

/** The options `runCli` takes, as parsed and checked, before anything starts. */
export interface CliOptions {
  /** The token the emulator accepts. */
  token: string;
  /** The interface. */
  host: string;
  /** The port (0: a free one). */
  port: number;
  /** Requests per minute, when limited. */
  rateLimit?: number;
  /** Where the state is kept. */
  state?: string;
  /** Variance mode. */
  variance: boolean;
  /** Start in the background and return once listening. */
  detach: boolean;
  /** The background emulator's output file (`--detach`). */
  log?: string;
  /** Where `--detach` writes the background emulator's pid. */
  pidFile?: string;
}

function integerOption(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new CliUsageError(`--${name} must be an integer from ${min} to ${max}.\n${USAGE}`);
  }
  return value;
}

/**
 * Parses and checks the command line of `pulumi-sender-emulator` (the token from `env` when not
 * given); throws a {@link CliUsageError} naming what is wrong.
 */
export function parseCli(argv: readonly string[], env: Record<string, string | undefined>): CliOptions {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: "string", default: "4010" },
        token: { type: "string" },
        state: { type: "string" },
        "rate-limit": { type: "string" },
        host: { type: "string", default: "127.0.0.1" },
        variance: { type: "boolean" },
        detach: { type: "boolean" },
        log: { type: "string" },
        "pid-file": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliUsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) throw new CliUsageError(USAGE);
  const token = (values.token as string | undefined) ?? env.SENDER_API_TOKEN;
  if (!token) throw new CliUsageError(`A token is required: --token or SENDER_API_TOKEN.\n${USAGE}`);
  const detach = values.detach === true;
  for (const name of ["log", "pid-file"] as const)
    if (values[name] !== undefined && !detach)
      throw new CliUsageError(`--${name} goes with --detach.\n${USAGE}`);
  const rateLimit = integerOption("rate-limit", values["rate-limit"] as string | undefined, 1, 1_000_000);
  return {
    token,
    host: values.host as string,
    port: integerOption("port", values.port as string, 0, 65535) as number,
    ...(rateLimit === undefined ? {} : { rateLimit }),
    ...(values.state === undefined ? {} : { state: values.state as string }),
    variance: values.variance === true,
    detach,
    ...(values.log === undefined ? {} : { log: values.log as string }),
    ...(values["pid-file"] === undefined ? {} : { pidFile: values["pid-file"] as string }),
  };
}

/** The one line a failed listen gives: the address, and what to do when the port is taken. */
function listenError(error: unknown, host: string, port: number): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${host}:${port}`;
  if (code === "EADDRINUSE")
    return new Error(
      `pulumi-sender-emulator: cannot listen on ${where}: port ${port} is already in use (EADDRINUSE); stop what holds it, or pass another --port`,
    );
  return new Error(`pulumi-sender-emulator: cannot listen on ${where}: ${(error as Error).message}`);
}

/**
 * The `pulumi-sender-emulator` command: parses `argv`, starts the emulator, prints where it
 * listens (never the token) and closes it on SIGINT/SIGTERM. Resolves once listening; rejects
 * with one line naming the address when it cannot listen. `--detach` is the bin's
 * (`emulator/cli.ts`): here it starts in this process.
 */
export async function runCli(
  argv: readonly string[],
  io: CliIo = {
    env: process.env,
    log: (line) => console.log(line),
    onSignal: (signal, handler) => process.once(signal, handler),
  },
): Promise<RunningEmulator> {
  const options = parseCli(argv, io.env);
  const emulator = await startEmulator({
    token: options.token,
    host: options.host,
    port: options.port,
    ...(options.rateLimit === undefined ? {} : { rateLimitPerMinute: options.rateLimit }),
    ...(options.state === undefined ? {} : { statePath: options.state }),
    ...(options.variance ? { variance: true } : {}),
  }).catch((error: unknown) => {
    throw listenError(error, options.host, options.port);
  });
  io.log(`pulumi-sender emulator listening on ${emulator.url}${options.variance ? " (variance mode)" : ""}`);
  const stop = () => {
    void emulator.close().then(() => io.log("pulumi-sender emulator stopped"));
  };
  io.onSignal("SIGINT", stop);
  io.onSignal("SIGTERM", stop);
  return emulator;
}
