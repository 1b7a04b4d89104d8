import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RESOURCE_KINDS } from "../../provider/kinds/registry";
import { GO_MODULE } from "../../provider/plugin/schema";
import { npm } from "../package/packed";
import { outsideCheckout, removeUserFolders, userFolder } from "../support/folders";
import { privateGoEnv } from "../support/go";
import { pluginAndHosts, sdkArtifact } from "../support/plugin";
import { sh } from "../support/run";
import { ours, SEEDED_CAMPAIGNS } from "../support/seeded";
import { createStack, type EmulatorHandle, emulator, ROOT, type StackHandle } from "../support/stack";

// The generated SDKs as users install them: each from the artifact scripts/sdk-packages.sh builds
// (the npm tarball, the wheel, the Go module behind a module proxy), into a folder outside the
// checkout, then up, refresh --expect-no-changes, an update in place and destroy under the real
// engine against the emulator, with the plugin on PATH.
const TOKEN = "tok-e2e-sdkpkg-Vr7Jm2Qc";
const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, "sdks/schema.json"), "utf8")).version;

afterAll(removeUserFolders);

describe("the Node.js SDK installed from its npm tarball", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;
  let dir: string;
  let tarball: string;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    tarball = await sdkArtifact("nodejs");
    dir = userFolder("sdk-node");
    // The program of native.test.ts, as a TypeScript user's project has it: the SDK from the
    // tarball, and @pulumi/pulumi, TypeScript and ts-node at the versions installed here (so the
    // project's npm cache serves them).
    const version = (name: string) =>
      JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")).version;
    for (const file of ["Pulumi.yaml", "index.ts"]) {
      fs.copyFileSync(path.join(ROOT, "test/e2e/programs/native", file), path.join(dir, file));
    }
    fs.writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({
        name: "user-program",
        private: true,
        main: "index.ts",
        dependencies: {
          "@pulumi/pulumi": version("@pulumi/pulumi"),
          "pulumi-sender-native": `file:${tarball}`,
        },
        devDependencies: Object.fromEntries(
          ["typescript", "ts-node", "@types/node"].map((name) => [name, version(name)]),
        ),
      }),
    );
    npm(["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], dir);
    h = await createStack(dir, emu, {}, { PATH: await pluginAndHosts() });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("the tarball holds compiled JS and declarations, no TypeScript sources", () => {
    const installed = path.join(dir, "node_modules/pulumi-sender-native");
    expect(outsideCheckout(installed)).toBe(true);
    expect(fs.lstatSync(installed).isSymbolicLink()).toBe(false);
    const files = fs.readdirSync(installed, { recursive: true }) as string[];
    expect(files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(["index.js", "index.d.ts", "campaign.js", "campaign.d.ts"]));
    const meta = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8"));
    expect([meta.name, meta.version, meta.dependencies["@pulumi/pulumi"]]).toEqual([
      "pulumi-sender-native",
      VERSION,
      "^3.142.0",
    ]);
  });

  test("Node.js requires it and imports it (ESM), and the program type-checks against it", async () => {
    const probe = "typeof s.Campaign + ' ' + typeof s.getPlansOutput";
    const required = await sh(
      "node",
      ["-e", `const s = require("pulumi-sender-native"); console.log(${probe})`],
      {
        cwd: dir,
      },
    );
    expect(required.stdout.trim()).toBe("function function");
    const imported = await sh(
      "node",
      ["--input-type=module", "-e", `import * as s from "pulumi-sender-native"; console.log(${probe})`],
      { cwd: dir },
    );
    expect(imported.stdout.trim()).toBe("function function");
    const resolved = await sh("node", ["-p", 'require.resolve("pulumi-sender-native")'], { cwd: dir });
    expect(outsideCheckout(resolved.stdout.trim())).toBe(true);
    const tsc = await sh(
      path.join(dir, "node_modules/.bin/tsc"),
      ["--noEmit", "--strict", "--module", "node16", "--target", "es2022", "--types", "node", "index.ts"],
      { cwd: dir },
    );
    expect(tsc.stdout).toBe("");
  });

  test("up, refresh --expect-no-changes, an update in place and destroy", async () => {
    // The native program's resources: one of each kind, and the stack.
    const resources = RESOURCE_KINDS.length + 1;
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: resources });
    const made = ours((await emu.state()).campaigns);
    expect(made.map((c: any) => [c.title, c.subject])).toEqual([
      ["Welcome series", "Welcome to Example News"],
    ]);
    expect(up.outputs.campaignId?.value).toBe(made[0].id);
    expect(up.outputs.planNames?.value).toEqual(["Free", "Standard", "Professional"]);
    const refresh = await h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput });
    expect(refresh.summary.result).toBe("succeeded");
    await h.stack.setConfig("subject", { value: "Welcome, again" });
    const update = await h.stack.up({ onOutput: h.onOutput });
    // The campaign, and its proof, which a new subject sends again.
    expect(update.summary.resourceChanges).toEqual({ update: 2, same: resources - 2 });
    expect(ours((await emu.state()).campaigns).map((c: any) => c.subject)).toEqual(["Welcome, again"]);
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: resources });
    expect((await emu.state()).campaigns.map((c: any) => c.id)).toEqual(SEEDED_CAMPAIGNS);
  });
});

