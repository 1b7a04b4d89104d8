import { execFileSync, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MISSING_SERVER_PACKAGES_MESSAGE } from "../../emulator/server-packages";
import { MINIMUM_NODE_VERSION } from "../../provider/client/node-version";
import {
  npm,
  oldNode,
  type Packed,
  PNPM_VERSION,
  PNPM_WORKSPACE,
  packFreshClone,
  pnpm,
} from "../package/packed";
import { removeUserFolders, userFolder } from "../support/folders";
import {
  createStack,
  type EmulatorHandle,
  emulator,
  failure,
  ROOT,
  type StackHandle,
} from "../support/stack";

// The package as users install it: the tarball `npm pack` makes from a fresh clone, installed with
// plain `npm install` (no --legacy-peer-deps) into a fresh program beside the oldest @pulumi/pulumi
// the peer range allows and the newest 3.x the registry serves, then up, refresh and destroy
// under the real engine against the emulator. Installs go through the project's npm cache.
const TOKEN = "tok-e2e-package-Hq4Lw8Zr";
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
const MINIMUM = (pkg.peerDependencies["@pulumi/pulumi"] as string).replace(/^\^/, "");

/** The newest 3.x of @pulumi/pulumi the registry serves. */
function newestPulumi(): string {
  const listed = JSON.parse(npm(["view", "@pulumi/pulumi@^3", "version", "--json"], ROOT));
  // npm lists them in publication order, which is not version order (3.96.0 after 3.270.0).
  const parts = (version: string) => version.split(".").map(Number);
  return ([listed].flat() as string[])
    .filter((version) => /^3\.\d+\.\d+$/.test(version))
    .sort((a, b) => {
      const [x, y] = [parts(a), parts(b)];
      return x[1]! - y[1]! || x[2]! - y[2]!;
    })
    .pop()!;
}

/** The sizes of a folder's files, in bytes. */
function sizeOf(dir: string): number {
  return Number(execFileSync("du", ["-sb", dir], { encoding: "utf8" }).split("\t")[0]);
}

let packed: Packed;
let emu: EmulatorHandle;

beforeAll(async () => {
  packed = packFreshClone();
  emu = await emulator(TOKEN);
});
afterAll(async () => {
  await emu?.close();
  packed?.dispose();
  removeUserFolders();
});

/** A user's program folder: a program of test/e2e/programs and a package.json with these dependencies. */
function writeProgram(dir: string, program: string, dependencies: Record<string, string>): void {
  for (const file of ["Pulumi.yaml", "index.js"]) {
    fs.copyFileSync(path.join(ROOT, "test/e2e/programs", program, file), path.join(dir, file));
  }
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "user-program", private: true, main: "index.js", dependencies }),
  );
}

const installs = new Map<string, string>();

/**
 * A fresh program folder with the tarball and the given @pulumi/pulumi installed, and nothing
 * else; one per version for the whole file.
 */
