/**
 * The resource reference (docs/resources.md), generated from the field tables: each kind's block
 * between `<!-- generated:<Kind> -->` and `<!-- /generated -->` is rendered here, and the prose
 * around the blocks is the page's own. `npm run reference` rewrites the blocks; a test holds the
 * page equal to the tables, so the reference cannot drift from the code.
 */
import type { DocumentedField, DocumentedTable, Field } from "../core/fields";
import { fieldTables, RESOURCE_KINDS, type ResourceKind, resourceDescriptions } from "../kinds/registry";

const TYPE_TEXT: Record<Field["type"], string> = {
  string: "string",
  integer: "integer",
  number: "number",
  boolean: "boolean",
  stringList: "string[]",
};

/** One Markdown table cell: no line break or pipe may escape it. */
function cell(text: string): string {
  return text.replace(/\r\n|\r|\n/g, " ").replace(/\|/g, "\\|");
}

function typeText(field: Field): string {
  if (field.enum) return field.enum.map((value) => `\`${JSON.stringify(value)}\``).join(" \\| ");
  return TYPE_TEXT[field.type];
}

function inputFacts(field: Field): string {
  const facts: string[] = [field.required === true ? "required" : "optional"];
  if (field.replaceOnChange === true) facts.push("forces replacement");
  if (field.set === true) facts.push("a set: order never shows as a change");
  if (field.createOnly === true) facts.push("read at create only");
  if (field.stateOnly === true) facts.push("kept in the stack's state only; never sent");
  if (field.secret === true) facts.push("secret");
  if (field.default !== undefined) facts.push(`default \`${JSON.stringify(field.default)}\``);
  return facts.join("; ");
}

/** The generated block of one kind: description, replacement rule, inputs and outputs tables. */
export function renderKind(kind: ResourceKind, table: DocumentedTable = fieldTables[kind]): string {
  const names = Object.keys(table);
  const inputs = names.filter((name) => table[name]?.output !== true);
  const outputs = names.filter((name) => table[name]?.output === true);
  const replacing = inputs.filter((name) => table[name]?.replaceOnChange === true);
  const lines = [
    resourceDescriptions[kind],
    "",
    `Type tokens: \`sender:index:${kind}\` (native plugin), \`pulumi-nodejs:dynamic/sender:${kind}\` (dynamic).`,
    `Forces replacement: ${replacing.length === 0 ? "nothing; every input updates in place" : replacing.map((n) => `\`${n}\``).join(", ")}.`,
    "",
    "| input | type | | description |",
    "| --- | --- | --- | --- |",
    ...inputs.map((name) => {
      const field = table[name] as DocumentedField;
      return `| \`${name}\` | ${typeText(field)} | ${inputFacts(field)} | ${cell(field.doc)} |`;
    }),
  ];
  if (outputs.length > 0) {
    lines.push(
      "",
      "Outputs: every input, and these, computed by the service:",
      "",
      "| output | type | | description |",
      "| --- | --- | --- | --- |",
      ...outputs.map((name) => {
        const field = table[name] as DocumentedField;
        const presence = field.optional === true ? "absent when the service omits it" : "always present";
        return `| \`${name}\` | ${typeText(field)} | ${presence} | ${cell(field.doc)} |`;
      }),
    );
  } else {
    lines.push("", "Outputs: every input.");
  }
  return lines.join("\n");
}

const BLOCK = /<!-- generated:(\w+) -->\n[\s\S]*?<!-- \/generated -->/g;

/**
 * The page with every generated block rendered anew from the tables.
 *
 * @throws Error when a kind has no block, or a block names an unknown kind.
 */
export function updateReference(page: string): string {
  const seen = new Set<string>();
  const updated = page.replace(BLOCK, (_block, kind: string) => {
    if (!(RESOURCE_KINDS as readonly string[]).includes(kind))
      throw new Error(`reference: unknown kind ${kind}`);
    seen.add(kind);
    return `<!-- generated:${kind} -->\n${renderKind(kind as ResourceKind)}\n<!-- /generated -->`;
  });
  const missing = RESOURCE_KINDS.filter((kind) => !seen.has(kind));
  if (missing.length > 0) throw new Error(`reference: no generated block for ${missing.join(", ")}`);
  return updated;
}
