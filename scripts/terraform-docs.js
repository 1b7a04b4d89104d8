#!/usr/bin/env node
// `npm run docs:terraform`: writes docs/terraform/, the Terraform/OpenTofu provider's docs in the
// Terraform Registry's layout, from the door's schema (dist/provider/terraform/schema.js, built from
// the field, config and data-source tables: names, flags, descriptions), the kinds' samples
// (dist/provider/kinds/registry.js: each kind's example and import id, from its own file) and the
// HCL examples of examples/terraform/ (provider/provider.tf, data-sources/<type>/data-source.tf);
// it writes the resources' examples too, from the samples (test/e2e/terraform-mirror.test.ts
// applies every example):
//   examples/terraform/resources/<type>/resource.tf   one per resource type, its kind's sample
//   docs/terraform/index.md                 the provider block, installing from the release's
//                                           filesystem mirror, ownership, the protocol's versions
//   docs/terraform/resources/<name>.md      one per resource type (`sender_` left out of the name)
//   docs/terraform/data-sources/<name>.md   one per data source
//   docs/terraform/functions/<name>.md      one per provider-defined function (functions.js)
//   templates/terraform/README.md           its install section, the same as index.md's
// It fails naming a data source without an example, or an example of no type. Needs the build.
//   node scripts/terraform-docs.js [<compiled schema module>]
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const OUT = path.join(root, "docs/terraform");
const EXAMPLES = path.join(root, "examples/terraform");
// The compiled schema module, named by the npm script so that generate.js's order check sees it.
const schemaModule = path.resolve(root, process.argv[2] ?? "dist/provider/terraform/schema.js");
if (!fs.existsSync(schemaModule)) {
  console.error("terraform-docs: dist/provider/terraform/schema.js is missing: run npm run build first");
  process.exit(1);
}
const { TF_PROVIDER_NAME } = require(schemaModule);
// The registry compiled beside it: each kind's sample (provider/core/kind-sample.ts).
const { registry } = require(path.join(path.dirname(schemaModule), "../kinds/registry.js"));
// The provider-defined functions and the write-only attributes, compiled beside it.
const { TF_FUNCTIONS } = require(path.join(path.dirname(schemaModule), "functions.js"));
const { WRITE_ONLY, servedSchema } = require(path.join(path.dirname(schemaModule), "write-only.js"));
const version = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version;
const SOURCE = "registry.opentofu.org/pulumi-sender/sender";

/** A type as the Registry's docs spell it: `String`, `List of String`, `List of Object`. */
function typeName(type) {
  switch (type.kind) {
    case "string":
      return "String";
    case "number":
      return "Number";
    case "bool":
      return "Boolean";
    case "list":
    case "set":
      return `${type.kind === "list" ? "List" : "Set"} of ${typeName(type.element)}`;
    default:
      return "Object";
  }
}

/** The nested attributes of an object (or list of objects) type, as an indented list. */
function nested(type, depth) {
  const object = type.kind === "object" ? type : type.element?.kind === "object" ? type.element : undefined;
  if (!object) return [];
  return object.attributes.flatMap((a) => [
    `${"  ".repeat(depth)}- \`${a.name}\` (${typeName(a.type)})`,
    ...nested(a.type, depth + 1),
  ]);
}

const line = (a, extra = "") => [
  `- \`${a.name}\` (${typeName(a.type)}${a.sensitive ? ", Sensitive" : ""}${a.writeOnly ? ", Write-only" : ""}${extra}) ${a.description}`,
  ...nested(a.type, 1),
];

/** The Registry's Schema section: Required, Optional, Read-Only. */
function schemaSection(block, replaceOnChange = []) {
  const replaces = new Set(replaceOnChange);
  const groups = [
    ["Required", block.attributes.filter((a) => a.required)],
    ["Optional", block.attributes.filter((a) => a.optional)],
    ["Read-Only", block.attributes.filter((a) => a.computed && !a.optional && !a.required)],
  ];
  const out = ["## Schema", ""];
  for (const [title, attributes] of groups) {
    if (attributes.length === 0) continue;
    out.push(`### ${title}`, "");
    for (const a of attributes)
      out.push(...line(a, replaces.has(a.name) ? ", replaces the object when changed" : ""));
    out.push("");
  }
  return out;
}

