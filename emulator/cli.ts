#!/usr/bin/env node
import "../provider/node-version";
import { MISSING_SERVER_PACKAGES_MESSAGE, missingServerPackages } from "./server-packages";

if (missingServerPackages().length > 0) {
  // A deploy-only install has no web server: say what to install, in one line.
  console.error(MISSING_SERVER_PACKAGES_MESSAGE);
  process.exitCode = 1;
} else {
  // Loaded only now, since it loads the server packages.
  const { CliUsageError, runCli } = require("./cli-main") as typeof import("./cli-main");
  runCli(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = error instanceof CliUsageError ? 2 : 1;
  });
}
