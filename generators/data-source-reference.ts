// The data-source reference (docs/data-sources.md), derived from the declarations.
import { type AnyObjectShape, type AnyProp, docOf } from "../provider/functions/declare";
import { dataSources } from "../provider/functions/registry";
import { PULUMI_WORDS } from "../provider/pulumi/words";
import { spellDoc } from "../provider/words/doc";

function typeName(type: AnyProp["type"]): string {
  if (typeof type === "string") return type === "stringList" ? "string[]" : type;
  if ("object" in type) return `[${type.object.name}](#${type.object.name.toLowerCase()})`;
  return `[${type.objectList.name}](#${type.objectList.name.toLowerCase()})[]`;
}

// A table cell: one line, pipes escaped.
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

function source(prop: AnyProp): string {
  if (typeof prop.from === "string") return `\`${prop.from}\``;
  return prop.from === undefined ? "" : "computed";
}

function resultTable(
  props: Readonly<Record<string, AnyProp>>,
  docs: Readonly<Record<string, string>>,
  withSource: boolean,
): string[] {
  const head = withSource
    ? ["| Property | Type | May be null | API field | Description |", "|---|---|---|---|---|"]
    : ["| Property | Type | May be null | Description |", "|---|---|---|---|"];
  return [
    ...head,
    ...Object.entries(props).map(([name, prop]) => {
      const cells = [`\`${name}\``, typeName(prop.type), prop.optional ? "yes" : "no"];
      if (withSource) cells.push(source(prop));
      return `| ${[...cells, cell(docOf(docs, name))].join(" | ")} |`;
    }),
  ];
}

function collect(props: Readonly<Record<string, AnyProp>>, into: Map<string, AnyObjectShape>): void {
  for (const { type } of Object.values(props)) {
    if (typeof type === "string") continue;
    const shape = "object" in type ? type.object : type.objectList;
    if (into.has(shape.name)) continue;
    into.set(shape.name, shape);
    collect(shape.fields, into);
  }
}

/** The Markdown reference of every data source and of the object types their results name. */
export function dataSourceReference(): string {
  const lines = [
    "# Data sources",
    "",
    "<!-- Generated from provider/functions by `npm run generate`; a test keeps it equal. -->",
    "",
    "Each is `sender:index:<name>` in the plugin's schema (Go, Python and the generated Node.js SDK) and",
    "`getX(args, opts?)` / `getXOutput(args, opts?)` in the `pulumi-sender` SDK. A property that may",
    "be null is optional in the schema (absent, `nil` or `None` in the generated SDKs).",
    "",
  ];
  const shapes = new Map<string, AnyObjectShape>();
  for (const fn of Object.values(dataSources)) {
    lines.push(`## ${fn.name}`, "", spellDoc(fn.docs.description, PULUMI_WORDS), "");
    const args = Object.entries(fn.args);
    if (args.length === 0) lines.push("Takes no arguments.", "");
    else {
      lines.push("| Argument | Type | Required | Rule | Description |", "|---|---|---|---|---|");
      for (const [name, arg] of args) {
        const cells = [
          `\`${name}\``,
          typeName(arg.type),
          arg.optional ? "no" : "yes",
          cell(arg.rule),
          cell(docOf(fn.docs.args, name)),
        ];
        lines.push(`| ${cells.join(" | ")} |`);
      }
      lines.push("");
    }
    lines.push(...resultTable(fn.result, fn.docs.result, true), "");
    collect(fn.result, shapes);
  }
  lines.push("# Object types", "");
  for (const shape of [...shapes.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    lines.push(`## ${shape.name}`, "", ...resultTable(shape.fields, shape.docs, true), "");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
