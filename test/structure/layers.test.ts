import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";

// The layers run one way: sdk/ may use provider/, never the reverse; generators/ (what writes the
// generated files and docs, run by `npm run generate`, never shipped) may use both, and neither
// uses it; and no file of any imports itself back through others (type-only imports count: they
// tie the files as much). The core, the kinds, the client and the functions import no door's SDK:
// their contract is their own.
const ROOT = path.join(__dirname, "../..");
const LAYERS = ["provider", "sdk", "generators"];

/**
 * The layers of provider/, lowest first, by folder (`.` is provider/'s own files, the
 * entries). A file may import its own folder and the folders of lower layers: never a higher layer's,
 * nor another folder of its own layer (the three doors are one layer and never import each other;
 * the kinds and the data sources neither). docs/development.md's Layout says the same.
 */
const PROVIDER_LAYERS: readonly (readonly string[])[] = [
  ["words"], // the parts of a message, which each door spells in its own dialect
  ["client"], // the HTTP client of the Sender API, and the Node.js guard of its undici
  ["core"], // what the kinds use and the doors call
  ["kinds", "functions"], // the resource kinds with their registry; the data sources
  ["pulumi"], // what both Pulumi doors share: their words, their engine's runtime
  ["dynamic", "plugin", "terraform"], // the doors
  ["adopt"], // `pulumi-sender adopt`, which writes what the doors read (Terraform's type names)
  ["."], // the entries: index.ts (`pulumi-sender/provider`), entry.ts (the plugin binary's, choosing a door)
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

// `import ... from "x"`, `export ... from "x"`, `import "x"`, `require("x")`, `import("x")`.
const SPECIFIER =
  /(?:\b(?:import|export)\s[^;]*?\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;

/** The project files a source file imports (relative specifiers only; packages are not files here). */
function importsOf(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const spec = match[1]!;
    if (!spec.startsWith(".")) continue;
    const base = path.resolve(path.dirname(file), spec);
    const target = [`${base}.ts`, path.join(base, "index.ts"), base].find(
      (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
    );
    if (target) found.push(target);
  }
  return found;
}

/** The layers that know no door's protocol: their contract is the project's own (provider/core/contract.ts). */
const NEUTRAL = [
  "provider/words",
  "provider/core",
  "provider/kinds",
  "provider/client",
  "provider/functions",
];

/** The Pulumi SDK's modules a source file imports, in any form (`@pulumi/pulumi`, `@pulumi/pulumi/errors`...). */
function pulumiImportsOf(text: string): string[] {
  return [...text.matchAll(SPECIFIER)]
    .map((match) => match[1]!)
    .filter((spec) => spec === "@pulumi/pulumi" || spec.startsWith("@pulumi/pulumi/"));
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const layer of LAYERS) {
    for (const file of sources(path.join(ROOT, layer))) {
      edges.set(relative(file), importsOf(file, fs.readFileSync(file, "utf8")).map(relative));
    }
  }
  return edges;
}

/** The strongly connected components with more than one file (or a file importing itself): the cycles. */
function cycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!edges.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || (edges.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The folder of provider/ a file is in (`.` for provider/'s own files); undefined outside provider/. */
function folderOf(file: string): string | undefined {
  const parts = file.split("/");
  if (parts[0] !== "provider") return undefined;
  return parts.length > 2 ? parts[1] : ".";
}

/** The rank of a folder of provider/ in {@link PROVIDER_LAYERS}; -1 when it has no layer. */
function rankOf(folder: string): number {
  return PROVIDER_LAYERS.findIndex((layer) => layer.includes(folder));
}

/**
 * The imports of provider/ that break its layers (`file -> target`, with why): to a higher layer,
 * to another folder of the same layer, or from or to a folder without a layer.
 */
function layerViolations(edges: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of edges) {
    const from = folderOf(file);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = folderOf(target);
      if (to === undefined || to === from) continue;
      const edge = `${file} -> ${target}`;
      const [fromRank, toRank] = [rankOf(from), rankOf(to)];
      if (fromRank === -1 || toRank === -1) found.push(`${edge} (a folder without a layer)`);
      else if (toRank > fromRank) found.push(`${edge} (up: ${from} is below ${to})`);
      else if (toRank === fromRank) found.push(`${edge} (across: ${from} and ${to} are one layer)`);
    }
  }
  return found.sort();
}

/** The imports of generators/ from provider/ or sdk/ (`file -> target`): what ships never runs a generator. */
function generatorImports(edges: ReadonlyMap<string, readonly string[]>): string[] {
  return [...edges]
    .filter(([file]) => file.startsWith("provider/") || file.startsWith("sdk/"))
    .flatMap(([file, targets]) =>
      targets.filter((target) => target.startsWith("generators/")).map((target) => `${file} -> ${target}`),
    )
    .sort();
}

describe("the layers", () => {
  test("the scan finds imports of every form", () => {
    const file = path.join(ROOT, "provider/plugin/x.ts");
    const text = [
      'import { a } from "../functions";',
      'import type { B } from "../functions/declare";',
      'export * from "../core/autoname";',
      'import "../core/claims";',
      'const c = require("../core/config");',
      'import { z } from "zod";',
    ].join("\n");
    expect(importsOf(file, text).map(relative)).toEqual([
      "provider/functions/index.ts",
      "provider/functions/declare.ts",
      "provider/core/autoname.ts",
      "provider/core/claims.ts",
      "provider/core/config.ts",
    ]);
  });

  test("the cycle search finds a two-file cycle and a self-import, and nothing in a chain", () => {
    const edges = new Map([
      ["a", ["b"]],
      ["b", ["a", "c"]],
      ["c", ["d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(cycles(edges)).toEqual([["a", "b"], ["e"]]);
  });

  test("no file of provider/ imports from sdk/", () => {
    const violations = [...graph()]
      .filter(([file]) => file.startsWith("provider/"))
      .flatMap(([file, targets]) =>
        targets.filter((t) => t.startsWith("sdk/")).map((t) => `${file} -> ${t}`),
      );
    expect(violations).toEqual([]);
  });

  test("no file of provider/ or sdk/ imports from generators/", () => {
    expect(generatorImports(graph())).toEqual([]);
  });

  test("the generator check fails on a planted import of generators/ from provider/ or sdk/", () => {
    const planted: Record<string, string> = {
      "provider/plugin/planted.ts": 'import { updateReference } from "../../generators/resource-reference";',
      "sdk/planted.ts": 'import { indexPage } from "../generators/registry-pages";',
      "generators/fine.ts":
        'import { fieldTables } from "../provider/kinds/registry";\nimport { TYPE_PREFIX } from "../sdk/resource";',
    };
    const edges = new Map<string, string[]>();
    for (const [file, text] of Object.entries(planted)) {
      edges.set(file, importsOf(path.join(ROOT, file), text).map(relative));
    }
    expect(generatorImports(edges)).toEqual([
      "provider/plugin/planted.ts -> generators/resource-reference.ts",
      "sdk/planted.ts -> generators/registry-pages.ts",
    ]);
  });

  test("every folder of provider/ has a layer", () => {
    const folders = fs
      .readdirSync(path.join(ROOT, "provider"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => rankOf(folder) === -1)).toEqual([]);
  });

  test("no file of provider/ imports a higher layer, or another folder of its own", () => {
    expect(layerViolations(graph())).toEqual([]);
  });

  test("the layer check fails on a planted import up, across the doors, or to a folder without a layer", () => {
    // Planted files (they need not exist: the targets do, and are resolved as the scan does).
    const planted: Record<string, string> = {
      "provider/client/planted.ts": 'import { readSettings } from "../core/config";',
      "provider/core/planted.ts": 'import { registry } from "../kinds/registry";',
      "provider/kinds/planted.ts": 'import type { Registered } from "../functions/registry";',
      "provider/terraform/planted.ts": 'import { serveOn } from "../plugin/server";',
      "provider/dynamic/planted.ts": 'import { program } from "../adopt/render";',
      "provider/newfolder/planted.ts": 'import { shorten } from "../client";',
      "provider/kinds/fine.ts":
        'import { shorten } from "../client";\nimport { warn } from "../core/diagnostics";',
    };
    // Only the planted files: the check of the tree itself is the test above.
    const edges = new Map<string, string[]>();
    for (const [file, text] of Object.entries(planted)) {
      edges.set(file, importsOf(path.join(ROOT, file), text).map(relative));
    }
    expect(layerViolations(edges)).toEqual([
      "provider/client/planted.ts -> provider/core/config.ts (up: client is below core)",
      "provider/core/planted.ts -> provider/kinds/registry.ts (up: core is below kinds)",
      "provider/dynamic/planted.ts -> provider/adopt/render.ts (up: dynamic is below adopt)",
      "provider/kinds/planted.ts -> provider/functions/registry.ts (across: kinds and functions are one layer)",
      "provider/newfolder/planted.ts -> provider/client/index.ts (a folder without a layer)",
      "provider/terraform/planted.ts -> provider/plugin/server.ts (across: terraform and plugin are one layer)",
    ]);
  });

  test("the Pulumi scan finds the SDK and its modules in every form, and no other package", () => {
    const text = [
      'import type * as pulumi from "@pulumi/pulumi";',
      'import { RunError } from "@pulumi/pulumi/errors";',
      'export type { CheckResult } from "@pulumi/pulumi/dynamic";',
      'const p = require("@pulumi/pulumi");',
      'const q = await import("@pulumi/pulumi/runtime");',
      'import { z } from "zod";',
      'import { x } from "@pulumi/pulumi-extra";',
      'import { y } from "../core/contract";',
    ].join("\n");
    expect(pulumiImportsOf(text)).toEqual([
      "@pulumi/pulumi",
      "@pulumi/pulumi/errors",
      "@pulumi/pulumi/dynamic",
      "@pulumi/pulumi",
      "@pulumi/pulumi/runtime",
    ]);
  });

  test("no file of the core, the kinds, the client or the functions imports @pulumi/pulumi", () => {
    const violations = NEUTRAL.flatMap((layer) => sources(path.join(ROOT, layer))).flatMap((file) =>
      pulumiImportsOf(fs.readFileSync(file, "utf8")).map((spec) => `${relative(file)} -> ${spec}`),
    );
    expect(violations).toEqual([]);
  });

  test("the Terraform door imports nothing of Pulumi's: neither @pulumi/pulumi nor provider/pulumi/", () => {
    const edges = graph();
    const door = [...edges.keys()].filter((file) => file.startsWith("provider/terraform/"));
    expect(door.length).toBeGreaterThan(10);
    const violations = door.flatMap((file) => [
      ...(edges.get(file) ?? [])
        .filter((target) => target.startsWith("provider/pulumi/"))
        .map((t) => `${file} -> ${t}`),
      ...pulumiImportsOf(fs.readFileSync(path.join(ROOT, file), "utf8")).map((spec) => `${file} -> ${spec}`),
    ]);
    expect(violations).toEqual([]);
  });

  test("no file-level import cycle in provider/, sdk/ and generators/", () => {
    expect(cycles(graph())).toEqual([]);
  });
});
