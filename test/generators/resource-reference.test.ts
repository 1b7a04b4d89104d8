import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { renderKind, updateReference } from "../../generators/resource-reference";
import { fieldTables } from "../../provider";
import { RESOURCE_KINDS } from "../../provider/kinds/registry";
import { ROOT } from "../support/root";

const page = fs.readFileSync(path.join(ROOT, "docs/resources.md"), "utf8");

describe("docs/resources.md", () => {
  it("should equal the registry in its generated block", () => {
    expect(page).toBe(updateReference(page));
  });

  it("should name every input and output of every kind", () => {
    for (const [kind, table] of Object.entries(fieldTables)) {
      for (const name of Object.keys(table)) expect(page, `${kind}.${name}`).toContain(`| \`${name}\``);
    }
  });

  it("should say which inputs force replacement", () => {
    expect(renderKind("CampaignTargeting")).toContain("Forces replacement: `campaignId`.");
    expect(renderKind("Campaign")).toContain("Forces replacement: nothing; every input updates in place.");
  });

  it("should fail on a page that lacks the block", () => {
    expect(() => updateReference("# empty\n")).toThrow("reference: no <!-- generated:resources --> block");
  });

  it("should give each kind its section, in the registry's order", () => {
    expect([...page.matchAll(/^## (\w+)$/gm)].map((m) => m[1])).toEqual([...RESOURCE_KINDS]);
  });

  it("should escape pipes and line breaks inside a cell", () => {
    const table = { note: { type: "string", doc: "a | b\nc" } } as const;
    expect(renderKind("Webhook", table)).toContain("| `note` | string | optional | a \\| b c |");
  });
});
