/**
 * The resource reference (docs/resources.md), generated from the registry: every kind's section,
 * between `<!-- generated:resources -->` and `<!-- /generated -->`, is rendered here, its tables
 * from the field table and the prose and example after them from the kind's sample (its own file);
 * the page's introduction, before the block, is the page's own. `npm run reference` rewrites the
 * block; a test holds the page equal to the registry, so the reference cannot drift from the code.
 */
import type { DocumentedField, DocumentedTable, Field } from "../provider/core/fields";
import {
  fieldTables,
  RESOURCE_KINDS,
  type ResourceKind,
  registry,
  resourceDescriptions,
} from "../provider/kinds/registry";
import { PULUMI_WORDS } from "../provider/pulumi/words";
import { spellDoc } from "../provider/words/doc";

const TYPE_TEXT: Record<Field["type"], string> = {
  string: "string",
  integer: "integer",
  number: "number",
  boolean: "boolean",
  stringList: "string[]",
  anyList: "any[]",
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
    spellDoc(resourceDescriptions[kind], PULUMI_WORDS),
    "",
    `Type tokens: \`sender:index:${kind}\` (native plugin), \`pulumi-nodejs:dynamic/sender:${kind}\` (dynamic).`,
    `Forces replacement: ${replacing.length === 0 ? "nothing; every input updates in place" : replacing.map((n) => `\`${n}\``).join(", ")}.`,
    "",
    "| input | type | | description |",
    "| --- | --- | --- | --- |",
    ...inputs.map((name) => {
      const field = table[name] as DocumentedField;
      return `| \`${name}\` | ${typeText(field)} | ${inputFacts(field)} | ${cell(spellDoc(field.doc, PULUMI_WORDS))} |`;
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
        return `| \`${name}\` | ${typeText(field)} | ${presence} | ${cell(spellDoc(field.doc, PULUMI_WORDS))} |`;
      }),
    );
  } else {
    lines.push("", "Outputs: every input.");
  }
  return lines.join("\n");
}

/** The section of one kind: its heading, its tables, then its sample's notes and example. */
export function renderSection(kind: ResourceKind): string {
  const { notes, typescript } = registry[kind].sample.reference;
  const example = typescript === undefined ? [] : ["", "```ts", typescript.trimEnd(), "```"];
  return [`## ${kind}`, "", renderKind(kind), "", notes, ...example].join("\n");
}

const BLOCK = /<!-- generated:resources -->\n[\s\S]*?<!-- \/generated -->/;

/**
 * The page with its block rendered anew from the registry: every kind's section, in the
 * registry's order.
 *
 * @throws Error when the page has no block.
 */
export function updateReference(page: string): string {
  if (!BLOCK.test(page)) throw new Error("reference: no <!-- generated:resources --> block");
  const sections = RESOURCE_KINDS.map(renderSection).join("\n\n");
  return page.replace(BLOCK, () => `<!-- generated:resources -->\n${sections}\n<!-- /generated -->`);
}
