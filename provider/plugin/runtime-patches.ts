// Every change the plugin makes at run time to code of @pulumi/pulumi and @grpc/grpc-js, and the
// versions it was written for. Each patch leans on private code (provider/server.js's handlers, the
// server's `addService`, the proto modules pulumi-internals.ts resolves): an upgrade can break one
// silently, so test/provider/plugin/runtime-patches.test.ts fails, naming each patch, when an
// installed version differs from the one recorded here. Then read the new code, adjust the patch
// (or drop it when upstream fixed the defect), and record the new version.
import { main } from "@pulumi/pulumi/provider";
import { grpc, provproto, structproto } from "./pulumi-internals";
import type { NativeProvider } from "./server";

/** The versions of the packages the patches were written for and verified against. */
export const PATCHED_FOR = {
  "@pulumi/pulumi": "3.270.0",
  "@grpc/grpc-js": "1.14.7",
} as const;

/** A package a patch depends on. */
export type PatchedPackage = keyof typeof PATCHED_FOR;

/** One patch: its name, what it changes and why, and the packages whose code it depends on. */
export interface RuntimePatch {
  /** What the failure of the version test names. */
  readonly name: string;
  /** What it changes, and why. */
  readonly why: string;
  /** The packages whose private code it relies on. */
  readonly dependsOn: readonly PatchedPackage[];
}

/** The patches, in the order they are applied. */
export const RUNTIME_PATCHES: readonly RuntimePatch[] = [
  {
    name: "private modules (provider/plugin/pulumi-internals.ts)",
    why: "@pulumi/pulumi's proto/provider_pb, engine_grpc_pb and engine_pb, and the @grpc/grpc-js and google-protobuf it loads, resolved from its folder",
    dependsOn: ["@pulumi/pulumi", "@grpc/grpc-js"],
  },
  {
    name: "grpc.Server.prototype.addService",
    why: "wrapped while @pulumi/pulumi's `main` registers its provider service, to patch the handlers below; undone after that one call",
    dependsOn: ["@grpc/grpc-js", "@pulumi/pulumi"],
  },
  {
    name: "configure",
    why: "provider/server.js ignores the config it is given and claims to accept secrets: ours reads the variables and declines secrets and resource references",
    dependsOn: ["@pulumi/pulumi"],
  },
  {
    name: "checkConfig",
    why: "provider/server.js does not implement it: ours runs the config check and keeps the stack instance's ownership nonce and its place, refusing another place until the run says whether it is a move or a copy",
    dependsOn: ["@pulumi/pulumi"],
  },
  {
    name: "create (preview)",
    why: "provider/server.js ignores the request's preview flag: ours answers a preview without calling the provider",
    dependsOn: ["@pulumi/pulumi"],
  },
  {
    name: "update (preview)",
    why: "provider/server.js ignores the request's preview flag: ours answers a preview without calling the provider",
    dependsOn: ["@pulumi/pulumi"],
  },
  {
    name: "read (no properties)",
    why: "provider/server.js crashes on a read request without properties, which `pulumi import` sends: ours gives it an empty struct",
    dependsOn: ["@pulumi/pulumi"],
  },
];

/**
 * One line per patch written for another version of a package than the one installed, naming the
 * patch, the package and both versions; empty when every installed version is the recorded one.
 */
export function stalePatches(installed: Readonly<Record<PatchedPackage, string | undefined>>): string[] {
  return RUNTIME_PATCHES.flatMap((patch) =>
    patch.dependsOn
      .filter((pkg) => installed[pkg] !== PATCHED_FOR[pkg])
      .map(
        (pkg) =>
          `${patch.name}: written for ${pkg} ${PATCHED_FOR[pkg]}, installed ${installed[pkg] ?? "none"}`,
      ),
  );
}

type Callback = (err: unknown, value?: unknown) => void;
interface Call {
  request: any;
}
type Handler = (call: Call, callback: Callback) => unknown;

/** The handler patches of {@link RUNTIME_PATCHES}, on the service implementation before it is registered. */
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
  // one line on the provider, and each unknown key's warning reaches the engine's Log on the
  // provider. The inputs it answers carry the stack instance's nonce (see `checkProviderConfig`).
  impl.checkConfig = (call, callback) => {
    const answer = async () => {
      const olds = call.request.getOlds()?.toJavaScript() ?? {};
      const news = call.request.getNews()?.toJavaScript() ?? {};
      const checked = await native.checkConfig(olds, news, call.request.getUrn());
      const resp = new provproto.CheckResponse();
      resp.setInputs(structproto.Struct.fromJavaScript(checked.inputs));
      if (checked.failure !== undefined) {
        const failure = new provproto.CheckFailure();
        failure.setProperty("");
        failure.setReason(checked.failure);
        resp.setFailuresList([failure]);
      }
      return resp;
    };
    answer().then(
      (resp) => callback(undefined, resp),
      (err: unknown) => callback(err),
    );
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

/**
 * Runs @pulumi/pulumi's provider `main` with the patches applied. `main` makes its gRPC server and
 * registers the service synchronously, before its first await: the patch of `addService` is in
 * place for that call only, then undone.
 */
export function servePatched(native: NativeProvider, args: string[]): Promise<void> {
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
    return main(native, args);
  } finally {
    grpc.Server.prototype.addService = addService;
  }
}