/** The Example Usage section of an HCL text. */
const exampleSection = (hcl) => ["## Example Usage", "", "```terraform", hcl.trimEnd(), "```", ""];

function example(file) {
  const full = path.join(EXAMPLES, file);
  if (!fs.existsSync(full)) throw new Error(`terraform-docs: examples/terraform/${file} is missing`);
  return exampleSection(fs.readFileSync(full, "utf8"));
}

function frontMatter(title, description) {
  const first = description.split(/(?<=\.)\s/)[0];
  return ["---", `page_title: "${title}"`, 'subcategory: ""', "description: |-", `  ${first}`, "---", ""];
}

const GUIDES = path.join(root, "scripts/terraform-guides");
const GUIDE_NOTE =
  "<!-- Copied by `npm run docs:terraform` (scripts/terraform-docs.js) from scripts/terraform-guides/: edit that. -->";

const shortName = (type) => type.slice(TF_PROVIDER_NAME.length + 1);
const GENERATED =
  "<!-- Generated by `npm run docs:terraform` (scripts/terraform-docs.js) from the tables and examples/terraform/: edit those. -->";
const README = path.join(root, "templates/terraform/README.md");
const README_NOTE =
  "<!-- This section is written by `npm run docs:terraform` (scripts/terraform-docs.js), word for word as docs/terraform/index.md's: edit that script. -->";

/** The heading of the install section, the same in docs/terraform/index.md and templates/terraform/README.md. */
const INSTALL_HEADING = "## Install from the release's filesystem mirror";
const PLATFORMS = ["linux_amd64", "linux_arm64", "darwin_amd64", "darwin_arm64", "windows_amd64"];

/**
 * The install section's body (its heading left out): what the reader must have, the install block,
 * then the lock file for every platform. docs/terraform/index.md and templates/terraform/README.md
 * both carry it, word for word (the README's section is rewritten from it: see readmeWithInstall).
 * test/e2e/terraform-mirror.test.ts runs both blocks as pasted, in a new folder with a main.tf.
 */
function installSection() {
  return [
    `Until the provider is in a registry, install it from the release folder: \`npm ci && npm run release\` in a clone of pulumi-sender prints it (\`dist/release/${version}\`), and its \`terraform-mirror/\` is a filesystem mirror, packed as \`tofu providers mirror\` writes one (\`${SOURCE}/terraform-provider-sender_${version}_<os>_<arch>.zip\` for ${PLATFORMS.slice(0, -1).join(", ")} and ${PLATFORMS.at(-1)}). Each zip carries its runtime: the provider needs no Node.js.`,
    "",
    `Two things must be there first: the folder of your configuration (the one with your \`main.tf\`) as the current folder, and the release folder's absolute path in \`rel\`, set in the same shell (\`rel=~/pulumi-sender/dist/release/${version}\`). The block checks both and stops, naming what is missing, if either is not; then it writes \`sender.tfrc\` in this folder, a CLI configuration that takes this provider from the mirror and every other provider from its registry, points \`TF_CLI_CONFIG_FILE\` at it and runs \`tofu init\`:`,
    "",
    "```sh",
    'ls "$rel/terraform-mirror" *.tf >/dev/null &&',
    "cat >sender.tfrc <<EOF &&",
    "provider_installation {",
    "  filesystem_mirror {",
    '    path    = "$rel/terraform-mirror"',
    '    include = ["registry.opentofu.org/pulumi-sender/*"]',
    "  }",
    "  direct {",
    '    exclude = ["registry.opentofu.org/pulumi-sender/*"]',
    "  }",
    "}",
    "EOF",
    'export TF_CLI_CONFIG_FILE="$PWD/sender.tfrc" &&',
    "tofu init",
    "```",
    "",
    `\`TF_CLI_CONFIG_FILE\` holds for this shell only: export it again (\`export TF_CLI_CONFIG_FILE="$PWD/sender.tfrc"\`, in this folder) in a new one before the next \`tofu init\`.`,
    "",
    `Write the provider's \`source\` out in full, \`${SOURCE}\`, as the configurations here do, so that Terraform, whose default registry is another, finds the same mirror. The mirror's \`index.json\` and \`${version}.json\` make the same folder a network mirror when served over HTTPS (\`network_mirror { url = "https://…/terraform-mirror/" }\`). The release's \`terraform-provider-sender_${version}_SHA256SUMS\` covers the zips and the manifest; the release workflow signs it for the registries.`,
    "",
    "### A lock file for every platform of the team",
    "",
    `\`tofu init\` records in \`.terraform.lock.hcl\` the checksum of this machine's zip only, and \`tofu init\` on another platform then refuses the provider: its zip matches no checksum of the lock file. To commit a lock file that serves every platform the team uses, lock the provider from the same mirror for each of them, in the same folder and shell (\`rel\` still set):`,
    "",
    "```sh",
    `tofu providers lock -fs-mirror="$rel/terraform-mirror" \\`,
    ...PLATFORMS.map((p) => `  -platform=${p} \\`),
    `  ${SOURCE}`,
    "```",
    "",
    `It adds one \`h1:\` checksum for each platform to the provider's entry (the release ships these five; leave out the ones nobody uses). Naming \`${SOURCE}\` locks it alone: the configuration's other providers keep their entries, and \`tofu providers lock -platform=…\` without \`-fs-mirror\` locks those from their registries. \`terraform providers lock\` takes the same flags.`,
    "",
  ];
}

