// The plugin's warnings and notices, through the engine's Log: the engine shows a plugin's stderr
// only at debug level (a dynamic provider's, in full), so lines written there would be lost.
import * as grpc from "@grpc/grpc-js";
import { EngineService, type IEngineClient } from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engproto from "@pulumi/pulumi/proto/engine_pb";
import { type DiagnosticSink, stderrSink } from "../core/diagnostics";

/** The engine's client, made with the plugin's own grpc-js (whose credentials it is given). */
const EngineClient = grpc.makeGenericClientConstructor(EngineService, "Engine");

/** A sink that logs each line through the engine at `address`, on the resource `urn` when known. */
export function engineLogSink(address: string): DiagnosticSink {
  const engine = new EngineClient(address, grpc.credentials.createInsecure()) as unknown as IEngineClient;
  return (severity, message, urn) =>
    new Promise<void>((resolve) => {
      const request = new engproto.LogRequest();
      request.setSeverity(severity === "warning" ? engproto.LogSeverity.WARNING : engproto.LogSeverity.INFO);
      request.setMessage(message);
      request.setUrn(urn ?? "");
      engine.log(request, (err: unknown) => {
        // Undelivered, the line still reaches the engine's debug log.
        if (err) stderrSink(severity, message, urn);
        resolve();
      });
    });
}
