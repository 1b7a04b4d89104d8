import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import YAML from "yaml";
import { contentHashOf } from "../../provider/core/content-hash";
import { registryExamples } from "../../provider/plugin/examples.generated";
import { dynamicProgram, REGISTRY_LANGUAGES } from "../../provider/plugin/registry-examples";
import { freshDir } from "../support/folders";
import { goOnCheckoutSdk, javaOnSdkArtifact, pythonOnCheckoutSdk } from "../support/languages";
import { pluginAndHosts, pluginPath, pluginTarball, pulumiOnlyPath, VERSION } from "../support/plugin";
import { cli, sh, typeCheckStrict } from "../support/run";
import { ours, SEEDED_CAMPAIGNS, SEEDED_TRANSACTIONAL } from "../support/seeded";
import { createStack, type EmulatorHandle, emulator, ROOT, type StackHandle } from "../support/stack";

// The Registry examples (examples/registry/) under the real engine against the emulator: the
// conversion is what is checked in, and every example of a language runs in one stack of that
// language (preview, up, destroy), so this costs one stack per language, not one per example.
// Each program is the checked-in file as it is; only the glue that runs several in one program is
// written here.
const TOKEN = "tok-e2e-registry-Pk3Wd7Nx";
const EXAMPLES = path.join(ROOT, "examples/registry");
const converted = REGISTRY_LANGUAGES.filter((language) => language.convert);

/** An example's source, as far as this file reads it. */
interface ExampleSource {
  readonly resources?: Record<string, unknown>;
  readonly variables?: Record<string, unknown>;
  readonly outputs?: Record<string, unknown>;
}

/** Every example's source, `examples/registry/<name>/Pulumi.yaml`, parsed. */
const sources: ExampleSource[] = registryExamples.map((example) =>
  YAML.parse(fs.readFileSync(path.join(EXAMPLES, example.name, "Pulumi.yaml"), "utf8")),
);
/** The resources the examples declare: a stack of every example makes these, and the stack. */
const DECLARED_RESOURCES = sources.reduce(
  (count, source) => count + Object.keys(source.resources ?? {}).length,
  0,
);
/** The outputs the examples declare, which are distinct across examples: the stack's. */
const DECLARED_OUTPUTS = sources.flatMap((source) => Object.keys(source.outputs ?? {})).sort();

/** The checked-in program of an example in a converted language. */
function programFile(example: string, language: string): string {
  const entry = REGISTRY_LANGUAGES.find((l) => l.name === language)!;
  return path.join(EXAMPLES, example, language, path.basename(entry.convert!.program));
}

/** Every file under a folder, relative, sorted. */
function files(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((rel) => fs.statSync(path.join(dir, rel)).isFile())
    .sort();
}

