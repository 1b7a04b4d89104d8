#!/usr/bin/env node
// `npm run sdk:classes`: writes the SDK's resource classes, sdk/<kind>.generated.ts for each kind of
// the registry (provider/kinds/registry.ts), and sdk/resources.generated.ts that re-exports them.
// Each file holds `<Kind>Args`, one member per input of the kind's field table, and the class, one
// `declare readonly` output per field, each with the field's doc (field-docs.generated.ts), typed as
// the table says (required or optional, `enum` as a union of its values, `typed<T>()` as T, a list's
// items as inputs too). The class's TSDoc, the doc of its `args` and the inputs its constructor adds
// are its entry in sdk/classes.ts. The tables and that entry are the one source: edit them and
// regenerate.
//
// `--print` writes every file to stdout as JSON instead (the staleness test compares it with the files).
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const ts = require("typescript");
const { format } = require("./sdk-functions");
const { pulumiDoc } = require("./pulumi-doc");

const root = path.resolve(__dirname, "..");
const REGISTRY = path.join(root, "provider/kinds/registry.ts");
const FIELD_DOCS = path.join(root, "provider/kinds/field-docs.generated.ts");
const CLIENT = path.join(root, "provider/client/index.ts");
const CLASSES = path.join(root, "sdk/classes.ts");
const OUT_DIR = path.join(root, "sdk");
const SUFFIX = ".generated.ts";
/** The width the generated doc comments are wrapped to (biome's lineWidth is 110). */
const WIDTH = 100;

/** The TypeScript type of each `type` of a field (provider/core/field-type.ts). */
const TYPES = {
  string: "string",
  integer: "number",
  number: "number",
  boolean: "boolean",
  stringList: "string[]",
  anyList: "unknown[]",
};

const relative = (file) => path.relative(root, file).split(path.sep).join("/");

/** `CampaignFollowUp` as a file name: `campaign-follow-up`. */
const fileNameOf = (kind) => kind.replace(/(?<=[a-z0-9])([A-Z])/g, "-$1").toLowerCase();

/** A program over the registry, the classes' entries and the client's types, under the build's options. */
function program() {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  return ts.createProgram([REGISTRY, FIELD_DOCS, CLIENT, CLASSES], { ...config.options, noEmit: true });
}

/** The object literal a `const` of `file` is initialized with, under `as const` and `satisfies`. */
function constLiteral(file, name) {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.name.getText(file) !== name) continue;
      let init = declaration.initializer;
      while (init && (ts.isSatisfiesExpression(init) || ts.isAsExpression(init))) init = init.expression;
      if (init && ts.isObjectLiteralExpression(init)) return init;
    }
  }
  throw new Error(`${relative(file.fileName)}: no object literal \`${name}\``);
}

/** The property assignments of an object literal, by name, in order. */
function members(literal) {
  const file = literal.getSourceFile();
  return literal.properties.map((property) => {
    if (!ts.isPropertyAssignment(property))
      throw new Error(`${relative(file.fileName)}: ${property.getText(file)} is not a plain property`);
    return [property.name.getText(file), property];
  });
}

/** A string literal's value, or a failure naming where it is. */
function stringOf(node, what) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  throw new Error(`${relative(node.getSourceFile().fileName)}: ${what} must be a string literal`);
}

/** The lines of a node's last TSDoc block, without the comment's markers, leading blank lines dropped. */
function tsdocLines(node) {
  const jsDoc = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc).at(-1);
  if (!jsDoc) return undefined;
  const text = jsDoc
    .getText()
    .replace(/^\/\*\*\s?/, "")
    .replace(/\s*\*\/$/, "");
  const lines = text.split("\n").map((line) => line.replace(/^\s*\* ?/, "").trimEnd());
  while (lines[0] === "") lines.shift();
  return lines;
}

