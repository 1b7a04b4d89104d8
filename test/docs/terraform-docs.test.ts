// docs/terraform/ comes from the door's schema and examples/terraform/ (scripts/terraform-docs.js,
// checked for staleness by `npm run generate -- --check`): here, that every type has its example
// and that each example's blocks use only the schema's types and their arguments (no output-only
// attribute, every required one), so that a renamed field cannot leave a stale example behind.
// test/e2e/terraform-mirror.test.ts applies them.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { terraformSchema } from "../../provider/terraform/schema";
import { ROOT } from "../support/root";

const schema = terraformSchema();
const EXAMPLES = path.join(ROOT, "examples/terraform");

/** The top-level blocks of an HCL file as `tofu fmt` writes them: kind, type and argument names. */
function blocks(text: string) {
  const found: { kind: string; type: string; args: string[] }[] = [];
  const re = /^(resource|data) "([^"]+)" "[^"]+" \{(?:\}|\n([\s\S]*?)^\})/gm;
  for (const m of text.matchAll(re)) {
    const args = [...(m[3] ?? "").matchAll(/^ {2}([a-z_]+)\s*=/gm)].map((a) => a[1] as string);
    found.push({ kind: m[1] as string, type: m[2] as string, args });
  }
  return found;
}

/** Every example's blocks, by the file they are in. */
const examples = (dir: string, file: string) =>
  fs.readdirSync(path.join(EXAMPLES, dir)).map((type) => {
    const rel = `${dir}/${type}/${file}`;
    return { type, rel, blocks: blocks(fs.readFileSync(path.join(EXAMPLES, rel), "utf8")) };
  });

describe("examples/terraform", () => {
  test("one example per resource type and per data source, of no other type", () => {
    expect(fs.readdirSync(path.join(EXAMPLES, "resources")).sort()).toEqual(
      Object.keys(schema.resources).sort(),
    );
    expect(fs.readdirSync(path.join(EXAMPLES, "data-sources")).sort()).toEqual(
      Object.keys(schema.dataSources).sort(),
    );
  });

  test("each block's arguments are its type's, every required one set and no output-only one", () => {
    const problems: string[] = [];
    for (const { type, rel, blocks: found } of [
      ...examples("resources", "resource.tf"),
      ...examples("data-sources", "data-source.tf"),
    ]) {
      expect(
        found.map((b) => b.type),
        rel,
      ).toContain(type);
      for (const block of found) {
        const block_ =
          block.kind === "resource"
            ? schema.resources[block.type]?.block
            : schema.dataSources[block.type]?.block;
        if (!block_) {
          problems.push(`${rel}: no ${block.kind} type ${block.type}`);
          continue;
        }
        const meta = new Set(["depends_on", "count", "for_each", "provider", "lifecycle"]);
        for (const arg of block.args.filter((a) => !meta.has(a))) {
          const attribute = block_.attributes.find((a) => a.name === arg);
          if (!attribute || !(attribute.required || attribute.optional))
            problems.push(`${rel}: ${block.type}.${arg} is no argument`);
        }
        for (const required of block_.attributes.filter((a) => a.required))
          if (!block.args.includes(required.name))
            problems.push(`${rel}: ${block.type} lacks ${required.name}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("the provider example sets only provider arguments", () => {
    const text = fs.readFileSync(path.join(EXAMPLES, "provider/provider.tf"), "utf8");
    const body = /^provider "sender" \{\n([\s\S]*?)^\}/m.exec(text)?.[1] ?? "";
    const args = [...body.matchAll(/^ {2}([a-z_]+)\s*=/gm)].map((a) => a[1]);
    expect(args).toEqual(["ownership_scope"]);
    expect(schema.provider.attributes.map((a) => a.name)).toContain("ownership_scope");
    expect(text).toContain('source = "registry.opentofu.org/pulumi-sender/sender"');
  });
});
