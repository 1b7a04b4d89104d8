import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "../../provider/client/routes";
import { RECORD_TABLES } from "../../provider/client/schemas";
import * as f from "../provider/client/helpers/fixtures";
import { fieldSourcesTable, routeSourcesTable } from "./wire-tables";

/**
 * docs/wire-contract.md mirrors the code's tables: the source of every route (ROUTE_TABLE) and
 * of every record field (RECORD_TABLES). A shape marked "assumed" must be read tolerantly.
 */
const DOC = normalise(fs.readFileSync(path.resolve(__dirname, "../../docs/wire-contract.md"), "utf8"));

/** Table rows with their cells trimmed and rules shortened, as the formatter pads them. */
function normalise(text: string): string {
  return text
    .split("\n")
    .map((line) =>
      line.startsWith("|")
        ? line
            .split("|")
            .map((cell) => cell.trim().replace(/^-+$/, "---"))
            .join("|")
        : line,
    )
    .join("\n");
}

describe("docs/wire-contract.md", () => {
  it("shows the source of every route, as ROUTE_TABLE has it", () => {
    expect(DOC).toContain(normalise(routeSourcesTable()));
  });

  it("shows the source of every record field, as RECORD_TABLES has it", () => {
    expect(DOC).toContain(normalise(fieldSourcesTable()));
  });

  it("reads every assumed field tolerantly: optional, and absent, null or malformed all read", () => {
    const assumed = Object.entries(RECORD_TABLES).flatMap(([name, table]) =>
      Object.entries(table)
        .filter(([, rule]) => rule.source === "assumed")
        .map(([field, rule]) => ({ name, field, rule })),
    );
    expect(assumed.length).toBeGreaterThan(10);
    for (const { name, field, rule } of assumed) {
      expect(rule.needed, `${name}.${field}`).toBe(false);
      for (const value of [undefined, null, { unexpected: true }, "??"]) {
        expect(rule.schema.safeParse(value).success, `${name}.${field} = ${JSON.stringify(value)}`).toBe(
          true,
        );
      }
    }
  });

  it("reads the routes only clients have shown both bare and wrapped in data", () => {
    const observed = Object.entries(ROUTE_TABLE).filter(([, spec]) => spec.source === "observed");
    expect(observed.map(([route]) => route)).toEqual([
      "GET /account/webhooks",
      "GET /account/webhooks/{id}",
      "PATCH /account/webhooks/{id}",
    ]);
    for (const [route, spec] of observed) {
      const bare = route === "GET /account/webhooks" ? [f.webhook] : f.webhook;
      expect(spec.response.parse(bare), route).toEqual(bare);
      expect(spec.response.parse({ data: bare }), route).toEqual(bare);
    }
  });
});
