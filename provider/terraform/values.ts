/**
 * The values of the Terraform door: a protocol `DynamicValue` (msgpack, or JSON) decoded into plain
 * data and encoded back, with Terraform's unknown value (msgpack extension type 0), and the
 * translation between Terraform's objects (snake_case, every attribute present, null for unset)
 * and the core's property bags (camelCase, unset left out, `UNKNOWN` for a value not yet known).
 */
import { decode, ExtensionCodec, encode } from "@msgpack/msgpack";
import { UNKNOWN } from "../core/engine-values";
import type { TfObjectAttribute, TfType } from "./schema";

/** Terraform's unknown value, as decoded values hold it. */
export const TF_UNKNOWN: unique symbol = Symbol("terraform unknown");

/** A value as Terraform has it: null, a primitive, a list, an object, or unknown. */
export type TfValue =
  | null
  | string
  | number
  | boolean
  | typeof TF_UNKNOWN
  | readonly TfValue[]
  | { readonly [name: string]: TfValue };

/** An object value: attribute names to values. */
export type TfObject = { readonly [name: string]: TfValue };

/** The protocol's `DynamicValue`, as the server's protobufjs deserializer hands it over. */
export interface DynamicValue {
  /** The value in msgpack, cty's encoding. */
  readonly msgpack?: Uint8Array | null;
  /** The value in JSON (no unknowns), as older callers send it. */
  readonly json?: Uint8Array | null;
}

// cty's unknown: extension 0 (the value's refinements, ext 12, are unknown too); written as cty
// writes it, a fixext1 of type 0 and one zero byte.
const codec = new ExtensionCodec();
for (const type of [0, 12]) {
  codec.register({
    type,
    encode: (value: unknown) => (value === TF_UNKNOWN && type === 0 ? new Uint8Array([0]) : null),
    decode: () => TF_UNKNOWN,
  });
}

/** The value a `DynamicValue` holds; an empty one is null. */
export function decodeDynamic(value: DynamicValue | null | undefined): TfValue {
  if (value?.msgpack && value.msgpack.length > 0) {
    return decode(value.msgpack, { extensionCodec: codec, useBigInt64: false }) as TfValue;
  }
  if (value?.json && value.json.length > 0)
    return JSON.parse(Buffer.from(value.json).toString("utf8")) as TfValue;
  return null;
}

/** `value` as a msgpack `DynamicValue`. */
export function encodeDynamic(value: TfValue): { msgpack: Buffer } {
  const bytes = encode(value, { extensionCodec: codec, ignoreUndefined: false });
  return { msgpack: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

/** True when a value is an object (not a list, not unknown). */
export function isObject(value: TfValue | undefined): value is TfObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** True when the value, or anything inside it, is unknown. */
export function hasUnknown(value: TfValue | undefined): boolean {
  if (value === TF_UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(hasUnknown);
  if (isObject(value)) return Object.values(value).some(hasUnknown);
  return false;
}

/** A Terraform value as the core takes it: unknown as `UNKNOWN`, objects by camelCase names, nulls left out. */
function coreValue(type: TfType, value: TfValue): unknown {
  if (value === TF_UNKNOWN) return UNKNOWN;
  if (value === null) return undefined;
  if (type.kind === "list" || type.kind === "set") {
    return Array.isArray(value) ? value.map((item) => coreValue(type.element, item) ?? null) : value;
  }
  if (type.kind === "object") return isObject(value) ? toCore(type.attributes, value) : value;
  return value;
}

/** A Terraform object as a core bag: camelCase names, unset (null) attributes left out. */
export function toCore(attributes: readonly TfObjectAttribute[], value: TfValue): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!isObject(value)) return out;
  for (const attribute of attributes) {
    const item = coreValue(attribute.type, value[attribute.name] ?? null);
    if (item !== undefined) out[attribute.camel] = item;
  }
  return out;
}

/** A core value as Terraform types it: `UNKNOWN` as unknown, absent as null, numbers and text as the type says. */
function tfValue(type: TfType, value: unknown): TfValue {
  if (value === undefined || value === null) return null;
  if (value === UNKNOWN) return TF_UNKNOWN;
  switch (type.kind) {
    case "string":
      return typeof value === "string"
        ? value
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
    case "number":
      return typeof value === "number" ? value : Number(value);
    case "bool":
      return Boolean(value);
    case "list":
    case "set":
      return Array.isArray(value) ? value.map((item) => tfValue(type.element, item)) : null;
    case "object":
      return typeof value === "object" ? fromCore(type.attributes, value as Record<string, unknown>) : null;
  }
}

/** A core bag as a Terraform object of these attributes: every attribute present, null when the bag lacks it. */
export function fromCore(
  attributes: readonly TfObjectAttribute[],
  bag: Readonly<Record<string, unknown>>,
): TfObject {
  const out: Record<string, TfValue> = {};
  for (const attribute of attributes) out[attribute.name] = tfValue(attribute.type, bag[attribute.camel]);
  return out;
}

/** An object of these attributes with every attribute `value` lacks set to null (a state of an older schema, say). */
export function conformObject(attributes: readonly TfObjectAttribute[], value: TfValue): TfObject {
  const given = isObject(value) ? value : {};
  return Object.fromEntries(attributes.map((a) => [a.name, given[a.name] ?? null]));
}
