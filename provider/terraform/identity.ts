/**
 * Resource identity (plugin protocol 6.9's `GetResourceIdentitySchemas`; Terraform 1.12, OpenTofu
 * 1.12): the data that names a managed object apart from its state. Every resource type of this
 * provider is named by its `id` in Sender, as `import` takes it, so each identity is `{ id }`
 * (version 0), answered beside the state by read, plan, apply and import, and an `import` block's
 * `identity = { id = "…" }` imports as `id = "…"` does. An engine without identities never asks.
 */
import type { TfSchema } from "./schema";
import { type DynamicValue, decodeDynamic, encodeDynamic, isObject, type TfValue } from "./values";

/** The identity schemas' version: bumped when their attributes change. */
export const IDENTITY_VERSION = 0;

/** The protocol's `GetResourceIdentitySchemas.Response.identity_schemas`: `{ id }` for every resource type. */
export function identitySchemas(schema: TfSchema): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(schema.resources).map((type) => [
      type,
      {
        version: IDENTITY_VERSION,
        identity_attributes: [
          {
            name: "id",
            type: Buffer.from(JSON.stringify("string")),
            required_for_import: true,
            optional_for_import: false,
            description: `The ${type}'s id in Sender, as \`import\` takes it.`,
          },
        ],
      },
    ]),
  );
}

/** The protocol's `ResourceIdentityData` of a state: its `id` when known, else undefined (a planned create, a destroy). */
export function identityData(state: TfValue | undefined): { identity_data: { msgpack: Buffer } } | undefined {
  if (!isObject(state)) return undefined;
  const id = state.id;
  if (typeof id !== "string" || id === "") return undefined;
  return { identity_data: encodeDynamic({ id }) };
}

/**
 * The id an ImportResourceState request names: its `id`, or its identity's `id` (an `import` block
 * with `identity`); "" when it names neither.
 */
export function importId(request: {
  readonly id?: string;
  readonly identity?: { readonly identity_data?: DynamicValue | null } | null;
}): string {
  if (request.id) return request.id;
  const identity = decodeDynamic(request.identity?.identity_data);
  const id = isObject(identity) ? identity.id : null;
  return typeof id === "string" ? id : "";
}

/**
 * UpgradeResourceIdentity: a stored identity (JSON) as version {@link IDENTITY_VERSION}'s. There has
 * been no other version, so it is the same `{ id }`; one without an id is an error.
 */
export function upgradeIdentity(json: Uint8Array | null | undefined): {
  readonly identity?: { identity_data: { msgpack: Buffer } };
  readonly error?: string;
} {
  let raw: unknown = null;
  try {
    raw = json && json.length > 0 ? JSON.parse(Buffer.from(json).toString("utf8")) : null;
  } catch {
    raw = null;
  }
  const id = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>).id : undefined;
  const identity = identityData(typeof id === "string" ? { id } : null);
  return identity ? { identity } : { error: "the stored identity names no id: import the object again" };
}
