import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { Webhook } from "../../sdk/webhook";
import { clearRegistered, installMocks, registered, resolved, TOKEN } from "./mocks";

beforeAll(async () => {
  await installMocks();
});

beforeEach(() => {
  clearRegistered();
});

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
  ])("should register $name with exactly its camelCase inputs", async ({ args }) => {
    const hook = new Webhook("hook", args);
    expect(await resolved(hook.id)).toBe("hook-id");
    expect(registered).toHaveLength(1);
    const [resource] = registered;
    expect(resource?.type).toBe("pulumi-nodejs:dynamic/sender:Webhook");
    expect(resource?.name).toBe("hook");
    expect(resource?.inputs).toStrictEqual({
      ...args,
      __provider: expect.stringContaining("providerFor('Webhook'"),
    });
    expect(JSON.stringify(resource)).not.toContain(TOKEN);
  });

  test("should expose the outputs the provider returns", async () => {
    const hook = new Webhook("hook", { url: "https://hooks.example.com/sender", topic: "bounces/new" });
    expect(await resolved(hook.url)).toBe("https://hooks.example.com/sender");
    expect(await resolved(hook.topic)).toBe("bounces/new");
  });
});
