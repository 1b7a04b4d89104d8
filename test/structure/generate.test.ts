import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { scratchGitEnv } from "../support/git-env";
import { ROOT } from "../support/root";

// `npm run generate -- --check` regenerates into a scratch copy and names every generated file that
// differs. Here it runs in a copy of this working tree with stale files planted in it; three of the
// source generators that need no build keep it quick (CI runs every step on the real tree).
const generate = require(path.join(ROOT, "scripts/generate.js")) as {
  GENERATORS: Array<{ script: string; writes: string[]; check?: boolean }>;
  matches(rel: string, pattern: string): boolean;
  scratchCopy(files: string[], from: string): string;
  workingTreeFiles(dir: string): string[];
};

const ONLY = "--only=docs:fields,sdk:functions,sdk:classes";
let tree: string;

/** `node scripts/generate.js <args>` in the copy: its exit status and what it wrote to stderr. */
function run(...args: string[]): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [path.join(tree, "scripts/generate.js"), ...args], {
    cwd: tree,
    encoding: "utf8",
  });
  return { status: result.status, stderr: result.stderr };
}

/** The lines that name stale files, in the order the check gives them. */
const staleLines = (stderr: string) =>
  stderr
    .split("\n")
    .filter((line) => line.startsWith("  "))
    .map((line) => line.trim());

beforeAll(() => {
  tree = generate.scratchCopy(generate.workingTreeFiles(ROOT), ROOT);
  // What the check lists the files by: the copy's own index.
  for (const args of [
    ["init", "-q"],
    ["add", "-A"],
  ]) {
    const git = spawnSync("git", args, { cwd: tree, encoding: "utf8", env: scratchGitEnv() });
    expect(git.stderr).toBe("");
  }
});

afterAll(() => {
  fs.rmSync(tree, { recursive: true, force: true });
});

describe("npm run generate -- --check", () => {
  test("passes on the tree as it is", () => {
    const { status, stderr } = run("--check", ONLY);
    expect(staleLines(stderr)).toEqual([]);
    expect(status).toBe(0);
    expect(stderr).toMatch(/^generate --check: every generated file is current \(/m);
  }, 120_000);

  test("fails naming each planted stale file, and changes nothing", () => {
    const docs = path.join(tree, "provider/kinds/field-docs.generated.ts");
    const edited = fs.readFileSync(docs, "utf8").replace(/(\w+): "/, '$1: "An out-of-date doc. ');
    fs.writeFileSync(docs, edited);
    fs.rmSync(path.join(tree, "sdk/functions/plans.generated.ts"));
    fs.writeFileSync(path.join(tree, "sdk/functions/gone.generated.ts"), "export {};\n");
    const campaign = path.join(tree, "sdk/campaign.generated.ts");
    fs.writeFileSync(
      campaign,
      fs
        .readFileSync(campaign, "utf8")
        .replace("subject: pulumi.Input<string>", "subject?: pulumi.Input<string>"),
    );

    const { status, stderr } = run("--check", ONLY);
    expect(staleLines(stderr)).toEqual([
      "provider/kinds/field-docs.generated.ts: differs from what the generator writes (npm run docs:fields)",
      "sdk/functions/gone.generated.ts: no generator writes it (remove it) (npm run sdk:functions)",
      "sdk/functions/plans.generated.ts: missing (the generator writes it) (npm run sdk:functions)",
      "sdk/campaign.generated.ts: differs from what the generator writes (npm run sdk:classes)",
    ]);
    expect(stderr).toContain("generate --check: 4 stale file(s); run `npm run generate`:");
    expect(status).toBe(1);
    // The check wrote nothing into the tree it checked.
    expect(fs.readFileSync(docs, "utf8")).toBe(edited);
    expect(fs.existsSync(path.join(tree, "sdk/functions/plans.generated.ts"))).toBe(false);
    expect(fs.existsSync(path.join(tree, "sdk/functions/gone.generated.ts"))).toBe(true);
    expect(fs.readFileSync(campaign, "utf8")).toContain("subject?: pulumi.Input<string>");
  }, 120_000);

  test("an unknown step or argument is one line naming it", () => {
    expect(run("--only=docs:feilds")).toEqual({
      status: 2,
      stderr: `generate: --only names no generator: docs:feilds (known: ${generate.GENERATORS.map((g) => g.script).join(", ")})\n`,
    });
    expect(run("--chek")).toEqual({
      status: 2,
      stderr: "generate: unknown argument --chek (known: --check, --only=<script>,..., --keep)\n",
    });
  });
});

test("a copy that fails on its way leaves no scratch folder behind", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-generate-test-"));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    expect(() => generate.scratchCopy(["README.md", "no-such-file"], ROOT)).toThrow(/ENOENT/);
    expect(fs.readdirSync(tmp)).toEqual([]);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

describe("the generators", () => {
  test("each is an npm script of package.json, once", () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts;
    const names = generate.GENERATORS.map((g) => g.script);
    expect(names.filter((name) => scripts[name] === undefined)).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });

  test("the build comes before every step that runs the compiled provider", () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts;
    const build = generate.GENERATORS.findIndex((g) => g.script === "build");
    const readsDist = generate.GENERATORS.filter((g) =>
      /dist\/|sdkgen\.sh|policy-kinds/.test(scripts[g.script]),
    );
    expect(readsDist.map((g) => g.script)).toEqual([
      "schema",
      "reference",
      "docs:data-sources",
      "docs:terraform",
      "sdks",
      "docs:registry",
      "policy:kinds",
    ]);
    expect(readsDist.every((g) => generate.GENERATORS.indexOf(g) > build)).toBe(true);
  });

  test.each([
    ["sdk/functions/plans.generated.ts", "sdk/functions/*.generated.ts", true],
    ["sdk/functions/common.ts", "sdk/functions/*.generated.ts", false],
    ["sdk/functions/x/y.generated.ts", "sdk/functions/*.generated.ts", false],
    ["sdk/campaign.generated.ts", "sdk/*.generated.ts", true],
    ["sdk/functions/plans.generated.ts", "sdk/*.generated.ts", false],
    ["sdks/go/sender/campaign.go", "sdks/go/", true],
    ["sdks/gone.go", "sdks/go/", false],
    ["docs/resources.md", "docs/resources.md", true],
    ["docs/resources.md.bak", "docs/resources.md", false],
  ])("%s matches %s: %s", (rel, pattern, expected) => {
    expect(generate.matches(rel, pattern)).toBe(expected);
  });
});
