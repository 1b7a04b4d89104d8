import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";

// The layers run one way: sdk/ may use provider/, never the reverse; and no file of either imports
// itself back through others (type-only imports count: they tie the files as much). The core, the
// kinds, the client and the functions import no door's SDK: their contract is their own.
const ROOT = path.join(__dirname, "../..");
const LAYERS = ["provider", "sdk"];

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
const NEUTRAL = ["provider/core", "provider/kinds", "provider/client", "provider/functions"];

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

  test("no file of the kinds or the core imports a door", () => {
    const doors = ["provider/dynamic/", "provider/plugin/", "provider/terraform/"];
    const violations = [...graph()]
      .filter(([file]) => file.startsWith("provider/kinds/") || file.startsWith("provider/core/"))
      .flatMap(([file, targets]) =>
        targets.filter((t) => doors.some((door) => t.startsWith(door))).map((t) => `${file} -> ${t}`),
      );
    expect(violations).toEqual([]);
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

  test("no file-level import cycle in provider/ and sdk/", () => {
    expect(cycles(graph())).toEqual([]);
  });
});
