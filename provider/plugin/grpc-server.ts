// The native plugin's gRPC server: the engine's ResourceProvider service, translated to a
// NativeProvider (server.ts). It runs on @grpc/grpc-js with the protocol's generated messages and
// service definition that @pulumi/pulumi ships (`proto/*_pb`), which are the same on every version of
// the peer range; nothing of the SDK's provider server is loaded, nothing is patched.
//
// Every answer is the one @pulumi/pulumi 3.270.0's provider server (`provider/server.js`) gave, with
// the plugin's former patches of it: Configure declines secrets, resources and outputs; CheckConfig
// runs the package's config check and answers the secret config values as secrets; a preview's
// Create and Update answer without calling the provider; a Read without properties (an import)
// reads from the id alone. What that server did not implement
// (Handshake, GetMapping, GetMappings) grpc-js answers UNIMPLEMENTED.
import * as grpc from "@grpc/grpc-js";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import { ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { CONFIG_TABLE } from "../core/config";
import { printError, printLine } from "../core/diagnostics";
import type { NativeProvider } from "./server";

/** What the engine's status of a failed call is made from (grpc-js maps an `Error` to UNKNOWN with its message). */
type Failure = Partial<grpc.ServiceError> | Error;

/** How a handler's failure becomes the call's status. */
type Report = (error: unknown) => Failure;

/** The failure as thrown: UNKNOWN with its message, unless it carries a gRPC code. */
const asThrown: Report = (error) => error as Failure;

/** As {@link asThrown}, with the error and its stack on stderr first (the engine's debug log). */
const logged: Report = (error) => {
  printError(`${error}: ${(error as Error)?.stack}`);
  return error as Failure;
};

/**
 * A Create's or Update's failure: UNKNOWN with the message; an error that names the `id` of an
 * object it made (created, but not initialized) carries it as `ErrorResourceInitFailed`, so that the
 * engine records the object.
 */
const resourceFailure: Report = (error) => {
  const e = error as {
    message: string;
    id?: string;
    properties?: Record<string, unknown>;
    reasons?: string[];
  };
  const metadata = new grpc.Metadata();
  if (e.id) {
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(e.id);
    detail.setProperties(Struct.fromJavaScript((e.properties ?? {}) as never));
    detail.setReasonsList(e.reasons ?? []);
    const details = new Any();
    details.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(e.message);
    status.addDetails(details);
    // The status details travel in this trailer: the engine unpacks them.
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, message: e.message, metadata };
};

/** The key and value that mark a Pulumi secret in a struct: `{<key>: <value>, value: <the secret>}`. */
const SECRET_SIG = { key: "4dabf18193072939515e22adb298388d", value: "1b47061264138c4ac30d75fd1eb44270" };

/** The provider inputs that hold secrets: the keys config.ts's table calls secret (`apiToken`). */
const SECRET_INPUTS: ReadonlySet<string> = new Set(
  Object.entries(CONFIG_TABLE)
    .filter(([, key]) => "secret" in key && key.secret)
    .map(([name]) => name),
);

/**
 * CheckConfig's inputs with each secret config value a Pulumi secret, as the engine sends it in
 * Configure's `args`: the engine keeps what the plugin answers, so a plain answer would drop the mark.
 */
function withSecrets(inputs: Record<string, unknown>): Record<string, unknown> {
  const secret = (value: unknown) =>
    typeof value === "object" && value !== null && SECRET_SIG.key in value
      ? value
      : { [SECRET_SIG.key]: SECRET_SIG.value, value };
  return Object.fromEntries(
    Object.entries(inputs).map(([name, value]) => [
      name,
      SECRET_INPUTS.has(name) && value !== undefined && value !== null ? secret(value) : value,
    ]),
  );
}

/** A unary handler: the answer of `answer`, or its failure as `report` makes it. */
function unary<Req, Res>(
  answer: (request: Req) => Res | Promise<Res>,
  report: Report = asThrown,
): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    new Promise<Res>((resolve) => resolve(answer(call.request))).then(
      (response) => callback(null, response),
      (error: unknown) => {
        const failure = report(error) as grpc.ServerErrorResponse;
        callback(failure, null, failure.metadata);
      },
    );
  };
}

