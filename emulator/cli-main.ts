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
  "The token may also come from SENDER_API_TOKEN.";

function integerOption(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new CliUsageError(`--${name} must be an integer from ${min} to ${max}.\n${USAGE}`);
  }
  return value;
}

/**
 * The `pulumi-sender-emulator` command: parses `argv`, starts the emulator, prints where it
 * listens (never the token) and closes it on SIGINT/SIGTERM. Resolves once listening.
 */
export async function runCli(
  argv: readonly string[],
  io: CliIo = {
    env: process.env,
    log: (line) => console.log(line),
    onSignal: (signal, handler) => process.once(signal, handler),
  },
): Promise<RunningEmulator> {
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
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliUsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) throw new CliUsageError(USAGE);
  const token = (values.token as string | undefined) ?? io.env.SENDER_API_TOKEN;
  if (!token) throw new CliUsageError(`A token is required: --token or SENDER_API_TOKEN.\n${USAGE}`);
  const port = integerOption("port", values.port as string, 0, 65535);
  const rateLimit = integerOption("rate-limit", values["rate-limit"] as string | undefined, 1, 1_000_000);
  const state = values.state as string | undefined;

  const emulator = await startEmulator({
    token,
    host: values.host as string,
    ...(port === undefined ? {} : { port }),
    ...(rateLimit === undefined ? {} : { rateLimitPerMinute: rateLimit }),
    ...(state === undefined ? {} : { statePath: state }),
    ...(values.variance === true ? { variance: true } : {}),
  });
  io.log(
    `pulumi-sender emulator listening on ${emulator.url}${values.variance === true ? " (variance mode)" : ""}`,
  );
  const stop = () => {
    void emulator.close().then(() => io.log("pulumi-sender emulator stopped"));
  };
  io.onSignal("SIGINT", stop);
  io.onSignal("SIGTERM", stop);
  return emulator;
}