function installProgram(pulumiVersion: string): string {
  const known = installs.get(pulumiVersion);
  if (known) return known;
  const dir = userFolder("user");
  writeProgram(dir, "installed", {
    "@pulumi/pulumi": pulumiVersion,
    "pulumi-sender": `file:${packed.tarball}`,
  });
  npm(["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], dir);
  installs.set(pulumiVersion, dir);
  return dir;
}

const outputLines = (h: StackHandle) => h.output.join("").split("\n");

describe.each([
  ["the oldest @pulumi/pulumi of the peer range", () => MINIMUM],
  ["the newest @pulumi/pulumi 3.x", newestPulumi],
])("installed from the tarball beside %s", (_label, version) => {
  let dir: string;
  let h: StackHandle;
  let pulumiVersion: string;

  beforeAll(async () => {
    pulumiVersion = version();
    dir = installProgram(pulumiVersion);
    h = await createStack(dir, emu);
  });
  afterAll(async () => {
    await h?.dispose();
  });

  test("plain npm install accepts it, and a deploy-only install has no web server", () => {
    const installed = JSON.parse(
      fs.readFileSync(path.join(dir, "node_modules/@pulumi/pulumi/package.json"), "utf8"),
    );
    expect(installed.version).toBe(pulumiVersion);
    expect(fs.existsSync(path.join(dir, "node_modules/hono"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "node_modules/@hono/node-server"))).toBe(false);
    const own = ["pulumi-sender", "undici", "zod"].map((name) =>
      sizeOf(path.join(dir, "node_modules", name)),
    );
    console.log(
      `deploy-only install beside @pulumi/pulumi ${pulumiVersion}: node_modules ${sizeOf(path.join(dir, "node_modules"))} bytes; ` +
        `pulumi-sender ${own[0]}, undici ${own[1]}, zod ${own[2]} bytes`,
    );
  });

  test("the emulator command and import name the packages to install, in one line", () => {
    const bin = spawnSync(path.join(dir, "node_modules/.bin/pulumi-sender-emulator"), ["--token", "x"], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(bin.status).toBe(1);
    expect(bin.stderr).toBe(`${MISSING_SERVER_PACKAGES_MESSAGE}\n`);
    const imported = spawnSync("node", ["-e", 'require("pulumi-sender/emulator")'], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(imported.status).toBe(1);
    expect(imported.stderr).toContain(`Error: ${MISSING_SERVER_PACKAGES_MESSAGE}`);
    expect(imported.stderr).not.toContain("    at ");
  });

  test("the plugin launcher npm links into node_modules/.bin starts the provider and prints its port", async () => {
    // Started as the engine starts a plugin, with the engine's address (something listens there, so
    // the plugin's watch of its engine keeps it up); by hand, with none, it explains itself instead.
    const engine = net.createServer().listen(0, "127.0.0.1");
    await once(engine, "listening");
    const address = `127.0.0.1:${(engine.address() as net.AddressInfo).port}`;
    // npm installs the bin as a symlink: the launcher must find dist/ through the link.
    const launcher = spawn(path.join(dir, "node_modules/.bin/pulumi-resource-sender"), [address], {
      cwd: dir,
    });
    try {
      const firstLine = await new Promise<string>((resolve, reject) => {
        let out = "";
        launcher.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString("utf8");
          if (out.includes("\n")) resolve(out.split("\n")[0] as string);
        });
        launcher.on("exit", (code) => reject(new Error(`the launcher exited with ${code} before a port`)));
      });
      expect(firstLine).toMatch(/^[1-9][0-9]{1,4}$/);
    } finally {
      launcher.kill();
      engine.close();
    }
  });

  test("up, refresh and destroy run against the emulator", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput, color: "never" });
    // The Stack, the stack's nonce, the campaign and the webhook; the seeded campaign is read, which the summary omits.
    expect(up.summary.resourceChanges).toEqual({ create: 4 });
    expect(up.outputs.seededSubject!.value).toBe("We have launched");
    expect(up.outputs.seededStatus!.value).toBe("SENT");
    expect(up.outputs.isCampaign!.value).toEqual([true, false]);
    expect(up.outputs.planCount!.value).toBe(3);
    const state = await emu.state();
    expect(state.campaigns.map((c: any) => c.subject).sort()).toEqual([
      "From the packed tarball",
      "We have launched",
    ]);
    expect(state.webhooks.map((w: any) => w.id)).toEqual([up.outputs.webhookId!.value]);

    const refresh = await h.stack.refresh({ onOutput: h.onOutput, color: "never" });
    expect(refresh.summary.resourceChanges).toEqual({ same: 5 });

    await h.stack.destroy({ onOutput: h.onOutput, color: "never" });
    const after = await emu.state();
    expect(after.campaigns.map((c: any) => c.id)).toEqual(["snt001"]);
    expect(after.webhooks).toEqual([]);
    expect((await h.exportState()).includes(TOKEN)).toBe(false);
    expect(outputLines(h).filter((line) => line.includes("    at "))).toEqual([]);
  });
});

describe("the installed package, in the situations around the install", () => {
  let dir: string;
  let h: StackHandle;

  beforeAll(async () => {
    dir = installProgram(MINIMUM);
    h = await createStack(dir, emu);
  });
  afterAll(async () => {
    await h?.dispose();
  });

  test(`requiring it on Node.js older than ${MINIMUM_NODE_VERSION} fails at once, naming the version`, () => {
    const node = oldNode();
    const run = spawnSync(node, ["-e", 'require("pulumi-sender")'], { cwd: dir, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `pulumi-sender needs Node.js ${MINIMUM_NODE_VERSION} or later (undici 8 does)`,
    );
    expect(run.stderr).not.toContain("undici/lib");
  });

  test("destroy without the package installed says it must be a direct dependency", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput, color: "never" });
    const installed = path.join(dir, "node_modules/pulumi-sender");
    const aside = path.join(dir, "pulumi-sender-aside");
    fs.renameSync(installed, aside);
    // The program itself needs the package too; the state alone must be enough for destroy.
    const text = await failure(() => h.stack.destroy({ onOutput: h.onOutput, color: "never" }));
    const message = `pulumi-sender must be a direct dependency of ${fs.realpathSync(dir)}`;
    expect(text).toContain(message);
    fs.renameSync(aside, installed);
    await h.stack.destroy({ onOutput: h.onOutput, color: "never" });
    const left = (await emu.state()).webhooks.map((w: any) => w.id);
    expect(left.includes(up.outputs.webhookId!.value)).toBe(false);
  });
});

