import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GO_MODULE } from "../../provider/plugin/schema";
import { npm } from "../package/packed";
import { outsideCheckout } from "../support/folders";
import { forgetCachedSdkModule } from "../support/go";
import { langhosts, pluginTarball, sdkArtifact } from "../support/plugin";
import { scratchCli, sh } from "../support/run";
import { type EmulatorHandle, emulator, ensurePulumiOnPath, ROOT } from "../support/stack";

// The `pulumi new` templates on the native plugin, as a newcomer uses them: generated offline from
// the local path into a folder outside the checkout, the SDK installed from its packed artifact
// (scripts/sdk-packages.sh: the npm tarball, the wheel, the Go module behind a file proxy) and the
// plugin from its tarball (with its Node.js runtime), then preview, up, refresh
// --expect-no-changes and destroy against the emulator.
const TOKEN = "tok-e2e-native-templates-Rw3Kd8Pz";
const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, "sdks/schema.json"), "utf8")).version;

let emu: EmulatorHandle;
let scratch: string;
let pathWithHosts: string;

/** The CLI in a project folder, with a throwaway backend and home and our language hosts on PATH. */
const pulumi = (args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> =>
  scratchCli(scratch, args, cwd, { PATH: pathWithHosts, ...env });

/** Generates a template into a fresh folder and points its stack at the emulator. */
async function generate(template: string): Promise<string> {
  const dir = path.join(scratch, template);
  await pulumi(
    [
      "new",
      path.join(ROOT, "templates", template),
      "--dir",
      dir,
      "--name",
      `welcome-${template}`,
      "--yes",
    ].concat(["--generate-only"]),
    scratch,
  );
  return dir;
}

async function stackFor(dir: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  await pulumi(["stack", "init", "dev"], dir, env);
  await pulumi(["config", "set", "sender:baseUrl", emu.url], dir, env);
  await pulumi(["config", "set", "--secret", "sender:apiToken", TOKEN], dir, env);
}

/** Preview, up, refresh with no changes, destroy; returns what up printed. */
async function lifecycle(dir: string, env: NodeJS.ProcessEnv = {}): Promise<{ up: string; made: any[] }> {
  await pulumi(["preview"], dir, env);
  const up = await pulumi(["up", "--yes", "--skip-preview"], dir, env);
  const made = (await emu.state()).campaigns.filter((c: any) => c.title.startsWith("welcome-"));
  await pulumi(["refresh", "--yes", "--expect-no-changes"], dir, env);
  await pulumi(["destroy", "--yes", "--skip-preview"], dir, env);
  return { up, made };
}

beforeAll(async () => {
  ensurePulumiOnPath();
  emu = await emulator(TOKEN);
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sender-native-templates-"));
  fs.mkdirSync(path.join(scratch, "backend"));
  pathWithHosts = `${await langhosts()}:${process.env.PATH}`;
  // The plugin as users install it: from its tarball, into the home every template's stack uses.
  const tarball = await pluginTarball(scratch);
  await pulumi(["plugin", "install", "resource", "sender", VERSION, "-f", tarball], scratch);
}, 600_000);

afterAll(async () => {
  await emu?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe("templates/typescript-native", () => {
  test("runs preview, up, refresh --expect-no-changes and destroy on the SDK's npm tarball", async () => {
    const dir = await generate("typescript-native");
    // The SDK's tarball takes the place of the template's `pulumi-sender-native` range.
    npm(["install", "--no-audit", "--no-fund", await sdkArtifact("nodejs")], dir);
    expect(outsideCheckout(path.join(dir, "node_modules/pulumi-sender-native"))).toBe(true);
    await stackFor(dir);
    const { up, made } = await lifecycle(dir, { PULUMI_NODEJS_TRANSPILE_ONLY: "false" });
    expect(up).toMatch(/\+ 3 created/);
    expect(made.map((c) => [c.subject, c.status])).toEqual([["Welcome to Example News", "DRAFT"]]);
  });
});

describe("templates/python", () => {
  test("runs preview, up, refresh --expect-no-changes and destroy on the SDK's wheel", async () => {
    const dir = await generate("python");
    const wheel = path.join(await sdkArtifact("python"), `pulumi_sender-${VERSION}-py3-none-any.whl`);
    await sh("python3", ["-m", "venv", path.join(dir, "venv")]);
    // The template's requirements, the SDK from its wheel; pulumi at the version the other tests use.
    fs.writeFileSync(path.join(scratch, "constraints.txt"), "pulumi==3.259.0\n");
    await sh(path.join(dir, "venv/bin/python"), [
      ...["-m", "pip", "install", "-q", "--disable-pip-version-check"],
      ...["-r", path.join(dir, "requirements.txt"), "-c", path.join(scratch, "constraints.txt"), wheel],
    ]);
    await stackFor(dir);
    const { up, made } = await lifecycle(dir);
    expect(up).toMatch(/\+ 3 created/);
    expect(made.map((c) => [c.subject, c.status])).toEqual([["Welcome to Example News", "DRAFT"]]);
  });
});

describe("templates/go", () => {
  test("runs preview, up, refresh --expect-no-changes and destroy on the Go module from a proxy", async () => {
    const dir = await generate("go");
    const goEnv = {
      GOPROXY: `file://${await sdkArtifact("go")},${(await sh("go", ["env", "GOPROXY"])).stdout.trim()}`,
      GONOSUMDB: "github.com/pulumi-sender/*",
      GOFLAGS: "-mod=mod",
    };
    forgetCachedSdkModule();
    await sh("go", ["mod", "download", GO_MODULE], { cwd: dir, env: { ...process.env, ...goEnv } });
    expect(fs.readFileSync(path.join(dir, "go.mod"), "utf8")).not.toContain("replace");
    await stackFor(dir, goEnv);
    const { up, made } = await lifecycle(dir, goEnv);
    expect(up).toMatch(/\+ 3 created/);
    expect(made.map((c) => [c.subject, c.status])).toEqual([["Welcome to Example News", "DRAFT"]]);
  });
});

describe("templates/yaml", () => {
  test("runs preview, up, refresh --expect-no-changes and destroy with nothing to install", async () => {
    const dir = await generate("yaml");
    await stackFor(dir);
    const { up, made } = await lifecycle(dir);
    expect(up).toMatch(/\+ 3 created/);
    expect(made.map((c) => [c.subject, c.status])).toEqual([["Welcome to Example News", "DRAFT"]]);
  });
});
