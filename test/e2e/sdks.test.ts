import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { dataSources } from "../../provider/functions";
import { RESOURCE_KINDS } from "../../provider/kinds/registry";
import { packageSchemaText } from "../../provider/plugin/package-schema";
import { GO_MODULE } from "../../provider/plugin/schema";
import { langhosts, sdkArtifact } from "../support/plugin";
import { scriptOutput, sh, typeCheckStrict } from "../support/run";
import { ensurePulumiOnPath, ROOT } from "../support/stack";

// The package schema and the generated SDKs: what the plugin serves, what is checked in, and
// whether each SDK compiles against its language's Pulumi SDK.
const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;
const SDKS = path.join(ROOT, "sdks");

/** Every file under a directory, relative, sorted. */
function files(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((rel) => fs.statSync(path.join(dir, rel)).isFile())
    .sort();
}

describe("the package schema and the generated SDKs", () => {
  let regenerated: string;

  beforeAll(async () => {
    ensurePulumiOnPath();
    regenerated = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-sdks-"));
    await sh("bash", [path.join(ROOT, "scripts/sdkgen.sh"), regenerated]);
  });

  test("the checked-in schema is the one the field tables give", () => {
    expect(fs.readFileSync(path.join(SDKS, "schema.json"), "utf8")).toBe(packageSchemaText(VERSION));
  });

  test("the plugin serves the checked-in schema (pulumi package get-schema)", async () => {
    const env = {
      ...process.env,
      PULUMI_HOME: fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-home-")),
    };
    const served = await sh(
      "pulumi",
      ["package", "get-schema", path.join(ROOT, "bin/pulumi-resource-sender")],
      {
        env,
      },
    );
    const file = await sh("pulumi", ["package", "get-schema", path.join(SDKS, "schema.json")], { env });
    expect(JSON.parse(served.stdout)).toEqual(JSON.parse(file.stdout));
    const schema = JSON.parse(served.stdout);
    // The served schema holds every kind of the registry, and nothing else.
    expect(Object.keys(schema.resources).sort()).toEqual(
      [...RESOURCE_KINDS].sort().map((k) => `sender:index:${k}`),
    );
    expect(schema.version).toBe(VERSION);
    expect(schema.provider.inputProperties.apiToken.secret).toBe(true);
  });

  test("regenerating the SDKs changes nothing", () => {
    for (const lang of ["nodejs", "python", "go", "java"]) {
      const want = files(path.join(regenerated, lang));
      expect(files(path.join(SDKS, lang)).filter((rel) => !rel.includes("__pycache__"))).toEqual(want);
      for (const rel of want) {
        const ours = fs.readFileSync(path.join(SDKS, lang, rel), "utf8");
        expect(`${lang}/${rel}\n${ours}`).toBe(
          `${lang}/${rel}\n${fs.readFileSync(path.join(regenerated, lang, rel), "utf8")}`,
        );
      }
    }
  });

  test.each([
    ["nodejs", []],
    ["python", []],
    // go.mod is ours: tools/sdkgen adds the module file the generator leaves out.
    ["go", ["go.mod"]],
    // pom.xml and plugin.json are ours: tools/pulumi-java/javagen writes the Maven build, and the
    // plugin.json, that pulumi-java leaves to its Gradle build.
    ["java", ["pom.xml", "src/main/resources/io/github/pulumi_sender/sender/plugin.json"]],
  ])("pulumi package gen-sdk --language %s writes the checked-in SDK", async (lang, oursOnly) => {
    // Through the CLI and our language hosts' GeneratePackage, on the same upstream generators as
    // tools/sdkgen: only the tool each file's header names differs.
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-gen-sdk-"));
    const hosts = await langhosts();
    const env = {
      ...process.env,
      PATH: `${hosts}:${process.env.PATH}`,
      PULUMI_HOME: path.join(out, "home"),
    };
    const generated = await sh(
      "pulumi",
      ["package", "gen-sdk", path.join(SDKS, "schema.json"), "--language", lang, "--out", out],
      { env },
    );
    const dir = path.join(out, lang);
    expect(generated.stderr).toContain(`SDK has been written to ${dir}`);
    const checkedIn = files(path.join(SDKS, lang)).filter((rel) => !rel.includes("__pycache__"));
    expect(files(dir)).toEqual(checkedIn.filter((rel) => !oursOnly.includes(rel)));
    for (const rel of files(dir)) {
      const ours = fs.readFileSync(path.join(SDKS, lang, rel), "utf8");
      const theirs = fs
        .readFileSync(path.join(dir, rel), "utf8")
        .replaceAll(`pulumi-language-${lang}`, "pulumi-sender sdkgen");
      expect(`${rel}\n${theirs}`).toBe(`${rel}\n${ours}`);
    }
    fs.rmSync(out, { recursive: true, force: true });
  });

  test("the Node.js SDK and the programs on it type-check (strict)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-tsc-"));
    const printed = await typeCheckStrict(dir, [
      path.join(SDKS, "nodejs/index.ts"),
      path.join(ROOT, "test/e2e/programs/native/index.ts"),
      path.join(ROOT, "test/e2e/programs/native-accounts/index.ts"),
    ]);
    expect(printed).toBe("");
  });

  test("the Python SDK byte-compiles, installs and imports with pulumi from PyPI", async () => {
    const python = await scriptOutput("scripts/python-venv.sh");
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-py-"));
    const env = { ...process.env, PYTHONPYCACHEPREFIX: path.join(scratch, "pyc") };
    await sh(python, ["-m", "compileall", "-q", path.join(SDKS, "python/pulumi_sender")], { env });
    // Installed from a copy (setuptools builds in the source tree), without network: the SDK
    // reads its version from its installed metadata.
    fs.cpSync(path.join(SDKS, "python"), path.join(scratch, "src"), { recursive: true });
    const target = path.join(scratch, "site");
    await sh(
      python,
      [
        "-m",
        "pip",
        "install",
        "-q",
        "--no-deps",
        "--no-build-isolation",
        "--target",
        target,
        path.join(scratch, "src"),
      ],
      { env },
    );
    const { stdout } = await sh(
      python,
      [
        "-c",
        "import pulumi_sender as s; print(s._utilities.get_version(), ' '.join(sorted(n for n in dir(s) if n[0].isupper() or n.startswith('get_'))))",
      ],
      { env: { ...env, PYTHONPATH: target }, cwd: scratch },
    );
    // Every resource (and its Args), the provider, and each function in its two forms with its result types.
    const schema = JSON.parse(fs.readFileSync(path.join(SDKS, "schema.json"), "utf8"));
    const resources = Object.keys(schema.resources).map((t) => t.split(":")[2]!);
    const functions = Object.keys(schema.functions).map((t) => t.split(":")[2]!);
    const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);
    const expected = [
      ...["Provider", ...resources].flatMap((name) => [name, `${name}Args`]),
      ...functions.flatMap((fn) => [
        snake(fn),
        `${snake(fn)}_output`,
        `${pascal(fn)}Result`,
        `Awaitable${pascal(fn)}Result`,
      ]),
    ].sort();
    expect([...functions].sort()).toEqual(Object.keys(dataSources).sort());
    expect(stdout.trim().split(" ")).toEqual([VERSION, ...expected]);
  });

  test("the Java SDK builds with Maven into a Maven repository folder: jar, sources, javadoc, pom", async () => {
    // scripts/sdk-packages.sh java: `mvn -o package` on the cached Maven repository, once per content.
    const folder = await sdkArtifact("java");
    const dir = path.join(folder, "io/github/pulumi-sender/sender", VERSION);
    const base = `sender-${VERSION}`;
    expect(files(dir)).toEqual(
      [".jar", "-javadoc.jar", "-sources.jar", ".pom"]
        .flatMap((ext) => [`${base}${ext}`, `${base}${ext}.md5`, `${base}${ext}.sha1`])
        .sort(),
    );
    expect(fs.readFileSync(path.join(dir, `${base}.pom`), "utf8")).toBe(
      fs.readFileSync(path.join(SDKS, "java/pom.xml"), "utf8"),
    );
    const { stdout } = await sh("unzip", ["-Z1", path.join(dir, `${base}.jar`)]);
    const entries = stdout.split("\n");
    const pkg = "io/github/pulumi_sender/sender";
    const schema = JSON.parse(fs.readFileSync(path.join(SDKS, "schema.json"), "utf8"));
    for (const token of Object.keys(schema.resources)) {
      const name = token.split(":")[2];
      expect(entries).toContain(`${pkg}/${name}.class`);
      expect(entries).toContain(`${pkg}/${name}Args.class`);
    }
    expect(entries).toContain(`${pkg}/SenderFunctions.class`);
    // What the Java SDK's bootstrap reads to tell the engine which plugin the program needs.
    const plugin = await sh("unzip", ["-p", path.join(dir, `${base}.jar`), `${pkg}/plugin.json`]);
    expect(JSON.parse(plugin.stdout)).toEqual({
      name: "sender",
      resource: true,
      server: "github://api.github.com/pulumi-sender",
      version: VERSION,
    });
    const sha1 = await sh("sha1sum", [path.join(dir, `${base}.jar`)]);
    expect(fs.readFileSync(path.join(dir, `${base}.jar.sha1`), "utf8")).toBe(sha1.stdout.split(" ")[0]);
  });

  test("the Go SDK builds against github.com/pulumi/pulumi/sdk/v3", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-go-"));
    fs.cpSync(path.join(SDKS, "go"), dir, { recursive: true });
    // The requirements of tools/sdkgen (a superset, same versions): its build has already compiled them.
    const sdkgen = path.join(ROOT, "tools/sdkgen");
    const requires = fs.readFileSync(path.join(sdkgen, "go.mod"), "utf8").replace(/^module .*$/m, "");
    fs.writeFileSync(path.join(dir, "go.mod"), `module ${GO_MODULE}\n${requires}`);
    fs.copyFileSync(path.join(sdkgen, "go.sum"), path.join(dir, "go.sum"));
    // The flags of the cached builds (scripts/pulumi-cli.sh, scripts/sdkgen.sh), so that Go's build cache serves.
    const env = { ...process.env, CGO_ENABLED: "0" };
    await sh("go", ["build", "-mod=mod", "-trimpath", "./..."], { cwd: dir, env });
    const { stdout } = await sh("go", ["vet", "-mod=mod", "-trimpath", "./sender"], { cwd: dir, env });
    expect(stdout).toBe("");
  });
});
