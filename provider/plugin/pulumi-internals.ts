// Modules of the very @pulumi/pulumi whose provider server the plugin runs, resolved from that
// package's folder: a program's install need not hoist them. runtime-patches.ts patches its gRPC
// server and builds its protobuf messages with them (and records the versions they were written
// for); engine-log.ts logs through the engine. scripts/plugin-bundle.js replaces this module, in the
// bundle, by plain requires of the same modules resolved from the same folder.
import * as path from "node:path";

const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const fromPulumi = (id: string) => require(require.resolve(id, { paths: [pulumiDir] }));

/** `@grpc/grpc-js`, as @pulumi/pulumi loads it. */
export const grpc = fromPulumi("@grpc/grpc-js");
/** `@pulumi/pulumi/proto/provider_pb`: the provider protocol's messages. */
export const provproto = require("@pulumi/pulumi/proto/provider_pb");
/** `@pulumi/pulumi/proto/engine_grpc_pb`: the engine's client, for its `Log`. */
export const engrpc = require("@pulumi/pulumi/proto/engine_grpc_pb");
/** `@pulumi/pulumi/proto/engine_pb`: the engine's messages (`LogRequest`, `LogSeverity`). */
export const engproto = require("@pulumi/pulumi/proto/engine_pb");
/** `google-protobuf`'s `Struct`, as @pulumi/pulumi loads it. */
export const structproto = fromPulumi("google-protobuf/google/protobuf/struct_pb");
