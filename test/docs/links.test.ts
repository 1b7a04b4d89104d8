// The docs agree with the checkout: every relative link and anchor of README.md and docs/ resolves,
// every `npm run <x>` they name is a script, every `file:line` they cite exists. The checker is
// proven on a fixture with one planted break of each kind.
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { ROOT } from "../support/root";
import { anchorsOf, docProblems, scriptsOf } from "./doc-links";

const tracked = (...patterns: string[]) =>
  execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", ...patterns], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean);

describe("README.md and docs/*.md", () => {
  test("every relative link and anchor resolves, every npm run names a script, every file:line exists", () => {
    const docs = ["README.md", "CHANGELOG.md", ...tracked("docs/*.md")];
    expect(docs.length).toBeGreaterThan(15);
    const scripts = scriptsOf(ROOT, tracked("package.json", "*/package.json", "examples/*/package.json"));
    expect(docProblems(ROOT, docs, scripts)).toEqual([]);
  });
});

describe("the checker, on a fixture with planted breaks", () => {
  const fixture = path.join(ROOT, "test/fixtures/docs-broken");

  test("finds each: a missing file, a missing anchor, an unknown script, a line past the end", () => {
    const scripts = scriptsOf(fixture, ["package.json"]);
    expect([...scripts]).toEqual(["build"]);
    expect(docProblems(fixture, ["README.md", "docs/guide.md"], scripts)).toEqual([
      "README.md: link docs/missing.md: no docs/missing.md",
      "README.md: link docs/guide.md#no-such-part: docs/guide.md has no heading #no-such-part",
      "README.md: npm run deploy: no such script",
      "README.md: docs/guide.md:40: docs/guide.md has 9 lines",
      "docs/guide.md: link ../README.md#nowhere: README.md has no heading #nowhere",
    ]);
  });

  test("GitHub's anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered", () => {
    expect([
      ...anchorsOf(
        "# Quick start\n## 1. Against the `local` emulator\n## Quick start\n```\n# not a heading\n```\n",
      ),
    ]).toEqual(["quick-start", "1-against-the-local-emulator", "quick-start-1"]);
  });
});
