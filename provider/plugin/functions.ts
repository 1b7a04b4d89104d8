// The plugin's functions, derived from the data-source declarations of provider/functions: their
// schema (arguments, results, the object types they name) and their handlers.
import {
  type AnyObjectShape,
  type AnyProp,
  dataSources,
  type GetCartResult,
  type Registered,
  type RunContext,
} from "../functions";
import { docOf } from "../functions/declare";
import type { FunctionSchema, SchemaProp } from "./schema";

/** A function the plugin serves: its schema and the data source it runs. */
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

/** The data sources the plugin serves as `sender:index:<name>`, with the provider instance's client. */
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
