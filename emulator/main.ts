import { MISSING_SERVER_PACKAGES_MESSAGE, missingServerPackages } from "./server-packages";

/**
 * The emulator's command line, as `pulumi-sender-emulator` (emulator/cli.ts) and the native
 * plugin's `pulumi-resource-sender emulator` (provider/entry.ts) run it. `rerun` is what
 * follows the runtime's executable to run this same command again, for `--detach`'s background
 * emulator. `checkPackages`: whether to look for hono and @hono/node-server first (the plugin's
 * bundle carries them, and has no node_modules to look in).
 */
export function emulatorMain(argv: readonly string[], rerun: readonly string[], checkPackages = true): void {
  if (checkPackages && missingServerPackages().length > 0) {
    // A deploy-only install has no web server: say what to install, in one line.
    console.error(MISSING_SERVER_PACKAGES_MESSAGE);
    process.exitCode = 1;
    return;
  }
  // Loaded only now, since it loads the server packages.
  const { CliUsageError, parseCli, runCli } = require("./cli-main") as typeof import("./cli-main");
  const { runDetached } = require("./detach") as typeof import("./detach");
  // The background emulator of --detach runs this again with an IPC channel: it reports to it.
  const report = process.send?.bind(process);
  const fail = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (report) report({ error: message }, () => process.exit(1));
    else console.error(message);
    process.exitCode = error instanceof CliUsageError ? 2 : 1;
  };
  try {
    const options = parseCli(argv, process.env);
    if (options.detach && !report) {
      runDetached(rerun, argv, options).then((line) => console.log(line), fail);
    } else {
      runCli(argv).then((emulator) => {
        if (report) report({ url: emulator.url }, () => process.connected && process.disconnect());
      }, fail);
    }
  } catch (error) {
    fail(error);
  }
}
