/**
 * The one module of provider/ that writes to the console or the standard streams (a lint rule,
 * `lint/no-direct-output.grit`, holds every other file to it), and where the providers' warnings
 * and notices go. The engine shows a dynamic provider's stderr in its log (attached to no
 * resource), so that is the default. It hides a native plugin's stderr (debug level only), so the
 * plugin routes them to the engine's `Log` with the URN of the resource whose operation is
 * running: its server runs each operation (CheckConfig too) in a scope ({@link forResource}) that
 * carries its sink (`plugin/main.ts` makes it), and no module keeps one.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** How loud a line is: `info` reads as plain text, `warning` with the engine's `warning:` prefix. */
export type Severity = "info" | "warning";

/**
 * Delivers one line; `urn` is the resource whose operation wrote it, when known; `field` the input
 * it is about (a core path, `content`), when it is about one, for a door that puts it there
 * (Terraform's attribute path): the line names the field too.
 */
export type DiagnosticSink = (
  severity: Severity,
  message: string,
  urn: string | undefined,
  field?: string,
) => void | Promise<void>;

/** The default: one line on stderr, `warning: ` before a warning, as the engine shows it. */
export const stderrSink: DiagnosticSink = (severity, message) => {
  process.stderr.write(`${severity === "warning" ? "warning: " : ""}${message}\n`);
};

/** The operation running: the resource it is on, where its lines go, and their deliveries. */
interface Scope {
  readonly urn: string | undefined;
  readonly sink: DiagnosticSink;
  readonly pending: Promise<void>[];
}

const currentScope = new AsyncLocalStorage<Scope>();

function emit(severity: Severity, message: string, field?: string): void {
  const scope = currentScope.getStore();
  const delivered = (scope?.sink ?? stderrSink)(severity, message, scope?.urn, field);
  if (delivered && scope) scope.pending.push(delivered.catch(() => undefined));
}

/**
 * A warning: something the user should know and may have to act on; `field`, the input it is
 * about, when it is about one (the message names it too).
 */
export function warn(message: string, field?: string): void {
  emit("warning", message, field);
}

/** A notice: what an operation will do, where the engine's summary cannot say it (an adoption). */
export function notice(message: string): void {
  emit("info", message);
}

/**
 * Runs one operation of the resource `urn` (undefined: of no resource, a function's call): its
 * lines carry the URN and go to `sink` (default: the enclosing scope's, else stderr), and the
 * operation ends only once they are delivered (the engine may stop the plugin right after the last
 * answer).
 */
export async function forResource<T>(
  urn: string | undefined,
  run: () => Promise<T>,
  sink?: DiagnosticSink,
): Promise<T> {
  const scope: Scope = { urn, sink: sink ?? currentScope.getStore()?.sink ?? stderrSink, pending: [] };
  try {
    return await currentScope.run(scope, run);
  } finally {
    await Promise.all(scope.pending);
  }
}

/** A command-line tool's result line (a generator's `wrote <file>`), on stdout. */
export function printLine(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** A command-line tool's own text (a whole generated program), on stdout as it is. */
export function printText(text: string): void {
  process.stdout.write(text);
}

/** A command-line tool's progress or failure line, on stderr, outside any operation. */
export function printError(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** The failure that ends a process: a bug's stack trace, else its message, on stderr. */
export function printFatal(error: unknown): void {
  printError(error instanceof Error ? (error.stack ?? error.message) : String(error));
}

/**
 * A filter in front of `console.error`: a line `drop` returns true for is not printed. The engine's
 * dynamic-provider process prints each failure there a second time (see `dynamic/runtime.ts`,
 * which holds the one filter of its process). The filter it installed is its own state, so that
 * no module keeps any.
 */
export class ConsoleErrorFilter {
  readonly #drop: (line: string) => boolean;
  #installed: typeof console.error | undefined;

  /** A filter dropping the lines `drop` returns true for; {@link install} puts it in place. */
  constructor(drop: (line: string) => boolean) {
    this.#drop = drop;
  }

  /** Puts the filter in front of `console.error`, once (again if something replaced it). */
  install(): void {
    if (this.#installed !== undefined && console.error === this.#installed) return;
    const original = console.error.bind(console);
    const filter = (...args: unknown[]) => {
      if (args.length === 1 && typeof args[0] === "string" && this.#drop(args[0])) return;
      original(...args);
    };
    this.#installed = filter;
    console.error = filter;
  }
}
