#!/usr/bin/env node
// The entry point of `pulumi-resource-sender`, the native provider plugin, and of its bundle.
// Started by go-plugin with Terraform's magic cookie (Terraform, OpenTofu), it is
// `terraform-provider-sender`, the Terraform door (provider/terraform/).
// `pulumi-resource-sender emulator …` runs the local emulator instead of the provider, so that a
// Java, Python, Go or YAML user starts it from the plugin they installed, on its own runtime. The
// engine starts a plugin with its own address (and flags such as `-v=9`, `--logtostderr`,
// `--tracing`) as arguments: never with `emulator` first.
// It sits above the doors, beside index.ts (the layers of docs/development.md): it chooses one of
// two doors, and one door never imports another.
import "./client/node-version";
import { printError } from "./core/diagnostics";
import { isTerraformHandshake } from "./terraform/handshake";
import { missingTerraformPackages, missingTerraformPackagesMessage } from "./terraform/packages";

declare const PULUMI_SENDER_BUNDLED_VERSION: string | undefined;

const argv = process.argv.slice(2);
if (isTerraformHandshake()) {
  // The bundle carries the Terraform server's libraries; the npm package's bin does not.
  const missing = typeof PULUMI_SENDER_BUNDLED_VERSION === "string" ? [] : missingTerraformPackages();
  if (missing.length > 0) {
    printError(missingTerraformPackagesMessage(missing));
    process.exit(1);
  }
  require("./terraform/main");
} else if (argv[0] === "emulator") {
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
} else {
  require("./plugin/main");
}
