import type { DocumentedField, DocumentedTable } from "../core/fields";
import type { FunctionSchema, SchemaProp } from "../functions/served";
import { PULUMI_WORDS } from "../pulumi/words";
import { spellDoc } from "../words/doc";

/** The package name: type tokens are `sender:index:<Name>`, the plugin `pulumi-resource-sender`. */
export const PACKAGE = "sender";

/** The GitHub owner of the repository releases are published from. */
export const OWNER = "pulumi-sender";

/** The repository releases are published from (`owner/name` on GitHub): plugin tarballs and the Go SDK's tags. */
export const REPOSITORY = `${OWNER}/pulumi-${PACKAGE}`;

/** The repository's web address: the schema's `repository` and `homepage`. */
export const REPOSITORY_URL = `https://github.com/${REPOSITORY}`;

/** The package's logo (a 100x100 PNG, as the Pulumi Registry asks), from the repository's default branch. */
export const LOGO_URL = `https://raw.githubusercontent.com/${REPOSITORY}/main/assets/logo.png`;

/**
 * The schema's `pluginDownloadURL`: the plugin archives are assets of this repository's GitHub releases
 * (`pulumi plugin install --server` resolves `github://`; the engine appends `pulumi-<package>`).
 */
export const PLUGIN_DOWNLOAD_URL = `github://api.github.com/${OWNER}`;

/** The Go SDK's module path: the repository, then the folder (tags `sdks/go/v<version>`). */
export const GO_MODULE = `github.com/${REPOSITORY}/sdks/go`;

/**
 * The Java SDK's Maven groupId: the namespace Maven Central verifies for a GitHub owner,
 * `io.github.<owner>`, as community packages take it (Pulumi's own are `com.pulumi:<name>`); the
 * artifactId is the package name, as in `com.pulumi:<name>`.
 */
export const MAVEN_GROUP = `io.github.${OWNER}`;

/**
 * The Java SDK's base package (classes in `<base>.sender`): the groupId with the hyphen an
 * underscore, since a Java package name cannot hold one (Java Language Specification, 6.1).
 */
export const JAVA_BASE_PACKAGE = MAVEN_GROUP.replace(/-/g, "_");

/** The Pulumi Java SDK (`com.pulumi:pulumi` on Maven Central) the Java SDK and template build on. */
export const JAVA_SDK_VERSION = "1.17.0";

/** The type token of a resource kind or function name. */
export const token = (name: string): string => `${PACKAGE}:index:${name}`;

/** Everything the package schema is generated from. */
export interface SchemaSource {
  /** The package version, e.g. `0.1.0` (the plugin's and the SDKs'). */
  readonly version: string;
  /** Field table per resource name. */
  readonly resources: Readonly<Record<string, DocumentedTable>>;
  /** Description per resource name. */
  readonly descriptions: Readonly<Record<string, string>>;
  /** Functions by name (`getPlans`), each `sender:index:<name>`. */
  readonly functions: Readonly<Record<string, FunctionSchema>>;
  /** Object types used by function results, by name. */
  readonly types: Readonly<Record<string, Readonly<Record<string, SchemaProp>>>>;
  /** The provider's settings (`sender:*` config and the explicit provider's inputs). */
  readonly config: Readonly<Record<string, DocumentedField & { readonly env?: readonly string[] }>>;
}

type Json = Record<string, unknown>;

function typeOf(type: SchemaProp["type"]): Json {
  if (typeof type === "object") {
    if ("objectList" in type) return { type: "array", items: { $ref: `#/types/${token(type.objectList)}` } };
    return { $ref: `#/types/${token(type.object)}` };
  }
  if (type === "stringList") return { type: "array", items: { type: "string" } };
  if (type === "anyList") return { type: "array", items: { $ref: "pulumi.json#/Any" } };
  return { type };
}

function describe(field: { readonly doc: string; readonly enum?: readonly (string | number)[] }): string {
  // Closed sets stay plain strings/numbers in the SDKs (no generated enum types); the set is documented.
  const doc = spellDoc(field.doc, PULUMI_WORDS);
  if (!field.enum || field.enum.length === 0) return doc;
  return `${doc} One of: ${field.enum.map((v) => JSON.stringify(v)).join(", ")}.`;
}

function property(field: DocumentedField): Json {
  return {
    ...typeOf(field.type),
    description: describe(field),
    ...(field.secret ? { secret: true } : {}),
    ...(field.replaceOnChange ? { replaceOnChanges: true } : {}),
  };
}

function propsOf(props: Readonly<Record<string, SchemaProp>>): { properties: Json; required?: string[] } {
  const properties: Json = {};
  for (const [name, prop] of Object.entries(props)) {
    properties[name] = { ...typeOf(prop.type), description: prop.doc };
  }
  const required = Object.keys(props).filter((name) => props[name]?.required === true);
  return required.length > 0 ? { properties, required } : { properties };
}

