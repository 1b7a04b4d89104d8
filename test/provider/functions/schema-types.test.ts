import * as path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, test } from "vitest";
import { dataSources } from "../../../provider/functions";
import { packageSchema } from "../../../provider/plugin/package-schema";

// The plugin's schema is derived from the declarations; the SDK's result types are what the
// declarations are checked against. This reads both independently (the schema as JSON, the SDK's
// `getX` return types through the TypeScript compiler) and compares them field by field.
const ROOT = path.resolve(__dirname, "../../..");

interface SchemaObject {
  properties: Record<string, { type?: string; $ref?: string; items?: { type?: string; $ref?: string } }>;
  required?: string[];
}

const schema = packageSchema("0.0.0") as {
  functions: Record<string, { outputs: SchemaObject }>;
  types: Record<string, SchemaObject>;
};

let checker: ts.TypeChecker;
let sdkExports: ts.Symbol[];

beforeAll(() => {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (config === undefined) throw new Error("tsconfig.json unreadable");
  const entry = path.join(ROOT, "sdk/index.ts");
  const program = ts.createProgram([entry], { ...config.options, noEmit: true });
  checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  sdkExports = checker.getExportsOfModule(module);
}, 120_000);

/** The schema kinds a TypeScript type may have (null and undefined left out). */
function kindsOf(type: ts.Type): Set<string> {
  const kinds = new Set<string>();
  const parts = type.isUnion() ? type.types : [type];
  for (const part of parts) {
    if (part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) continue;
    if (part.flags & ts.TypeFlags.StringLike) kinds.add("string");
    else if (part.flags & ts.TypeFlags.NumberLike) kinds.add("number");
    else if (part.flags & ts.TypeFlags.BooleanLike) kinds.add("boolean");
    else if (part.isIntersection() && part.types.some((t) => t.flags & ts.TypeFlags.StringLike))
      kinds.add("string");
    else if (checker.isArrayType(part) || checker.isTupleType(part)) kinds.add("array");
    else kinds.add("object");
  }
  return kinds;
}

const mayBeAbsent = (symbol: ts.Symbol, type: ts.Type) =>
  (symbol.flags & ts.SymbolFlags.Optional) !== 0 ||
  (type.isUnion() && type.types.some((t) => t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));

const refName = (ref: string) => ref.replace("#/types/sender:index:", "");

/** Every difference between a TypeScript object type and a schema object, by property path. */
function compare(type: ts.Type, object: SchemaObject, at: string): string[] {
  const problems: string[] = [];
  const properties = checker.getPropertiesOfType(type);
  const names = properties.map((p) => p.name).sort();
  const schemaNames = Object.keys(object.properties).sort();
  if (names.join() !== schemaNames.join())
    problems.push(`${at}: SDK has ${names.join()}, schema ${schemaNames.join()}`);
  for (const symbol of properties) {
    const prop = object.properties[symbol.name];
    if (prop === undefined) continue;
    const where = `${at}.${symbol.name}`;
    const propType = checker.getTypeOfSymbol(symbol);
    const required = object.required?.includes(symbol.name) ?? false;
    if (mayBeAbsent(symbol, propType) === required) {
      problems.push(
        `${where}: ${required ? "required in the schema" : "optional in the schema"}, not in the SDK`,
      );
    }
    const kinds = kindsOf(checker.getNonNullableType(propType));
    const expected =
      prop.$ref !== undefined ? "object" : prop.type === "integer" ? "number" : (prop.type ?? "none");
    if (!kinds.has(expected)) problems.push(`${where}: schema ${expected}, SDK ${[...kinds].join("|")}`);
    const nonNull = checker.getNonNullableType(propType);
    if (prop.$ref !== undefined) {
      problems.push(...compare(nonNull, schema.types[`sender:index:${refName(prop.$ref)}`]!, where));
    } else if (prop.type === "array" && checker.isArrayType(nonNull)) {
      const item = checker.getTypeArguments(nonNull as ts.TypeReference)[0]!;
      if (prop.items?.$ref !== undefined) {
        problems.push(
          ...compare(item, schema.types[`sender:index:${refName(prop.items.$ref)}`]!, `${where}[]`),
        );
      } else if (!kindsOf(item).has(prop.items?.type ?? "none")) {
        problems.push(`${where}[]: schema ${prop.items?.type}, SDK ${[...kindsOf(item)].join("|")}`);
      }
    }
  }
  return problems;
}

/** The result type of the SDK's Promise form `name`. */
function sdkResult(name: string): ts.Type {
  let symbol = sdkExports.find((s) => s.name === name);
  if (symbol === undefined) throw new Error(`the SDK exports no ${name}`);
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const signature = checker.getTypeOfSymbol(symbol).getCallSignatures()[0]!;
  return checker.getAwaitedType(signature.getReturnType())!;
}

describe("the plugin schema's function results", () => {
  test.each(Object.keys(dataSources))("%s: equal the SDK's result type field by field", (name) => {
    expect(compare(sdkResult(name), schema.functions[`sender:index:${name}`]!.outputs, name)).toEqual([]);
  });

  test("the comparison sees a nullability or a kind that differs", () => {
    const plan = schema.functions["sender:index:getPlan"]!.outputs;
    const drifted: SchemaObject = {
      properties: { ...plan.properties, price: { type: "string" } },
      required: [...(plan.required ?? []), "name"],
    };
    expect(compare(sdkResult("getPlan"), drifted, "getPlan")).toEqual([
      "getPlan.name: required in the schema, not in the SDK",
      "getPlan.price: schema string, SDK number",
    ]);
  });

  test("getPlan's result is exactly this in the schema: only the id is always present", () => {
    expect(schema.functions["sender:index:getPlan"]!.outputs).toEqual({
      properties: {
        id: { type: "integer", description: "The plan's numeric id, e.g. `3`." },
        name: { type: "string", description: "Display name, e.g. `Professional`." },
        price: { type: "number", description: "Price per period, in `currency`." },
        currency: { type: "string", description: "Currency of `price`, e.g. `USD`." },
        period: { type: "string", description: "Billing period, e.g. `month`." },
        subscribersLimit: { type: "integer", description: "The most subscribers the plan allows." },
        emailsLimit: { type: "integer", description: "The most emails per period, or null when unlimited." },
        features: {
          type: "array",
          items: { type: "string" },
          description: "Feature names included in the plan.",
        },
      },
      required: ["id"],
    });
  });

  test("getActiveSubscribers and getImageFolders say their values may be absent", () => {
    expect(schema.functions["sender:index:getActiveSubscribers"]!.outputs.required).toBeUndefined();
    expect(schema.types["sender:index:ImageFolder"]!.required).toEqual(["id"]);
  });
});
