// scripts/plugin-loader.js, the plugin's dist/plugin.js: runs dist/plugin-bundle.js as Node would
// run the file, from a V8 code cache it makes after a first run. Here with small bundles in the two
// layouts it is shipped in: the Pulumi plugin's folder, and the Terraform provider's package folder.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { ROOT } from "../support/root";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-loader-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A bundle that prints what it was given; its sixth line makes an error and prints where. */
const BUNDLE = [
  "#!/usr/bin/env node",
  '"use strict";',
  "const path = require('node:path');",
  "const seen = { file: path.basename(__filename), dir: path.basename(__dirname), module: path.basename(module.filename), self: this === module.exports, word: 'alpha' };",
  "console.log(JSON.stringify(seen));",
  "if (process.env.WHERE) console.log(new Error('here').stack.split('\\n')[1].trim());",
  "",
].join("\n");

/** A plugin folder `<name>/dist/` holding the loader and `bundle`; `beside` files go into `<name>/`. */
function plugin(name: string, bundle = BUNDLE, beside: string[] = []): string {
  const root = path.join(dir, name);
  fs.mkdirSync(path.join(root, "dist"), { recursive: true });
  fs.copyFileSync(path.join(ROOT, "scripts/plugin-loader.js"), path.join(root, "dist/plugin.js"));
  fs.writeFileSync(path.join(root, "dist/plugin-bundle.js"), bundle);
  for (const file of beside) fs.writeFileSync(path.join(root, file), "#!/bin/sh\n", { mode: 0o755 });
  return root;
}

/** Runs `<root>/dist/plugin.js` as the launcher does; its status, and its output's lines. */
function run(root: string, env: Record<string, string> = {}) {
  const { NODE_DISABLE_COMPILE_CACHE: _, ...inherited } = process.env;
  const out = spawnSync(process.execPath, [path.join(root, "dist/plugin.js")], {
    encoding: "utf8",
    env: { ...inherited, XDG_CACHE_HOME: path.join(root, "xdg"), ...env },
  });
  return { status: out.status, stderr: out.stderr, lines: out.stdout.split("\n").filter(Boolean) };
}

/** The cache file's name for a bundle's text on this runtime. */
const cacheName = (bundle: string) =>
  `plugin-bundle-${createHash("sha1").update(bundle).digest("hex").slice(0, 20)}-${process.version}-${process.arch}.v8`;

/** The files under a folder, relative, sorted. */
const files = (root: string) =>
  (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();

const SEEN =
  '{"file":"plugin-bundle.js","dir":"dist","module":"plugin-bundle.js","self":true,"word":"alpha"}';

describe("the plugin's loader", () => {
  test("runs the bundle as Node runs a file: its own __filename, __dirname, module and this; errors name its own line and column", () => {
    const root = plugin("as-a-file");
    const first = run(root, { WHERE: "1" });
    const column = BUNDLE.split("\n")[5]!.indexOf("new Error") + 1;
    expect(first).toEqual({
      status: 0,
      stderr: "",
      lines: [SEEN, `at Object.<anonymous> (${path.join(root, "dist/plugin-bundle.js")}:6:${column})`],
    });
    // From its cache, the same.
    expect(run(root, { WHERE: "1" })).toEqual(first);
  });

  test("writes its cache beside the plugin once, named by the bundle's SHA-1 and the runtime; a later start reads it and writes nothing", () => {
    const root = plugin("beside");
    expect(run(root).lines).toEqual([SEEN]);
    const cache = path.join(root, "dist/.compile-cache", cacheName(BUNDLE));
    expect(files(path.join(root, "dist"))).toEqual([
      `.compile-cache/${cacheName(BUNDLE)}`,
      "plugin-bundle.js",
      "plugin.js",
    ]);
    const written = fs.readFileSync(cache);
    const when = fs.statSync(cache).mtimeMs;
    expect(run(root).lines).toEqual([SEEN]);
    expect([fs.statSync(cache).mtimeMs, fs.readFileSync(cache).equals(written)]).toEqual([when, true]);
  });

  test("a cache V8 rejects is written again, and the bundle runs as ever", () => {
    const root = plugin("rejected");
    const cache = path.join(root, "dist/.compile-cache", cacheName(BUNDLE));
    fs.mkdirSync(path.dirname(cache), { recursive: true });
    fs.writeFileSync(cache, "not a code cache");
    expect(run(root).lines).toEqual([SEEN]);
    expect(fs.readFileSync(cache, "utf8")).not.toBe("not a code cache");
    expect(run(root).lines).toEqual([SEEN]);
  });

  test("a bundle of another build, of the same length, never runs from the first one's cache", () => {
    const root = plugin("rebuilt");
    expect(run(root).lines).toEqual([SEEN]);
    const rebuilt = BUNDLE.replace("'alpha'", "'omega'");
    expect(rebuilt.length).toBe(BUNDLE.length);
    fs.writeFileSync(path.join(root, "dist/plugin-bundle.js"), rebuilt);
    expect(run(root).lines).toEqual([SEEN.replace("alpha", "omega")]);
    expect(files(path.join(root, "dist/.compile-cache"))).toEqual(
      [cacheName(BUNDLE), cacheName(rebuilt)].sort(),
    );
  });

  test("unpacked as the Terraform provider, it writes under $XDG_CACHE_HOME and never into the package folder", () => {
    const root = plugin("terraform", BUNDLE, ["terraform-provider-sender_v0.1.0"]);
    expect(run(root).lines).toEqual([SEEN]);
    expect(files(root)).toEqual([
      "dist/plugin-bundle.js",
      "dist/plugin.js",
      "terraform-provider-sender_v0.1.0",
      `xdg/pulumi-sender/compile-cache/${cacheName(BUNDLE)}`,
    ]);
  });

  test("a plugin folder it cannot write to sends the cache under $XDG_CACHE_HOME", () => {
    const root = plugin("unwritable");
    // A file where its folder would go: no folder can be made there, whoever runs it.
    fs.writeFileSync(path.join(root, "dist/.compile-cache"), "");
    expect(run(root)).toEqual({ status: 0, stderr: "", lines: [SEEN] });
    expect(files(path.join(root, "xdg"))).toEqual([`pulumi-sender/compile-cache/${cacheName(BUNDLE)}`]);
  });

  test("NODE_DISABLE_COMPILE_CACHE writes no cache, as it turns off Node's own", () => {
    const root = plugin("disabled");
    expect(run(root, { NODE_DISABLE_COMPILE_CACHE: "1" }).lines).toEqual([SEEN]);
    expect(files(root)).toEqual(["dist/plugin-bundle.js", "dist/plugin.js"]);
  });
});
