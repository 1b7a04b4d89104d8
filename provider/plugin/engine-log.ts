// The plugin's warnings and notices, through the engine's Log: the engine shows a plugin's stderr
// only at debug level (a dynamic provider's, in full), so lines written there would be lost.
import type { DiagnosticSink } from "../diagnostics";
import { engproto, engrpc, grpc } from "./pulumi-internals";

/**
 * The engine's address among the plugin's arguments: the first that is not one of the engine's
 * logging flags, as @pulumi/pulumi's own provider `main` reads it.
 */
export function engineAddressOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--logtostderr" || arg.startsWith("-v=")) continue;
    if (arg === "--tracing") {
      i += 1;
      continue;
    }
    return arg;
  }
  return undefined;
}

/** A sink that logs each line through the engine at `address`, on the resource `urn` when known. */
export function engineLogSink(address: string): DiagnosticSink {
  const engine = new engrpc.EngineClient(address, grpc.credentials.createInsecure());
  return (severity, message, urn) =>
    new Promise<void>((resolve) => {
      const request = new engproto.LogRequest();
      request.setSeverity(severity === "warning" ? engproto.LogSeverity.WARNING : engproto.LogSeverity.INFO);
      request.setMessage(message);
      request.setUrn(urn ?? "");
      engine.log(request, (err: unknown) => {
        // Undelivered, the line still reaches the engine's debug log.
        if (err) process.stderr.write(`${severity}: ${message}\n`);
        resolve();
      });
    });
}
