/**
 * What `pulumi-sender adopt` writes: `import.json` for `pulumi import --file` (the plugin),
 * `index.ts` for the dynamic package, and the script that sets the secrets index.ts reads from
 * config. Each is a function of the account alone (no dates, no randomness, a fixed order), so
 * that a second run writes byte-identical files.
 */
import { CAMPAIGN_KIND } from "../kinds/registry";
import { resourceTypeOf } from "../terraform/schema";
import { type Account, type AccountObject, isSentStatus } from "./account";
import { adoptName, partSuffix } from "./walks";

/** An object with the name and TypeScript identifier it is written under. */
export interface NamedObject extends AccountObject {
  /** The resource name, unique in the file. */
  readonly name: string;
  /** The `const` it is bound to in index.ts. */
  readonly identifier: string;
}

/** The lowercase ASCII words of a text joined by `-`, at most 48 characters; "" when none. */
export function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
}

const idPart = (id: string) => id.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "");

/**
 * The names an identifier of index.ts must not take. Identifiers are lowercase-first ASCII letters
 * and digits (see {@link identifierOf}), so only lowercase names can collide: the reserved words
 * (strict mode's too, the file being a module), `eval` and `arguments` (strict mode refuses to bind
 * them), the CommonJS wrapper's parameters (the program runs compiled to CommonJS, where a `const`
 * of the same name is a redeclaration), the globals TypeScript refuses to shadow, TypeScript's
 * contextual keywords (legal, but confusing), and the file's own bindings.
 */
const RESERVED: ReadonlySet<string> = new Set(
  [
    "break case catch class const continue debugger default delete do else enum export extends false finally for",
    "function if import in instanceof new null return super switch this throw true try typeof var void while with",
    "implements interface let package private protected public static yield await",
    "eval arguments",
    "exports require module __filename __dirname",
    "undefined globalThis",
    "as any boolean number string symbol type from of declare namespace readonly keyof infer is unique never unknown",
    "pulumi sender config",
  ]
    .join(" ")
    .split(" "),
);

/** A name as a camelCase identifier: `spring-sale-2` is `springSale2`; a leading digit gets `r`. */
function camelOf(name: string): string {
  const [first = "", ...rest] = name.split("-").filter((part) => part !== "");
  const camel = first + rest.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("");
  return /^[0-9]/.test(camel) ? `r${camel}` : camel || "resource";
}

/** A name as a camelCase identifier ({@link camelOf}); a reserved one gets `_`. */
export function identifierOf(name: string): string {
  const safe = camelOf(name);
  return RESERVED.has(safe) ? `${safe}_` : safe;
}

/**
 * Names every object. A campaign, transactional campaign or webhook is named after its title (or
 * subject, or topic); when several share that name, each carries its id too, so that a name does
 * not depend on which others exist. A part is named after its campaign (`<campaign>-targeting`,
 * `<campaign>-<file>`). A name whose identifier is reserved (`eval`, `exports`, `pulumi`) gets the
 * kind (`eval-campaign`). A name or identifier still taken gets the kind, then a number.
 */
export function nameObjects(account: Account): NamedObject[] {
  const base = (o: AccountObject) => slug(o.label) || adoptName(o.kind);
  const counts = new Map<string, number>();
  for (const o of account.objects) {
    if (o.campaignId === undefined) counts.set(base(o), (counts.get(base(o)) ?? 0) + 1);
  }
  const names = new Set<string>();
  // Seeded with the reserved names, so that no suffix a clash adds can land on one either.
  const identifiers = new Set<string>(RESERVED);
  const campaignNames = new Map<string, string>();
  const claim = (taken: Set<string>, wanted: string, alternative: string, join: string) => {
    let value = wanted;
    if (taken.has(value)) value = `${wanted}${join}${alternative}`;
    for (let n = 2; taken.has(value); n++) value = `${wanted}${join}${n}`;
    taken.add(value);
    return value;
  };
  return account.objects.map((o) => {
    let wanted: string;
    if (o.campaignId !== undefined) {
      const campaign = campaignNames.get(o.campaignId) ?? adoptName(CAMPAIGN_KIND);
      wanted = `${campaign}-${partSuffix(o.kind) ?? (slug(o.label) || adoptName(o.kind))}`;
    } else {
      wanted = (counts.get(base(o)) ?? 0) > 1 ? `${base(o)}-${idPart(o.id)}` : base(o);
    }
    // The engine's code generator (`pulumi import --out`) binds each resource to its name: a name
    // no program can bind (`eval`, `pulumi`) takes its kind, so that its code compiles too.
    if (RESERVED.has(camelOf(wanted))) wanted = `${wanted}-${slug(o.kind)}`;
    const name = claim(names, wanted, slug(o.kind), "-");
    if (o.kind === CAMPAIGN_KIND) campaignNames.set(o.id, name);
    const identifier = claim(identifiers, identifierOf(name), o.kind, "");
    return { ...o, name, identifier };
  });
}