/** templates/terraform/README.md with its install section (heading to the next `## `) written from installSection. */
function readmeWithInstall(readme) {
  const start = readme.indexOf(`\n${INSTALL_HEADING}\n`);
  if (start < 0)
    throw new Error(`terraform-docs: templates/terraform/README.md has no "${INSTALL_HEADING}" section`);
  const end = readme.indexOf("\n## ", start + 1);
  if (end < 0)
    throw new Error("terraform-docs: templates/terraform/README.md has no section after the install");
  return [
    readme.slice(0, start + 1),
    `${INSTALL_HEADING}\n\n${README_NOTE}\n\n${installSection().join("\n")}`,
    readme.slice(end),
  ].join("");
}

/** The section of a type with a write-only attribute: how to keep the value out of the state. */
function writeOnlySection(type) {
  const spec = WRITE_ONLY[type];
  if (!spec) return [];
  return [
    `## Keeping \`${spec.attribute}\` out of the state`,
    "",
    `Set \`${spec.writeOnly}\` instead of \`${spec.attribute}\` (exactly one of them): a write-only attribute (Terraform 1.11, OpenTofu 1.11 and later), sent to Sender at create and update and kept in neither the plan nor the state, with \`${spec.attribute}\`'s checks. The engine cannot compare a value it does not keep, so a new \`${spec.writeOnly}\` is sent when \`${spec.version}\` changes; a refresh reads the webhook but not its \`${spec.attribute}\`, so a change made in the Sender interface is not seen. An older engine is refused at plan, on \`${spec.writeOnly}\`. Moving from \`${spec.attribute}\` to \`${spec.writeOnly}\` changes nothing in Sender when the value is the same, and drops it from the state.`,
    "",
    "```terraform",
    `variable "hook_url" {`,
    "  type      = string",
    "  sensitive = true",
    "}",
    "",
    `resource "${type}" "example" {`,
    `  ${spec.writeOnly}         = var.hook_url`,
    `  ${spec.version} = 1 # change it to send a new ${spec.writeOnly}`,
    `  topic          = "subscribers/new"`,
    "}",
    "```",
    "",
  ];
}

function resourcePage(type, resource) {
  const { what, example: sample } = registry[resource.kind].sample.importId;
  return [
    ...frontMatter(`${type} Resource - ${TF_PROVIDER_NAME}`, resource.block.description),
    GENERATED,
    "",
    `# ${type} (Resource)`,
    "",
    resource.block.description,
    "",
    ...exampleSection(registry[resource.kind].sample.terraform),
    ...schemaSection(resource.block, resource.replaceOnChange),
    ...writeOnlySection(type),
    "## Import",
    "",
    `The id is ${what}. With an \`import\` block (Terraform 1.5 or later, OpenTofu), then \`tofu plan -generate-config-out=generated.tf\` writes the resource's block:`,
    "",
    "```terraform",
    "import {",
    `  to = ${type}.example`,
    `  id = "${sample}"`,
    "}",
    "```",
    "",
    "With Terraform 1.12 or OpenTofu 1.12 and later, the block may name the object by its resource identity, `{ id }`, instead:",
    "",
    "```terraform",
    "import {",
    `  to       = ${type}.example`,
    `  identity = { id = "${sample}" }`,
    "}",
    "```",
    "",
    "Or on the command line, with the resource's block written first:",
    "",
    "```sh",
    `tofu import ${type}.example ${sample}`,
    "```",
    "",
    "The provider's own executable writes the `import` blocks of a whole account, with no Node.js: `terraform-provider-sender_v<version> adopt --format hcl --out <dir>` (under `.terraform/providers/` after `tofu init`; `adopt --help` lists its filters). `npx pulumi-sender adopt --format hcl` does the same from the npm package.",
    "",
  ].join("\n");
}

