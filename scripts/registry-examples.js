#!/usr/bin/env node
// `npm run examples`, step one: converts each example of examples/registry/<name>/Pulumi.yaml into
// every language of REGISTRY_LANGUAGES (provider/plugin/registry-examples.ts) with `pulumi convert
// --from yaml --generate-only`, writes each program to examples/registry/<name>/<language>/, and
// writes provider/plugin/examples.generated.ts, the examples the schema's descriptions and the
// Registry's pages show. Needs the build (dist/), the Pulumi CLI and our language hosts (it asks
// scripts/pulumi-cli.sh and scripts/langhosts.sh for them) and the plugin (bin/).
//
//   --out DIR        converts into DIR/<name>/<language>/ instead, and writes no module
//                    (the staleness test compares DIR with examples/registry/)
//   --print-module   prints the module the checked-in programs give, converting nothing
"use strict";
const { execFile, execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { promisify } = require("node:util");
const YAML = require("yaml");

const run = promisify(execFile);
const root = path.resolve(__dirname, "..");
const EXAMPLES = path.join(root, "examples/registry");
const MODULE = path.join(root, "provider/plugin/examples.generated.ts");
const { REGISTRY_LANGUAGES } = require(path.join(root, "dist/provider/plugin/registry-examples.js"));
const { convertReportsError, inJavaTemplatePackage } = require(path.join(root, "dist/generators/convert.js"));
const { fixJavaProgram } = require(path.join(root, "dist/generators/java-convert-fixups.js"));

/** The example folders, in name order. */
function exampleNames() {
  return fs
    .readdirSync(EXAMPLES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(EXAMPLES, entry.name, "Pulumi.yaml")))
    .map((entry) => entry.name)
    .sort();
}

/** Every `type:` of a resource and `function:` of an `fn::invoke` in a YAML program, sorted. */
function tokensOf(program) {
  const tokens = new Set();
  for (const resource of Object.values(program.resources ?? {})) tokens.add(resource.type);
  const walk = (value) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      if (value["fn::invoke"]) tokens.add(value["fn::invoke"].function);
      Object.values(value).forEach(walk);
    }
  };
  walk(program.variables ?? {});
  walk(program.resources ?? {});
  walk(program.outputs ?? {});
  return [...tokens].filter((t) => t.startsWith("sender:")).sort();
}

/**
 * The bugs of pulumi-java's converter (generators/java-convert-fixups.ts) a YAML program's Java
 * conversion has, by what the program uses: a function, an index into a list, a config key with
 * no default.
 */
