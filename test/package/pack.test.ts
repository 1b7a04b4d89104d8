import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Packed, packFreshClone, ROOT } from "./packed";

// What `npm pack` ships from a fresh clone: prepack builds dist, and the package carries its
// licence, readme and changelog, the JavaScript and its declarations, the native plugin's launcher,
// and nothing else.
let packed: Packed;

beforeAll(() => {
  packed = packFreshClone();
}, 120_000);
afterAll(() => packed?.dispose());

/** The compiled counterparts of every source file of the package (smoke/, a dev tool, stays out). */
function expectedDist(): string[] {
  const sources = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => /^(provider|sdk|emulator)\/.*\.ts$/.test(file) && !file.endsWith(".test.ts"))
    .filter((file) => fs.existsSync(path.join(ROOT, file)));
  return sources.flatMap((file) => [
    `dist/${file.replace(/\.ts$/, ".d.ts")}`,
    `dist/${file.replace(/\.ts$/, ".js")}`,
  ]);
}

describe("npm pack from a fresh clone", () => {
  test("ships LICENSE, README, CHANGELOG, package.json, the plugin launcher and dist's JavaScript with declarations, only", () => {
    expect(packed.files).toEqual(
      [
        "CHANGELOG.md",
        "LICENSE",
        "README.md",
        "bin/pulumi-resource-sender",
        "package.json",
        ...expectedDist(),
      ].sort(),
    );
  });

  test("ships no source maps and no reference to one", () => {
    expect(packed.files.filter((file) => file.endsWith(".map"))).toEqual([]);
    const referencing = packed.files
      .filter((file) => file.endsWith(".js"))
      .filter((file) => fs.readFileSync(path.join(packed.clone, file), "utf8").includes("sourceMappingURL"));
    expect(referencing).toEqual([]);
  });

  test("the entry points of package.json exist in the tarball", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    const targets = [
      pkg.main,
      pkg.types,
      ...Object.values(pkg.bin as Record<string, string>),
      ...Object.values(pkg.exports as Record<string, string | Record<string, string>>).flatMap((entry) =>
        typeof entry === "string" ? [entry] : Object.values(entry),
      ),
    ].map((target: string) => target.replace(/^\.\//, ""));
    expect(targets.filter((target) => !packed.files.includes(target))).toEqual([]);
  });

  test("the licence is the Apache License 2.0 that package.json names", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(pkg.license).toBe("Apache-2.0");
    const licence = fs.readFileSync(path.join(packed.clone, "LICENSE"), "utf8");
    expect(
      licence
        .split("\n")
        .slice(0, 3)
        .map((line) => line.trim()),
    ).toEqual(["Apache License", "Version 2.0, January 2004", "http://www.apache.org/licenses/"]);
    expect(licence).toContain("END OF TERMS AND CONDITIONS");
  });
});
