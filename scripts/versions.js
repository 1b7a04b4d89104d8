#!/usr/bin/env node
// The version is declared once, in package.json; every other place that names the version of
// pulumi-sender's own packages follows it. `node scripts/versions.js [<root>]` prints one line per
// place that disagrees (the file, what it says, what it should say, and how to fix it) and exits 1,
// or prints the version. scripts/release.sh runs it first; test/structure/versions.test.ts holds it.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

/** The Java SDK's resources folder: its package io.github.pulumi_sender.sender (provider/plugin/schema.ts). */
const JAVA_RESOURCES = "src/main/resources/io/github/pulumi_sender/sender";

/** The range a 0.x (or x.y) dependency on this version takes: `^<version>`. */
const caret = (v) => `^${v}`;

/** Python's equivalent of the caret: `>=<version>,<next breaking>`. */
function pep440Caret(v) {
  const [major, minor] = v.split(".").map(Number);
  return major === 0 ? `>=${v},<0.${minor + 1}.0` : `>=${v},<${major + 1}.0.0`;
}

/** Numeric comparison of two `x.y.z` versions (pre-release tags ignored). */
function compare(a, b) {
  const pa = a.split(/[.-]/).map(Number);
  const pb = b.split(/[.-]/).map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

/**
 * Every place that names the version, with what it says: `[file, found, expected, fix]` rows. `found`
 * is undefined when the file no longer has the place at all (that disagrees too).
 */
function places(root, version) {
  const read = (file) => fs.readFileSync(path.join(root, file), "utf8");
  const json = (file) => JSON.parse(read(file));
  const match = (file, re) => re.exec(read(file))?.[1];
  const regen = "npm run build && npm run schema && npm run sdks";
  const rows = [
    ["package-lock.json", json("package-lock.json").version, version, "npm install"],
    [
      "package-lock.json (packages[''])",
      json("package-lock.json").packages[""].version,
      version,
      "npm install",
    ],
    ["sdks/schema.json", json("sdks/schema.json").version, version, regen],
    ["sdks/nodejs/package.json", json("sdks/nodejs/package.json").version, version, regen],
    [
      "sdks/nodejs/package.json (pulumi.version)",
      json("sdks/nodejs/package.json").pulumi?.version,
      version,
      regen,
    ],
    [
      "sdks/python/pyproject.toml",
      match("sdks/python/pyproject.toml", /^\s*version = "([^"]+)"/m),
      version,
      regen,
    ],
    [
      "sdks/python/pulumi_sender/pulumi-plugin.json",
      json("sdks/python/pulumi_sender/pulumi-plugin.json").version,
      version,
      regen,
    ],
    ["sdks/go/sender/pulumi-plugin.json", json("sdks/go/sender/pulumi-plugin.json").version, version, regen],
    [
      "sdks/go/sender/internal/pulumiUtilities.go",
      match("sdks/go/sender/internal/pulumiUtilities.go", /semver\.MustParse\("([^"]+)"\)/),
      version,
      regen,
    ],
    ["sdks/java/pom.xml", match("sdks/java/pom.xml", /^ {2}<version>([^<]+)<\/version>$/m), version, regen],
    [
      `sdks/java/${JAVA_RESOURCES}/version.txt`,
      read(`sdks/java/${JAVA_RESOURCES}/version.txt`),
      version,
      regen,
    ],
    [
      `sdks/java/${JAVA_RESOURCES}/plugin.json`,
      json(`sdks/java/${JAVA_RESOURCES}/plugin.json`).version,
      version,
      regen,
    ],
    [
      "templates/typescript/package.json",
      json("templates/typescript/package.json").dependencies?.["pulumi-sender"],
      caret(version),
      "edit the range",
    ],
    [
      "templates/typescript-native/package.json",
      json("templates/typescript-native/package.json").dependencies?.["pulumi-sender-native"],
      caret(version),
      "edit the range",
    ],
    [
      "templates/python/requirements.txt",
      match("templates/python/requirements.txt", /^pulumi_sender(\S*)$/m),
      pep440Caret(version),
      "edit the requirement",
    ],
    [
      "templates/terraform/main.tf",
      match("templates/terraform/main.tf", /^\s*version = "([^"]+)"$/m),
      version,
      "edit required_providers' version",
    ],
    [
      "templates/go/go.mod",
      match("templates/go/go.mod", /github\.com\/pulumi-sender\/pulumi-sender\/sdks\/go (\S+)/),
      `v${version}`,
      "edit the require",
    ],
    [
      "templates/java/pom.xml",
      match("templates/java/pom.xml", /<artifactId>sender<\/artifactId>\s*<version>([^<]+)<\/version>/),
      version,
      "edit the dependency's version",
    ],
    [
      "examples/gitops/package.json",
      json("examples/gitops/package.json").dependencies?.["pulumi-sender"],
      caret(version),
      "edit the range",
    ],
    [
      "examples/gitops/package-lock.json (packages[''])",
      json("examples/gitops/package-lock.json").packages[""].dependencies?.["pulumi-sender"],
      caret(version),
      "npm install in examples/gitops",
    ],
    [
      "examples/gitops/package-lock.json (node_modules/pulumi-sender)",
      json("examples/gitops/package-lock.json").packages["node_modules/pulumi-sender"]?.version,
      version,
      "npm install in examples/gitops once the version is published",
    ],
    [
      "docs/installation-configuration.md",
      match("docs/installation-configuration.md", /pulumi plugin install resource sender (\S+)/),
      version,
      "npm run build && npm run docs:registry",
    ],
  ];
  // Package declarations of the YAML programs: the file is named after the version it declares.
  for (const dir of ["templates/yaml/sdks/sender", "examples/yaml/sdks/sender"]) {
    const files = fs.existsSync(path.join(root, dir)) ? fs.readdirSync(path.join(root, dir)) : [];
    const file = files.find((f) => /^sender-.*\.yaml$/.test(f));
    rows.push([`${dir}/`, file, `sender-${version}.yaml`, "rename the package declaration"]);
    if (file)
      rows.push([
        `${dir}/${file}`,
        match(`${dir}/${file}`, /^version: (\S+)$/m),
        version,
        "edit its version",
      ]);
  }
  // CHANGELOG.md: its newest release heading is this version, or, before the release, an
  // "Unreleased" section on top and no release newer than this one.
  const headings = [...read("CHANGELOG.md").matchAll(/^## \[?([^\]\s]+)\]?/gm)].map((m) => m[1]);
  const released = headings.filter((h) => /^\d+\.\d+\.\d+/.test(h));
  const newer = released.filter((h) => compare(h, version) > 0);
  const ok = released[0] === version || (/^unreleased$/i.test(headings[0] ?? "") && newer.length === 0);
  rows.push([
    "CHANGELOG.md",
    ok ? version : `${headings[0] ?? "no section"}${newer.length ? ` (newer: ${newer.join(", ")})` : ""}`,
    version,
    `a "## [${version}]" section, or "## Unreleased" on top and no newer release`,
  ]);
  return rows;
}

/** The places that disagree with package.json's version, as lines naming each file. */
function disagreements(root) {
  const version = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version;
  return places(root, version)
    .filter(([, found, expected]) => found !== expected)
    .map(
      ([file, found, expected, fix]) =>
        `${file}: ${found === undefined ? "no version found" : found}, package.json says ${expected} (${fix})`,
    );
}

module.exports = { disagreements, pep440Caret };

if (require.main === module) {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, ".."));
  const bad = disagreements(root);
  for (const line of bad) console.error(`versions: ${line}`);
  if (bad.length > 0) process.exit(1);
  console.log(JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version);
}
