import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { dataSourceReference } from "../../generators/data-source-reference";
import { dataSources } from "../../provider/functions";

const FILE = path.join(__dirname, "../../docs/data-sources.md");

describe("docs/data-sources.md", () => {
  test("is what the declarations generate (npm run build && npm run docs:data-sources)", () => {
    expect(fs.readFileSync(FILE, "utf8")).toBe(dataSourceReference());
  });

  test("has a section for each data source of the registry, in name order", () => {
    const sections = dataSourceReference()
      .split("\n")
      .filter((line) => /^## get/.test(line))
      .map((line) => line.slice(3));
    expect(sections).toEqual(Object.keys(dataSources));
    expect(sections).toEqual([...sections].sort());
  });

  test("states each result property's API field and whether it may be null", () => {
    const reference = dataSourceReference();
    expect(reference).toContain(
      "| `subscribersLimit` | integer | yes | `subscribers_limit` | The most subscribers the plan allows. |",
    );
    expect(reference).toContain("| `id` | integer | no | `id` | The plan's numeric id, e.g. `3`. |");
    expect(reference).toContain(
      "| `planId` | integer | yes | must be a positive whole number | The plan's id: a positive whole number. |",
    );
  });
});
