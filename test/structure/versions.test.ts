import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { ROOT } from "../support/root";

// The version is declared once, in package.json; the schema, the SDKs, the templates' ranges, the
// examples and CHANGELOG.md follow it (scripts/versions.js, which scripts/release.sh runs first).
const { disagreements, pep440Caret } = require(path.join(ROOT, "scripts/versions.js")) as {
  disagreements(root: string): string[];
  pep440Caret(version: string): string;
};
const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;

const copies: string[] = [];
/** A copy of the files the check reads, to change one of them. */
function copy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-versions-"));
  copies.push(dir);
  for (const part of [
    "package.json",
    "package-lock.json",
    "CHANGELOG.md",
    "sdks",
    "templates",
    "examples",
    "docs",
  ])
    fs.cpSync(path.join(ROOT, part), path.join(dir, part), {
      recursive: true,
      filter: (src) => !src.includes("node_modules"),
    });
  return dir;
}
const edit = (dir: string, file: string, from: string | RegExp, to: string) => {
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  const changed = text.replace(from, to);
  expect(changed, `${file} has ${from}`).not.toBe(text);
  fs.writeFileSync(path.join(dir, file), changed);
};
afterEach(() => {
  for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the version, declared once in package.json", () => {
  test("every place that names it agrees", () => {
    expect(disagreements(ROOT)).toEqual([]);
  });

  test("a template's range that lags names the file, what it says and what it should", () => {
    const dir = copy();
    edit(
      dir,
      "templates/typescript-native/package.json",
      `"pulumi-sender-native": "^${VERSION}"`,
      `"pulumi-sender-native": "^0.0.9"`,
    );
    expect(disagreements(dir)).toEqual([
      `templates/typescript-native/package.json: ^0.0.9, package.json says ^${VERSION} (edit the range)`,
    ]);
  });

  test("a bump of package.json alone names every file that must follow", () => {
    const dir = copy();
    edit(dir, "package.json", `"version": "${VERSION}"`, `"version": "7.3.0"`);
    const files = disagreements(dir).map((line) => line.slice(0, line.indexOf(":")));
    expect(files).toEqual([
      "package-lock.json",
      "package-lock.json (packages[''])",
      "sdks/schema.json",
      "sdks/nodejs/package.json",
      "sdks/nodejs/package.json (pulumi.version)",
      "sdks/python/pyproject.toml",
      "sdks/python/pulumi_sender/pulumi-plugin.json",
      "sdks/go/sender/pulumi-plugin.json",
      "sdks/go/sender/internal/pulumiUtilities.go",
      "sdks/java/pom.xml",
      "sdks/java/src/main/resources/io/github/pulumi_sender/sender/version.txt",
      "sdks/java/src/main/resources/io/github/pulumi_sender/sender/plugin.json",
      "templates/typescript/package.json",
      "templates/typescript-native/package.json",
      "templates/python/requirements.txt",
      "templates/terraform/main.tf",
      "templates/go/go.mod",
      "templates/java/pom.xml",
      "examples/gitops/package.json",
      "examples/gitops/package-lock.json (packages[''])",
      "examples/gitops/package-lock.json (node_modules/pulumi-sender)",
      "docs/installation-configuration.md",
      "templates/yaml/sdks/sender/",
      `templates/yaml/sdks/sender/sender-${VERSION}.yaml`,
      "examples/yaml/sdks/sender/",
      `examples/yaml/sdks/sender/sender-${VERSION}.yaml`,
    ]);
    // Before its release, the new version's changes sit under "## Unreleased": that agrees.
  });

  test("the schema and a YAML package declaration that disagree are named", () => {
    const dir = copy();
    edit(dir, "sdks/schema.json", `"version": "${VERSION}"`, `"version": "0.0.9"`);
    edit(dir, `examples/yaml/sdks/sender/sender-${VERSION}.yaml`, `version: ${VERSION}`, "version: 0.0.9");
    expect(disagreements(dir)).toEqual([
      `sdks/schema.json: 0.0.9, package.json says ${VERSION} (npm run build && npm run schema && npm run sdks)`,
      `examples/yaml/sdks/sender/sender-${VERSION}.yaml: 0.0.9, package.json says ${VERSION} (edit its version)`,
    ]);
  });

  test("CHANGELOG.md: a released section newer than package.json disagrees; its own version agrees", () => {
    const dir = copy();
    edit(dir, "CHANGELOG.md", /^## Unreleased$/m, "## Unreleased\n\n## [9.0.0] - 2030-01-01\n\n- later");
    expect(disagreements(dir)).toEqual([
      `CHANGELOG.md: Unreleased (newer: 9.0.0), package.json says ${VERSION} (a "## [${VERSION}]" section, or "## Unreleased" on top and no newer release)`,
    ]);
    edit(
      dir,
      "CHANGELOG.md",
      /^## Unreleased\n\n## \[9\.0\.0\] - 2030-01-01$/m,
      `## [${VERSION}] - 2030-01-01`,
    );
    expect(disagreements(dir)).toEqual([]);
  });

  test("the Python range of a 0.x version stops before the next minor, as npm's caret does", () => {
    expect(pep440Caret("0.1.0")).toBe(">=0.1.0,<0.2.0");
    expect(pep440Caret("0.12.3")).toBe(">=0.12.3,<0.13.0");
    expect(pep440Caret("2.4.1")).toBe(">=2.4.1,<3.0.0");
  });
});