/** The `pulumi import --file` document: every object once, its parts under their campaign. */
export function importFile(objects: readonly NamedObject[]): string {
  const campaignName = new Map(objects.filter((o) => o.kind === CAMPAIGN_KIND).map((o) => [o.id, o.name]));
  const resources = objects.map((o) => {
    const parent = o.campaignId === undefined ? undefined : campaignName.get(o.campaignId);
    return { type: `sender:index:${o.kind}`, name: o.name, id: o.id, ...(parent ? { parent } : {}) };
  });
  return `${JSON.stringify({ resources }, null, 2)}\n`;
}

/** A value as TypeScript source: JSON, which TypeScript reads as the same literal. */
const literal = (value: unknown) => JSON.stringify(value);

/** The inputs whose value is a URL the service posts to, by kind: a path or query may hold a secret. */
const SECRET_URL_INPUTS: Partial<Record<string, string>> = { Webhook: "url" };

/**
 * True when a URL may carry a secret: anything beyond a scheme, host and port (a path other than
 * `/`, a query, a fragment, a user or password), and anything that does not parse as a URL.
 */
export function mayHoldSecret(url: string): boolean {
  if (!URL.canParse(url)) return true;
  const parsed = new URL(url);
  return (
    (parsed.pathname !== "/" && parsed.pathname !== "") ||
    parsed.search !== "" ||
    parsed.hash !== "" ||
    parsed.username !== "" ||
    parsed.password !== ""
  );
}

/** An input written as a secret read from the stack's config rather than as a literal. */
export interface SecretInput {
  /** The object's resource name. */
  readonly name: string;
  /** The input (`url`). */
  readonly input: string;
  /** The project config key index.ts reads it from (`config.requireSecret(key)`). */
  readonly key: string;
  /** The value, for `pulumi config set --secret`; never written into index.ts. */
  readonly value: string;
}

/** The inputs that index.ts reads from config as secrets: webhook URLs that may hold one ({@link mayHoldSecret}). */
export function secretInputs(objects: readonly NamedObject[]): SecretInput[] {
  return objects.flatMap((o) => {
    const input = SECRET_URL_INPUTS[o.kind];
    const value = input === undefined ? undefined : o.inputs[input];
    if (input === undefined || typeof value !== "string" || !mayHoldSecret(value)) return [];
    const key = `${o.identifier}${input.charAt(0).toUpperCase()}${input.slice(1)}`;
    return [{ name: o.name, input, key, value }];
  });
}

/** A word as one POSIX shell argument. */
const shellWord = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The name of the script that sets the secrets of {@link secretInputs}. */
export const SECRETS_SCRIPT = "config-secrets.sh";

/**
 * The script that sets each secret input on the stack: `pulumi config set --secret <key> <value>`,
 * one line each, run once in the project with its stack selected. It holds the values in clear:
 * written with mode 0600, and to be deleted once run (its first lines say so). Undefined when
 * there is nothing secret.
 */
export function secretsScript(secrets: readonly SecretInput[]): string | undefined {
  if (secrets.length === 0) return undefined;
  const lines = [
    "#!/bin/sh",
    "# Written by `pulumi-sender adopt`: the webhook URLs index.ts reads from the stack's config as secrets.",
    "# It holds them in clear: run it once in the project, with the stack selected, then delete it; never commit it.",
    "set -e",
    ...secrets.map((s) => `pulumi config set --secret ${s.key} -- ${shellWord(s.value)}`),
  ];
  return `${lines.join("\n")}\n`;
}

/** The argument lines of one resource: `adoptId`, then `campaignId` by reference, then the rest by name. */
function argumentLines(
  o: NamedObject,
  campaignIdentifier: string | undefined,
  secrets: ReadonlyMap<string, SecretInput>,
): string[] {
  const lines = [`  adoptId: ${literal(o.id)},`];
  if (campaignIdentifier !== undefined) lines.push(`  campaignId: ${campaignIdentifier}.id,`);
  const keys = Object.keys(o.inputs)
    .filter((key) => key !== "adoptId" && key !== "campaignId" && o.inputs[key] !== undefined)
    .sort();
  for (const key of keys) {
    const secret = secrets.get(`${o.name}\u0000${key}`);
    lines.push(
      secret === undefined
        ? `  ${key}: ${literal(o.inputs[key])},`
        : `  ${key}: config.requireSecret(${literal(secret.key)}),`,
    );
  }
  return lines;
}