/** What a method that the server does not implement answers, as @pulumi/pulumi's did. */
const notImplemented = (method: string): Partial<grpc.ServiceError> => ({
  code: grpc.status.UNIMPLEMENTED,
  details: `Not yet implemented: ${method}`,
});

/** A struct of the request as plain values; an absent one (a Read for an import) as empty. */
const plain = (struct: Struct | undefined): Record<string, unknown> =>
  (struct?.toJavaScript() ?? {}) as Record<string, unknown>;

/** A struct of plain values. */
const structOf = (value: unknown): Struct => Struct.fromJavaScript((value ?? {}) as never);

/** The failures of a check, as the engine's `CheckFailure`s. */
function checkFailures(failures: readonly { property: string; reason: string }[]): provproto.CheckFailure[] {
  return failures.map((f) => {
    const failure = new provproto.CheckFailure();
    failure.setProperty(f.property);
    failure.setReason(f.reason);
    return failure;
  });
}

/** The ResourceProvider service's handlers over `native`. */
export function resourceProviderService(native: NativeProvider): grpc.UntypedServiceImplementation {
  return {
    getPluginInfo: unary(() => {
      const info = new plugproto.PluginInfo();
      info.setVersion(native.version);
      return info;
    }),
    getSchema: unary((request: provproto.GetSchemaRequest) => {
      if (request.getVersion() !== 0) throw new Error(`unsupported schema version ${request.getVersion()}`);
      const response = new provproto.GetSchemaResponse();
      response.setSchema(native.schema);
      return response;
    }),
    // CheckConfig runs the package's own config check (typo hints included): a failure is one line
    // on the provider, each unknown key's warning reaches the engine's Log on the provider, and the
    // inputs carry the stack instance's nonce (see `checkProviderConfig`).
    checkConfig: unary(async (request: provproto.CheckRequest) => {
      const olds = request.getOlds()?.toJavaScript() ?? {};
      const checked = await native.checkConfig(olds, plain(request.getNews()), request.getUrn());
      const response = new provproto.CheckResponse();
      response.setInputs(structOf(withSecrets(checked.inputs)));
      if (checked.failure !== undefined)
        response.setFailuresList(checkFailures([{ property: "", reason: checked.failure }]));
      return response;
    }),
    diffConfig: (_call: unknown, callback: grpc.sendUnaryData<never>) =>
      callback(notImplemented("DiffConfig")),
    // The engine then hands the kinds' operations plain values: no secrets, no resource references,
    // no outputs.
    configure: unary((request: provproto.ConfigureRequest) => {
      const variables = new Map<string, string>();
      request.getVariablesMap().forEach((value, key) => {
        variables.set(key, value);
      });
      native.configure(variables);
      const response = new provproto.ConfigureResponse();
      response.setAcceptsecrets(false);
      response.setAcceptresources(false);
      response.setAcceptoutputs(false);
      return response;
    }),
    parameterize: unary((request: provproto.ParameterizeRequest): provproto.ParameterizeResponse => {
      throw new Error(
        request.hasArgs() ? "parameterizeArgs not implemented" : "parameterizeValue not implemented",
      );
    }),
    check: unary(async (request: provproto.CheckRequest) => {
      const news = plain(request.getNews());
      const result = await native.check(request.getUrn(), plain(request.getOlds()), news);
      const response = new provproto.CheckResponse();
      response.setInputs(structOf(result.inputs ?? news));
      if ((result.failures ?? []).length > 0) response.setFailuresList(checkFailures(result.failures ?? []));
      return response;
    }, logged),
    diff: unary(async (request: provproto.DiffRequest) => {
      const olds = plain(request.getOlds());
      const result = await native.diff(request.getId(), request.getUrn(), olds, plain(request.getNews()));
      const response = new provproto.DiffResponse();
      const { DIFF_SOME, DIFF_NONE, DIFF_UNKNOWN } = provproto.DiffResponse.DiffChanges;
      response.setChanges(
        result.changes === true ? DIFF_SOME : result.changes === false ? DIFF_NONE : DIFF_UNKNOWN,
      );
      if (result.replaces && result.replaces.length > 0) response.setReplacesList([...result.replaces]);
      if (result.deleteBeforeReplace) response.setDeletebeforereplace(true);
      return response;
    }, logged),
    // A preview creates nothing: the inputs stand for the outputs.
    create: unary(async (request: provproto.CreateRequest) => {
      const response = new provproto.CreateResponse();
      if (request.getPreview()) {
        response.setProperties(request.getProperties());
        return response;
      }
      const result = await native.create(request.getUrn(), plain(request.getProperties()));
      response.setId(result.id);
      response.setProperties(structOf(result.outs));
      return response;
    }, resourceFailure),
    read: unary(async (request: provproto.ReadRequest) => {
      const result = await native.read(request.getId(), request.getUrn(), plain(request.getProperties()));
      const response = new provproto.ReadResponse();
      response.setId(result.id ?? "");
      response.setProperties(structOf(result.props));
      if (result.inputs !== undefined) response.setInputs(structOf(result.inputs));
      return response;
    }, logged),
    list: (call: grpc.ServerWritableStream<unknown, unknown>) => call.emit("error", notImplemented("List")),
    // A preview updates nothing: the new inputs stand for the outputs.
    update: unary(async (request: provproto.UpdateRequest) => {
      const response = new provproto.UpdateResponse();
      if (request.getPreview()) {
        response.setProperties(request.getNews());
        return response;
      }
      const olds = plain(request.getOlds());
      const result = await native.update(request.getId(), request.getUrn(), olds, plain(request.getNews()));
      response.setProperties(structOf(result.outs));
      return response;
    }, resourceFailure),
    delete: unary(async (request: provproto.DeleteRequest) => {
      await native.delete(request.getId(), request.getUrn(), plain(request.getProperties()));
      return new Empty();
    }, logged),
    invoke: unary(async (request: provproto.InvokeRequest) => {
      const result = await native.invoke(request.getTok(), plain(request.getArgs()));
      const response = new provproto.InvokeResponse();
      response.setReturn(structOf(result.outputs));
      return response;
    }, logged),
    // The package has no components and no methods.
    construct: unary((request: provproto.ConstructRequest): provproto.ConstructResponse => {
      throw new Error(`unknown resource type ${request.getType()}`);
    }),
    call: unary((request: provproto.CallRequest): provproto.CallResponse => {
      throw new Error(`unknown function ${request.getTok()}`);
    }),
    cancel: unary(() => new Empty()),
    attach: unary(() => new Empty()),
  };
}

/**
 * The server's options, as @pulumi/pulumi's: the engine's largest message (400 MiB), and half an
 * hour for a request to wait in the queue while the event loop is busy.
 */
const SERVER_OPTIONS: grpc.ServerOptions = {
  "grpc.max_receive_message_length": 400 * 1024 * 1024,
  "grpc.server_max_unrequested_time_in_server": 30 * 60,
};

/**
 * Serves `native` on 127.0.0.1 at a free port and prints the port on stdout, the one line the
 * engine reads to connect (the plugin handshake); resolves with the port. The server keeps the
 * process alive.
 */
export async function serve(native: NativeProvider): Promise<number> {
  const server = new grpc.Server(SERVER_OPTIONS);
  server.addService(ResourceProviderService, resourceProviderService(native));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, bound) =>
      err ? reject(err) : resolve(bound),
    ),
  );
  printLine(String(port));
  return port;
}
