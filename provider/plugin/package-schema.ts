import { fieldTables, resourceDescriptions } from "../resources/registry";
import { functionTypes, servedFunctions } from "./functions";
import { buildSchema, type SchemaSource } from "./schema";

const integer = (doc: string) => ({ type: "integer" as const, doc });

/** The provider's settings: the `sender:*` config keys, also the explicit `sender.Provider`'s arguments. */
export const providerConfig: SchemaSource["config"] = {
  apiToken: {
    type: "string",
    doc: "The Sender API token. A secret: never stored in clear, never logged.",
    secret: true,
    env: ["SENDER_API_TOKEN"],
  },
  baseUrl: {
    type: "string",
    doc: "The API's base URL, `https://api.sender.net` unless set. Plain `http://` is refused except on loopback.",
    env: ["SENDER_BASE_URL"],
  },
  maxAttempts: integer("Attempts per request, retries included (default 5)."),
  retryDeadlineSeconds: integer(
    "Overall deadline of one request, retries included, in seconds (default 120).",
  ),
  maxInFlight: integer("Requests in flight at once, per provider instance (default 4)."),
  requestTimeoutSeconds: integer("Timeout of one attempt, in seconds (default 30)."),
};

/** The package schema of this version, as the plugin serves it and `npm run schema` writes it. */
export function packageSchema(version: string): Record<string, unknown> {
  return buildSchema({
    version,
    resources: fieldTables,
    descriptions: resourceDescriptions,
    functions: servedFunctions,
    types: functionTypes,
    config: providerConfig,
  });
}

/** The schema as JSON text: stable key order, two-space indent, final newline. */
export function packageSchemaText(version: string): string {
  return `${JSON.stringify(packageSchema(version), null, 2)}\n`;
}
