import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import {
  convertReportsError,
  inJavaTemplatePackage,
  JAVA_TEMPLATE_PACKAGE,
} from "../../../generators/convert";
import { indexPage, installationPage } from "../../../generators/registry-pages";
import { RESOURCE_KINDS } from "../../../provider/kinds/registry";
import { registryExamples } from "../../../provider/plugin/examples.generated";
import { packageSchema } from "../../../provider/plugin/package-schema";
import {
  dynamicProgram,
  examplesBlock,
  REGISTRY_LANGUAGES,
  type RegistryExample,
} from "../../../provider/plugin/registry-examples";
import { GO_MODULE, LOGO_URL } from "../../../provider/plugin/schema";
import { readPng } from "../../support/png";

// The Pulumi Registry package: the schema's metadata, the examples its descriptions carry, and the
// two pages of docs/, each checked against what its generator writes.
const ROOT = path.join(__dirname, "../../..");
const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;
const schema = packageSchema(VERSION) as Record<string, any>;
const REPO = "https://github.com/pulumi-sender/pulumi-sender";

describe("the schema's package metadata", () => {
  test("names the package, its publisher, repository, homepage, license, logo and download URL", () => {
    expect({
      name: schema.name,
      displayName: schema.displayName,
      publisher: schema.publisher,
      repository: schema.repository,
      homepage: schema.homepage,
      license: schema.license,
      logoUrl: schema.logoUrl,
      pluginDownloadURL: schema.pluginDownloadURL,
    }).toEqual({
      name: "sender",
      displayName: "Sender",
      publisher: "pulumi-sender",
      repository: REPO,
      homepage: REPO,
      license: "Apache-2.0",
      logoUrl: "https://raw.githubusercontent.com/pulumi-sender/pulumi-sender/main/assets/logo.png",
      pluginDownloadURL: "github://api.github.com/pulumi-sender",
    });
  });

  test("has exactly one category keyword, one of the Registry's categories", () => {
    const categories = schema.keywords.filter((k: string) => k.startsWith("category/"));
    expect(categories).toEqual(["category/cloud"]);
    const known = ["cloud", "infrastructure", "network", "database", "monitoring", "utility"];
    expect(known).toContain(categories[0].slice("category/".length));
  });

  test("the logo the URL names is in the repository: a 100x100 PNG", () => {
    const file = path.join(ROOT, LOGO_URL.replace(/^.*\/main\//, ""));
    const { width, height } = readPng(file);
    expect([width, height]).toEqual([100, 100]);
  });

  test("the languages the schema generates SDKs for are the Registry's languages with a package", () => {
    // The schema's language keys by the Registry's names; YAML needs no SDK.
    const registryName: Record<string, string> = { nodejs: "typescript", csharp: "csharp" };
    const fromSchema = Object.keys(schema.language).map((key) => registryName[key] ?? key);
    const withSdk = REGISTRY_LANGUAGES.filter((l) => l.sdk).map((l) => l.name);
    expect(fromSchema.sort()).toEqual([...withSdk].sort());
    expect(REGISTRY_LANGUAGES.filter((l) => !l.sdk).map((l) => l.name)).toEqual(["yaml"]);
  });

  test("each language's package name is the one the installation page lists", () => {
    const sdk = (name: string) => REGISTRY_LANGUAGES.find((l) => l.name === name)?.sdk?.name;
    expect(schema.language.nodejs.packageName).toBe(sdk("typescript"));
    expect(schema.language.python.packageName).toBe(sdk("python"));
    expect(schema.language.go.importBasePath).toBe(`${sdk("go")}/sender`);
    expect(GO_MODULE).toBe(sdk("go"));
    expect(`${schema.language.java.groupId}:${schema.name}`).toBe(sdk("java"));
  });
});

describe("the Registry examples", () => {
  test("examples.generated.ts is what scripts/registry-examples.js writes from examples/registry/", () => {
    // The script reads the language list from the build (dist/).
    const printed = execFileSync(
      "node",
      [path.join(ROOT, "scripts/registry-examples.js"), "--print-module"],
      {
        encoding: "utf8",
      },
    );
    expect(fs.readFileSync(path.join(ROOT, "provider/plugin/examples.generated.ts"), "utf8")).toBe(printed);
  });

  test("cover every resource kind and the report functions, each in every language of the list", () => {
    const used = new Set(registryExamples.flatMap((example) => example.tokens));
    for (const kind of RESOURCE_KINDS) expect([kind, used.has(`sender:index:${kind}`)]).toEqual([kind, true]);
    expect(used.has("sender:index:getCampaignReport")).toBe(true);
    for (const example of registryExamples) {
      expect([example.name, Object.keys(example.programs)]).toEqual([
        example.name,
        REGISTRY_LANGUAGES.map((l) => l.name),
      ]);
    }
  });

  test("each description of a resource or function an example uses ends with its examples block", () => {
    const described = { ...schema.resources, ...schema.functions } as Record<string, { description: string }>;
    const tokens = [...new Set(registryExamples.flatMap((example) => example.tokens))].sort();
    expect(tokens.length).toBeGreaterThan(RESOURCE_KINDS.length);
    for (const token of tokens) {
      const description = described[token]!.description;
      expect(description.endsWith(`\n\n${examplesBlock(token, registryExamples)}`)).toBe(true);
    }
    // A function no example uses carries no block.
    expect(schema.functions["sender:index:getCart"].description).not.toContain("{{% examples %}}");
  });

  test("an examples block holds each example that uses the token, one fenced block per language", () => {
    const example: RegistryExample = {
      name: "hook",
      title: "A webhook",
      tokens: ["sender:index:Webhook"],
      programs: { typescript: "ts\n", python: "py", go: "go\n\n", java: "java", yaml: "yaml\n" },
    };
    expect(examplesBlock("sender:index:Webhook", [example])).toBe(
      [
        "{{% examples %}}",
        "## Example Usage",
        "{{% example %}}",
        "### A webhook",
        "",
        "```typescript\nts\n```",
        "```python\npy\n```",
        "```go\ngo\n```",
        "```java\njava\n```",
        "```yaml\nyaml\n```",
        "{{% /example %}}",
        "{{% /examples %}}",
      ].join("\n"),
    );
    expect(examplesBlock("sender:index:Campaign", [example])).toBe("");
    expect(() =>
      examplesBlock("sender:index:Webhook", [{ ...example, programs: { typescript: "ts" } }]),
    ).toThrow("example hook has no python program");
  });

  test("the dynamic package's program differs from the native one by its import alone", () => {
    const native = registryExamples[0]!.programs.typescript!;
    const dynamic = dynamicProgram(native);
    expect(dynamic).toContain('import * as sender from "pulumi-sender";');
    expect(dynamic.replace('"pulumi-sender";', '"pulumi-sender-native";')).toBe(native);
    expect(() => dynamicProgram('import * as sender from "other";\n')).toThrow(
      'the TypeScript program does not import from "pulumi-sender-native";',
    );
  });
});

describe("the Java examples, in the Java template's package", () => {
  test("the template's pom runs App of the package its App.java declares, myproject", () => {
    const pom = fs.readFileSync(path.join(ROOT, "templates/java/pom.xml"), "utf8");
    expect(pom).toContain(`<mainClass>${JAVA_TEMPLATE_PACKAGE}.App</mainClass>`);
    const app = fs.readFileSync(path.join(ROOT, "templates/java/src/main/java/myproject/App.java"), "utf8");
    expect(app.split("\n")[0]).toBe(`package ${JAVA_TEMPLATE_PACKAGE};`);
    expect(JAVA_TEMPLATE_PACKAGE).toBe("myproject");
  });

  test("every example declares it and its class App, so that it pastes whole into the template's App.java", () => {
    for (const example of registryExamples) {
      const java = example.programs.java!;
      expect([example.name, java.split("\n")[0], java.includes("\npublic class App {\n")]).toEqual([
        example.name,
        "package myproject;",
        true,
      ]);
    }
  });

  test("a converted program's generated_program becomes it; a program without one is refused", () => {
    expect(inJavaTemplatePackage("package generated_program;\n\npublic class App {}\n")).toBe(
      "package myproject;\n\npublic class App {}\n",
    );
    expect(() => inJavaTemplatePackage("package other;\n")).toThrow(
      "the Java program does not declare package generated_program",
    );
  });
});

describe("the generated SDKs", () => {
  /** The lines of `text`, comment markers and indentation removed, blank ones left out. */
  const lines = (text: string) =>
    text
      .split("\n")
      .map((line) => line.replace(/^\s*(\/\/|\*)?\s*/, "").trim())
      .filter((line) => line !== "");

  /** Whether `want` appears in `have` in order (other lines may come between). */
  const inOrder = (have: string[], want: string[]) => {
    let at = 0;
    for (const line of have) if (line === want[at]) at++;
    return at === want.length;
  };

  test.each([
    ["typescript", "sdks/nodejs/campaign.ts"],
    ["python", "sdks/python/pulumi_sender/campaign.py"],
    ["go", "sdks/go/sender/campaign.go"],
    ["java", "sdks/java/src/main/java/io/github/pulumi_sender/sender/Campaign.java"],
  ])("%s: %s shows the campaign example", (language, file) => {
    const example = registryExamples.find((e) => e.tokens.includes("sender:index:Campaign"))!;
    let sdk = fs.readFileSync(path.join(ROOT, file), "utf8");
    // Javadoc's {@code} cannot hold a brace or an at sign: pulumi-java's generator closes it around
    // each, and around each run of braces (`{{unsubscribe_link}}`).
    if (language === "java")
      sdk = sdk.replaceAll("}{@literal @}{@code ", "@").replace(/\}(\{+|\}+)\{@code ?/g, "$1");
    expect(sdk).toContain(example.title);
    const program = lines(example.programs[language]!);
    expect(program.length).toBeGreaterThan(20);
    expect(inOrder(lines(sdk), program)).toBe(true);
    // Only its own language's program.
    const others = REGISTRY_LANGUAGES.filter((l) => l.name !== language);
    for (const other of others) expect(sdk).not.toContain(`\`\`\`${other.name}`);
  });
});

describe("the Registry's pages", () => {
  const index = fs.readFileSync(path.join(ROOT, "docs/_index.md"), "utf8");
  const installation = fs.readFileSync(path.join(ROOT, "docs/installation-configuration.md"), "utf8");

  test("docs/_index.md and docs/installation-configuration.md are what npm run docs:registry writes", () => {
    expect(index).toBe(indexPage(registryExamples));
    expect(installation).toBe(installationPage(VERSION));
  });

  test("the index page's front matter and its choosers name every language of the release and no other", () => {
    expect(index.split("\n").slice(0, 5)).toEqual([
      "---",
      "title: Sender",
      "meta_desc: Campaigns, transactional campaigns and webhooks of the Sender.net email-marketing API, as Pulumi resources.",
      "layout: package",
      "---",
    ]);
    const names = REGISTRY_LANGUAGES.map((l) => l.name);
    const choosers = [...index.matchAll(/\{\{< chooser language "([^"]+)" >\}\}/g)].map((m) => m[1]);
    expect(choosers).toEqual(registryExamples.map(() => names.join(",")));
    const choosable = [...index.matchAll(/\{\{% choosable language (\w+) %\}\}/g)].map((m) => m[1]);
    expect(choosable).toEqual(registryExamples.flatMap(() => names));
    expect(index).toContain('import * as sender from "pulumi-sender";');
  });

  test("the installation page lists each language's package, the plugin and every config key", () => {
    for (const language of REGISTRY_LANGUAGES) {
      expect(installation).toContain(`\n| ${language.title} | `);
      if (language.sdk?.install) expect(installation).toContain(`\`${language.sdk.install(VERSION)}\``);
    }
    // Java's package is an entry of pom.xml, below the table.
    expect(installation).toContain(`\n| Java | [\`io.github.pulumi-sender:sender\`](`);
    expect(installation).toContain(
      [
        "Java, in the `<dependencies>` of `pom.xml`:",
        "",
        "```xml",
        "<dependency>",
        "    <groupId>io.github.pulumi-sender</groupId>",
        "    <artifactId>sender</artifactId>",
        `    <version>${VERSION}</version>`,
        "</dependency>",
        "```",
      ].join("\n"),
    );
    for (const language of REGISTRY_LANGUAGES) {
      if (language.sdk)
        expect([language.name, !!(language.sdk.install ?? language.sdk.dependency)]).toEqual([
          language.name,
          true,
        ]);
    }
    const rows = installation.split("\n").filter((line) => /^\| [A-Z]/.test(line));
    expect(rows.map((row) => row.split(" | ")[0]!.slice(2))).toEqual([
      ...REGISTRY_LANGUAGES.map((l) => l.title),
      "TypeScript, dynamic resources",
    ]);
    expect(installation).toContain(
      `pulumi plugin install resource sender ${VERSION} --server github://api.github.com/pulumi-sender\n`,
    );
    expect(installation).toContain("the pages the table links to do\nnot exist yet");
    const keys = [...installation.matchAll(/^\| `sender:(\w+)` \|/gm)].map((m) => m[1]);
    expect(keys).toEqual(Object.keys(schema.config.variables));
    expect(installation).toContain("pulumi config set --secret sender:apiToken");
    expect(installation).toContain("export SENDER_API_TOKEN=");
  });
});

describe("a conversion's errors", () => {
  test("an error line of pulumi convert's stderr, coloured or not, fails the conversion; a warning does not", () => {
    const plugin = "error: Detected that /repo/bin/pulumi-resource-sender exited prematurely. \n";
    const coloured =
      '\u001b[31mError\u001b[0m: error resolving type of resource newSubscriber: internal error loading package "sender"\n';
    const warning =
      "warning: using pulumi-language-java from $PATH at /cli/pulumi-language-java\nConverting to java...\n";
    expect([plugin, coloured, warning, ""].map(convertReportsError)).toEqual([true, true, false, false]);
  });
});
