import { CONFIG_TABLE, type ConfigKey } from "../core/config";
import { functionTypes, servedFunctions } from "../functions/served";
import { fieldTables, resourceDescriptions } from "../kinds/registry";
import { PULUMI_WORDS } from "../pulumi/words";
import { spellDoc } from "../words/doc";
import { registryExamples } from "./examples.generated";
import { withExamples } from "./registry-examples";
import { buildSchema, type SchemaSource, token } from "./schema";

/**
 * The provider's settings: the `sender:*` config keys, also the explicit `sender.Provider`'s
 * arguments, from the config table; a number's or a flag's doc ends with its default, when it has one.
 */
export const providerConfig: SchemaSource["config"] = Object.fromEntries(
  Object.entries(CONFIG_TABLE).map(([name, key]: [string, ConfigKey]) => [
    name,
    {
      type: key.type,
      doc:
        key.type !== "string" && key.default !== undefined
          ? `${spellDoc(key.doc, PULUMI_WORDS).replace(/\.$/, "")} (default ${key.default}).`
          : spellDoc(key.doc, PULUMI_WORDS),
      ...(key.secret ? { secret: true } : {}),
      ...(key.env !== undefined ? { env: [key.env] } : {}),
    },
  ]),
);

/** The package schema of this version, as the plugin serves it and `npm run schema` writes it. */
export function packageSchema(version: string): Record<string, unknown> {
  return buildSchema({
    version,
    resources: fieldTables,
    // Each description ends with the Registry examples that use its resource or function.
    descriptions: Object.fromEntries(
      Object.entries(resourceDescriptions).map(([kind, text]) => [
        kind,
        withExamples(text, token(kind), registryExamples),
      ]),
    ),
    functions: Object.fromEntries(
      Object.entries(servedFunctions).map(([name, fn]) => [
        name,
        {
          ...fn,
          description: withExamples(spellDoc(fn.description, PULUMI_WORDS), token(name), registryExamples),
        },
      ]),
    ),
    types: functionTypes,
    config: providerConfig,
  });
}

/** The schema as JSON text: stable key order, two-space indent, final newline. */
export function packageSchemaText(version: string): string {
  return `${JSON.stringify(packageSchema(version), null, 2)}\n`;
}