function javaBugsOf(source) {
  const program = YAML.parse(source);
  const bugs = [];
  if (tokensOf(program).some((token) => /^[a-z]/.test(token.split(":").pop()))) bugs.push("functionsImport");
  if (Object.values(program.config ?? {}).some((key) => key?.default === undefined))
    bugs.push("configOptional");
  if (/\$\{\w+\[\d+\]\./.test(source)) bugs.push("outputIndex");
  // A list field whose items are a function's results (variables made by fn::invoke).
  const invoked = Object.entries(program.variables ?? {})
    .filter(([, value]) => value?.["fn::invoke"] !== undefined)
    .map(([name]) => name);
  const lists = Object.values(program.resources ?? {}).flatMap((r) =>
    Object.entries(r?.properties ?? {}).filter(([key, value]) => key.endsWith("Ids") && Array.isArray(value)),
  );
  if (lists.some(([, items]) => items.some((item) => invoked.some((name) => item === `\${${name}.id}`))))
    bugs.push("outputList");
  return bugs;
}

/** The PATH with the CLI, our language hosts and the plugin on it (the scripts build them once). */
function toolPath() {
  const last = (script) =>
    execFileSync("bash", [path.join(root, script)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    })
      .trim()
      .split("\n")
      .pop();
  return [
    last("scripts/pulumi-cli.sh"),
    last("scripts/langhosts.sh"),
    path.join(root, "bin"),
    process.env.PATH,
  ].join(":");
}

/**
 * Converts every example into every converted language under `out/<name>/<language>/`, a few at
 * once: each conversion spends most of its time starting the CLI, the plugin and a language host.
 */
async function convertAll(out, parallel = 3) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-registry-examples-"));
  const env = {
    ...process.env,
    PATH: toolPath(),
    PULUMI_HOME: path.join(scratch, "home"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
  const jobs = exampleNames().flatMap((name) =>
    REGISTRY_LANGUAGES.filter((l) => l.convert).map((language) => ({ name, language })),
  );
  const convertOne = async ({ name, language }) => {
    const converted = path.join(scratch, name, language.name);
    const args = ["convert", "--from", "yaml", "--language", language.convert.language];
    let stderr;
    try {
      ({ stderr } = await run("pulumi", [...args, "--out", converted, "--generate-only"], {
        cwd: path.join(EXAMPLES, name),
        env,
      }));
    } catch (err) {
      throw new Error(`pulumi convert of ${name} to ${language.name} failed:\n${err.stderr || err.message}`);
    }
    // It exits 0 when the plugin's schema does not load, with a program of no resources.
    if (convertReportsError(stderr))
      throw new Error(`pulumi convert of ${name} to ${language.name} reported errors:\n${stderr}`);
    const target = path.join(out, name, language.name);
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(target, { recursive: true });
    let program = fs.readFileSync(path.join(converted, language.convert.program), "utf8");
    // Java's converter has known bugs; the examples show the program a user gets after the
    // documented edits, each checked to be still needed (docs/limitations.md), in the Java
    // template's package, so that an example pasted into its App.java runs.
    if (language.name === "java") {
      const source = fs.readFileSync(path.join(EXAMPLES, name, "Pulumi.yaml"), "utf8");
      try {
        program = inJavaTemplatePackage(fixJavaProgram(program, javaBugsOf(source)));
      } catch (err) {
        throw new Error(`the Java conversion of ${name}: ${err.message}`);
      }
    }
    fs.writeFileSync(path.join(target, path.basename(language.convert.program)), program);
  };
  try {
    const lanes = Array.from({ length: parallel }, async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) await convertOne(job);
    });
    await Promise.all(lanes);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The examples as the checked-in files hold them: title, tokens and each language's program. */
function readExamples() {
  return exampleNames().map((name) => {
    const dir = path.join(EXAMPLES, name);
    const source = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
    const program = YAML.parse(source);
    if (!program.description) throw new Error(`examples/registry/${name}/Pulumi.yaml has no description`);
    const programs = {};
    for (const language of REGISTRY_LANGUAGES) {
      programs[language.name] = language.convert
        ? fs.readFileSync(path.join(dir, language.name, path.basename(language.convert.program)), "utf8")
        : source;
    }
    return { name, title: program.description, tokens: tokensOf(program), programs };
  });
}

/**
 * The module text. Every example shares one stack per language in the tests, so resource names and
 * outputs must not repeat across examples.
 */
function moduleText() {
  const examples = readExamples();
  for (const section of ["resources", "variables", "outputs"]) {
    const seen = new Map();
    for (const example of examples) {
      const program = YAML.parse(fs.readFileSync(path.join(EXAMPLES, example.name, "Pulumi.yaml"), "utf8"));
      for (const key of Object.keys(program[section] ?? {})) {
        if (seen.has(key))
          throw new Error(`${section} ${key} is in both ${seen.get(key)} and ${example.name}`);
        seen.set(key, example.name);
      }
    }
  }
  const text = [
    "// Generated by `npm run examples` (scripts/registry-examples.js) from examples/registry/: do not edit.",
    "// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Pulumi YAML's interpolation, in the YAML programs",
    'import type { RegistryExample } from "./registry-examples";',
    "",
    "/** The Registry examples, by folder name: each one's title, the tokens it uses and its program per language. */",
    `export const registryExamples: readonly RegistryExample[] = ${JSON.stringify(examples, null, 2)};`,
    "",
  ].join("\n");
  // In the repository's format, so that lint passes on the written file.
  return execFileSync(path.join(root, "node_modules/.bin/biome"), ["format", `--stdin-file-path=${MODULE}`], {
    cwd: root,
    input: text,
    encoding: "utf8",
  });
}

async function main(args) {
  if (args[0] === "--print-module") {
    process.stdout.write(moduleText());
  } else if (args[0] === "--out") {
    if (!args[1]) throw new Error("--out needs a folder");
    await convertAll(path.resolve(args[1]));
  } else {
    await convertAll(EXAMPLES);
    fs.writeFileSync(MODULE, moduleText());
    const languages = REGISTRY_LANGUAGES.filter((l) => l.convert).map((l) => l.name);
    console.log(`examples: wrote examples/registry/*/{${languages}} and ${path.relative(root, MODULE)}`);
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(`registry-examples: ${err.message}`);
  process.exit(1);
});
