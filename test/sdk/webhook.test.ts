import * as pulumi from "@pulumi/pulumi";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { Webhook } from "../../sdk";
import { instanceMark } from "../../sdk/autoname";
import {
  clearRegistered,
  installMocks,
  placeOfMocks,
  registered,
  resolved,
  stackNonceOfMocks,
  TOKEN,
} from "./mocks";

beforeAll(async () => {
  await installMocks();
});

beforeEach(() => {
  clearRegistered();
});

/** The mark of the Webhook `name` of this stack instance: it keys the create journal. */
const markOf = (name: string) =>
  instanceMark(
    stackNonceOfMocks(),
    `urn:pulumi:${pulumi.getStack()}::${pulumi.getProject()}::pulumi-nodejs:dynamic/sender:Webhook::${name}`,
  );

describe("Webhook", () => {
  test.each([
    {
      name: "a topic without a group",
      args: { url: "https://hooks.example.com/sender", topic: "subscribers/new" as const },
    },
    {
      name: "a group topic",
      args: {
        url: "https://hooks.example.com/sender",
        topic: "groups/new-subscriber" as const,
        relationId: "grp001",
      },
    },
  ])("should register $name with exactly its camelCase inputs and its ownership mark", async ({ args }) => {
    const hook = new Webhook("hook", args);
    expect(await resolved(hook.id)).toBe("hook-id");
    const [resource] = registered.filter((r) => r.type === "pulumi-nodejs:dynamic/sender:Webhook");
    expect(resource?.name).toBe("hook");
    expect(resource?.inputs).toStrictEqual({
      ...args,
      ownershipMark: markOf("hook"),
      __provider: expect.stringContaining("providerFor('Webhook'"),
      __senderPlace: placeOfMocks(),
    });
    expect(JSON.stringify(resource)).not.toContain(TOKEN);
  });

  test("should register no mark when it adopts an existing webhook", async () => {
    const hook = new Webhook("adopted", {
      url: "https://hooks.example.com/sender",
      topic: "bounces/new",
      adoptId: "wh1",
    });
    await resolved(hook.id);
    const resource = registered.find((r) => r.name === "adopted");
    expect(Object.keys(resource?.inputs ?? {}).sort()).toEqual([
      "__provider",
      "__senderPlace",
      "adoptId",
      "topic",
      "url",
    ]);
  });

  test("should expose the outputs the provider returns", async () => {
    const hook = new Webhook("hook", { url: "https://hooks.example.com/sender", topic: "bounces/new" });
    expect(await resolved(hook.url)).toBe("https://hooks.example.com/sender");
    expect(await resolved(hook.topic)).toBe("bounces/new");
  });
});
