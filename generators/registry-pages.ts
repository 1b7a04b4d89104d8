// The Pulumi Registry's two pages of the package, docs/_index.md and
// docs/installation-configuration.md, from the examples, the language list and the config table
// (`npm run docs:registry`; a test fails when the checked-in pages differ).
import { CONFIG_TABLE, type ConfigKey } from "../provider/core/config";
import {
  DYNAMIC_PACKAGE,
  dynamicProgram,
  fenced,
  REGISTRY_LANGUAGES,
  type RegistryExample,
  type RegistryLanguage,
} from "../provider/plugin/registry-examples";
import { PACKAGE, PLUGIN_DOWNLOAD_URL, REPOSITORY_URL } from "../provider/plugin/schema";
import { PULUMI_WORDS } from "../provider/pulumi/words";
import { spellDoc } from "../provider/words/doc";

const frontMatter = (title: string, metaDesc: string): string =>
  ["---", `title: ${title}`, `meta_desc: ${metaDesc}`, "layout: package", "---"].join("\n");

/** An example in the Registry's language chooser, one `choosable` block per language. */
function chooser(example: RegistryExample, languages: readonly RegistryLanguage[]): string {
  const blocks = languages.map((language) =>
    [
      `{{% choosable language ${language.name} %}}`,
      "",
      fenced(language.name, example.programs[language.name]!),
      "",
      "{{% /choosable %}}",
    ].join("\n"),
  );
  const names = languages.map((language) => language.name).join(",");
  return [`{{< chooser language "${names}" >}}`, ...blocks, "{{< /chooser >}}"].join("\n");
}

/** docs/_index.md: the overview, when to pick the dynamic package, and every example in every language. */
export function indexPage(
  examples: readonly RegistryExample[],
  languages: readonly RegistryLanguage[] = REGISTRY_LANGUAGES,
): string {
  const first = examples[0];
  if (!first) throw new Error("no Registry example");
  const native = languages.find((language) => language.name === "typescript")?.sdk;
  if (!native) throw new Error("no TypeScript SDK among the languages");
  return [
    frontMatter(
      "Sender",
      "Campaigns, transactional campaigns and webhooks of the Sender.net email-marketing API, as Pulumi resources.",
    ),
    "",
    "The Sender provider manages an account of the [Sender.net](https://sender.net) email-marketing API v2:",
    "regular campaigns with their targeting, follow-ups, schedules and attachments, transactional",
    "campaigns, and webhooks. `pulumi preview` shows the diffs, `pulumi up` applies them, `pulumi refresh`",
    "finds drift, and functions read plans, reports, activity and subscriber events. Creating or updating",
    "a campaign never sends it; a campaign the service reports as sent is never changed or replaced, and",
    "is deleted only when the program says so (`deleteEvenIfSent`).",
    "",
    "## Example",
    "",
    ...examples.flatMap((example) => [`### ${example.title}`, "", chooser(example, languages), ""]),
    "## Two packages for TypeScript",
    "",
    `TypeScript programs have two packages to choose from. [\`${native.name}\`](${native.url}) is the SDK of`,
    "the provider plugin, like the other languages' SDKs: pick it for `pulumi import`, or for several",
    `Sender accounts in one program (one \`${PACKAGE}.Provider\` each).`,
    `[\`${DYNAMIC_PACKAGE.name}\`](${DYNAMIC_PACKAGE.url}) runs the same resources as dynamic resources in the`,
    "program's own Node.js process, with no plugin to install, and carries a local emulator of the Sender",
    "API to try a stack without an account. Both have the same classes, functions and arguments; only the",
    `import differs. The first example on \`${native.name}\`:`,
    "",
    fenced("typescript", first.programs.typescript!),
    "",
    `and on \`${DYNAMIC_PACKAGE.name}\`:`,
    "",
    fenced("typescript", dynamicProgram(first.programs.typescript!)),
    "",
    "Until the first release neither package is published, and the npm pages linked here do not exist",
    "yet: the repository's `docs/installing.md` installs them from a clone.",
    "",
    `More in the [repository](${REPOSITORY_URL}).`,
    "",
  ].join("\n");
}

/** The `default` column of a config key. */
function defaultOf(key: ConfigKey): string {
  // The token is the one key a stack cannot run without (from config or its variable); the others
  // without a default are rules that are off until set.
  if (key.default === undefined) return key.secret === true ? "none (required)" : "none (off)";
  return typeof key.default === "string" ? `\`${key.default}\`` : String(key.default);
}

/** docs/installation-configuration.md: every package with its install command, the plugin, the settings. */
export function installationPage(
  version: string,
  languages: readonly RegistryLanguage[] = REGISTRY_LANGUAGES,
): string {
  const packageRows = languages.map((language) => {
    const sdk = language.sdk;
    if (!sdk) return `| ${language.title} | none: the plugin alone | |`;
    const install = sdk.install
      ? `\`${sdk.install(version)}\``
      : `the dependency below, in \`${sdk.dependency!.file}\``;
    return `| ${language.title} | [\`${sdk.name}\`](${sdk.url}) | ${install} |`;
  });
  // The SDKs a build file names, each entry as a block of its own below the table.
  const dependencies = languages.flatMap((language) => {
    const dependency = language.sdk?.dependency;
    if (!dependency) return [];
    return [
      "",
      `${language.title}, in the \`<dependencies>\` of \`${dependency.file}\`:`,
      "",
      `\`\`\`${dependency.language}`,
      dependency.text(version),
      "```",
    ];
  });
  const configRows = Object.entries(CONFIG_TABLE).map(([name, key]: [string, ConfigKey]) => {
    const env = key.env === undefined ? "" : `\`${key.env}\``;
    return `| \`${PACKAGE}:${name}\` | ${env} | ${defaultOf(key)} | ${spellDoc(key.doc, PULUMI_WORDS)} |`;
  });
  return [
    frontMatter(
      "Sender Installation & Configuration",
      "How to install the Sender provider for Pulumi and configure its account and API token.",
    ),
    "",
    "## Installation",
    "",
    "The provider plugin and one SDK per language:",
    "",
    "```sh",
    `pulumi plugin install resource ${PACKAGE} ${version} --server ${PLUGIN_DOWNLOAD_URL}`,
    "```",
    "",
    "| language | package | install |",
    "| --- | --- | --- |",
    ...packageRows,
    `| TypeScript, dynamic resources | [\`${DYNAMIC_PACKAGE.name}\`](${DYNAMIC_PACKAGE.url}) | \`${DYNAMIC_PACKAGE.install!(version)}\` |`,
    ...dependencies,
    "",
    "Until the first release none of these packages is published, and the pages the table links to do",
    "not exist yet: the repository's `docs/installing.md` installs them from a clone.",
    "",
    "A program on an SDK gets the plugin by itself: the SDKs name its version and the GitHub release it",
    `comes from. \`${DYNAMIC_PACKAGE.name}\` needs no plugin; its resources run in the program's own Node.js`,
    "process (Node.js 22.19 or later).",
    "",
    "## Configuration",
    "",
    "The token, as a secret in the stack's config:",
    "",
    "```sh",
    `pulumi config set --secret ${PACKAGE}:apiToken <your Sender API token>`,
    "```",
    "",
    "or in the environment:",
    "",
    "```sh",
    `export ${CONFIG_TABLE.apiToken.env}=<your Sender API token>`,
    "```",
    "",
    "Every setting, also an argument of an explicit provider (without the prefix):",
    "",
    "| key | environment variable | default | meaning |",
    "| --- | --- | --- | --- |",
    ...configRows,
    "",
  ].join("\n");
}
