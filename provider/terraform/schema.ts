/**
 * The Terraform/OpenTofu schema (plugin protocol 6) as plain data, derived from the same tables the
 * plugin's package schema reads: the resource kinds' field tables (kinds/registry.ts), the config
 * key table (config.ts) and the data-source declarations (functions/registry.ts). The names are the
 * tables' in snake_case (`replyTo` → `reply_to`), the types `sender_<snake kind>` and, for the data
 * sources, `sender_<snake function name without get>`. The server (server.ts) encodes this into the
 * protocol's messages; the release's docs and `adopt --format hcl` read the same names from here.
 */
import { CONFIG_TABLE, type ConfigKey, type ConfigKeyName } from "../core/config";
import type { FieldType } from "../core/field-type";
import type { DocumentedField, DocumentedTable } from "../core/fields";
import { type AnyObjectShape, type AnyProp, dataSources } from "../functions";
import { docOf } from "../functions/declare";
import { fieldTables, RESOURCE_KINDS, type ResourceKind, resourceDescriptions } from "../kinds/registry";
import { spellDoc } from "../words/doc";
import { leftOutNote, STATE_VERSIONS, shownField } from "./left-out";
import { dataSourceTypeOf, resourceTypeOf, snakeCase } from "./names";
import { TERRAFORM_WORDS, terraformOverride } from "./words";

export { camelCase, dataSourceTypeOf, resourceTypeOf, snakeCase, TF_PROVIDER_NAME } from "./names";

/** The provider's source address as a `required_providers` block names it. */
export const TF_PROVIDER_SOURCE = "pulumi-sender/sender";

/** The kind of a resource type (`sender_campaign` → `Campaign`), or undefined for a type this provider lacks. */
export function kindOfResourceType(type: string): ResourceKind | undefined {
  return RESOURCE_KINDS.find((kind) => resourceTypeOf(kind) === type);
}

/** The function of a data-source type (`sender_plans` → `getPlans`), or undefined for a type this provider lacks. */
export function functionOfDataSourceType(type: string): string | undefined {
  return Object.keys(dataSources).find((name) => dataSourceTypeOf(name) === type);
}

/** A value type as the door converts it: a primitive, a list or set of one, or an object of named attributes. */
export type TfType =
  | { readonly kind: "string" | "number" | "bool" }
  | { readonly kind: "list" | "set"; readonly element: TfType }
  | { readonly kind: "object"; readonly attributes: readonly TfObjectAttribute[] };

/** One attribute of an object type: its snake_case name and the camelCase name of the value the core reads and writes. */
export interface TfObjectAttribute {
  /** The snake_case attribute name. */
  readonly name: string;
  /** The core's camelCase property name. */
  readonly camel: string;
  /** Its type. */
  readonly type: TfType;
}

/** One attribute of a block, with the flags the protocol's `Schema.Attribute` carries. */
export interface TfAttribute extends TfObjectAttribute {
  /** Its description (plain text). */
  readonly description: string;
  /** Must be set in the configuration. */
  readonly required: boolean;
  /** May be set in the configuration. */
  readonly optional: boolean;
  /** The provider may set it (alone, an output). */
  readonly computed: boolean;
  /** Never shown in plans or output. */
  readonly sensitive: boolean;
  /** Passed from the configuration, never kept in the plan or the state (./write-only.ts adds the door's). */
  readonly writeOnly?: boolean;
}

/** A block: its attributes, in the order shown. */
export interface TfBlock {
  /** The block's description. */
  readonly description: string;
  /** Its attributes. */
  readonly attributes: readonly TfAttribute[];
}

/** One resource type: its kind, the block and the fields whose change replaces it. */
export interface TfResourceSchema {
  /** The kind it manages. */
  readonly kind: ResourceKind;
  /** The schema version (state upgrades count from it). */
  readonly version: number;
  /** The block. */
  readonly block: TfBlock;
  /** Attributes whose change replaces the object (RequiresReplace, returned by PlanResourceChange). */
  readonly replaceOnChange: readonly string[];
}

/** One data-source type: the function it runs and the block (arguments, then results). */
export interface TfDataSourceSchema {
  /** The function name, e.g. `getPlans`. */
  readonly function: string;
  /** The block. */
  readonly block: TfBlock;
}

/** The whole provider schema. */
export interface TfSchema {
  /** The provider block. */
  readonly provider: TfBlock;
  /** Resource types by name. */
  readonly resources: Readonly<Record<string, TfResourceSchema>>;
  /** Data-source types by name. */
  readonly dataSources: Readonly<Record<string, TfDataSourceSchema>>;
}

