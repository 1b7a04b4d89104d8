import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Packed, packFreshClone } from "../package/packed";
import { createStack, type EmulatorHandle, emulator, ROOT, type StackHandle } from "../support/stack";

// Serialization and module resolution differ for an installed package, so this runs the quickstart
// from a program directory outside the repository that installed the tarball `npm pack` produced.
const TOKEN = "tok-e2e-installed-Pv7N2cXd";

let emu: EmulatorHandle;
let h: StackHandle;
let programDir: string;
let packed: Packed;

describe("installed as a user would", () => {
  beforeAll(async () => {
    emu = await emulator(TOKEN);
    programDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-user-"));
    // Packed from a fresh copy: prepack rebuilds dist, which must not happen under running tests.
    packed = packFreshClone();
    const rootPkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    fs.writeFileSync(
      path.join(programDir, "package.json"),
      JSON.stringify({
        name: "user-program",
        private: true,
        main: "index.ts",
        dependencies: {
          "@pulumi/pulumi": rootPkg.devDependencies["@pulumi/pulumi"],
          "pulumi-sender": `file:${packed.tarball}`,
          "ts-node": rootPkg.devDependencies["ts-node"],
          typescript: rootPkg.devDependencies.typescript,
        },
      }),
    );
    for (const file of ["index.ts", "Pulumi.yaml"]) {
      fs.copyFileSync(path.join(ROOT, "examples/quickstart", file), path.join(programDir, file));
    }
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
      cwd: programDir,
      stdio: "inherit",
    });
    h = await createStack(programDir, emu);
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
    if (programDir) fs.rmSync(programDir, { recursive: true, force: true });
    packed?.dispose();
  });

  test("the installed package runs the quickstart up and down from outside the repository", async () => {
    const installed = fs.realpathSync(path.join(programDir, "node_modules/pulumi-sender"));
    expect(installed.startsWith(ROOT)).toBe(false);
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 9 });
    const again = await h.stack.up({ onOutput: h.onOutput });
    expect(again.summary.resourceChanges).toEqual({ same: 9 });
    await h.stack.destroy({ onOutput: h.onOutput });
    const state = await emu.state();
    expect(state.campaigns.map((c: any) => c.id)).toEqual(["snt001"]);
    expect(state.webhooks).toEqual([]);
    expect((await h.exportState()).includes(TOKEN)).toBe(false);
  });
});
