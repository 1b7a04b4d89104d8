import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, test } from "vitest";
import { ROOT } from "../support/root";

// The pack as scripts/policy-pack.sh packs it for the release: its name, its version (the root's),
// and exactly the files the engine and a user need.
const root = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
const pack = JSON.parse(fs.readFileSync(path.join(ROOT, "policy/package.json"), "utf8"));

test("policy/package.json follows the root's version and pins @pulumi/policy 1.21.0", () => {
  expect([pack.name, pack.version, pack.main]).toEqual([
    "pulumi-sender-policy",
    root.version,
    "dist/index.js",
  ]);
  expect(pack.dependencies).toEqual({
    "@pulumi/policy": "1.21.0",
    "@pulumi/pulumi": root.devDependencies["@pulumi/pulumi"],
  });
});

test("scripts/policy-pack.sh prints pulumi-sender-policy-<version>.tgz with the compiled pack and its PulumiPolicy.yaml", () => {
  const tarball = execFileSync("bash", [path.join(ROOT, "scripts/policy-pack.sh")], {
    encoding: "utf8",
  }).trim();
  expect(path.basename(tarball)).toBe(`pulumi-sender-policy-${root.version}.tgz`);
  const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n").sort();
  expect(files).toEqual([
    "package/LICENSE",
    "package/PulumiPolicy.yaml",
    "package/README.md",
    "package/dist/config.d.ts",
    "package/dist/config.js",
    "package/dist/content-checks.generated.d.ts",
    "package/dist/content-checks.generated.js",
    "package/dist/index.d.ts",
    "package/dist/index.js",
    "package/dist/policies.d.ts",
    "package/dist/policies.js",
    "package/dist/resources.d.ts",
    "package/dist/resources.js",
    "package/dist/rules.d.ts",
    "package/dist/rules.js",
    "package/package.json",
  ]);
  const packed = JSON.parse(
    execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }),
  );
  expect([packed.name, packed.version]).toEqual(["pulumi-sender-policy", root.version]);
  // A second call is served from the cache: the same file.
  expect(execFileSync("bash", [path.join(ROOT, "scripts/policy-pack.sh")], { encoding: "utf8" }).trim()).toBe(
    tarball,
  );
});