function dataSourcePage(type, source) {
  return [
    ...frontMatter(`${type} Data Source - ${TF_PROVIDER_NAME}`, source.block.description),
    GENERATED,
    "",
    `# ${type} (Data Source)`,
    "",
    source.block.description,
    "",
    ...example(`data-sources/${type}/data-source.tf`),
    ...schemaSection(source.block),
  ].join("\n");
}

function indexPage(schema) {
  const resources = Object.keys(schema.resources);
  const sources = Object.keys(schema.dataSources);
  return [
    ...frontMatter(
      `${TF_PROVIDER_NAME} Provider`,
      "The Sender provider manages Sender.net email campaigns, transactional campaigns and webhooks.",
    ),
    GENERATED,
    "",
    `# ${TF_PROVIDER_NAME} Provider`,
    "",
    "The Sender provider manages [Sender.net](https://www.sender.net) email campaigns with their targeting, follow-up, attachments and schedule, transactional campaigns and webhooks, through the Sender API v2. It is pulumi-sender's third door: the same core, checks and promises as the Pulumi plugin, from the same bundle and runtime. Creating or updating a campaign never sends it; only a `sender_campaign_schedule` does. `plan` sends no write.",
    "",
    ...example("provider/provider.tf"),
    "## Terraform and OpenTofu versions",
    "",
    "- **Tested:** OpenTofu 1.12.6 (`scripts/tofu-cli.sh`'s default, built from its Go module), under every e2e test of this provider in CI, among them the write-only `url_wo` of `sender_webhook`, the `content_hash` function in an output and an `import` block by `identity` (test/e2e/terraform-engines.test.ts). OpenTofu 1.10.10 (`scripts/tofu-cli.sh 1.10.10`), the oldest engine tested, in CI too (test/e2e/terraform-older-engine.test.ts): its schema holds the functions, `validate` refuses offline, `url_wo` (which 1.10.10 would keep in its state) is refused on its attribute before any request, `url` applies, the plans after an apply are quiet, an `import` block by id imports; test/e2e/terraform-door.test.ts also passed under it by hand for this release (`PULUMI_SENDER_TOFU_VERSION=1.10.10`). No Terraform build is run here: Terraform's module does not build from Go modules (its go.mod replaces nested modules with folders its module zip leaves out).",
    "- **Assumed (not tested), by the plugin protocol version each feature needs:** the provider is served on the tfplugin6.10 definitions (OpenTofu 1.12.6's), but a client needs only what protocol 6.0 has (the manifest's `protocol_versions` is `[\"6.0\"]`) for the schema, validate, configure, plan, apply, read, import, upgrade-state and data-source calls. HashiCorp's plugin-protocol page gives protocol 6 as compatible with Terraform 1.0 and later, and OpenTofu speaks it since its first release (1.6): so Terraform 1.0 or later and OpenTofu 1.6 or later are expected to work. The later features are answered in calls and fields an older client never asks for or leaves aside: provider-defined functions (protocol 6.5) need Terraform 1.8 or OpenTofu 1.7; write-only attributes (6.8) Terraform 1.11 or OpenTofu 1.11, and an engine that does not say it keeps them out of the state (ConfigureProvider's `write_only_attributes_allowed`) is refused at plan when `url_wo` is set; resource identity and `import` by `identity` (6.9) Terraform 1.12 or OpenTofu 1.12. `MoveResourceState` is not declared (see Functions and moves). Ephemeral resources, list resources, actions and state stores are not offered.",
    "- **Assumed (not tested):** `import` blocks and `-generate-config-out` need Terraform 1.5 or later; every OpenTofu release has them (assumed).",
    "",
    INSTALL_HEADING,
    "",
    ...installSection(),
    "## Authentication and the emulator",
    "",
    "`api_token` falls back to `SENDER_API_TOKEN` and `base_url` to `SENDER_BASE_URL`: set them in the environment and keep the token out of the configuration and the state. The provider's executable runs the local emulator of the Sender API too, on its own runtime: after `tofu init`,",
    "",
    "```sh",
    `.terraform/providers/${SOURCE}/${version}/linux_amd64/terraform-provider-sender_v${version} emulator --port 4010 --token dev-token --detach --log emulator.log --pid-file emulator.pid`,
    "export SENDER_BASE_URL=http://127.0.0.1:4010 SENDER_API_TOKEN=dev-token",
    "```",
    "",
    '(your platform\'s folder instead of `linux_amd64`; `kill "$(cat emulator.pid)"` stops it).',
    "",
    "The same executable runs `adopt --format hcl --out <dir>`, which writes an `import` block for every object of an account, and `--version`. Run with nothing else, it says in two lines that it is a plugin that Terraform, OpenTofu and Pulumi start themselves, and exits 1.",
    "",
    "## Validate",
    "",
    "`tofu validate` (and `terraform validate`) runs every check that needs no API, with no request to Sender: types, enums (`content_type = \"pdf\"`), formats (an email address, an https webhook url, an ISO 8601 time with its offset), control characters in text, ranges (a follow-up's `delay_hours`), the rules between arguments (`tag_ids` beside `send_to_all = true`), an attribute only the provider sets given in the configuration, the data sources' arguments and the provider block's values. Each error is on its attribute, one line for each rule a value breaks; a value not known yet (another resource's id) is left to the plan. What needs the account (a tag id it lacks, a token it refuses) or the state (a schedule time in the past, refused for a new or moved schedule only) is checked by `plan`, which sends only reads.",
    "",
    "## Ownership",
    "",
    "Terraform's plan and apply requests name no resource address and carry nothing that tells one workspace's objects from another's. So the provider block takes `ownership_scope` (or `SENDER_OWNERSHIP_SCOPE`): a name unique to the workspace among those that manage the same account, such as `acme/newsletters/prod`. Every campaign, transactional campaign and webhook it creates carries an ownership mark made from that scope, the resource type and the title (a webhook's url, topic and relation): a create whose answer was lost is found again by its mark and never made twice, and no object of another workspace, or made by hand, is taken over. Without a scope, creating one of these fails at `plan`. Give two workspaces of one account different scopes, and keep titles unique within a workspace. An object that exists already is brought in by `import`, never adopted by name.",
    "",
    "A campaign that is sending or sent is never changed, replaced or deleted: `tofu destroy` keeps it in Sender and drops it from the state, with a warning, unless its `delete_even_if_sent` is `true` (set it and apply first).",
    "",
    "How this provider behaves under `-replace`, `create_before_destroy`, `moved`, `removed` and `import`: [Replace, forget, rename and move](guides/replace-and-forget.md). Two blocks that would carry one ownership mark (one title) are refused at plan; a create never takes an object a state holds or held on this machine (the object a replacement replaces, one forgotten by `removed`).",
    "",
    "## Replacing or renaming a campaign's part",
    "",
    "A campaign has one targeting, one schedule and one follow-up, and an attachment is one file of it: two resources of one of these on one campaign write the same thing in Sender. The provider cannot see `create_before_destroy`, so a replacement under it (or `apply -replace=<address>` of such a resource), and a block renamed without a `moved` block, make the new resource and delete the old one in one apply, in either order or at once. The provider writes one campaign's part one at a time, and the old resource's delete leaves the part as the new one set it, with a warning (`left as it is`); a targeting's delete still removes what only the old one set (an excluded tag, a list the new one leaves empty). So the apply ends with Sender holding what the state records. Prefer a `moved` block for a rename all the same: it changes nothing in Sender.",
    "",
    ...schemaSection(schema.provider),
    "## Functions and moves",
    "",
    "Provider-defined functions (Terraform 1.8, OpenTofu 1.7 and later) are called as `provider::sender::<name>(…)`. They are pure: none reaches Sender, so they work before the provider is configured.",
    "",
    ...Object.entries(TF_FUNCTIONS).map(([name, fn]) => `- [${name}](functions/${name}.md): ${fn.summary}.`),
    "",
    "No `moved` block moves a resource from one of this provider's types to another (`MoveResourceState`, Terraform 1.8): each type manages a different object of Sender, or a different part of one campaign, so no state of one type is the state of another, and the provider does not declare the capability; a call is answered with an error that says so. To manage an object under another type, end the old resource with a `removed` block (`lifecycle { destroy = false }`) and bring the object in with an `import` block of the new type. A `moved` block within one type (a new name, a module) needs no provider call.",
    "",
    "## Resources and data sources",
    "",
    ...resources.map((t) => `- [${t}](resources/${shortName(t)}.md)`),
    "",
    ...sources.map((t) => `- [${t}](data-sources/${shortName(t)}.md)`),
    "",
  ].join("\n");
}

