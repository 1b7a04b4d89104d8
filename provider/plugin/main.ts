#!/usr/bin/env node
// The entry point of `pulumi-resource-sender`, the native provider plugin.
import { main } from "@pulumi/pulumi/provider";
import { setDiagnosticSink } from "../diagnostics";
import { stopOnSigterm } from "../engine-watch";
import { engineAddressOf, engineLogSink } from "./engine-log";
import { packageSchemaText } from "./package-schema";
import { grpc, provproto, structproto } from "./pulumi-internals";
import { nativeProvider, packageVersion } from "./server";

const version = packageVersion();
// One provider instance per plugin process: its context is built by the Configure below.
const native = nativeProvider(packageSchemaText(version), version);

type Callback = (err: unknown, value?: unknown) => void;
interface Call {
  request: any;
}
type Handler = (call: Call, callback: Callback) => unknown;

/**
 * Two defects of @pulumi/pulumi 3.270's provider server (provider/server.js), patched on the
 * service implementation before it is registered:
 * - `configure` ignores the config it is given (and claims to accept secrets): ours reads the
 *   variables, and declines secrets and resource references, so the engine sends plain values and
 *   marks outputs secret itself from the inputs and the schema.
 * - `read` crashes on a request with no properties (`getProperties().toJavaScript()` on
 *   undefined), which is what `pulumi import` sends: ours gives it an empty struct first.
 */
function patchService(impl: Record<string, Handler>): void {
  impl.configure = (call, callback) => {
    try {
      const variables = new Map<string, string>();
      call.request.getVariablesMap().forEach((value: string, key: string) => {
        variables.set(key, value);
      });
      native.configure(variables);
      const resp = new provproto.ConfigureResponse();
      resp.setAcceptsecrets(false);
      resp.setAcceptresources(false);
      resp.setAcceptoutputs(false);
      callback(undefined, resp);
    } catch (err) {
      callback(err);
    }
  };
  const read = impl.read!.bind(impl);
  impl.read = (call, callback) => {
    if (!call.request.getProperties()) call.request.setProperties(new structproto.Struct());
    return read(call, callback);
  };
}

const addService = grpc.Server.prototype.addService;
grpc.Server.prototype.addService = function (this: unknown, service: unknown, impl: Record<string, Handler>) {
  patchService(impl);
  return addService.call(this, service, impl);
};

// The engine shows a plugin's stderr only at debug level: warnings and notices go to its Log,
// on the resource whose operation wrote them.
const engineAddress = engineAddressOf(process.argv.slice(2));
if (engineAddress !== undefined) setDiagnosticSink(engineLogSink(engineAddress));

// SIGTERM cuts the requests in flight and exits at once, saying so.
stopOnSigterm();

main(native, process.argv.slice(2)).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
