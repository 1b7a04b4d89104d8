import { describe, expect, test } from "vitest";
import { dataSources as registry } from "../../../provider/functions";
import { functionTypes, servedFunctions } from "../../../provider/functions/served";
import { buildSchema, resourceSchema } from "../../../provider/plugin/schema";
import { configSourceOf, kindOfUrn } from "../../../provider/plugin/server";
import * as dataSources from "../../../sdk/functions";

describe("resourceSchema", () => {
  test("types, descriptions, required inputs, outputs, secrets and replace-on-change come from the table", () => {
    const schema = resourceSchema(
      {
        name: { type: "string", doc: "The name.", required: true },
        owner: { type: "string", doc: "The owner.", replaceOnChange: true },
        kind: { type: "string", doc: "The kind.", enum: ["a", "b"] },
        count: { type: "integer", doc: "How many." },
        ratio: { type: "number", doc: "A ratio." },
        on: { type: "boolean", doc: "Switched on." },
        tags: { type: "stringList", doc: "Tags.", set: true },
        key: { type: "string", doc: "A key.", secret: true },
        status: { type: "string", doc: "The status.", output: true },
        sentTime: { type: "string", doc: "When sent.", output: true, optional: true },
        active: { type: "boolean", doc: "Switched on.", default: true },
      },
      "A thing.",
    );
    const inputs = {
      name: { type: "string", description: "The name." },
      owner: { type: "string", description: "The owner.", replaceOnChanges: true },
      kind: { type: "string", description: 'The kind. One of: "a", "b".' },
      count: { type: "integer", description: "How many." },
      ratio: { type: "number", description: "A ratio." },
      on: { type: "boolean", description: "Switched on." },
      tags: { type: "array", items: { type: "string" }, description: "Tags." },
      key: { type: "string", description: "A key.", secret: true },
    };
    const active = { type: "boolean", description: "Switched on." };
    expect(schema).toEqual({
      description: "A thing.",
      properties: {
        ...inputs,
        status: { type: "string", description: "The status." },
        sentTime: { type: "string", description: "When sent." },
        active,
      },
      required: ["name", "status", "active"],
      inputProperties: { ...inputs, active: { ...active, default: true } },
      requiredInputs: ["name"],
    });
  });

  test("a table with no required field lists none", () => {
    expect(resourceSchema({ note: { type: "string", doc: "A note." } }, "D.")).toEqual({
      description: "D.",
      properties: { note: { type: "string", description: "A note." } },
      inputProperties: { note: { type: "string", description: "A note." } },
    });
  });
});

describe("buildSchema", () => {
  const schema = buildSchema({
    version: "1.2.3",
    resources: { Zed: { a: { type: "string", doc: "A." } }, Alpha: { b: { type: "boolean", doc: "B." } } },
    descriptions: { Zed: "Zed.", Alpha: "Alpha." },
    functions: {
      getThings: {
        description: "Reads things.",
        inputs: { limit: { type: "integer", doc: "At most." } },
        outputs: { things: { type: { objectList: "Thing" }, doc: "The things.", required: true } },
      },
    },
    types: { Thing: { id: { type: "string", doc: "Its id.", required: true } } },
    config: { token: { type: "string", doc: "The token.", secret: true, env: ["TOKEN"] } },
  }) as any;

  test("resources, functions and types are keyed sender:index:<Name>, sorted", () => {
    expect(Object.keys(schema.resources)).toEqual(["sender:index:Alpha", "sender:index:Zed"]);
    expect(schema.functions["sender:index:getThings"]).toEqual({
      description: "Reads things.",
      inputs: { properties: { limit: { type: "integer", description: "At most." } } },
      outputs: {
        properties: {
          things: {
            type: "array",
            items: { $ref: "#/types/sender:index:Thing" },
            description: "The things.",
          },
        },
        required: ["things"],
      },
    });
    expect(schema.types["sender:index:Thing"]).toEqual({
      type: "object",
      properties: { id: { type: "string", description: "Its id." } },
      required: ["id"],
    });
  });

  test("the config is both the stack config and the explicit provider's inputs, secrets marked", () => {
    const token = {
      type: "string",
      description: "The token.",
      secret: true,
      defaultInfo: { environment: ["TOKEN"] },
    };
    expect(schema.config).toEqual({ variables: { token } });
    expect(schema.provider.inputProperties).toEqual({ token });
    expect([schema.name, schema.version]).toEqual(["sender", "1.2.3"]);
  });
});

describe("the plugin's routing helpers", () => {
  test("kindOfUrn reads the kind from a URN, with or without a parent type", () => {
    expect(kindOfUrn("urn:pulumi:dev::proj::sender:index:Campaign::welcome")).toBe("Campaign");
    expect(kindOfUrn("urn:pulumi:dev::proj::my:Component$sender:index:Webhook::hook")).toBe("Webhook");
    expect(() => kindOfUrn("urn:pulumi:dev::proj::sender:index:Nope::x")).toThrow(
      "pulumi-resource-sender: unknown resource type sender:index:Nope",
    );
  });

  test("configSourceOf maps the engine's sender:config:<key> variables to sender:<key>", () => {
    const source = configSourceOf(
      new Map([
        ["sender:config:apiToken", "tok"],
        ["sender:config:maxAttempts", "3"],
      ]),
    );
    expect([
      source.get("sender:apiToken"),
      source.get("sender:maxAttempts"),
      source.get("sender:baseUrl"),
    ]).toEqual(["tok", "3", undefined]);
  });
});

describe("the served functions", () => {
  test("are every data source of the registry and of sdk/functions, by the same name", () => {
    const exported = Object.keys(dataSources).filter(
      (name) => /^get[A-Z]/.test(name) && !name.endsWith("Output"),
    );
    expect(exported.sort()).toEqual(Object.keys(registry).sort());
    expect(Object.keys(servedFunctions).sort()).toEqual(exported.sort());
  });

  test("name only object types that exist", () => {
    const named = (props: Record<string, { type: unknown }>) =>
      Object.values(props).flatMap(({ type }) =>
        typeof type === "object" && type !== null ? Object.values(type as Record<string, string>) : [],
      );
    const used = new Set([
      ...Object.values(servedFunctions).flatMap((fn) => [...named(fn.inputs), ...named(fn.outputs)]),
      ...Object.values(functionTypes).flatMap(named),
    ]);
    expect([...used].sort()).toEqual(Object.keys(functionTypes).sort());
  });
});