/** The table fields the door sets itself and never shows: the ownership mark and the autoname flag. */
export const HIDDEN_FIELDS: ReadonlySet<string> = new Set(["ownershipMark", "autonamed"]);

/** The provider attribute naming the workspace: hashed with the type and the title into the ownership mark. */
export const OWNERSHIP_SCOPE = "ownership_scope";

/** The environment variable read when `ownership_scope` is unset. */
export const OWNERSHIP_SCOPE_ENV = "SENDER_OWNERSHIP_SCOPE";

/** The provider attributes of the door alone, beside the config table's keys. */
const DOOR_PROVIDER_ATTRIBUTES: readonly TfAttribute[] = [
  {
    name: OWNERSHIP_SCOPE,
    camel: "ownershipScope",
    type: { kind: "string" },
    description:
      "A name unique to this workspace among every workspace that manages the same Sender account, e.g. `acme/newsletters/prod`. " +
      "Hashed with the resource type and the title (a webhook's url, topic and relation) into the ownership mark an object is created with, " +
      `so that a create whose answer was lost is found again and never duplicated, and no other workspace's object is taken. Falls back to ${OWNERSHIP_SCOPE_ENV}; ` +
      "unset, creating a campaign, a transactional campaign or a webhook fails at plan.",
    required: false,
    optional: true,
    computed: false,
    sensitive: false,
  },
];

const primitive = (type: "string" | "integer" | "number" | "boolean"): TfType =>
  ({ kind: type === "boolean" ? "bool" : type === "string" ? "string" : "number" }) as TfType;

/** The door's type of a table field. */
function fieldType(type: FieldType, set: boolean | undefined): TfType {
  if (type === "stringList") return { kind: set ? "set" : "list", element: { kind: "string" } };
  // Values of any type (a proof's triggers): strings in HCL, as Terraform's own `triggers` maps are.
  if (type === "anyList") return { kind: "list", element: { kind: "string" } };
  return primitive(type);
}

/** A core doc in Terraform's words (provider/words/doc.ts); `override`, when the door has one, instead. */
function terraformDoc(doc: string, override?: string): string {
  return override ?? spellDoc(doc, TERRAFORM_WORDS);
}

function describe(
  field: { readonly doc: string; readonly enum?: readonly (string | number)[] },
  override?: string,
): string {
  const doc = terraformDoc(field.doc, override);
  if (!field.enum || field.enum.length === 0) return doc;
  return `${doc} One of: ${field.enum.map((v) => JSON.stringify(v)).join(", ")}.`;
}

/** Kinds whose title Terraform must be given: there is no resource name to autoname one from. */
const TITLED_KINDS: ReadonlySet<ResourceKind> = new Set(["Campaign", "TransactionalCampaign"]);

/** The attribute of one table field. */
function fieldAttribute(kind: ResourceKind, name: string, field: DocumentedField): TfAttribute {
  const output = field.output === true;
  const required = !output && (field.required === true || (name === "title" && TITLED_KINDS.has(kind)));
  // An input with a default reaches the state even when the configuration leaves it out.
  const defaulted = !output && !required && field.default !== undefined;
  return {
    name: snakeCase(name),
    camel: name,
    type: fieldType(field.type, field.set),
    description: describe(field, terraformOverride(`${kind}.${name}`)),
    required,
    optional: !output && !required,
    computed: output || defaulted,
    sensitive: field.secret === true,
  };
}

/** The `id` every resource type has: the object's id in Sender, as import takes it. */
const idAttribute = (kind: ResourceKind): TfAttribute => ({
  name: "id",
  camel: "id",
  type: { kind: "string" },
  description: spellDoc(`The \`${kind}\`'s id in Sender, as \`import\` takes it.`, TERRAFORM_WORDS),
  required: false,
  optional: false,
  computed: true,
  sensitive: false,
});

/** The schema of one resource kind's field table. */
export function resourceSchemaOf(
  kind: ResourceKind,
  table: DocumentedTable,
  description: string,
): TfResourceSchema {
  const attributes = [
    idAttribute(kind),
    ...Object.entries(table)
      .filter(([name, field]) => !HIDDEN_FIELDS.has(name) && shownField(field))
      .map(([name, field]) => fieldAttribute(kind, name, field)),
  ];
  const replaceOnChange = Object.entries(table)
    .filter(([name, field]) => field.replaceOnChange === true && !HIDDEN_FIELDS.has(name))
    .map(([name]) => snakeCase(name));
  return {
    kind,
    version: STATE_VERSIONS[kind] ?? 0,
    block: {
      description: `${terraformDoc(description, terraformOverride(kind))}${leftOutNote(kind, table)}`,
      attributes,
    },
    replaceOnChange,
  };
}

