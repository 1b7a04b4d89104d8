#!/usr/bin/env node
// `npm run generate`: regenerates every generated file of the repository, running each generator's
// npm script in the order of GENERATORS below (a step reads what the steps before it wrote, and the
// build compiles the generated sources for the steps that run the compiled provider).
//
// `npm run generate -- --check` changes nothing: it copies the working tree (tracked files and new
// ones, ignored ones left out) to a scratch folder, regenerates there, and fails naming each file
// that differs from the working tree's, is missing from it, or is no generator's output. CI runs it
// (scripts/test.sh).
//
// `--only=<script>,...` runs those steps alone (in the list's order): for a quick look, and for the
// test that plants stale files (test/structure/generate.test.ts). `--keep` keeps the scratch folder.
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const root = path.resolve(__dirname, "..");

/**
 * @typedef {object} Generator
 * @property {string} script The npm script that runs it.
 * @property {string[]} writes The checked-in files it writes: a path, a folder (`dir/`: every file
 *   under it, which the generator owns whole), or `dir/*<suffix>` (the files of `dir` ending so).
 * @property {boolean} [check] false when it writes nothing checked in and nothing later reads it:
 *   `--check` leaves it out.
 */

/**
 * Every generator, in dependency order. A new one is one entry here, after the steps it reads.
 * @type {Generator[]}
 */
const GENERATORS = [
  // Sources, from the TSDoc and declarations of provider/ (the TypeScript compiler API, no build).
  { script: "docs:fields", writes: ["provider/kinds/field-docs.generated.ts"] },
  { script: "docs:data-source-fields", writes: ["provider/functions/docs.generated.ts"] },
  { script: "sdk:functions", writes: ["sdk/functions/*.generated.ts"] },
  { script: "sdk:classes", writes: ["sdk/*.generated.ts"] },
  // The Terraform door's protocol descriptors, from the vendored .proto files (protobufjs, no build).
  { script: "terraform:proto", writes: ["provider/terraform/proto.generated.ts"] },
  // The steps below run the compiled provider: the build compiles the sources written above.
  { script: "build", writes: [] },
  // The Registry examples: examples/registry/<name>/Pulumi.yaml converted into every language by
  // `pulumi convert` (a minute or more, so --check leaves it to test/e2e/registry-examples.test.ts,
  // which converts again and compares), then the module the schema's descriptions and the Registry's
  // pages take from the converted programs, compiled for the steps below.
  { script: "examples:convert", writes: [], check: false },
  { script: "examples:module", writes: ["provider/plugin/examples.generated.ts"] },
  { script: "schema", writes: ["sdks/schema.json"] },
  { script: "reference", writes: ["docs/resources.md"] },
  { script: "docs:data-sources", writes: ["docs/data-sources.md"] },
  // The Terraform provider's docs, from the door's schema and the kinds' samples (compiled) and
  // examples/terraform/; the resources' examples from the samples; the template README's install
  // section, the same as docs/terraform/index.md's.
  {
    script: "docs:terraform",
    writes: ["docs/terraform/", "examples/terraform/resources/", "templates/terraform/README.md"],
  },
  // tools/sdkgen (Go; built once per user by scripts/sdkgen.sh), from the schema.
  { script: "sdks", writes: ["sdks/schema.json", "sdks/nodejs/", "sdks/python/", "sdks/go/", "sdks/java/"] },
  { script: "docs:registry", writes: ["docs/_index.md", "docs/installation-configuration.md"] },
  { script: "policy:kinds", writes: ["policy/src/resources.ts"] },
  // The pack's copy of the core's content checks, bundled (esbuild, from the sources).
  { script: "policy:content", writes: ["policy/src/content-checks.generated.ts"] },
  // dist/plugin-bundle.js and dist/plugin.js, for the plugin tarball: nothing checked in.
  { script: "plugin:bundle", writes: [], check: false },
];

// Python's byte-code caches (test/e2e/sdks.test.ts compiles sdks/python in place): never ours.
const IGNORED = /(^|\/)__pycache__\//;

/** Whether a repository path is one of a generator's outputs (see {@link Generator}.writes). */
function matches(rel, pattern) {
  if (pattern.endsWith("/")) return rel.startsWith(pattern);
  const star = pattern.indexOf("*");
  if (star < 0) return rel === pattern;
  const dir = pattern.slice(0, star);
  return rel.startsWith(dir) && !rel.slice(dir.length).includes("/") && rel.endsWith(pattern.slice(star + 1));
}

/** The files of the working tree as Git would commit them: tracked and new, ignored ones left out. */
function workingTreeFiles(dir) {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: dir,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.status !== 0) throw new Error(`generate: git ls-files failed in ${dir}: ${listed.stderr}`);
  return (
    [...new Set(listed.stdout.split("\0"))]
      // node_modules as a link (a scratch copy's) escapes .gitignore's `node_modules/`.
      .filter((rel) => rel !== "" && rel !== "node_modules" && !IGNORED.test(rel))
      .filter((rel) => fs.existsSync(path.join(dir, rel)))
      .sort()
  );
}

