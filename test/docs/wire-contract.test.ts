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

/** The source trees that cite the contract. */
const CITING = ["provider", "emulator", "sdk"];

/** Every `.ts` file below `dir`, relative to the repository root. */
function sources(dir: string): string[] {
  const root = path.resolve(__dirname, "../..");
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.join(dir, file));
}

/** Each `## ` or `### ` heading of the contract, with its text up to the next such heading. */
function sections(): { title: string; text: string }[] {
  return DOC.split(/\n(?=#{2,3} )/)
    .filter((part) => /^#{2,3} /.test(part))
    .map((part) => ({ title: /^#+ (.*)/.exec(part)?.[1] ?? "", text: part }));
}

/** The section a citation names: the one whose heading is the name, or the name and a parenthesis. */
function section(name: string) {
  return sections().find(({ title }) => title === name || title.startsWith(`${name} (`));
}

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

  it("resolves every citation of the code to a section that names its spec source", () => {
    const cited = new Map<string, string>();
    for (const file of CITING.flatMap(sources)) {
      const text = fs.readFileSync(path.resolve(__dirname, "../..", file), "utf8");
      for (const [, name = ""] of text.matchAll(/wire contract "([A-Z][^"]*)"/g)) cited.set(name, file);
    }
    for (const spec of Object.values(ROUTE_TABLE)) {
      const name = /^wire contract "(.+)"$/.exec(spec.source)?.[1];
      if (name) cited.set(name, "provider/client/routes.ts");
    }
    expect([...cited.keys()].sort()).toEqual([
      "Account and misc",
      "Attachments",
      "Carts",
      "Common shapes",
      "Follow-up",
      "Groups and fields",
      "Message send",
      "Regular campaigns",
      "Subscriber events",
      "Targeting",
      "Transactional campaigns",
      "Webhooks",
    ]);
    for (const [name, file] of cited) {
      const found = section(name);
      expect(found, `${file} cites wire contract "${name}"`).toBeDefined();
      expect(found?.text, `section "${name}" names no spec section`).toMatch(/\bspec \d+(\.\d+)?\b/);
    }
  });

  it("leaves no citation of the spec's sections in the code", () => {
    // Any section sign is a citation of the spec's numbering (written escaped: this file cites nothing).
    const outside = /\u00a7/;
    const citing = [...CITING, "test"]
      .flatMap(sources)
      .filter((file) => outside.test(fs.readFileSync(path.resolve(__dirname, "../..", file), "utf8")));
    expect(citing).toEqual([]);
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
