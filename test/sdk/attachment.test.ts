import * as pulumi from "@pulumi/pulumi";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { Attachment } from "../../sdk/attachment";

const TOKEN = "sdk-attachment-token-8b2e";

/** What the engine received for each resource. */
let registered: pulumi.runtime.MockResourceArgs[] = [];

function resolved<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply(resolve));
}

beforeAll(() => {
  // The token is where a program keeps it; none of it may reach the resource's inputs.
  process.env.SENDER_API_TOKEN = TOKEN;
  pulumi.runtime.setAllConfig({ "sender:apiToken": TOKEN }, ["sender:apiToken"]);
  pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push(args);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: () => ({}),
    },
    "project",
    "stack",
    false,
  );
});

beforeEach(() => {
  registered = [];
});

describe("Attachment", () => {
  test("should register exactly its camelCase inputs", async () => {
    const args = { campaignId: "cmp001", url: "https://files.example.com/docs/prices.pdf" };
    const attachment = new Attachment("prices", args);
    expect(await resolved(attachment.id)).toBe("prices-id");
    expect(registered).toHaveLength(1);
    const [resource] = registered;
    expect(resource?.type).toBe("pulumi-nodejs:dynamic/sender:Attachment");
    expect(resource?.name).toBe("prices");
    expect(resource?.inputs).toStrictEqual({
      ...args,
      __provider: expect.stringContaining('providerFor("Attachment"'),
    });
    expect(JSON.stringify(resource)).not.toContain(TOKEN);
  });

  test("should expose the outputs the provider returns", async () => {
    const attachment = new Attachment("prices", {
      campaignId: "cmp001",
      url: "https://files.example.com/a.pdf",
    });
    expect(await resolved(attachment.campaignId)).toBe("cmp001");
    expect(await resolved(attachment.url)).toBe("https://files.example.com/a.pdf");
  });
});
