/**
 * What `pulumi-sender adopt` writes: `import.json` for `pulumi import --file` (the plugin) and
 * `index.ts` for the dynamic package. Both are functions of the account alone (no dates, no
 * randomness, a fixed order), so that a second run writes byte-identical files.
 */
import { CAMPAIGN_KIND, registry } from "../resources/registry";
import { type Account, type AccountObject, isSentStatus } from "./account";

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

const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "as implements interface let package private protected public static yield await any boolean number string " +
    "symbol type from of pulumi sender"
  ).split(" "),
);

/** A name as a camelCase identifier: `spring-sale-2` is `springSale2`; a leading digit gets `r`. */
function identifierOf(name: string): string {
  const [first = "", ...rest] = name.split("-").filter((part) => part !== "");
  const camel = first + rest.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("");
  const safe = /^[0-9]/.test(camel) ? `r${camel}` : camel || "resource";
  return RESERVED.has(safe) ? `${safe}_` : safe;
}

/**
 * Names every object. A campaign, transactional campaign or webhook is named after its title (or
 * subject, or topic); when several share that name, each carries its id too, so that a name does
 * not depend on which others exist. A part is named after its campaign (`<campaign>-targeting`,
 * `<campaign>-<file>`). A name or identifier still taken gets the kind, then a number.
 */
export function nameObjects(account: Account): NamedObject[] {
  const base = (o: AccountObject) => slug(o.label) || registry[o.kind].adoptName;
  const counts = new Map<string, number>();
  for (const o of account.objects) {
    if (o.campaignId === undefined) counts.set(base(o), (counts.get(base(o)) ?? 0) + 1);
  }
  const names = new Set<string>();
  const identifiers = new Set<string>();
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
      const campaign = campaignNames.get(o.campaignId) ?? registry[CAMPAIGN_KIND].adoptName;
      wanted = `${campaign}-${registry[o.kind].partSuffix ?? (slug(o.label) || registry[o.kind].adoptName)}`;
    } else {
      wanted = (counts.get(base(o)) ?? 0) > 1 ? `${base(o)}-${idPart(o.id)}` : base(o);
    }
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

/** The argument lines of one resource: `adoptId`, then `campaignId` by reference, then the rest by name. */
function argumentLines(o: NamedObject, campaignIdentifier: string | undefined): string[] {
  const lines = [`  adoptId: ${literal(o.id)},`];
  if (campaignIdentifier !== undefined) lines.push(`  campaignId: ${campaignIdentifier}.id,`);
  const keys = Object.keys(o.inputs)
    .filter((key) => key !== "adoptId" && key !== "campaignId" && o.inputs[key] !== undefined)
    .sort();
  for (const key of keys) lines.push(`  ${key}: ${literal(o.inputs[key])},`);
  return lines;
}

const SENT_COMMENT =
  "  // Sent: its record, reports and history are kept from `pulumi destroy` and replacement; `pulumi state unprotect` lifts it.";

/**
 * The program for the dynamic package: one `new sender.<Kind>` per object with `adoptId`, each
 * part referring to its campaign's resource (`campaignId: spring.id`, `parent: spring`), a sent
 * campaign protected with the reason in a comment.
 */
export function program(objects: readonly NamedObject[], origin: string): string {
  const campaignIdentifier = new Map(
    objects.filter((o) => o.kind === CAMPAIGN_KIND).map((o) => [o.id, o.identifier]),
  );
  const out = [
    `// Written by \`pulumi-sender adopt\` from ${origin}: every object below is adopted (adoptId), not created.`,
    "// `pulumi up` reads each one and sends nothing while the arguments match the account.",
    'import * as sender from "pulumi-sender";',
    "",
  ];
  for (const o of objects) {
    const parentIdentifier = o.campaignId === undefined ? undefined : campaignIdentifier.get(o.campaignId);
    const options: string[] = [];
    if (parentIdentifier !== undefined) options.push(`  parent: ${parentIdentifier},`);
    if (o.kind === CAMPAIGN_KIND && isSentStatus(o.status)) options.push(SENT_COMMENT, "  protect: true,");
    // Only a campaign is referred to (by its parts): the others need no binding.
    const bound = o.kind === CAMPAIGN_KIND ? `const ${o.identifier} = ` : "";
    const head = `${bound}new sender.${o.kind}(${literal(o.name)}, {`;
    const tail = options.length > 0 ? ["}, {", ...options, "});"] : ["});"];
    out.push(head, ...argumentLines(o, parentIdentifier), ...tail);
  }
  return `${out.join("\n")}\n`;
}