/**
 * The resource's schema: every field is an output (inputs are echoed in state), inputs are the
 * fields not marked `output`. Always present in the outputs: required inputs, inputs with a
 * `default` (given by `check`, also declared so the SDKs show it), and computed fields not marked
 * `optional`.
 */
export function resourceSchema(table: DocumentedTable, description: string): Json {
  const properties: Json = {};
  const inputProperties: Json = {};
  for (const [name, field] of Object.entries(table)) {
    properties[name] = property(field);
    if (!field.output) {
      const primitive = ["string", "number", "boolean"].includes(typeof field.default);
      inputProperties[name] = { ...property(field), ...(primitive ? { default: field.default } : {}) };
    }
  }
  const names = Object.keys(table);
  const requiredInputs = names.filter((n) => table[n]?.required === true && !table[n]?.output);
  const required = names.filter((n) => {
    const field = table[n]!;
    if (field.output) return field.optional !== true;
    return field.required === true || field.default !== undefined;
  });
  return {
    description: spellDoc(description, PULUMI_WORDS),
    properties,
    ...(required.length > 0 ? { required } : {}),
    inputProperties,
    ...(requiredInputs.length > 0 ? { requiredInputs } : {}),
  };
}

function sorted<T>(record: Readonly<Record<string, T>>): [string, T][] {
  return Object.entries(record).sort(([a], [b]) => a.localeCompare(b));
}

/** The Pulumi package schema (https://www.pulumi.com/docs/iac/guides/building-extending/packages/schema/). */
export function buildSchema(source: SchemaSource): Json {
  const variables: Json = {};
  for (const [name, field] of Object.entries(source.config)) {
    variables[name] = {
      ...property(field),
      ...(field.env ? { defaultInfo: { environment: [...field.env] } } : {}),
    };
  }
  const resources: Json = {};
  for (const [name, table] of sorted(source.resources)) {
    resources[token(name)] = resourceSchema(table, source.descriptions[name] ?? name);
  }
  const functions: Json = {};
  for (const [name, fn] of sorted(source.functions)) {
    functions[token(name)] = {
      description: fn.description,
      inputs: propsOf(fn.inputs),
      outputs: propsOf(fn.outputs),
    };
  }
  const types: Json = {};
  for (const [name, props] of sorted(source.types)) {
    types[token(name)] = { type: "object", ...propsOf(props) };
  }
  return {
    name: PACKAGE,
    displayName: "Sender",
    version: source.version,
    description: "Campaigns, transactional campaigns and webhooks of the Sender.net email-marketing API v2.",
    // A hosted service whose objects the package manages: the Registry's Cloud category (Utility is
    // for packages that compute values or run commands locally).
    keywords: ["pulumi", "sender", "email", "email-marketing", "category/cloud", "kind/native"],
    homepage: REPOSITORY_URL,
    repository: REPOSITORY_URL,
    publisher: "pulumi-sender",
    logoUrl: LOGO_URL,
    license: "Apache-2.0",
    meta: { moduleFormat: "(.*)" },
    config: { variables },
    provider: {
      description:
        "The provider of the sender package. One instance per Sender account: its apiToken is a secret and never stored in clear.",
      inputProperties: variables,
    },
    resources,
    functions,
    types,
    // Where releases live: the plugin tarballs as assets of the GitHub releases of this
    // repository (`pulumi plugin install` resolves `github://`), the Go SDK as its module. The
    // owner alone names it (the engine appends `pulumi-<package>`), which keeps the default
    // provider's name, stored in every resource's state, 14 bytes shorter.
    pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
    language: {
      nodejs: {
        packageName: "pulumi-sender-native",
        packageDescription: "Node.js SDK of the native sender provider plugin (pulumi-resource-sender).",
        // The generators' own minimums (pkg/v3 codegen MinimumValidSDKVersion), as ranges.
        dependencies: { "@pulumi/pulumi": "^3.142.0" },
        respectSchemaVersion: true,
      },
      python: {
        packageName: "pulumi_sender",
        requires: { pulumi: ">=3.231.0,<4.0.0" },
        pyproject: { enabled: true },
        respectSchemaVersion: true,
      },
      go: {
        importBasePath: `${GO_MODULE}/sender`,
        generateResourceContainerTypes: false,
        respectSchemaVersion: true,
      },
      // groupId is ours (tools/pulumi-java/javagen writes the SDK's pom.xml from it); the other
      // keys are pulumi-java's. No Gradle files: the SDK builds with Maven.
      java: {
        groupId: MAVEN_GROUP,
        basePackage: JAVA_BASE_PACKAGE,
        buildFiles: "none",
        dependencies: { "com.pulumi:pulumi": JAVA_SDK_VERSION },
      },
    },
  };
}
