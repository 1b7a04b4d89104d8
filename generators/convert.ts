/**
 * What `npm run examples:convert` (scripts/registry-examples.js) makes of `pulumi convert`'s
 * output, beside the fixes of pulumi-java's converter (java-convert-fixups.ts): whether the
 * conversion reported an error, and a Java program moved into the Java template's package.
 */

/**
 * The Java package of templates/java's program (its `pom.xml` runs `myproject.App`): the Registry's
 * Java examples declare it, so that one pasted whole into the template's `App.java` runs there.
 */
export const JAVA_TEMPLATE_PACKAGE = "myproject";

/**
 * A Java program of `pulumi convert` (which declares `package generated_program;`) in
 * {@link JAVA_TEMPLATE_PACKAGE}. Throws when the program declares no `generated_program`.
 */
export function inJavaTemplatePackage(program: string): string {
  const converted = /^package generated_program;$/m;
  if (!converted.test(program))
    throw new Error("the Java program does not declare package generated_program");
  return program.replace(converted, `package ${JAVA_TEMPLATE_PACKAGE};`);
}

/**
 * Whether `pulumi convert`'s stderr reports an error: the CLI exits 0 when the plugin's schema does
 * not load, and writes a program with no resources.
 */
export function convertReportsError(stderr: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the CLI's colour codes
  return /^error\b/im.test(stderr.replace(/\x1b\[[0-9;]*m/g, ""));
}
