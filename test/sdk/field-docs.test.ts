import * as path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, test } from "vitest";
import { fieldTables } from "../../provider";
import { RESOURCE_KINDS, type ResourceKind } from "../../provider/kinds";

// A field's doc is written twice in its table: as `doc` (read at run time, e.g. for the package
// schema) and as the TSDoc of its key (what editors show, through the derived SDK types). These
// tests keep the two equal, and ask the TypeScript language service what a hover shows.

const ROOT = path.resolve(__dirname, "../..");
const MODULES: Record<ResourceKind, string> = {
  Campaign: "campaign-fields",
  CampaignTargeting: "campaign-targeting",
  CampaignFollowUp: "campaign-follow-up",
  CampaignSchedule: "campaign-schedule",
  Attachment: "attachment",
  TransactionalCampaign: "transactional-campaign-fields",
  Webhook: "webhook",
};

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
const tableName = (kind: ResourceKind) => `${kind[0]?.toLowerCase()}${kind.slice(1)}Fields`;

/** The TSDoc of each key of a table, read from its module's source. */
function keyDocs(program: ts.Program, kind: ResourceKind): Record<string, string | undefined> {
  const file = program.getSourceFile(path.join(ROOT, `provider/resources/${MODULES[kind]}.ts`));
  if (file === undefined) throw new Error(`no source for ${kind}`);
  let literal: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText(file) === tableName(kind)) {
      let init = node.initializer;
      while (init && (ts.isSatisfiesExpression(init) || ts.isAsExpression(init))) init = init.expression;
      if (init && ts.isObjectLiteralExpression(init)) literal = init;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (literal === undefined) throw new Error(`no object literal for ${tableName(kind)}`);
  const docs: Record<string, string | undefined> = {};
  for (const property of literal.properties) {
    const name = property.name?.getText(file) ?? "";
    const jsDoc = ts.getJSDocCommentsAndTags(property).filter(ts.isJSDoc).at(-1);
    docs[name] = jsDoc === undefined ? undefined : oneLine(ts.getTextOfJSDocComment(jsDoc.comment) ?? "");
  }
  return docs;
}

/** A language service over the SDK and one probe file that names every output and argument. */
function languageService(probe: string): ts.LanguageService {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, "tsconfig.spec.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (config === undefined) throw new Error("tsconfig.spec.json unreadable");
  const probeFile = path.join(ROOT, "field-docs-probe.ts");
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => config.options,
    getScriptFileNames: () => [probeFile],
    getScriptVersion: () => "1",
    getScriptSnapshot: (file) => {
      const text = file === probeFile ? probe : ts.sys.readFile(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => ROOT,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: (file) => file === probeFile || ts.sys.fileExists(file),
    readFile: (file) => (file === probeFile ? probe : ts.sys.readFile(file)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

interface Probe {
  kind: ResourceKind;
  field: string;
  where: "class" | "args";
  offset: number;
}

let service: ts.LanguageService;
let program: ts.Program;
const probes: Probe[] = [];

beforeAll(() => {
  let text = 'import type * as sdk from "./sdk";\n';
  for (const kind of RESOURCE_KINDS) {
    const table = fieldTables[kind];
    text += `declare const ${kind}Resource: sdk.${kind};\ndeclare const ${kind}Args: sdk.${kind}Args;\n`;
    for (const field of Object.keys(table)) {
      for (const where of ["class", "args"] as const) {
        if (where === "args" && table[field]?.output === true) continue;
        const line = `${kind}${where === "class" ? "Resource" : "Args"}.${field};\n`;
        probes.push({ kind, field, where, offset: text.length + line.indexOf(".") + 1 });
        text += line;
      }
    }
  }
  service = languageService(text);
  const built = service.getProgram();
  if (built === undefined) throw new Error("no program");
  program = built;
}, 60_000);

describe("the TSDoc of the field tables' keys", () => {
  test.each(RESOURCE_KINDS)("%s: every key's TSDoc is its doc", (kind) => {
    const expected = Object.fromEntries(
      Object.entries(fieldTables[kind]).map(([name, field]) => [name, oneLine(field.doc)]),
    );
    expect(keyDocs(program, kind)).toStrictEqual(expected);
  });

  test("the probe type-checks (every output and argument exists on the SDK types)", () => {
    const diagnostics = service
      .getSemanticDiagnostics(path.join(ROOT, "field-docs-probe.ts"))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diagnostics).toStrictEqual([]);
  });

  test.each(RESOURCE_KINDS)("%s: hovering an SDK output or argument shows the field's doc", (kind) => {
    const mine = probes.filter((probe) => probe.kind === kind);
    const shown = mine.map(({ field, where, offset }) => {
      const info = service.getQuickInfoAtPosition(path.join(ROOT, "field-docs-probe.ts"), offset);
      return { field, where, doc: oneLine(ts.displayPartsToString(info?.documentation)) };
    });
    const expected = mine.map(({ field, where }) => ({
      field,
      where,
      doc: oneLine(fieldTables[kind][field]?.doc ?? ""),
    }));
    expect(shown).toStrictEqual(expected);
  });
});
