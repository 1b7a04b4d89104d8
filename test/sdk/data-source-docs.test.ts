import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import type { AnyObjectShape, AnyProp, FieldDocs } from "../../provider/functions";
import { dataSources } from "../../provider/functions";
import { dataSourceDocs, objectTypeDocs } from "../../provider/functions/docs.generated";

// A data source's argument or result property has its doc written once, as the TSDoc of the
// interface property it is declared against (what editors show on the SDK's exported types).
// A data source's description is the TSDoc of its declaration (provider/functions/<area>.ts).
// `npm run docs:data-source-fields` copies both to docs.generated.ts, which the plugin schema and
// docs/data-sources.md read. These tests fail when that copy is stale or incomplete.

const ROOT = path.resolve(__dirname, "../..");
const SCRIPT = path.join(ROOT, "scripts/data-source-docs.js");
const GENERATED = path.join(ROOT, "provider/functions/docs.generated.ts");

// A property without a doc does not compile.
// @ts-expect-error: `b` has no doc
const _missing: FieldDocs<{ a: string; b?: number }> = { a: "A." };
void _missing;

/** Every object type the results name, by schema name. */
function objectTypes(): Map<string, AnyObjectShape> {
  const found = new Map<string, AnyObjectShape>();
  const visit = (props: Readonly<Record<string, AnyProp>>) => {
    for (const { type } of Object.values(props)) {
      if (typeof type === "string") continue;
      const shape = "object" in type ? type.object : type.objectList;
      if (found.has(shape.name)) continue;
      found.set(shape.name, shape);
      visit(shape.fields);
    }
  };
  for (const source of Object.values(dataSources)) visit(source.result);
  return found;
}

describe("the doc of each data-source property, from the TSDoc of its interface", () => {
  // The generator builds a TypeScript program: slow on a loaded machine.
  test("docs.generated.ts is what `npm run docs:data-source-fields` writes from the interfaces' TSDoc", () => {
    const printed = execFileSync(process.execPath, [SCRIPT, "--print"], { encoding: "utf8" });
    expect(fs.readFileSync(GENERATED, "utf8")).toBe(printed);
  }, 120_000);

  test("every argument and result property of every data source has its doc, and no doc is left over", () => {
    expect(Object.keys(dataSourceDocs).sort()).toStrictEqual(Object.keys(dataSources).sort());
    for (const [name, source] of Object.entries(dataSources)) {
      const docs = dataSourceDocs[name as keyof typeof dataSourceDocs];
      expect(source.docs).toBe(docs);
      expect(Object.keys(docs.args).sort()).toStrictEqual(Object.keys(source.args).sort());
      expect(Object.keys(docs.result).sort()).toStrictEqual(Object.keys(source.result).sort());
    }
  });

  test("every object type the results name has the doc of each property, and no doc is left over", () => {
    const shapes = objectTypes();
    // CampaignReport is declared for its fields alone: getCampaignReport's result spreads them.
    const unnamed = Object.keys(objectTypeDocs).filter((name) => !shapes.has(name));
    expect(unnamed).toStrictEqual(["CampaignReport"]);
    expect([...shapes.keys()].filter((name) => !(name in objectTypeDocs))).toStrictEqual([]);
    for (const [name, shape] of shapes) {
      expect(shape.docs).toBe(objectTypeDocs[name as keyof typeof objectTypeDocs]);
      expect(Object.keys(shape.docs).sort()).toStrictEqual(Object.keys(shape.fields).sort());
    }
  });

  test("a result shared as an object type has the same docs in both places", () => {
    expect(dataSourceDocs.getPlan.result).toStrictEqual(objectTypeDocs.Plan);
    expect(dataSourceDocs.getCampaign.result).toStrictEqual(objectTypeDocs.CampaignInfo);
  });

  test("a data source's description is the TSDoc of its declaration, tags left out", () => {
    expect(dataSourceDocs.getCampaignReport.description).toBe(
      "Reads the report of a campaign (`GET /v2/campaigns/{id}/report`); every figure is 0 before the send.",
    );
    expect(dataSourceDocs.getPlan.description).toBe("Reads one plan (`GET /v2/plans/{plan_id}`).");
  });

  test("the texts are the TSDoc on one line, true in every language", () => {
    expect(dataSourceDocs.getPlan.args.planId).toBe("The plan's id: a positive whole number.");
    expect(objectTypeDocs.Plan.emailsLimit).toBe("The most emails per period, or null when unlimited.");
    expect(objectTypeDocs.SubscriberEvents.got).toBe(
      "Events of the action `got`, oldest first; present when that action was asked for.",
    );
  });

  test("the generator names every declaration and property without TSDoc, with its file and line", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-source-docs-"));
    try {
      fs.writeFileSync(
        path.join(dir, "probe.ts"),
        [
          "interface Result {",
          "  /** Documented. */",
          "  a: string;",
          "  b: number;",
          "}",
          "interface Args {",
          "  c: string;",
          "}",
          "type DataSource<A, R> = { name: string; args?: A; result?: R };",
          'export const getProbe: DataSource<Args, Result> = { name: "getProbe" };',
          "",
        ].join("\n"),
      );
      const { collect } = require(SCRIPT) as { collect: (dir: string) => unknown };
      const probe = path.relative(ROOT, path.join(dir, "probe.ts"));
      expect(() => collect(dir)).toThrow(
        new Error(
          [
            `${probe}:10: getProbe has no TSDoc`,
            `${probe}:7: c (of Args) has no TSDoc`,
            `${probe}:4: b (of Result) has no TSDoc`,
          ].join("\n"),
        ),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
