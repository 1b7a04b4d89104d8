import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";

// provider/ writes to the console and the standard streams only through provider/core/diagnostics.ts,
// whose sink the plugin routes to the engine's Log (its stderr shows only at debug level).
const ROOT = path.join(__dirname, "../..");
const SINK = "provider/core/diagnostics.ts";
const RULE =
  "provider/ writes to the console and the standard streams only through provider/core/diagnostics.ts (warn, notice, printLine...): the plugin's stderr reaches the user only at debug level";

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** Lints `files` (path → text) with the project's biome.json (its VCS part left out) in a scratch tree. */
function lint(files: Record<string, string>): { status: number; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sender-lint-"));
  try {
    const {
      vcs: _vcs,
      files: _files,
      ...config
    } = JSON.parse(fs.readFileSync(path.join(ROOT, "biome.json"), "utf8"));
    fs.writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
    fs.mkdirSync(path.join(dir, "lint"));
    fs.copyFileSync(
      path.join(ROOT, "lint/no-direct-output.grit"),
      path.join(dir, "lint/no-direct-output.grit"),
    );
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    try {
      const output = execFileSync(
        path.join(ROOT, "node_modules/.bin/biome"),
        ["lint", "--max-diagnostics=50", "."],
        {
          cwd: dir,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      return { status: 0, output };
    } catch (error) {
      const failed = error as { status: number; stdout: string; stderr: string };
      return { status: failed.status, output: `${failed.stdout}${failed.stderr}` };
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("one diagnostics sink", () => {
  test("no file of provider/ but the sink names the console or the standard streams", () => {
    const offenders = sources(path.join(ROOT, "provider"))
      .map((file) => path.relative(ROOT, file).split(path.sep).join("/"))
      .filter((file) => file !== SINK)
      .filter((file) =>
        /\bconsole\.|\bprocess\.(stderr|stdout)\b/.test(fs.readFileSync(path.join(ROOT, file), "utf8")),
      );
    expect(offenders).toEqual([]);
  });

  test("the lint rule refuses each direct write in provider/, and only there", () => {
    const planted = [
      "export function f(): string | undefined {",
      '  console.log("a");',
      '  console.error("b");',
      '  process.stderr.write("c\\n");',
      '  process.stdout.write("d\\n");',
      "  return process.env.HOME;",
      "}",
      "",
    ].join("\n");
    const result = lint({ "provider/planted.ts": planted, [SINK]: planted, "test/planted.ts": planted });
    expect(result.status).not.toBe(0);
    const hits = [...result.output.matchAll(/^(\S+):(\d+):(\d+) plugin/gm)].map(
      (m) => `${m[1]}:${m[2]}:${m[3]}`,
    );
    expect(hits).toEqual([
      "provider/planted.ts:2:3",
      "provider/planted.ts:3:3",
      "provider/planted.ts:4:3",
      "provider/planted.ts:5:3",
    ]);
    expect(result.output.split(RULE).length - 1).toBe(4);
  });

  test("a provider file that writes through the sink passes the rule", () => {
    const result = lint({
      "provider/clean.ts":
        'import { warn } from "./diagnostics";\n\nexport function f(): void {\n  warn("x");\n}\n',
    });
    expect(result.output).not.toContain(RULE);
  });
});
