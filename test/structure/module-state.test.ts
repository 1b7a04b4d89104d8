import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";

// No module of provider/ keeps mutable state of its own at the top level (a `let` or `var`): state
// belongs to an object its caller holds, so that two contexts, providers or tests never share it.
const ROOT = path.join(__dirname, "../..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The top-level `let` and `var` declarations of a source text (not indented: not in a body), as `line: text`. */
function topLevelVariables(text: string): string[] {
  return text
    .split("\n")
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => /^(?:export\s+)?(?:let|var)\s/.test(line))
    .map(({ line, number }) => `${number}: ${line.trim()}`);
}

describe("module-level state", () => {
  test("the scan finds a top-level let or var, and nothing in a body", () => {
    const text = [
      "let consoleFilter: typeof console.error | undefined;",
      "export var count = 0;",
      "const fixed = 1;",
      "function f() {",
      "  let local = 0;",
      "}",
    ].join("\n");
    expect(topLevelVariables(text)).toEqual([
      "1: let consoleFilter: typeof console.error | undefined;",
      "2: export var count = 0;",
    ]);
  });

  test("no file of provider/ declares a top-level let or var", () => {
    const found = sources(path.join(ROOT, "provider")).flatMap((file) =>
      topLevelVariables(fs.readFileSync(file, "utf8")).map(
        (hit) => `${path.relative(ROOT, file).split(path.sep).join("/")}:${hit}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