test("converting each example again writes the checked-in programs, and no other file", async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-registry-convert-"));
  try {
    await sh("node", [path.join(ROOT, "scripts/registry-examples.js"), "--out", out]);
    // The converted programs: every file of an example's folder but its source.
    const checkedIn = files(EXAMPLES).filter(
      (rel) => rel.includes(path.sep) && path.basename(rel) !== "Pulumi.yaml",
    );
    expect(files(out)).toEqual(checkedIn);
    expect(checkedIn).toHaveLength(registryExamples.length * converted.length);
    for (const rel of checkedIn) {
      const want = fs.readFileSync(path.join(EXAMPLES, rel), "utf8");
      expect(`${rel}\n${fs.readFileSync(path.join(out, rel), "utf8")}`).toBe(`${rel}\n${want}`);
    }
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

test("the TypeScript examples type-check (strict) on the native SDK and on the dynamic package", async () => {
  const dir = freshDir("registry-tsc");
  fs.mkdirSync(dir, { recursive: true });
  const programs: string[] = [];
  for (const example of registryExamples) {
    const native = fs.readFileSync(programFile(example.name, "typescript"), "utf8");
    for (const [suffix, text] of [
      ["native", native],
      ["dynamic", dynamicProgram(native)],
    ] as const) {
      const file = path.join(dir, `${example.name}-${suffix}.ts`);
      fs.writeFileSync(file, text);
      programs.push(file);
    }
  }
  const printed = await typeCheckStrict(dir, programs);
  expect([programs.length, printed]).toEqual([registryExamples.length * 2, ""]);
});

/**
 * Preview, up and destroy of a stack that runs every example, with what each example made and
 * exported checked against the emulator, and the emulator left as seeded.
 */
async function previewUpDestroy(h: StackHandle, emu: EmulatorHandle, hidden: number): Promise<void> {
  // The examples' resources, the stack, and the resources the package adds by itself.
  const count = DECLARED_RESOURCES + 1 + hidden;
  const preview = await h.stack.preview({ onOutput: h.onOutput });
  expect(preview.changeSummary).toEqual({ create: count });
  expect(ours((await emu.state()).campaigns)).toEqual([]);

  const up = await h.stack.up({ onOutput: h.onOutput });
  expect(up.summary.resourceChanges).toEqual({ create: count });
  const state = await emu.state();
  const campaigns = ours(state.campaigns);
  const byTitle = [...campaigns].sort((a: any, b: any) => a.title.localeCompare(b.title));
  expect(byTitle.map((c: any) => [c.title, c.subject, c.status])).toEqual([
    ["Spring launch", "Our spring collection is here", "DRAFT"],
    ["Welcome series", "Welcome to Example News", "SCHEDULED"],
  ]);
  const welcome = byTitle[1];
  const launch = byTitle[0];
  expect(
    state.messages.filter((m: any) => m.proofOf !== undefined).map((m: any) => [m.proofOf, m.to.email]),
  ).toEqual([
    [launch.id, "editor@example.com"],
    [launch.id, "legal@example.com"],
  ]);
  expect(state.targeting[welcome.id].tags.map((t: any) => t.id).sort()).toEqual(["tag001", "tag002"]);
  expect([welcome.auto_followup_active, welcome.auto_followup_subject, welcome.auto_followup_delay]).toEqual([
    1,
    "Did you miss our welcome?",
    48,
  ]);
  expect(state.attachments[welcome.id].map((a: any) => a.file_name)).toEqual(["welcome-guide.pdf"]);
  const transactional = ours(state.transactional, SEEDED_TRANSACTIONAL);
  expect(transactional.map((t: any) => [t.title, t.subject])).toEqual([
    ["Password reset link", "Reset your password"],
  ]);
  // The group example's group, which its webhook watches; made in parallel with the other webhook.
  const groups = state.groups.filter((g: any) => !["grp001", "grp002"].includes(g.id));
  expect(groups.map((g: any) => g.title)).toEqual(["Early birds"]);
  const byUrl = [...state.webhooks].sort((a: any, b: any) => a.url.localeCompare(b.url));
  expect(byUrl.map((w: any) => [w.topic, w.url, w.group, w.status])).toEqual([
    ["groups/new-subscriber", "https://hooks.example.com/sender/early-birds", groups[0].id, "ACTIVE"],
    ["groups/new-subscriber", "https://hooks.example.com/sender/new-subscriber", "grp001", "ACTIVE"],
  ]);
  const outputs = Object.fromEntries(Object.entries(up.outputs).map(([name, o]) => [name, o.value]));
  expect(Object.keys(outputs).sort()).toEqual(DECLARED_OUTPUTS);
  // The values of the outputs whose objects are checked above.
  const known = {
    welcomeId: welcome.id,
    welcomeScheduledFor: "2030-01-15 08:00:00",
    passwordResetId: transactional[0].id,
    newSubscriberHookStatus: "ACTIVE",
    earlyBirdsGroupId: groups[0].id,
    launchProofedHash: contentHashOf(
      "Our spring collection is here",
      "<h1>Spring is here</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>",
    ),
    latestSentCampaign: "Launch announcement",
    // The seeded sent campaign's.
    latestOpenRate: 90.48,
  };
  expect(Object.fromEntries(Object.keys(known).map((name) => [name, outputs[name]]))).toEqual(known);

  const destroy = await h.stack.destroy({ onOutput: h.onOutput });
  expect(destroy.summary.resourceChanges).toEqual({ delete: count });
  const after = await emu.state();
  expect(after.campaigns.map((c: any) => c.id)).toEqual(SEEDED_CAMPAIGNS);
  // The API cannot delete a transactional campaign: destroy drops it from the stack, and it stays.
  expect(after.transactional.map((t: any) => t.id)).toEqual([...SEEDED_TRANSACTIONAL, transactional[0].id]);
  expect(after.webhooks).toEqual([]);
  expect(after.groups.map((g: any) => g.id)).toEqual(["grp001", "grp002"]);
}

/**
 * One describe per language: an emulator, the program `write` assembles in `dir`, its stack;
 * `hidden` counts the resources the package adds (the dynamic package's stack nonce).
 */
function languageStack(
  title: string,
  write: (
    dir: string,
  ) => Promise<{ env: Record<string, string>; prepare?: (h: StackHandle) => Promise<void> }>,
  hidden = 0,
): void {
  describe(title, () => {
    let emu: EmulatorHandle;
    let h: StackHandle;

    beforeAll(async () => {
      emu = await emulator(TOKEN);
      const dir = freshDir(`registry-${title.split(" ")[0]!.toLowerCase()}`);
      fs.mkdirSync(dir, { recursive: true });
      const { env, prepare } = await write(dir);
      h = await createStack(dir, emu, {}, env);
      await prepare?.(h);
    });
    afterAll(async () => {
      await h?.dispose();
      await emu?.close();
    });

    test("every example: preview, up and destroy", async () => {
      await previewUpDestroy(h, emu, hidden);
    });
  });
}

/** A Node.js program running each example's TypeScript (as `text` makes it) as a module of its own. */
function typescriptProgram(dir: string, name: string, text: (program: string) => string): void {
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: nodejs\n`);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, private: true, main: "index.ts" }));
  for (const example of registryExamples)
    fs.writeFileSync(
      path.join(dir, `${example.name}.ts`),
      text(fs.readFileSync(programFile(example.name, "typescript"), "utf8")),
    );
  // The examples' outputs, which are distinct across examples, are the stack's.
  fs.writeFileSync(
    path.join(dir, "index.ts"),
    registryExamples.map((example) => `export * from "./${example.name}";\n`).join(""),
  );
}

languageStack("YAML, the examples' source", async (dir) => {
  const merged: Record<string, any> = { name: "registry-yaml", runtime: "yaml" };
  for (const program of sources) {
    for (const section of ["resources", "variables", "outputs"] as const)
      merged[section] = { ...merged[section], ...program[section] };
  }
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), YAML.stringify(merged));
  return { env: { PATH: pluginPath() } };
});

languageStack("TypeScript on the native SDK", async (dir) => {
  typescriptProgram(dir, "registry-typescript", (program) => program);
  return { env: { PATH: pluginPath() } };
});

languageStack(
  "TypeScript on the dynamic package",
  async (dir) => {
    typescriptProgram(dir, "registry-dynamic", dynamicProgram);
    return { env: {} };
  },
  1,
);

languageStack("Python", async (dir) => {
  for (const example of registryExamples)
    fs.copyFileSync(
      programFile(example.name, "python"),
      path.join(dir, `${example.name.replaceAll("-", "_")}.py`),
    );
  // Each example's file run as a script, as `pulumi up` runs a __main__.py.
  fs.writeFileSync(
    path.join(dir, "__main__.py"),
    [
      "import os",
      "import runpy",
      "",
      "here = os.path.dirname(os.path.abspath(__file__))",
      ...registryExamples.map(
        (example) => `runpy.run_path(os.path.join(here, "${example.name.replaceAll("-", "_")}.py"))`,
      ),
      "",
    ].join("\n"),
  );
  const env = await pythonOnCheckoutSdk(dir, "registry-python");
  return { env: { PATH: await pluginAndHosts(), ...env } };
});

languageStack("Go", async (dir) => {
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: registry-go\nruntime: go\n");
  goOnCheckoutSdk(dir, "registry-go");
  // Each example's main becomes a function of the one package: its body is unchanged.
  const opening = "func main() {\n\tpulumi.Run(func(ctx *pulumi.Context) error {\n";
  const closing = "\t})\n}\n";
  const functions: string[] = [];
  for (const example of registryExamples) {
    const program = fs.readFileSync(programFile(example.name, "go"), "utf8");
    const name = `example${example.name.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}`;
    expect([example.name, program.split(opening).length, program.endsWith(closing)]).toEqual([
      example.name,
      2,
      true,
    ]);
    const body = program
      .replace(opening, `func ${name}(ctx *pulumi.Context) error {\n`)
      .slice(0, -closing.length);
    fs.writeFileSync(path.join(dir, `${example.name.replaceAll("-", "_")}.go`), `${body}}\n`);
    functions.push(name);
  }
  fs.writeFileSync(
    path.join(dir, "main.go"),
    [
      "package main",
      "",
      'import "github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
      "",
      "func main() {",
      "\tpulumi.Run(func(ctx *pulumi.Context) error {",
      `\t\tfor _, example := range []func(*pulumi.Context) error{${functions.join(", ")}} {`,
      "\t\t\tif err := example(ctx); err != nil {",
      "\t\t\t\treturn err",
      "\t\t\t}",
      "\t\t}",
      "\t\treturn nil",
      "\t})",
      "}",
      "",
    ].join("\n"),
  );
  return { env: { PATH: await pluginAndHosts() } };
});

/** A folder of links to every command of /usr/local/bin, /usr/bin and /bin but Node.js's. */
function commandsWithoutNode(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const from of ["/usr/local/bin", "/usr/bin", "/bin"]) {
    if (!fs.existsSync(from)) continue;
    for (const name of fs.readdirSync(from)) {
      if (["node", "nodejs", "npm", "npx", "corepack"].includes(name)) continue;
      if (!fs.existsSync(path.join(dir, name))) fs.symlinkSync(path.join(from, name), path.join(dir, name));
    }
  }
  return dir;
}

languageStack("Java, with no node on PATH", async (dir) => {
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: registry-java\nruntime: java\n");
  // Each example's App becomes a class of the one package, its stack method unchanged.
  const sources = path.join(dir, "src/main/java/registry");
  fs.mkdirSync(sources, { recursive: true });
  const main = "    public static void main(String[] args) {\n        Pulumi.run(App::stack);\n    }\n\n";
  const classes: string[] = [];
  for (const example of registryExamples) {
    const program = fs.readFileSync(programFile(example.name, "java"), "utf8");
    const name = `Example${example.name.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}`;
    expect([
      example.name,
      program.startsWith("package myproject;\n"),
      program.split(main).length,
      program.split("public class App {").length,
    ]).toEqual([example.name, true, 2, 2]);
    fs.writeFileSync(
      path.join(sources, `${name}.java`),
      program
        .replace("package myproject;", "package registry;")
        .replace(main, "")
        .replace("public class App {", `public class ${name} {`),
    );
    classes.push(name);
  }
  fs.writeFileSync(
    path.join(sources, "App.java"),
    [
      "package registry;",
      "",
      "import com.pulumi.Pulumi;",
      "",
      "public class App {",
      "    public static void main(String[] args) {",
      "        Pulumi.run(ctx -> {",
      ...classes.map((name) => `            ${name}.stack(ctx);`),
      "        });",
      "    }",
      "}",
      "",
    ].join("\n"),
  );
  const maven = await javaOnSdkArtifact(dir, "registry-java", "registry.App");
  // The CLI and its language hosts, then every other command but node: the plugin comes from its
  // tarball, which carries its own runtime.
  const PATH = `${pulumiOnlyPath()}:${commandsWithoutNode(path.join(dir, ".bin"))}`;
  const tarball = await pluginTarball();
  expect(
    await sh("/bin/sh", ["-c", "command -v node || echo none"], { env: { PATH } }).then((r) => r.stdout),
  ).toBe("none\n");
  return {
    env: { PATH, ...maven },
    prepare: async (h) => {
      await cli(h, h.dir, ["plugin", "install", "resource", "sender", VERSION, "-f", tarball]);
    },
  };
});