describe(`under pnpm ${PNPM_VERSION}, through a component library`, () => {
  // The README's pnpm advice, step by step: pnpm links only a package's direct dependencies into
  // its node_modules, so a program that gets pulumi-sender only through its own component library
  // runs its code but cannot load the provider from its folder; adding it as a direct
  // dependency is the whole fix.
  let dir: string;
  let h: StackHandle;
  const SUBJECT = "Through a component library";
  const campaignsWithSubject = async () =>
    (await emu.state()).campaigns.filter((c: any) => c.subject === SUBJECT).map((c: any) => c.id);

  beforeAll(async () => {
    const scratchDir = userFolder("pnpm");
    const library = path.join(scratchDir, "newsletter-library");
    dir = path.join(scratchDir, "program");
    fs.mkdirSync(library);
    fs.mkdirSync(dir);
    fs.copyFileSync(
      path.join(ROOT, "test/e2e/programs/newsletter-library/index.js"),
      path.join(library, "index.js"),
    );
    fs.writeFileSync(
      path.join(library, "package.json"),
      JSON.stringify({
        name: "newsletter-library",
        version: "1.0.0",
        main: "index.js",
        dependencies: { "pulumi-sender": `file:${packed.tarball}` },
        peerDependencies: { "@pulumi/pulumi": `^${MINIMUM}` },
      }),
    );
    writeProgram(dir, "installed-via-library", {
      "@pulumi/pulumi": MINIMUM,
      "newsletter-library": `file:${library}`,
    });
    fs.writeFileSync(path.join(dir, "pnpm-workspace.yaml"), PNPM_WORKSPACE);
    pnpm(["install"], dir);
    h = await createStack(dir, emu);
  });
  afterAll(async () => {
    await h?.dispose();
  });

  test("docs/installing.md shows the pnpm-workspace.yaml and the pnpm version used here", () => {
    const readme = fs.readFileSync(path.join(ROOT, "docs/installing.md"), "utf8");
    const indented = PNPM_WORKSPACE.trimEnd()
      .split("\n")
      .map((line) => `  ${line}`)
      .join("\n");
    expect(readme).toContain(`  \`\`\`yaml\n${indented}\n  \`\`\``);
    expect(readme).toContain(`with pnpm ${PNPM_VERSION}.`);
  });

  test("pnpm links pulumi-sender for the library only, and one @pulumi/pulumi for both", () => {
    expect(fs.existsSync(path.join(dir, "node_modules/pulumi-sender"))).toBe(false);
    const fromLibrary = spawnSync(
      "node",
      [
        "-p",
        'require.resolve("pulumi-sender/package.json", { paths: [require.resolve("newsletter-library")] })',
      ],
      { cwd: dir, encoding: "utf8" },
    );
    expect(fromLibrary.stdout).toContain(`${path.sep}.pnpm${path.sep}pulumi-sender@file+`);
    const pulumiCopies = fs
      .readdirSync(path.join(dir, "node_modules/.pnpm"))
      .filter((entry) => entry.startsWith("@pulumi+pulumi@"));
    expect(pulumiCopies).toEqual([`@pulumi+pulumi@${MINIMUM}`]);
  });

  test("up fails before any write, naming the fix; with pulumi-sender added directly, up, refresh and destroy run", async () => {
    const text = await failure(() => h.stack.up({ onOutput: h.onOutput, color: "never" }));
    expect(text).toContain(`pulumi-sender must be a direct dependency of ${fs.realpathSync(dir)}`);
    expect(await campaignsWithSubject()).toEqual([]);

    pnpm(["add", `pulumi-sender@file:${packed.tarball}`], dir);
    const up = await h.stack.up({ onOutput: h.onOutput, color: "never" });
    // The failed up created the Stack resource and nothing else (not the stack's nonce either).
    expect(up.summary.resourceChanges).toEqual({ create: 2, same: 1 });
    expect(await campaignsWithSubject()).toEqual([up.outputs.campaignId!.value]);
    const refresh = await h.stack.refresh({ onOutput: h.onOutput, color: "never" });
    expect(refresh.summary.resourceChanges).toEqual({ same: 3 });
    await h.stack.destroy({ onOutput: h.onOutput, color: "never" });
    expect(await campaignsWithSubject()).toEqual([]);
  });
});
