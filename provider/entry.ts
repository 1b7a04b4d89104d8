#!/usr/bin/env node
// The entry point of `pulumi-resource-sender`, the native provider plugin, and of its bundle.
// Started by go-plugin with Terraform's magic cookie (Terraform, OpenTofu), it is
// `terraform-provider-sender`, the Terraform door (provider/terraform/).
// `pulumi-resource-sender emulator …` runs the local emulator instead of the provider, so that a
// Java, Python, Go or YAML user starts it from the plugin they installed, on its own runtime;
// `adopt …` runs `pulumi-sender adopt` (provider/adopt/), so that a Terraform user needs no Node.js
// for it either. The engine starts a plugin with its own address (and flags such as `-v=9`,
// `--logtostderr`, `--tracing`) as arguments: never with `emulator` or `adopt` first. Started with
// neither the cookie nor the engine's address (a person typing its name, or `--help`), it says what
// it is in two lines and exits 1; `--version` prints the version (commands.ts chooses).
// It sits above the doors, beside index.ts (the layers of docs/development.md): it chooses one of
// two doors, and one door never imports another.
import "./client/node-version";
import { byHandText, entryRoute } from "./commands";
import { printError, printLine, printText } from "./core/diagnostics";
import { missingTerraformPackages, missingTerraformPackagesMessage } from "./terraform/packages";

declare const PULUMI_SENDER_BUNDLED_VERSION: string | undefined;

/** The package version: the bundle's, else that of the package.json above the plugin (read by the plugin's server). */
const version = (): string =>
  typeof PULUMI_SENDER_BUNDLED_VERSION === "string"
    ? PULUMI_SENDER_BUNDLED_VERSION
    : (require("./plugin/server") as typeof import("./plugin/server")).packageVersion();

const argv = process.argv.slice(2);
const route = entryRoute(argv);
if (route === "terraform") {
  // The bundle carries the Terraform server's libraries; the npm package's bin does not.
  const missing = typeof PULUMI_SENDER_BUNDLED_VERSION === "string" ? [] : missingTerraformPackages();
  if (missing.length > 0) {
    printError(missingTerraformPackagesMessage(missing));
    process.exit(1);
  }
  require("./terraform/main");
} else if (route === "emulator") {
  // A program compiled by `bun build --compile` has its entry at argv[1] (`/$bunfs/root/…`) and
  // takes its arguments straight after the executable: run again, it is given no script.
  const compiled = process.versions.bun !== undefined && (process.argv[1] ?? "").startsWith("/$bunfs/");
  const script = compiled || process.argv[1] === undefined ? [] : [process.argv[1]];
  const { emulatorMain } = require("../emulator/main") as typeof import("../emulator/main");
  // The bundle carries hono and @hono/node-server; the npm package's bin may lack them.
  emulatorMain(
    argv.slice(1),
    [...process.execArgv, ...script, "emulator"],
    typeof PULUMI_SENDER_BUNDLED_VERSION !== "string",
  );
} else if (route === "adopt") {
  const { AdoptUsageError, runAdopt } = require("./adopt/main") as typeof import("./adopt/main");
  runAdopt(argv, { env: process.env, out: printText, progress: printError }).then(
    (status) => {
      process.exitCode = status;
    },
    (error: unknown) => {
      printError(error instanceof Error ? error.message : String(error));
      process.exitCode = error instanceof AdoptUsageError ? 2 : 1;
    },
  );
} else if (route === "version") {
  printLine(version());
} else if (route === "by-hand") {
  printError(byHandText(version()));
  process.exitCode = 1;
} else {
  require("./plugin/main");
}
