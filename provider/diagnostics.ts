/**
 * Where the providers' warnings and notices go. The engine shows a dynamic provider's stderr in its
 * log (attached to no resource), so that is the default. It hides a native plugin's stderr (debug
 * level only), so the plugin routes them to the engine's `Log` with the URN of the resource whose
 * operation is running (`plugin/main.ts`, {@link forResource}).
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** How loud a line is: `info` reads as plain text, `warning` with the engine's `warning:` prefix. */
export type Severity = "info" | "warning";

/** Delivers one line; `urn` is the resource whose operation wrote it, when known. */
export type DiagnosticSink = (
  severity: Severity,
  message: string,
  urn: string | undefined,
) => void | Promise<void>;

/** The default: one line on stderr, `warning: ` before a warning, as the engine shows it. */
const stderrSink: DiagnosticSink = (severity, message) => {
  process.stderr.write(`${severity === "warning" ? "warning: " : ""}${message}\n`);
};

let sink: DiagnosticSink = stderrSink;
const currentUrn = new AsyncLocalStorage<{ urn: string; pending: Promise<void>[] }>();

/** Sends the lines to `next` from now on; `undefined` goes back to stderr. */
export function setDiagnosticSink(next: DiagnosticSink | undefined): void {
  sink = next ?? stderrSink;
}

function emit(severity: Severity, message: string): void {
  const scope = currentUrn.getStore();
  const delivered = sink(severity, message, scope?.urn);
  if (delivered && scope) scope.pending.push(delivered.catch(() => undefined));
}

/** A warning: something the user should know and may have to act on. */
export function warn(message: string): void {
  emit("warning", message);
}

/** A notice: what an operation will do, where the engine's summary cannot say it (an adoption). */
export function notice(message: string): void {
  emit("info", message);
}

/**
 * Runs one operation of the resource `urn`: its lines carry the URN, and the operation ends only
 * once they are delivered (the engine may stop the plugin right after the last answer).
 */
export async function forResource<T>(urn: string, run: () => Promise<T>): Promise<T> {
  const scope = { urn, pending: [] as Promise<void>[] };
  try {
    return await currentUrn.run(scope, run);
  } finally {
    await Promise.all(scope.pending);
  }
}
