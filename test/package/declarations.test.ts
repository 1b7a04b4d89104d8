import * as path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, test } from "vitest";
import { fieldDocs } from "../../provider/kinds/field-docs.generated";
import { ROOT } from "../support/root";

// What an editor and `tsc` tell a user of the built package (dist/, `npm run build`): a program
// that imports `pulumi-sender` (resolved, as the package resolves itself, through package.json's
// `exports` to dist/sdk/index.d.ts) compiled by the TypeScript language service under a default
// strict tsconfig. A misspelt argument names the arguments' interface, not a mapped type of the
// field table, and a hover shows the field's doc.

const PROGRAM = path.join(ROOT, "declarations-probe.ts");
const TEXT = `import * as sender from "pulumi-sender";

const welcome = new sender.Campaign("welcome", {
  subject: "Welcome aboard",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  autoFollowupActive: true,
});
export const status = welcome.status;
`;

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
};

let service: ts.LanguageService;

/** The language service's quick info at the end of the first `marker` in the program. */
function hover(marker: string): { shown: string; doc: string } {
  const info = service.getQuickInfoAtPosition(PROGRAM, TEXT.indexOf(marker) + marker.length - 1);
  return {
    shown: ts.displayPartsToString(info?.displayParts),
    doc: ts.displayPartsToString(info?.documentation).replace(/\s+/g, " "),
  };
}

beforeAll(() => {
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => OPTIONS,
    getScriptFileNames: () => [PROGRAM],
    getScriptVersion: () => "1",
    getScriptSnapshot: (file) => {
      const text = file === PROGRAM ? TEXT : ts.sys.readFile(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => ROOT,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: (file) => file === PROGRAM || ts.sys.fileExists(file),
    readFile: (file) => (file === PROGRAM ? TEXT : ts.sys.readFile(file)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: (file) => ts.sys.realpath?.(file) ?? file,
  };
  service = ts.createLanguageService(host, ts.createDocumentRegistry());
}, 60_000);

describe("the built package's declarations, as an editor shows them", () => {
  test("the program compiles against dist/sdk/index.d.ts, not the sources", () => {
    const files = service
      .getProgram()
      ?.getSourceFiles()
      .map((file) => path.relative(ROOT, file.fileName))
      .filter((file) => !file.startsWith("node_modules/"));
    expect(files).toContain("dist/sdk/index.d.ts");
    expect(files).toContain("dist/sdk/campaign.generated.d.ts");
    expect(files?.filter((file) => file.startsWith("sdk/"))).toStrictEqual([]);
  });

  test("a misspelt argument of a Campaign is one error naming CampaignArgs", () => {
    const errors = [...service.getSyntacticDiagnostics(PROGRAM), ...service.getSemanticDiagnostics(PROGRAM)];
    expect(
      errors.map((error) => ({
        at: error.start === undefined ? -1 : TEXT.slice(error.start, error.start + (error.length ?? 0)),
        text: ts.flattenDiagnosticMessageText(error.messageText, "\n"),
      })),
    ).toStrictEqual([
      {
        at: "autoFollowupActive",
        text: "Object literal may only specify known properties, and 'autoFollowupActive' does not exist in type 'CampaignArgs'.",
      },
    ]);
  });

  test("hovering an argument shows its member of CampaignArgs and the field's doc", () => {
    expect(hover("  subject")).toStrictEqual({
      shown: "(property) CampaignArgs.subject: Input<string>",
      doc: "Subject line of the email.",
    });
    expect(hover("  replyTo")).toStrictEqual({
      shown: "(property) CampaignArgs.replyTo: Input<string>",
      doc: fieldDocs.Campaign.replyTo,
    });
  });

  test("hovering an output shows the class's member and the field's doc", () => {
    expect(hover("welcome.status")).toStrictEqual({
      shown: "(property) Campaign.status: Output<sender.CampaignStatus>",
      doc: "`DRAFT`, `SCHEDULED`, `SENDING` or `SENT`, as of the last create, update or refresh.",
    });
  });
});