/** The door's type of a data-source property. */
function propType(prop: AnyProp): TfType {
  const { type } = prop;
  if (typeof type === "string") return fieldType(type, false);
  if ("object" in type) return objectType(type.object);
  return { kind: "list", element: objectType(type.objectList) };
}

function objectType(shape: AnyObjectShape): TfType {
  return {
    kind: "object",
    attributes: Object.entries(shape.fields).map(([camel, prop]) => ({
      name: snakeCase(camel),
      camel,
      type: propType(prop),
    })),
  };
}

/** The schema of one data source: its arguments (required or optional) and its results (computed). */
export function dataSourceSchemaOf(name: string): TfDataSourceSchema {
  const source = dataSources[name];
  if (!source) throw new Error(`terraform schema: no data source ${name}`);
  const attributes = new Map<string, TfAttribute>();
  for (const [camel, prop] of Object.entries(source.args)) {
    attributes.set(camel, {
      name: snakeCase(camel),
      camel,
      type: propType(prop),
      description: describe({ doc: docOf(source.docs.args, camel) }, terraformOverride(`${name}.${camel}`)),
      required: prop.optional !== true,
      optional: prop.optional === true,
      computed: false,
      sensitive: false,
    });
  }
  for (const [camel, prop] of Object.entries(source.result)) {
    const arg = attributes.get(camel);
    // A result that echoes an argument: a required one stays as given, an optional one is filled in.
    if (arg) attributes.set(camel, { ...arg, computed: arg.optional });
    else
      attributes.set(camel, {
        name: snakeCase(camel),
        camel,
        type: propType(prop),
        description: describe(
          { doc: docOf(source.docs.result, camel) },
          terraformOverride(`${name}.${camel}`),
        ),
        required: false,
        optional: false,
        computed: true,
        sensitive: false,
      });
  }
  return {
    function: name,
    block: {
      description: terraformDoc(source.docs.description, terraformOverride(name)),
      attributes: [...attributes.values()],
    },
  };
}

/** The provider block: every config key in snake_case (`api_token` sensitive), then `ownership_scope`. */
export function providerBlock(): TfBlock {
  const keys = Object.entries(CONFIG_TABLE) as [ConfigKeyName, ConfigKey][];
  const attributes: TfAttribute[] = keys.map(([name, key]) => {
    const withDefault =
      key.type === "integer" && key.default !== undefined
        ? `${key.doc.replace(/\.$/, "")} (default ${key.default}).`
        : key.doc;
    const env = key.env !== undefined ? ` Falls back to ${key.env}.` : "";
    return {
      name: snakeCase(name),
      camel: name,
      type: primitive(key.type),
      description: `${terraformDoc(withDefault, terraformOverride(`config.${name}`))}${env}`,
      required: false,
      optional: true,
      computed: false,
      sensitive: key.secret === true,
    };
  });
  return {
    description: "The Sender provider: one Sender account, reached with its API token.",
    attributes: [...attributes, ...DOOR_PROVIDER_ATTRIBUTES],
  };
}

/** The provider's schema, from the tables. */
export function terraformSchema(): TfSchema {
  const resources: Record<string, TfResourceSchema> = {};
  for (const kind of RESOURCE_KINDS) {
    resources[resourceTypeOf(kind)] = resourceSchemaOf(kind, fieldTables[kind], resourceDescriptions[kind]);
  }
  const sources: Record<string, TfDataSourceSchema> = {};
  for (const name of Object.keys(dataSources)) sources[dataSourceTypeOf(name)] = dataSourceSchemaOf(name);
  return { provider: providerBlock(), resources, dataSources: sources };
}

/** A type as the protocol's `Schema.Attribute.type` holds it: cty's JSON type (`"string"`, `["list","string"]`). */
export function ctyType(type: TfType): unknown {
  switch (type.kind) {
    case "list":
    case "set":
      return [type.kind, ctyType(type.element)];
    case "object":
      return ["object", Object.fromEntries(type.attributes.map((a) => [a.name, ctyType(a.type)]))];
    default:
      return type.kind;
  }
}

/** A block as one object type: what a DynamicValue of it holds. */
export function blockType(block: TfBlock): TfType {
  return { kind: "object", attributes: block.attributes };
}
