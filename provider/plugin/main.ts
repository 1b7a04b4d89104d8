#!/usr/bin/env node
// The entry point of `pulumi-resource-sender`, the native provider plugin.
import { main } from "@pulumi/pulumi/provider";
import { ContextHolder } from "../context";
import { pluginEngineAddress } from "../engine-watch";
import { engineLogSink } from "./engine-log";
import { packageSchemaText } from "./package-schema";
import { grpc, provproto, structproto } from "./pulumi-internals";
import { checkPluginConfig, type NativeProvider, nativeProvider, packageVersion } from "./server";

const version = packageVersion();
// The engine shows a plugin's stderr only at debug level: warnings and notices go to its Log,
// on the resource whose operation wrote them.
const engine = pluginEngineAddress(process.argv.slice(2));
// One provider instance per plugin process: its context is built by the Configure below.
const holder = new ContextHolder();
const native = nativeProvider(packageSchemaText(version), version, holder, {
  sink: engine === undefined ? undefined : engineLogSink(engine),
});

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
 * - `checkConfig` is not implemented (the engine then keeps the inputs as given): ours adds the
 *   stack instance's ownership nonce and its place, kept from the provider's state, and refuses
 *   another place until the run says whether it is a move or a copy (see `checkProviderConfig`).
 * - `create` and `update` ignore the request's `preview` flag: ours answers a preview without
 *   calling the provider, so a preview never writes even if the engine asked one of it.
 */
function patchService(native: NativeProvider, impl: Record<string, Handler>): void {
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
  // CheckConfig runs the dynamic package's own config check (typo hints included): a failure is
  // one line on the provider, and each unknown key's warning goes to stderr, which the engine shows.
  // The inputs it answers carry the stack instance's nonce (see `checkProviderConfig`).
  impl.checkConfig = (call, callback) => {
    try {
      const olds = call.request.getOlds()?.toJavaScript() ?? {};
      const news = call.request.getNews()?.toJavaScript() ?? {};
      const answer = checkPluginConfig(news);
      for (const warning of answer.warnings) process.stderr.write(`warning: ${warning}\n`);
      const resp = new provproto.CheckResponse();
      const checked = native.checkConfig(olds, news, call.request.getUrn());
      resp.setInputs(structproto.Struct.fromJavaScript(checked.inputs));
      const reason = answer.failure ?? checked.failure;
      if (reason !== undefined) {
        const failure = new provproto.CheckFailure();
        failure.setProperty("");
        failure.setReason(reason);
        resp.setFailuresList([failure]);
      }
      callback(undefined, resp);
    } catch (err) {
      callback(err);
    }
  };
  const create = impl.create!.bind(impl);
  impl.create = (call, callback) => {
    if (!call.request.getPreview()) return create(call, callback);
    const resp = new provproto.CreateResponse();
    resp.setProperties(call.request.getProperties());
    callback(undefined, resp);
  };
  const update = impl.update!.bind(impl);
  impl.update = (call, callback) => {
    if (!call.request.getPreview()) return update(call, callback);
    const resp = new provproto.UpdateResponse();
    resp.setProperties(call.request.getNews());
    callback(undefined, resp);
  };
  const read = impl.read!.bind(impl);
  impl.read = (call, callback) => {
    if (!call.request.getProperties()) call.request.setProperties(new structproto.Struct());
    return read(call, callback);
  };
}

// SIGTERM cuts the requests in flight and exits at once, saying so; so does the engine's going
// away (`kill -9` of `pulumi up`), which nothing would tell this process otherwise.
holder.engineWatch.stopOnSigterm();
if (engine !== undefined) holder.engineWatch.watch({ address: engine });

/**
 * Runs @pulumi/pulumi's `main`. It makes its gRPC server and registers the service synchronously,
 * before its first await: the patch of `addService` is in place for that call only, then undone.
 */
function serve(): Promise<void> {
  const addService = grpc.Server.prototype.addService;
  grpc.Server.prototype.addService = function (
    this: unknown,
    service: unknown,
    impl: Record<string, Handler>,
  ) {
    patchService(native, impl);
    return addService.call(this, service, impl);
  };
  try {
    return main(native, process.argv.slice(2));
  } finally {
    grpc.Server.prototype.addService = addService;
  }
}

serve().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
