import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { PATCHED_FOR, stalePatches } from "../../../provider/plugin/runtime-patches";

// The plugin's runtime patches lean on private code of @pulumi/pulumi and @grpc/grpc-js: an upgrade
// of either fails here, naming each patch to re-read against the new code.

/** The installed version of a package, resolved as provider/plugin/pulumi-internals.ts does. */
function installed(name: string, from?: string): string {
  const file = require.resolve(`${name}/package.json`, from === undefined ? undefined : { paths: [from] });
  return JSON.parse(fs.readFileSync(file, "utf8")).version;
}

const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));

describe("the plugin's runtime patches", () => {
  test("were written for the installed @pulumi/pulumi and @grpc/grpc-js", () => {
    expect(
      stalePatches({
        "@pulumi/pulumi": installed("@pulumi/pulumi"),
        "@grpc/grpc-js": installed("@grpc/grpc-js", pulumiDir),
      }),
    ).toEqual([]);
  });

  test("another @pulumi/pulumi names every patch that depends on it", () => {
    expect(stalePatches({ ...PATCHED_FOR, "@pulumi/pulumi": "3.271.0" })).toEqual([
      "private modules (provider/plugin/pulumi-internals.ts): written for @pulumi/pulumi 3.270.0, installed 3.271.0",
      "grpc.Server.prototype.addService: written for @pulumi/pulumi 3.270.0, installed 3.271.0",
      "configure: written for @pulumi/pulumi 3.270.0, installed 3.271.0",
      "checkConfig: written for @pulumi/pulumi 3.270.0, installed 3.271.0",
      "create (preview): written for @pulumi/pulumi 3.270.0, installed 3.271.0",
      "update (preview): written for @pulumi/pulumi 3.270.0, installed 3.271.0",
      "read (no properties): written for @pulumi/pulumi 3.270.0, installed 3.271.0",
    ]);
  });

  test("another @grpc/grpc-js names the patches that depend on it", () => {
    expect(stalePatches({ ...PATCHED_FOR, "@grpc/grpc-js": "1.15.0" })).toEqual([
      "private modules (provider/plugin/pulumi-internals.ts): written for @grpc/grpc-js 1.14.7, installed 1.15.0",
      "grpc.Server.prototype.addService: written for @grpc/grpc-js 1.14.7, installed 1.15.0",
    ]);
  });

  test("the recorded @pulumi/pulumi is the exact one package.json pins for development", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "../../../package.json"), "utf8"));
    expect(pkg.devDependencies["@pulumi/pulumi"]).toBe(PATCHED_FOR["@pulumi/pulumi"]);
  });
});