/** Every file under `dir`, relative to it, with `/` separators. */
function filesUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((rel) => !IGNORED.test(rel));
}

/** A step's failure, its output already shown. */
class StepFailed extends Error {}

/** Runs one generator's npm script in `dir`; its output is shown, or kept for a failure when `quiet`. */
function run(generator, dir, quiet) {
  const started = process.hrtime.bigint();
  const result = spawnSync("npm", ["run", "--silent", generator.script], {
    cwd: dir,
    encoding: "utf8",
    stdio: quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout}${result.stderr}`);
    throw new StepFailed(
      `generate: npm run ${generator.script} failed (exit ${result.status ?? result.signal})`,
    );
  }
  console.error(`generate: ${generator.script} in ${seconds.toFixed(1)} s`);
}

/**
 * The generated files that differ between the working tree (`files`, as listed before the run) and
 * the scratch copy regenerated from it, one line each, with the step that writes them.
 */
function staleFiles(generators, files, scratch) {
  const lines = [];
  const seen = new Set();
  for (const generator of generators) {
    for (const pattern of generator.writes) {
      const base = pattern.includes("*") ? pattern.slice(0, pattern.lastIndexOf("/") + 1) : pattern;
      const regenerated =
        pattern.endsWith("/") || pattern.includes("*")
          ? filesUnder(path.join(scratch, base)).map((rel) => base + rel)
          : fs.existsSync(path.join(scratch, pattern))
            ? [pattern]
            : [];
      const candidates = new Set([...files.filter((rel) => matches(rel, pattern)), ...regenerated]);
      for (const rel of [...candidates].filter((rel) => matches(rel, pattern)).sort()) {
        if (seen.has(rel)) continue;
        seen.add(rel);
        const ours = path.join(root, rel);
        const theirs = path.join(scratch, rel);
        const why = !fs.existsSync(theirs)
          ? "no generator writes it (remove it)"
          : !files.includes(rel)
            ? "missing (the generator writes it)"
            : Buffer.compare(fs.readFileSync(ours), fs.readFileSync(theirs)) !== 0
              ? "differs from what the generator writes"
              : undefined;
        if (why !== undefined) lines.push(`${rel}: ${why} (npm run ${generator.script})`);
      }
    }
  }
  return lines;
}

/** Copies `files` of the tree at `from` to a new scratch folder, with node_modules linked, and returns it. */
function scratchCopy(files, from = root) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-generate-"));
  try {
    for (const rel of files) {
      const source = path.join(from, rel);
      const to = path.join(scratch, rel);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      if (fs.lstatSync(source).isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), to);
      else fs.copyFileSync(source, to);
    }
    fs.symlinkSync(path.join(from, "node_modules"), path.join(scratch, "node_modules"));
  } catch (error) {
    // A half-made copy is of no use to anyone: it goes with the failure.
    fs.rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  return scratch;
}

function main(argv) {
  const check = argv.includes("--check");
  const keep = argv.includes("--keep");
  const only = argv
    .find((arg) => arg.startsWith("--only="))
    ?.slice("--only=".length)
    .split(",");
  const unknown = argv.filter((arg) => !["--check", "--keep"].includes(arg) && !arg.startsWith("--only="));
  if (unknown.length > 0) {
    console.error(`generate: unknown argument ${unknown[0]} (known: --check, --only=<script>,..., --keep)`);
    process.exit(2);
  }
  const missing = (only ?? []).filter((script) => !GENERATORS.some((g) => g.script === script));
  if (missing.length > 0) {
    console.error(
      `generate: --only names no generator: ${missing.join(", ")} (known: ${GENERATORS.map((g) => g.script).join(", ")})`,
    );
    process.exit(2);
  }
  const steps = GENERATORS.filter(
    (g) => (only === undefined || only.includes(g.script)) && !(check && g.check === false),
  );
  const started = process.hrtime.bigint();
  if (!check) {
    for (const generator of steps) run(generator, root, false);
    return;
  }
  const files = workingTreeFiles(root);
  const scratch = scratchCopy(files);
  try {
    for (const generator of steps) run(generator, scratch, true);
    const stale = staleFiles(steps, files, scratch);
    const seconds = (Number(process.hrtime.bigint() - started) / 1e9).toFixed(1);
    if (stale.length > 0) {
      console.error(`generate --check: ${stale.length} stale file(s); run \`npm run generate\`:`);
      for (const line of stale) console.error(`  ${line}`);
      process.exitCode = 1;
    } else {
      console.error(`generate --check: every generated file is current (${seconds} s)`);
    }
  } finally {
    if (keep) console.error(`generate: kept ${scratch}`);
    else fs.rmSync(scratch, { recursive: true, force: true });
  }
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

module.exports = { GENERATORS, matches, scratchCopy, workingTreeFiles };
