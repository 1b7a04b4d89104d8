import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, test } from "vitest";
import { fieldTables } from "../../provider";
import { WEBHOOK_TOPICS } from "../../provider/client";
import { ATTACHMENT_FILE_TYPES } from "../../provider/kinds/attachment";
import { fieldDocs } from "../../provider/kinds/field-docs.generated";
import { RESOURCE_KINDS, type ResourceKind } from "../../provider/kinds/registry";
import { PULUMI_WORDS } from "../../provider/pulumi/words";
import { spellDoc } from "../../provider/words/doc";

// A field's doc is written once, as the TSDoc of its key in the field table; editors show it, in
// Pulumi's words, through the SDK's generated types. `npm run docs:fields` copies it to field-docs.generated.ts, which
// the package schema and docs/resources.md read. These tests fail when that copy is stale, and ask
// the TypeScript language service what a hover shows.

const ROOT = path.resolve(__dirname, "../..");
const GENERATED = path.join(ROOT, "provider/kinds/field-docs.generated.ts");
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** What the generator writes from today's sources (it prints the module with `--print`). */
function generated(): string {
  return execFileSync(process.execPath, [path.join(ROOT, "scripts/field-docs.js"), "--print"], {
    encoding: "utf8",
  });
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
}, 60_000);

describe("the doc of each field, from the TSDoc of its key", () => {
  test("field-docs.generated.ts is what `npm run docs:fields` writes from the tables' TSDoc", () => {
    expect(fs.readFileSync(GENERATED, "utf8")).toBe(generated());
  });

  test("every field of every kind has its doc, and no doc is left over", () => {
    for (const kind of RESOURCE_KINDS) {
      expect(Object.keys(fieldDocs[kind])).toStrictEqual(Object.keys(fieldTables[kind]));
      for (const [name, field] of Object.entries(fieldTables[kind])) {
        expect(field.doc).toBe(fieldDocs[kind][name as keyof (typeof fieldDocs)[typeof kind]]);
      }
    }
    expect(Object.keys(fieldDocs).sort()).toStrictEqual([...RESOURCE_KINDS].sort());
  });

  test("the docs that list a closed set list the constant's values", () => {
    expect(fieldDocs.Webhook.topic).toBe(`The event reported: one of ${WEBHOOK_TOPICS.join(", ")}.`);
    expect(fieldDocs.Attachment.url).toBe(
      "A public http(s) URL of the file, which Sender downloads. The file name is the last segment of its path, " +
        `and its extension must be one of ${ATTACHMENT_FILE_TYPES.join(", ")}. Changing it replaces the attachment.`,
    );
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
      // The doc in Pulumi's words: its tags (`{@preview}`) spelt, as the SDK's generator writes it.
      doc: oneLine(spellDoc(fieldTables[kind][field]?.doc ?? "", PULUMI_WORDS)),
    }));
    expect(shown).toStrictEqual(expected);
  });
});
