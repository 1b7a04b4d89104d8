// The examples of the Pulumi Registry package: the languages of the release, and the
// `{{% examples %}}` blocks the schema's descriptions carry, which every generated SDK keeps in its
// own language. The programs are examples/registry/<name>/Pulumi.yaml, converted into each
// language by `npm run examples` (scripts/registry-examples.js) into examples.generated.ts.

/** A package a user installs for a language, as docs/installation-configuration.md lists it. */
export interface RegistryPackage {
  /** Its name in its registry. */
  readonly name: string;
  /** Where its registry shows it. */
  readonly url: string;
  /** The command that installs it, for a version; absent when a build file names it instead. */
  readonly install?: (version: string) => string;
  /** The entry of the project's build file that depends on it, for a version (Maven's `pom.xml`). */
  readonly dependency?: {
    /** The build file. */
    readonly file: string;
    /** The fenced block's language. */
    readonly language: string;
    /** The entry. */
    readonly text: (version: string) => string;
  };
}

/** A language of the release: its names, where `pulumi convert` writes its program, its package. */
export interface RegistryLanguage {
  /** The name the Registry's chooser and a fenced code block use: `typescript`, `python`, `go`, `java`, `yaml`. */
  readonly name: string;
  /** How the docs name it. */
  readonly title: string;
  /**
   * The `--language` of `pulumi convert --from yaml`, and the file it writes the program to
   * (relative to its `--out` folder); absent for YAML, the examples' own language.
   */
  readonly convert?: { readonly language: string; readonly program: string };
  /** Its SDK; absent for YAML, which needs only the plugin. */
  readonly sdk?: RegistryPackage;
}

/**
 * Every language of the release, in the Registry's chooser order: `npm run examples` converts each
 * example into each language that has `convert`, and the docs pages and the schema's examples
 * list exactly these. A language is added here, with its converter on PATH.
 */
export const REGISTRY_LANGUAGES: readonly RegistryLanguage[] = [
  {
    name: "typescript",
    title: "TypeScript",
    convert: { language: "typescript", program: "index.ts" },
    sdk: {
      name: "pulumi-sender-native",
      url: "https://www.npmjs.com/package/pulumi-sender-native",
      install: () => "npm install pulumi-sender-native",
    },
  },
  {
    name: "python",
    title: "Python",
    convert: { language: "python", program: "__main__.py" },
    sdk: {
      name: "pulumi_sender",
      url: "https://pypi.org/project/pulumi_sender/",
      install: () => "pip install pulumi_sender",
    },
  },
  {
    name: "go",
    title: "Go",
    convert: { language: "go", program: "main.go" },
    sdk: {
      name: "github.com/pulumi-sender/pulumi-sender/sdks/go",
      url: "https://pkg.go.dev/github.com/pulumi-sender/pulumi-sender/sdks/go/sender",
      install: (version) => `go get github.com/pulumi-sender/pulumi-sender/sdks/go@v${version}`,
    },
  },
  {
    name: "java",
    title: "Java",
    convert: { language: "java", program: "src/main/java/generated_program/App.java" },
    sdk: {
      name: "io.github.pulumi-sender:sender",
      url: "https://central.sonatype.com/artifact/io.github.pulumi-sender/sender",
      dependency: {
        file: "pom.xml",
        language: "xml",
        text: (version) =>
          [
            "<dependency>",
            "    <groupId>io.github.pulumi-sender</groupId>",
            "    <artifactId>sender</artifactId>",
            `    <version>${version}</version>`,
            "</dependency>",
          ].join("\n"),
      },
    },
  },
  { name: "yaml", title: "YAML" },
];

/** The dynamic-resources npm package: TypeScript's other front door, with no plugin to install. */
export const DYNAMIC_PACKAGE: RegistryPackage = {
  name: "pulumi-sender",
  url: "https://www.npmjs.com/package/pulumi-sender",
  install: () => "npm install pulumi-sender @pulumi/pulumi",
};

/** One example: a YAML program of examples/registry/ and its conversions. */
export interface RegistryExample {
  /** Its folder under examples/registry/. */
  readonly name: string;
  /** Its title: the program's `description`. */
  readonly title: string;
  /** The resource types and functions it uses (`sender:index:Campaign`): the descriptions that show it. */
  readonly tokens: readonly string[];
  /** The program's text per language name of {@link REGISTRY_LANGUAGES}. */
  readonly programs: Readonly<Record<string, string>>;
}

/**
 * The native TypeScript program on the dynamic package instead: the classes and functions have
 * the same names and arguments, only the import differs.
 */
export function dynamicProgram(typescript: string): string {
  const native = `from "${REGISTRY_LANGUAGES[0]!.sdk!.name}";`;
  if (!typescript.includes(native)) throw new Error(`the TypeScript program does not import ${native}`);
  return typescript.replace(native, `from "${DYNAMIC_PACKAGE.name}";`);
}

/** A program in a fenced block of its language, its text ending in one newline. */
export function fenced(language: string, program: string): string {
  return `\`\`\`${language}\n${program.replace(/\n*$/, "\n")}\`\`\``;
}

/**
 * The `{{% examples %}}` block of a description: each example that uses `token`, in every
 * language, as Pulumi's docs convention has it; an empty text when none does.
 */
export function examplesBlock(
  token: string,
  examples: readonly RegistryExample[],
  languages: readonly RegistryLanguage[] = REGISTRY_LANGUAGES,
): string {
  const using = examples.filter((example) => example.tokens.includes(token));
  if (using.length === 0) return "";
  const each = using.map((example) => {
    const blocks = languages.map((language) => {
      const program = example.programs[language.name];
      if (program === undefined) throw new Error(`example ${example.name} has no ${language.name} program`);
      return fenced(language.name, program);
    });
    return ["{{% example %}}", `### ${example.title}`, "", ...blocks, "{{% /example %}}"].join("\n");
  });
  return ["{{% examples %}}", "## Example Usage", ...each, "{{% /examples %}}"].join("\n");
}

/** A description followed by its examples block, when it has one. */
export function withExamples(
  description: string,
  token: string,
  examples: readonly RegistryExample[],
): string {
  const block = examplesBlock(token, examples);
  return block === "" ? description : `${description}\n\n${block}`;
}