describe("the Python SDK installed from its wheel into a fresh virtualenv", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;
  let dir: string;
  let venv: string;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    const dist = await sdkArtifact("python");
    dir = userFolder("sdk-python");
    venv = path.join(dir, "venv");
    await sh("python3", ["-m", "venv", venv]);
    // pulumi at the version of the CLI here (the wheel asks for a range), from PyPI or pip's cache.
    await sh(path.join(venv, "bin/python"), [
      ...["-m", "pip", "install", "-q", "--disable-pip-version-check"],
      path.join(dist, `pulumi_sender-${VERSION}-py3-none-any.whl`),
      "pulumi==3.259.0",
    ]);
    fs.copyFileSync(
      path.join(ROOT, "test/e2e/programs/native-python/__main__.py"),
      path.join(dir, "__main__.py"),
    );
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      "name: native-python\nruntime:\n  name: python\n  options:\n    virtualenv: venv\n",
    );
    h = await createStack(dir, emu, {}, { PATH: await pluginAndHosts() });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("the wheel and the sdist are built, and the venv holds the wheel's package with a pulumi range", async () => {
    const dist = await sdkArtifact("python");
    expect(fs.readdirSync(dist).sort()).toEqual([
      `pulumi_sender-${VERSION}-py3-none-any.whl`,
      `pulumi_sender-${VERSION}.tar.gz`,
    ]);
    const { stdout } = await sh(path.join(venv, "bin/python"), [
      "-c",
      [
        "import importlib.metadata as m, pulumi_sender",
        "print(pulumi_sender.__file__)",
        "print(m.version('pulumi_sender'))",
        "print([r for r in m.requires('pulumi_sender') if r.startswith('pulumi')])",
      ].join("; "),
    ]);
    const [file, version, requires] = stdout.trim().split("\n");
    expect(outsideCheckout(file!)).toBe(true);
    expect(file!.startsWith(fs.realpathSync(venv))).toBe(true);
    expect(version).toBe(VERSION);
    expect(requires).toBe("['pulumi<4.0.0,>=3.231.0']");
  });

  test("up, refresh --expect-no-changes, an update in place and destroy", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 2 });
    const made = ours((await emu.state()).campaigns);
    expect(made.map((c: any) => [c.title, c.subject])).toEqual([["News from Python", "Hello from Python"]]);
    expect(up.outputs.seeded?.value).toEqual(["snt001", "SENT", "We have launched"]);
    const refresh = await h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput });
    expect(refresh.summary.result).toBe("succeeded");
    await h.stack.setConfig("subject", { value: "Hello again from Python" });
    const update = await h.stack.up({ onOutput: h.onOutput });
    expect(update.summary.resourceChanges).toEqual({ update: 1, same: 1 });
    expect(update.outputs.subject?.value).toBe("Hello again from Python");
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 2 });
    expect((await emu.state()).campaigns.map((c: any) => c.id)).toEqual(SEEDED_CAMPAIGNS);
  });
});

describe("the Go SDK fetched with go get through a module proxy", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;
  let dir: string;
  let goEnv: Record<string, string>;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    const proxy = await sdkArtifact("go");
    dir = userFolder("sdk-go");
    // Our module from the file proxy, everything else from the usual proxy; no checksum database
    // knows an unpublished module. No replace directive anywhere.
    goEnv = privateGoEnv(proxy);
    for (const file of ["Pulumi.yaml", "main.go"]) {
      fs.copyFileSync(path.join(ROOT, "test/e2e/programs/native-go", file), path.join(dir, file));
    }
    fs.writeFileSync(path.join(dir, "go.mod"), "module user-program\n\ngo 1.25\n");
    const env = { ...process.env, ...goEnv, CGO_ENABLED: "0" };
    await sh("go", ["get", `${GO_MODULE}@v${VERSION}`], { cwd: dir, env });
    h = await createStack(dir, emu, {}, { ...goEnv, PATH: await pluginAndHosts() });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("go get resolves the module from the proxy, with no replace, outside the checkout", async () => {
    const goMod = fs.readFileSync(path.join(dir, "go.mod"), "utf8");
    // A single requirement, which go get marks indirect until `go mod tidy`.
    expect(goMod).toContain(`require ${GO_MODULE} v${VERSION}`);
    expect(goMod).not.toContain("replace");
    const { stdout } = await sh("go", ["list", "-m", "-f", "{{.Dir}}", GO_MODULE], {
      cwd: dir,
      env: { ...process.env, ...goEnv },
    });
    expect(outsideCheckout(stdout.trim())).toBe(true);
    expect(stdout.trim().endsWith(`${GO_MODULE}@v${VERSION}`)).toBe(true);
  });

  test("up, refresh --expect-no-changes, an update in place and destroy", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 2 });
    const made = ours((await emu.state()).campaigns);
    expect(made.map((c: any) => [c.title, c.subject])).toEqual([["News from Go", "Hello from Go"]]);
    expect(up.outputs.seeded?.value).toEqual(["snt001", "SENT", "We have launched"]);
    const refresh = await h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput });
    expect(refresh.summary.result).toBe("succeeded");
    await h.stack.setConfig("subject", { value: "Hello again from Go" });
    const update = await h.stack.up({ onOutput: h.onOutput });
    expect(update.summary.resourceChanges).toEqual({ update: 1, same: 1 });
    expect(update.outputs.subject?.value).toBe("Hello again from Go");
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 2 });
    expect((await emu.state()).campaigns.map((c: any) => c.id)).toEqual(SEEDED_CAMPAIGNS);
  });
});