const SENT_COMMENT =
  "  // Sent: its record, reports and history are kept from `pulumi destroy` and replacement; `pulumi state unprotect` lifts it.";

/**
 * The program for the dynamic package: one `new sender.<Kind>` per object with `adoptId`, each
 * part referring to its campaign's resource (`campaignId: spring.id`, `parent: spring`), a sent
 * campaign protected with the reason in a comment, each input of {@link secretInputs} read from
 * the stack's config as a secret (never its value).
 */
export function program(objects: readonly NamedObject[], origin: string): string {
  const campaignIdentifier = new Map(
    objects.filter((o) => o.kind === CAMPAIGN_KIND).map((o) => [o.id, o.identifier]),
  );
  const secrets = new Map(secretInputs(objects).map((s) => [`${s.name}\u0000${s.input}`, s]));
  const out = [
    `// Written by \`pulumi-sender adopt\` from ${origin}: every object below is adopted (adoptId), not created.`,
    "// `pulumi up` reads each one and sends nothing while the arguments match the account.",
  ];
  if (secrets.size > 0)
    out.push(
      `// Webhook URLs with a path or query are secrets read from the stack's config: run \`sh ${SECRETS_SCRIPT}\` (adopt wrote it beside this file) once, with this project's stack selected.`,
      'import * as pulumi from "@pulumi/pulumi";',
    );
  out.push('import * as sender from "pulumi-sender";', "");
  if (secrets.size > 0) out.push("const config = new pulumi.Config();", "");
  for (const o of objects) {
    const parentIdentifier = o.campaignId === undefined ? undefined : campaignIdentifier.get(o.campaignId);
    const options: string[] = [];
    if (parentIdentifier !== undefined) options.push(`  parent: ${parentIdentifier},`);
    if (o.kind === CAMPAIGN_KIND && isSentStatus(o.status)) options.push(SENT_COMMENT, "  protect: true,");
    // Only a campaign is referred to (by its parts): the others need no binding.
    const bound = o.kind === CAMPAIGN_KIND ? `const ${o.identifier} = ` : "";
    const head = `${bound}new sender.${o.kind}(${literal(o.name)}, {`;
    const tail = options.length > 0 ? ["}, {", ...options, "});"] : ["});"];
    out.push(head, ...argumentLines(o, parentIdentifier, secrets), ...tail);
  }
  return `${out.join("\n")}\n`;
}

/**
 * A name as a Terraform resource name, which starts with a letter or `_`: dashes become `_`, as
 * HCL's style has them, and a leading digit gets `_` (`2026-plan` is `_2026_plan`). Names have no
 * `_` of their own ({@link slug}), so distinct names stay distinct.
 */
export function terraformName(name: string): string {
  const snake = name.replaceAll("-", "_");
  return /^[0-9]/.test(snake) ? `_${snake}` : snake;
}

/** A string as an HCL quoted template literal: JSON's escapes, and `${` and `%{` kept literal. */
const hclString = (text: string) =>
  JSON.stringify(text)
    .replaceAll("${", () => "$${")
    .replaceAll("%{", () => "%%{");

/** The name of the file `--format hcl` writes. */
export const IMPORTS_FILE = "imports.tf";

/**
 * `imports.tf` for Terraform or OpenTofu (1.5 or later): one `import` block per object, in the
 * order of {@link importFile}, each to `sender_<kind>.<name>` with the id the door's import takes.
 * `tofu plan -generate-config-out=generated.tf` then writes the resource blocks, which plan with no
 * changes. A sent campaign says so in a comment: the provider refuses to change, replace or delete
 * it unless `delete_even_if_sent` is set.
 */
export function importBlocks(objects: readonly NamedObject[], origin: string): string {
  const out = [
    `# Written by \`pulumi-sender adopt --format hcl\` from ${origin}: every object below is imported, not created.`,
    "# Then: `tofu plan -generate-config-out=generated.tf` (or terraform) writes their resource blocks,",
    "# and `tofu apply` records them in the state, sending nothing while generated.tf matches the account.",
  ];
  for (const o of objects) {
    out.push("");
    if (o.kind === CAMPAIGN_KIND && isSentStatus(o.status))
      out.push(
        "# Sent: the provider keeps its record, reports and history from changes, replacement and destroy (delete_even_if_sent lifts it).",
      );
    out.push(
      "import {",
      `  to = ${resourceTypeOf(o.kind)}.${terraformName(o.name)}`,
      `  id = ${hclString(o.id)}`,
      "}",
    );
  }
  return `${out.join("\n")}\n`;
}
