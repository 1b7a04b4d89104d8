#!/usr/bin/env node
// The entry point of `pulumi-resource-sender`, the native provider plugin.
import { ContextHolder } from "../core/context";
import { printError, printFatal } from "../core/diagnostics";
import { pluginEngineAddress } from "../pulumi/engine-address";
import { engineLogSink } from "./engine-log";
import { serve } from "./grpc-server";
import { packageSchemaText } from "./package-schema";
import { nativeProvider, packageVersion } from "./server";

const version = packageVersion();
// The engine shows a plugin's stderr only at debug level: warnings and notices go to its Log,
// on the resource whose operation wrote them.
const engine = pluginEngineAddress(process.argv.slice(2));
// One provider instance per plugin process: its context is built by the Configure below.
const holder = new ContextHolder();
const native = nativeProvider(packageSchemaText(version), version, holder, {
  sink: engine === undefined ? undefined : engineLogSink(engine),
});

// SIGTERM cuts the requests in flight and exits at once, saying so; so does the engine's going
// away (`kill -9` of `pulumi up`), which nothing would tell this process otherwise.
holder.engineWatch.stopOnSigterm();
if (engine !== undefined) holder.engineWatch.watch({ address: engine });

// An error nothing caught is printed, and the plugin goes on serving the other requests; the process
// then ends with status 1 (as @pulumi/pulumi's provider server did).
const uncaught = new Set<unknown>();
const onUncaught = (err: unknown) => {
  if (uncaught.has(err)) return;
  uncaught.add(err);
  const e = err as Error | undefined;
  printError(`error: [runtime] ${e?.stack || e?.message || String(err)}`);
};
process.on("uncaughtException", onUncaught);
process.on("unhandledRejection", onUncaught);
process.on("exit", (code) => {
  if (code === 0 && uncaught.size > 0) process.exitCode = 1;
});

serve(native).catch((err: unknown) => {
  printFatal(err);
  process.exit(1);
});