/** A function's page: its signature, what it returns, its parameters and an example. */
function functionPage(name, fn) {
  return [
    ...frontMatter(`${name} Function - ${TF_PROVIDER_NAME}`, `${fn.summary}.`),
    GENERATED,
    "",
    `# ${name} (Function)`,
    "",
    fn.description,
    "",
    "## Example Usage",
    "",
    "```terraform",
    fn.example,
    "```",
    "",
    "## Signature",
    "",
    "```text",
    `${name}(${fn.parameters.map((p) => `${p.name} ${typeName(p.type).toLowerCase()}`).join(", ")}) ${typeName(fn.returns).toLowerCase()}`,
    "```",
    "",
    "## Arguments",
    "",
    ...fn.parameters.map((p, i) => `${i + 1}. \`${p.name}\` (${typeName(p.type)}) ${p.description}`),
    "",
    "No argument may be null: the engine refuses one before the call, and waits for an unknown one.",
    "",
  ].join("\n");
}

function main() {
  // The schema as the door serves it: the tables' and the write-only attributes.
  const schema = servedSchema();
  const files = new Map([["index.md", indexPage(schema)]]);
  // The guides: hand-written in scripts/terraform-guides/, published beside the generated pages.
  for (const guide of fs
    .readdirSync(GUIDES)
    .filter((name) => name.endsWith(".md"))
    .sort()) {
    const text = fs.readFileSync(path.join(GUIDES, guide), "utf8");
    const title = (/^# (.+)$/m.exec(text) ?? [])[1] ?? guide;
    files.set(
      `guides/${guide}`,
      [...frontMatter(title, title), GUIDE_NOTE, "", text.trimEnd(), ""].join("\n"),
    );
  }
  for (const [type, resource] of Object.entries(schema.resources))
    files.set(`resources/${shortName(type)}.md`, resourcePage(type, resource));
  for (const [type, source] of Object.entries(schema.dataSources))
    files.set(`data-sources/${shortName(type)}.md`, dataSourcePage(type, source));
  for (const [name, fn] of Object.entries(TF_FUNCTIONS))
    files.set(`functions/${name}.md`, functionPage(name, fn));
  // A data source's example of a type the schema no longer has is stale.
  for (const type of fs.readdirSync(path.join(EXAMPLES, "data-sources"))) {
    if (!(type in schema.dataSources))
      throw new Error(
        `terraform-docs: examples/terraform/data-sources/${type} is no data source type of the schema`,
      );
  }
  // The resources' examples are the samples' whole: one of a type gone goes with the folder.
  const resourceExamples = path.join(EXAMPLES, "resources");
  fs.rmSync(resourceExamples, { recursive: true, force: true });
  for (const [type, resource] of Object.entries(schema.resources)) {
    fs.mkdirSync(path.join(resourceExamples, type), { recursive: true });
    fs.writeFileSync(
      path.join(resourceExamples, type, "resource.tf"),
      registry[resource.kind].sample.terraform,
    );
  }
  fs.rmSync(OUT, { recursive: true, force: true });
  for (const [file, text] of files) {
    fs.mkdirSync(path.dirname(path.join(OUT, file)), { recursive: true });
    fs.writeFileSync(path.join(OUT, file), text.endsWith("\n") ? text : `${text}\n`);
  }
  // The template's README carries the same install section, word for word.
  fs.writeFileSync(README, readmeWithInstall(fs.readFileSync(README, "utf8")));
  console.error(
    `terraform-docs: ${files.size} pages in docs/terraform/, and templates/terraform/README.md's install section`,
  );
}

try {
  main();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
