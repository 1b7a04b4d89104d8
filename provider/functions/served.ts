// The functions both the plugin and the Terraform door serve, derived from the data-source
// declarations: their schema (arguments, results, the object types they name) and their handlers.
// They sit here, below the doors, because one door must not import another.

import type { FieldType } from "../core/field-type";
import type { GetCartResult } from "./carts";
import { type AnyObjectShape, type AnyProp, docOf } from "./declare";
import { dataSources, type Registered } from "./registry";
import type { RunContext } from "./run";

/** A property of a function's arguments or result: a field type, or a list of a named object type. */
export interface SchemaProp {
  /** A field type, or the object type `sender:index:Name` (`{ object }`), or a list of it (`{ objectList }`). */
  readonly type: FieldType | { readonly objectList: string } | { readonly object: string };
  /** The description shown in the SDKs. */
  readonly doc: string;
  /** Required argument, or always present in the result. */
  readonly required?: boolean;
}

/** One function (data source) as the schema describes it. */
export interface FunctionSchema {
  /** What it reads. */
  readonly description: string;
  /** Its arguments, keyed by camelCase name. */
  readonly inputs: Readonly<Record<string, SchemaProp>>;
  /** Its result, keyed by camelCase name. */
  readonly outputs: Readonly<Record<string, SchemaProp>>;
}

/** A function a door serves: its schema and the data source it runs. */
export interface ServedFunction extends FunctionSchema {
  /** Runs the data source in this context (the provider instance's client); the result as the schema types it. */
  readonly run: (args: Record<string, unknown>, context: RunContext) => Promise<unknown>;
}

type Props = Readonly<Record<string, AnyProp>>;

function schemaProp(prop: AnyProp, doc: string): SchemaProp {
  const { type } = prop;
  const schemaType =
    typeof type === "string"
      ? type
      : "object" in type
        ? { object: type.object.name }
        : { objectList: type.objectList.name };
  return { type: schemaType, doc, ...(prop.optional ? {} : { required: true }) };
}

function schemaProps(props: Props, docs: Readonly<Record<string, string>>): Record<string, SchemaProp> {
  return Object.fromEntries(
    Object.entries(props).map(([name, prop]) => [name, schemaProp(prop, docOf(docs, name))]),
  );
}

function objectTypesOf(props: Props, into: Map<string, AnyObjectShape>): void {
  for (const { type } of Object.values(props)) {
    if (typeof type === "string") continue;
    const shape = "object" in type ? type.object : type.objectList;
    const known = into.get(shape.name);
    if (known && known !== shape) throw new Error(`two object types are named ${shape.name}`);
    into.set(shape.name, shape);
    objectTypesOf(shape.fields, into);
  }
}

/**
 * A result as the schema types it: a number where the schema says text becomes its text (a cart's
 * amounts, which the service may send either way). Everything else is as the data source read it.
 */
export function conform(props: Props, value: object): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  for (const [name, prop] of Object.entries(props)) {
    const field = out[name];
    if (field === null || field === undefined) continue;
    if (prop.type === "string" && typeof field === "number") out[name] = String(field);
    else if (typeof prop.type === "object" && "object" in prop.type && typeof field === "object") {
      out[name] = conform(prop.type.object.fields, field);
    } else if (typeof prop.type === "object" && "objectList" in prop.type && Array.isArray(field)) {
      const { fields } = prop.type.objectList;
      out[name] = field.map((item: object) => conform(fields, item));
    }
  }
  return out;
}

/** A cart with its amounts as text, whatever JSON type the service used (the schema has one type). */
export function cartAsText(read: GetCartResult): Record<string, unknown> {
  return conform(dataSources.getCart!.result, read);
}

function served(source: Registered): ServedFunction {
  return {
    description: source.docs.description,
    inputs: schemaProps(source.args, source.docs.args),
    outputs: schemaProps(source.result, source.docs.result),
    run: async (args, context) => {
      const result = await source.invoke(args, context);
      return typeof result === "object" && result !== null ? conform(source.result, result) : result;
    },
  };
}

/**
 * The data sources the doors serve (the plugin as `sender:index:<name>`, the Terraform door as its
 * data sources), with the provider instance's client.
 */
export const servedFunctions: Readonly<Record<string, ServedFunction>> = Object.fromEntries(
  Object.entries(dataSources).map(([name, source]) => [name, served(source)]),
);

/** Object types of the function results, by name (`sender:index:<name>`). */
export const functionTypes: Readonly<Record<string, Record<string, SchemaProp>>> = (() => {
  const shapes = new Map<string, AnyObjectShape>();
  for (const source of Object.values(dataSources)) objectTypesOf(source.result, shapes);
  return Object.fromEntries(
    [...shapes].map(([name, shape]) => [name, schemaProps(shape.fields, shape.docs)]),
  );
})();
