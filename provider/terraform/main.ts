// The Terraform door's process: `terraform-provider-sender`, the plugin's executable started by
// go-plugin (Terraform, OpenTofu) with its magic cookie (see provider/entry.ts).
import { ContextHolder } from "../core/context";
import { printError } from "../core/diagnostics";
import { terraformMain } from "./server";
import { WriteOnlyDoor } from "./write-only-door";

const holder = new ContextHolder();
// SIGTERM cuts the requests in flight and exits at once, saying so.
holder.engineWatch.stopOnSigterm();
// After `kill -9` of tofu the process would live on, its creates reaching the service unrecorded:
// it stops once its parent is gone (go-plugin names no engine address to probe).
holder.engineWatch.watchParent();
// An error nothing caught is printed, and the door goes on serving the other calls.
const onUncaught = (err: unknown) => {
  const e = err as Error | undefined;
  printError(`error: [runtime] ${e?.stack || e?.message || String(err)}`);
};
process.on("uncaughtException", onUncaught);
process.on("unhandledRejection", onUncaught);

terraformMain(new WriteOnlyDoor(holder));