// A word that would start a Markdown list, quote, heading or a TSDoc tag at the head of a line.
const NO_BREAK_BEFORE = /^([-+*#>|@]|\d+[.)])/;

/** A one-line text as the lines of a doc comment indented by `indent`, wrapped at {@link WIDTH}. */
function wrap(text, indent) {
  if (text.includes("*/")) throw new Error(`a doc cannot hold "*/": ${text}`);
  const room = WIDTH - indent.length - 3;
  const lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > room && !NO_BREAK_BEFORE.test(word)) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}

/** A doc comment of `lines` (blank ones kept as ` *`), indented by `indent`; one line when it fits. */
function comment(lines, indent = "") {
  if (lines.length === 1 && indent.length + lines[0].length + 7 <= WIDTH)
    return [`${indent}/** ${lines[0]} */`];
  return [
    `${indent}/**`,
    ...lines.map((line) => (line === "" ? `${indent} *` : `${indent} * ${line}`)),
    `${indent} */`,
  ];
}

/** Whether a field's fact is the literal `true` (`required: true`, `output: true`, ...). */
function isTrue(checker, type, fact) {
  const symbol = type.getProperty(fact);
  return symbol !== undefined && checker.typeToString(checker.getTypeOfSymbol(symbol)) === "true";
}

/** A literal type as TypeScript source: `"html"`, `48`. */
function literalText(type) {
  if (type.isStringLiteral()) return JSON.stringify(type.value);
  if (type.isNumberLiteral()) return String(type.value);
  throw new Error(`an enum value of a type other than string or number: ${type.flags}`);
}

/**
 * A field's value type as TypeScript source (`ValueOf` of provider/core/fields.ts): its
 * `typed` type, by the name provider/client exports it under; else the union of its `enum`'s values,
 * in their order; else its `type`'s. `list` when it is an array, whose items are inputs too.
 */
function valueTypeOf(checker, clientExports, type, where) {
  const typed = type.getProperty("typed");
  if (typed !== undefined) {
    const value = checker.getNonNullableType(checker.getTypeOfSymbol(typed));
    const alias = value.aliasSymbol;
    const exported = alias && clientExports.get(alias.name);
    const resolved =
      exported && exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (resolved === undefined || resolved !== alias)
      throw new Error(`${where}: its typed<T>() needs a T that provider/client exports by name`);
    // A list of a named type would need its item type named too: no table has one.
    if (checker.isArrayType(value)) throw new Error(`${where}: a typed<T>() list is not supported`);
    return { text: alias.name, imports: [alias.name], list: false };
  }
  const values = type.getProperty("enum");
  if (values !== undefined) {
    const tuple = checker.getTypeOfSymbol(values);
    if (!checker.isTupleType(tuple)) throw new Error(`${where}: its enum must be a literal list (as const)`);
    return { text: checker.getTypeArguments(tuple).map(literalText).join(" | "), imports: [], list: false };
  }
  const kind = checker.typeToString(checker.getTypeOfSymbol(type.getProperty("type")));
  const text = TYPES[JSON.parse(kind)];
  if (text === undefined) throw new Error(`${where}: unknown field type ${kind}`);
  return { text, imports: [], list: text.endsWith("[]") };
}

/** The file that declares what an identifier names, through imports. */
function declarationFile(checker, identifier) {
  let symbol = checker.getSymbolAtLocation(identifier);
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol.declarations[0].getSourceFile().fileName;
}

/**
 * Every kind of the registry, in its order: its field table's fields (in the table's order, as
 * field-docs.generated.ts lists them), each with its doc and types, and its class's entry.
 */
function collect() {
  const prog = program();
  const checker = prog.getTypeChecker();
  const client = prog.getSourceFile(CLIENT);
  const clientExports = new Map(
    checker.getExportsOfModule(checker.getSymbolAtLocation(client)).map((symbol) => [symbol.name, symbol]),
  );
  const docs = new Map(
    members(constLiteral(prog.getSourceFile(FIELD_DOCS), "fieldDocs")).map(([kind, property]) => [
      kind,
      members(property.initializer).map(([name, doc]) => [
        name,
        // The doc in Pulumi's words (its tags spelt), as the plugin's schema has it.
        pulumiDoc(stringOf(doc.initializer, `${kind}.${name}`)),
      ]),
    ]),
  );
  const classes = new Map(members(constLiteral(prog.getSourceFile(CLASSES), "sdkClasses")));
  const kinds = [];
  for (const [kind, entry] of members(constLiteral(prog.getSourceFile(REGISTRY), "kindEntries"))) {
    const fieldsNode = members(entry.initializer).find(([name]) => name === "fields")?.[1].initializer;
    const table = fieldsNode && ts.isCallExpression(fieldsNode) ? fieldsNode.arguments[0] : undefined;
    if (table === undefined) throw new Error(`registry.ts: ${kind}'s fields are not withDocs(<table>, ...)`);
    const tableType = checker.getTypeAtLocation(table);
    const kindDocs = docs.get(kind) ?? [];
    const names = checker.getPropertiesOfType(tableType).map((p) => p.name);
    if (
      [...names].sort().join() !==
      kindDocs
        .map(([name]) => name)
        .sort()
        .join()
    )
      throw new Error(
        `field-docs.generated.ts: ${kind}'s fields differ from its table: run npm run docs:fields`,
      );
    const fields = kindDocs.map(([name, doc]) => {
      const type = checker.getTypeOfSymbol(tableType.getProperty(name));
      const output = isTrue(checker, type, "output");
      const required = isTrue(checker, type, "required");
      // AlwaysPresent of fields.ts: a required or defaulted input, or a computed field not `optional`.
      const present =
        required ||
        type.getProperty("default") !== undefined ||
        (output && !isTrue(checker, type, "optional"));
      const value = valueTypeOf(checker, clientExports, type, `${table.getText()}.${name}`);
      return { name, doc, output, required, present, value };
    });
    const spec = classes.get(kind);
    if (spec === undefined) throw new Error(`sdk/classes.ts: no entry for ${kind}`);
    const facts = new Map(members(spec.initializer));
    const classDoc = tsdocLines(spec);
    if (classDoc === undefined) throw new Error(`sdk/classes.ts: ${kind} has no TSDoc`);
    kinds.push({
      kind,
      table: table.getText(),
      tableFile: relative(declarationFile(checker, table)),
      fields,
      classDoc,
      args: stringOf(facts.get("args")?.initializer ?? spec, `${kind}.args`),
      argsNote: facts.has("argsNote")
        ? stringOf(facts.get("argsNote").initializer, `${kind}.argsNote`)
        : undefined,
      inputs: facts.has("inputs"),
    });
  }
  const extra = [...classes.keys()].filter((kind) => !kinds.some((k) => k.kind === kind));
  if (extra.length > 0) throw new Error(`sdk/classes.ts: no kind of the registry is ${extra.join(", ")}`);
  return kinds;
}

const header = (from) =>
  [
    ...wrap(`Generated by \`npm run sdk:classes\` (scripts/sdk-classes.js) from ${from}.`, ""),
    "Do not edit: edit those and regenerate (a test fails when stale).",
  ].map((line) => `// ${line}`);

/** The argument type of a field (`ArgValue` of the former sdk/types.ts): a list takes inputs as its items. */
const argType = ({ value }) =>
  value.list ? `pulumi.Input<pulumi.Input<${value.text.slice(0, -2)}>[]>` : `pulumi.Input<${value.text}>`;

/** The output type of a field: `undefined` included when the field may be absent. */
const outputType = ({ value, present }) => `pulumi.Output<${value.text}${present ? "" : " | undefined"}>`;

/** The text of one kind's class file, before formatting. */
function renderKind({ kind, table, tableFile, fields, classDoc, args, argsNote, inputs }) {
  const imports = [...new Set(fields.flatMap(({ value }) => value.imports))].sort();
  const lines = [
    ...header(`the field table ${table} (${tableFile}), its docs and ${kind}'s entry in sdk/classes.ts`),
    'import type * as pulumi from "@pulumi/pulumi";',
    ...(imports.length > 0 ? [`import type { ${imports.join(", ")} } from "../provider/client";`] : []),
    ...(inputs ? ['import { sdkClasses } from "./classes";'] : []),
    'import { SenderBase, senderArgs, typeToken } from "./resource";',
    "",
    ...comment(wrap([`The arguments of a {@link ${kind}}.`, argsNote].filter(Boolean).join(" "), "")),
    `export interface ${kind}Args {`,
  ];
  for (const field of fields.filter(({ output }) => !output)) {
    lines.push(...comment(wrap(field.doc, "  "), "  "));
    lines.push(
      field.required
        ? `  ${field.name}: ${argType(field)};`
        : `  ${field.name}?: ${argType(field)} | undefined;`,
    );
  }
  lines.push("}", "", ...comment(classDoc), `export class ${kind} extends SenderBase {`);
  lines.push(`  /** The type token of ${kind}. */`);
  lines.push(`  static override readonly __pulumiType = typeToken(${JSON.stringify(kind)});`, "");
  for (const field of fields) {
    lines.push(...comment(wrap(field.doc, "  "), "  "));
    lines.push(`  declare readonly ${field.name}: ${outputType(field)};`);
  }
  const given = inputs ? `sdkClasses.${kind}.inputs(name, args, opts)` : "args";
  lines.push(
    "",
    "  /**",
    "   * @param name The unique name of the resource in the stack.",
    `   * @param args ${args}`,
    "   * @param opts Resource options.",
    "   */",
    `  constructor(name: string, args: ${kind}Args, opts?: pulumi.CustomResourceOptions) {`,
    `    super(...senderArgs(${JSON.stringify(kind)}, name, ${given}, opts));`,
    "  }",
    "}",
    "",
  );
  return lines.join("\n");
}

/** The text of each generated file, by its path relative to the repository, before formatting. */
function render(kinds) {
  const files = {};
  for (const kind of kinds) files[`sdk/${fileNameOf(kind.kind)}${SUFFIX}`] = renderKind(kind);
  files[`sdk/resources${SUFFIX}`] = [
    ...header("the kinds of provider/kinds/registry.ts"),
    ...kinds.map(
      ({ kind }) => `export { ${kind}, type ${kind}Args } from "./${fileNameOf(kind)}.generated";`,
    ),
    "",
  ].join("\n");
  return files;
}

/** Every generated file, formatted, by its path relative to the repository. */
function generate() {
  const files = render(collect());
  return Object.fromEntries(Object.entries(files).map(([file, text]) => [file, format(text, file)]));
}

if (require.main === module) {
  const files = generate();
  if (process.argv.includes("--print")) process.stdout.write(JSON.stringify(files));
  else {
    for (const stale of fs.readdirSync(OUT_DIR).filter((name) => name.endsWith(SUFFIX)))
      fs.rmSync(path.join(OUT_DIR, stale));
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(root, file), text);
    console.error(`sdk classes: wrote ${Object.keys(files).length} files in ${relative(OUT_DIR)}`);
  }
}

module.exports = { collect, fileNameOf, generate, render, wrap };
