// The edits a Java program written by `pulumi convert --language java` (pulumi-java 1.17's program
// generator) needs before it compiles against our SDK (docs/limitations.md). `npm run examples`
// applies them to the Registry's Java examples and test/e2e/convert.test.ts to the converted example
// program: each edit first checks that its bug is still there, so that a converter that no longer
// has it fails both, and the edit goes.

/** The name of a bug of the converter that {@link JAVA_CONVERT_FIXUPS} edits. */
export type JavaConvertBug = "functionsImport" | "configOptional" | "outputIndex" | "outputList";

/** One edit: the bug's text in a converted program and what replaces it. */
export interface JavaConvertFixup {
  /** Which bug. */
  readonly bug: JavaConvertBug;
  /** What the converter writes wrong, and why it does not compile. */
  readonly why: string;
  /** Every occurrence of the bug (a global expression). */
  readonly pattern: RegExp;
  /** The replacement of each occurrence (`$1` and so on are the pattern's groups). */
  readonly replacement: string;
}

/** Every known bug of the converter, with its edit. */
export const JAVA_CONVERT_FIXUPS: readonly JavaConvertFixup[] = [
  {
    bug: "functionsImport",
    why: "functions are imported from com.pulumi.<package>, whatever the schema's basePackage",
    pattern: /^import com\.pulumi\.sender\./gm,
    replacement: "import io.github.pulumi_sender.sender.",
  },
  {
    bug: "configOptional",
    why: "a config key with no default is read as an Optional, which no builder takes",
    pattern: /config\.get\(("\w+")\);/g,
    replacement: "config.require($1);",
  },
  {
    bug: "outputIndex",
    why: "an index into a list held by an Output is written as Java array indexing",
    pattern: /\b(\w+)\[(\d+)\]\.(\w+)\(\)/g,
    replacement: "$1.applyValue(list -> list.get($2).$3())",
  },
  {
    bug: "outputList",
    why: "a list of function results (tagIds of getTag ids) is written as Outputs passed one by one, which no list builder takes",
    pattern: /\.(\w+Ids)\(\s*((?:\w+\.applyValue\(\w+ -> \w+\.\w+\(\)\)(?:,\s*)?)+)\)/g,
    replacement: ".$1(Output.all($2))",
  },
];

/**
 * The program with the edits of `bugs` made. Throws when one of `bugs` is not in the program (the
 * converter no longer has it: the edit goes), or when a known bug not in `bugs` is (the caller's
 * expectation is out of date).
 */
export function fixJavaProgram(program: string, bugs: readonly JavaConvertBug[]): string {
  let fixed = program;
  for (const fixup of JAVA_CONVERT_FIXUPS) {
    const present = new RegExp(fixup.pattern.source, fixup.pattern.flags).test(fixed);
    const expected = bugs.includes(fixup.bug);
    if (expected && !present)
      throw new Error(`pulumi convert --language java no longer has the bug ${fixup.bug} (${fixup.why})`);
    if (!expected && present)
      throw new Error(`pulumi convert --language java wrote the bug ${fixup.bug} here (${fixup.why})`);
    if (present) fixed = fixed.replace(fixup.pattern, fixup.replacement);
  }
  return fixed;
}
