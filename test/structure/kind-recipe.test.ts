import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { RESOURCE_KINDS } from "../../provider/kinds/registry";

// docs/development.md's recipe for a resource kind names the files each kind has by hand; every
// kind of the registry has them, so the recipe's list is the one a new kind follows.
const ROOT = path.join(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const exists = (file: string) => fs.existsSync(path.join(ROOT, file));
/** `CampaignFollowUp` as a file name: `campaign-follow-up`. */
const kebab = (kind: string) => kind.replace(/(?<=[a-z0-9])([A-Z])/g, "-$1").toLowerCase();

/** The per-kind files of the recipe, as it spells them, with how each kind's is found. */
const PER_KIND: Record<string, (kind: string) => boolean> = {
  "provider/kinds/<name>.ts": (kind) =>
    exists(`provider/kinds/${kebab(kind)}.ts`) || exists(`provider/kinds/${kebab(kind)}/${kebab(kind)}.ts`),
  "examples/terraform/resources/sender_<snake_name>/resource.tf": (kind) =>
    exists(`examples/terraform/resources/sender_${kebab(kind).replaceAll("-", "_")}/resource.tf`),
  "test/provider/kinds/<name>.test.ts": (kind) => exists(`test/provider/kinds/${kebab(kind)}.test.ts`),
};

describe("the recipe for a resource kind", () => {
  const recipe = read("docs/development.md").split("### A resource kind")[1]!.split("\n## ")[0]!;

  test("names each per-kind file", () => {
    expect(Object.keys(PER_KIND).filter((file) => !recipe.includes(file))).toEqual([]);
  });

  test.each(Object.keys(PER_KIND))("every kind has %s", (file) => {
    expect(RESOURCE_KINDS.filter((kind) => !PER_KIND[file]!(kind))).toEqual([]);
  });
});
