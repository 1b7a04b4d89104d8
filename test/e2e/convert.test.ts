import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freshDir } from "../support/folders";
import { pluginPath, VERSION } from "../support/plugin";
import { cli, scriptOutput } from "../support/run";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  ROOT,
  type StackHandle,
} from "../support/stack";

// `pulumi convert` of the example YAML program into TypeScript and Python through our language
// host (GenerateProject, Link), each previewing with no changes against the stack the YAML program
// made; and `pulumi package add` of the plugin into a fresh TypeScript project.
const TOKEN = "tok-e2e-convert-Wq6Ds1Fy";
const exec = promisify(execFile);

describe("pulumi convert of the example YAML program", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    h = await createStack(
      copyProgram("examples/yaml", "convert-yaml"),
      { url: "http://127.0.0.1:9", token: "unused" },
      { baseUrl: emu.url },
      { PATH: pluginPath() },
    );
    await h.stack.setConfig("apiToken", { value: TOKEN, secret: true });
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 7 });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  /**
   * Converts the YAML program into `language` in `out`, gives the result the YAML stack's settings
   * file (same project name, same backend: the same stack), and previews it.
   */
  async function convertAndPreview(language: string, out: string, env: Record<string, string>) {
    await cli(h, h.dir, ["convert", "--from", "yaml", "--language", language, "--out", out], env);
    expect(fs.readFileSync(path.join(out, "Pulumi.yaml"), "utf8")).toMatch(/^name: sender-yaml$/m);
    fs.copyFileSync(path.join(h.dir, "Pulumi.e2e.yaml"), path.join(out, "Pulumi.e2e.yaml"));
    // Every resource is the same (the JSON lists only the steps that are not). The one difference: the SDKs register an explicit provider with
    // their version, and the YAML program registers it with none (a `version` option would make
    // the pulumi-yaml 1.25 converter drop every `provider` option), so the provider shows +version.
    const preview = JSON.parse(await cli(h, out, ["preview", "--json", "--stack", "e2e"], env));
    const steps = preview.steps.map((s: any) => [
      s.op,
      s.urn.split("::").slice(2).join("::"),
      s.oldState?.inputs?.version,
      s.newState?.inputs?.version,
    ]);
    expect(steps).toEqual([
      ["same", "pulumi:pulumi:Stack::sender-yaml-e2e", undefined, undefined],
      ["update", "pulumi:providers:sender::account", undefined, VERSION],
    ]);
    expect(preview.changeSummary).toEqual({ same: 6, update: 1 });
  }

  test("to TypeScript: every resource previews the same against the YAML-made stack", async () => {
    const out = freshDir("convert-ts");
    await convertAndPreview("typescript", out, { PATH: pluginPath() });
    expect(fs.readdirSync(out).sort()).toEqual(
      [".gitignore", "Pulumi.e2e.yaml", "Pulumi.yaml", "index.ts", "package.json", "tsconfig.json"].sort(),
    );
    const program = fs.readFileSync(path.join(out, "index.ts"), "utf8");
    expect(program).toContain('import * as sender from "pulumi-sender-native";');
    expect(program).toContain('const account = new sender.Provider("account", {');
    expect(program).toContain('const welcome = new sender.Campaign("welcome", {');
    expect(JSON.parse(fs.readFileSync(path.join(out, "package.json"), "utf8")).dependencies).toHaveProperty(
      "pulumi-sender-native",
    );
  });

  test("to Python: every resource previews the same against the YAML-made stack", async () => {
    const out = freshDir("convert-py");
    // The cached venv has pulumi from PyPI; the SDK is installed beside the program (no network).
    const venvPython = await scriptOutput("scripts/python-venv.sh");
    const langhosts = await scriptOutput("scripts/langhosts.sh");
    const site = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-convert-py-"));
    fs.cpSync(path.join(ROOT, "sdks/python"), path.join(site, "src"), { recursive: true });
    await exec(venvPython, [
      ...["-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation"],
      ...["--target", path.join(site, "site"), path.join(site, "src")],
    ]);
    try {
      await convertAndPreview("python", out, {
        PATH: `${path.dirname(venvPython)}:${langhosts}:${pluginPath()}`,
        PYTHONPATH: path.join(site, "site"),
      });
    } finally {
      fs.rmSync(site, { recursive: true, force: true });
    }
    const program = fs.readFileSync(path.join(out, "__main__.py"), "utf8");
    expect(program).toContain("import pulumi_sender as sender");
    expect(program).toContain('welcome = sender.Campaign("welcome",');
    expect(fs.readFileSync(path.join(out, "requirements.txt"), "utf8")).toContain("pulumi>=3.0.0,<4.0.0");
  });
});

describe("pulumi package add of the plugin into a fresh TypeScript project", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    const dir = freshDir("package-add");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: package-add\nruntime: nodejs\n");
    fs.writeFileSync(
      path.join(dir, "package.json"),
      `${JSON.stringify({ name: "package-add", private: true, main: "index.ts" }, null, 2)}\n`,
    );
    fs.writeFileSync(path.join(dir, "index.ts"), "export {};\n");
    h = await createStack(dir, emu, {}, { PATH: pluginPath() });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("writes the SDK and the dependency, and a program on that SDK runs", async () => {
    const plugin = path.join(ROOT, "bin", "pulumi-resource-sender");
    const stdout = await cli(h, h.dir, ["package", "add", plugin]);
    expect(stdout).toContain('import * as sender from "pulumi-sender-native";');
    const sdk = path.join(h.dir, "sdks", "sender");
    expect(JSON.parse(fs.readFileSync(path.join(sdk, "package.json"), "utf8")).name).toBe(
      "pulumi-sender-native",
    );
    expect(fs.existsSync(path.join(sdk, "campaign.ts"))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(h.dir, "package.json"), "utf8"))).toEqual({
      name: "package-add",
      private: true,
      main: "index.ts",
      dependencies: { "pulumi-sender-native": "file:sdks/sender" },
    });
    expect(fs.readFileSync(path.join(h.dir, "Pulumi.yaml"), "utf8")).toContain("packages:");
    // What `npm install` does with a `file:` folder: a link in node_modules. Then the SDK serves a program.
    fs.mkdirSync(path.join(h.dir, "node_modules"));
    fs.symlinkSync(
      path.join("..", "sdks", "sender"),
      path.join(h.dir, "node_modules", "pulumi-sender-native"),
    );
    fs.writeFileSync(
      path.join(h.dir, "index.ts"),
      [
        'import * as sender from "pulumi-sender-native";',
        'const hook = new sender.Webhook("hook", {',
        '  url: "https://hooks.example.com/added",',
        '  topic: "groups/new-subscriber",',
        '  relationId: "grp001",',
        "});",
        "export const status = hook.status;",
        "",
      ].join("\n"),
    );
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 2 });
    expect(up.outputs.status?.value).toBe("ACTIVE");
    expect((await emu.state()).webhooks.map((w: any) => w.url)).toEqual(["https://hooks.example.com/added"]);
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 2 });
  });
});
