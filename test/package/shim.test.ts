import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { ROOT } from "../support/root";

// The engine's Node.js dynamic-provider plugin (scripts/pulumi-resource-pulumi-nodejs): one copy in
// the per-user CLI cache serves every checkout, each program running its own @pulumi/pulumi.
const SHIM = path.join(ROOT, "scripts/pulumi-resource-pulumi-nodejs");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-shim-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A program folder whose @pulumi/pulumi's dynamic provider prints who it is and its arguments. */
function checkout(name: string): string {
  const dir = path.join(scratch, name, "program");
  const provider = path.join(scratch, name, "node_modules/@pulumi/pulumi/cmd/dynamic-provider");
  fs.mkdirSync(dir, { recursive: true });
  fs.mkdirSync(provider, { recursive: true });
  fs.writeFileSync(
    path.join(provider, "index.js"),
    `console.log(JSON.stringify({ who: ${JSON.stringify(name)}, args: process.argv.slice(2) }));\n`,
  );
  return dir;
}

const runShim = (cwd: string, shim = SHIM) =>
  spawnSync(shim, ["127.0.0.1:12345", "--flag", "two words"], { cwd, encoding: "utf8" });

describe("the Node.js dynamic-provider shim", () => {
  test("runs the @pulumi/pulumi of the folder it starts in: two checkouts, each its own", () => {
    for (const name of ["first-clone", "second-clone"]) {
      const run = runShim(checkout(name));
      expect([run.status, run.stderr]).toEqual([0, ""]);
      expect(JSON.parse(run.stdout)).toEqual({ who: name, args: ["127.0.0.1:12345", "--flag", "two words"] });
    }
  });

  test("in a folder without @pulumi/pulumi, one line saying what is missing", () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-shim-bare-"));
    try {
      const run = runShim(bare);
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(
        `pulumi-resource-pulumi-nodejs: cannot find @pulumi/pulumi from ${fs.realpathSync(bare)}: install it in the program's folder\n`,
      );
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });

  test("scripts/pulumi-cli.sh puts a copy beside the CLI, not a link into this checkout, and the copy outlives it", () => {
    // PULUMI_SENDER_BUILD_CLI: the project's cached CLI even when an official one is on PATH.
    const dirs = execFileSync("bash", [path.join(ROOT, "scripts/pulumi-cli.sh")], {
      encoding: "utf8",
      env: { ...process.env, PULUMI_SENDER_BUILD_CLI: "1" },
      stdio: ["ignore", "pipe", "ignore"],
    })
      .trim()
      .split("\n")
      .pop()!
      .split(":");
    const installed = dirs
      .map((dir) => path.join(dir, "pulumi-resource-pulumi-nodejs"))
      .find((file) => fs.existsSync(file));
    if (!installed) throw new Error(`no pulumi-resource-pulumi-nodejs in ${dirs.join(", ")}`);
    expect(fs.lstatSync(installed).isSymbolicLink()).toBe(false);
    expect(fs.readFileSync(installed, "utf8")).toBe(fs.readFileSync(SHIM, "utf8"));
    const run = runShim(checkout("third-clone"), installed);
    expect(JSON.parse(run.stdout).who).toBe("third-clone");
  });
});
