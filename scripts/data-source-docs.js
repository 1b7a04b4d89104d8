#!/usr/bin/env node
// `npm run docs:data-source-fields`: writes provider/functions/docs.generated.ts, the doc of every
// argument and result property of the data sources, read from the TSDoc of the interface property it
// is declared against. The TypeScript checker resolves that property: the type arguments of
// `DataSource<Args, Result>` (keyed by the declaration's `name:`), and the first type argument of
// `recordType<T, Rec>("Name", ...)`, `objectType<T>("Name", ...)` and `contentType<T, Rec>("Name", ...)`
// (keyed by the schema type name). A data source's description is the TSDoc of its declaration
// (`export const getPlan: DataSource<...> = {...}`, tags left out), which `npm run sdk:functions`
// also copies whole onto the SDK's functions. The TSDoc is the one source of the text: editors show
// it on the SDK's exported types and functions, and the generated module gives it to the plugin
// schema (so the Node, Python and Go SDKs) and to docs/data-sources.md. A property or a declaration
// without TSDoc fails here.
//
// `--print` writes the module to stdout instead (the staleness test compares it with the file).
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const ts = require("typescript");
const { format, tsdocText } = require("./field-docs");

const root = path.resolve(__dirname, "..");
const functions = path.join(root, "provider/functions");
const OUT = path.join(functions, "docs.generated.ts");
const SHAPES = new Set(["recordType", "objectType", "contentType"]);

/** A program over the .ts files of `dir` with the repository's compiler options. */
function program(dir) {
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
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".ts") && name !== path.basename(OUT))
    .sort()
    .map((name) => path.join(dir, name));
  return ts.createProgram(files, config.options);
}

const where = (node) => {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart());
  return `${path.relative(root, file.fileName)}:${line + 1}`;
};

/** The TSDoc of each property of a type, on one line (whitespace collapsed, as the schema carries it). */
function docsOfType(checker, typeNode, missing) {
  const docs = {};
  for (const symbol of checker.getPropertiesOfType(checker.getTypeFromTypeNode(typeNode))) {
    const declaration = symbol.declarations?.[0];
    const text = declaration && tsdocText(declaration);
    if (!text) {
      const at = declaration ? where(declaration) : where(typeNode);
      missing.push(`${at}: ${symbol.name} (of ${typeNode.getText()}) has no TSDoc`);
    }
    docs[symbol.name] = text;
  }
  return docs;
}

/** The string value of the `name:` property of an object literal. */
function nameOf(literal) {
  for (const property of literal.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === "name") {
      if (ts.isStringLiteral(property.initializer)) return property.initializer.text;
    }
  }
  throw new Error(`${where(literal)}: a data source without a literal name`);
}

/**
 * The docs of every data source (by name) and every declared object type (by schema name) declared
 * in `dir` (provider/functions unless a test gives another); every property without TSDoc is listed
 * in the error.
 */
function collect(dir = functions) {
  const prog = program(dir);
  const checker = prog.getTypeChecker();
  const sources = {};
  const types = {};
  const missing = [];
  const add = (into, key, value, node) => {
    if (key in into) throw new Error(`${where(node)}: ${key} is declared twice`);
    into[key] = value;
  };
  for (const file of prog.getRootFileNames().map((name) => prog.getSourceFile(name))) {
    const visit = (node) => {
      if (
        ts.isVariableDeclaration(node) &&
        node.type &&
        ts.isTypeReferenceNode(node.type) &&
        node.type.typeName.getText() === "DataSource"
      ) {
        const [args, result] = node.type.typeArguments ?? [];
        if (!args || !result || !node.initializer || !ts.isObjectLiteralExpression(node.initializer)) {
          throw new Error(`${where(node)}: a DataSource<A, R> is declared as an object literal`);
        }
        const name = nameOf(node.initializer);
        // The declaration's TSDoc is on its statement (`export const getPlan: DataSource<...> = ...`).
        const description = tsdocText(node.parent.parent);
        if (!description) missing.push(`${where(node)}: ${name} has no TSDoc`);
        const docs = {
          description,
          args: docsOfType(checker, args, missing),
          result: docsOfType(checker, result, missing),
        };
        add(sources, name, docs, node);
      } else if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        SHAPES.has(node.expression.text) &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        const shape = node.typeArguments?.[0];
        if (!shape) throw new Error(`${where(node)}: ${node.expression.text} needs its type argument`);
        add(types, node.arguments[0].text, docsOfType(checker, shape, missing), node);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  if (missing.length > 0) throw new Error(missing.join("\n"));
  const sorted = (record) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { sources: sorted(sources), types: sorted(types) };
}

/** The generated module's text, before formatting. */
function render({ sources, types }) {
  const entries = (docs, indent) =>
    Object.entries(docs).map(([name, doc]) => `${indent}${name}: ${JSON.stringify(doc)},`);
  const lines = [
    "// Generated by `npm run docs:data-source-fields` (scripts/data-source-docs.js) from the TSDoc of the",
    "// data sources' declarations and of the interfaces they are declared against. Do not edit: edit the",
    "// TSDoc and regenerate (a test fails when stale).",
    "",
    "/** The docs of each data source, by its name: its description and its arguments' and result properties'. */",
    "export const dataSourceDocs = {",
  ];
  for (const [name, { description, args, result }] of Object.entries(sources)) {
    lines.push(
      `  ${name}: {`,
      `    description: ${JSON.stringify(description)},`,
      "    args: {",
      ...entries(args, "      "),
      "    },",
    );
    lines.push("    result: {", ...entries(result, "      "), "    },", "  },");
  }
  lines.push("} as const;", "", "/** The docs of each object type's properties, by its schema name. */");
  lines.push("export const objectTypeDocs = {");
  for (const [name, docs] of Object.entries(types))
    lines.push(`  ${name}: {`, ...entries(docs, "    "), "  },");
  lines.push("} as const;", "");
  return lines.join("\n");
}

if (require.main === module) {
  const text = format(render(collect()));
  if (process.argv.includes("--print")) process.stdout.write(text);
  else {
    fs.writeFileSync(OUT, text);
    console.error(`data-source docs: wrote ${path.relative(root, OUT)}`);
  }
}

module.exports = { collect, program, render };
