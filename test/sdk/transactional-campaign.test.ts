import * as pulumi from "@pulumi/pulumi";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { TransactionalCampaign } from "../../sdk";
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

describe("TransactionalCampaign", () => {
  const required = {
    subject: "Your order is confirmed",
    from: "Example Shop",
    replyTo: "shop@example.com",
    editor: "html" as const,
  };

  test.each([
    { name: "the least it needs", args: required, autonamed: true },
    {
      name: "every field",
      args: { ...required, title: "Order confirmation", preheader: "Thanks!", content: "<p>Thanks</p>" },
    },
    { name: "an adoption", args: { ...required, adoptId: "trn001" } },
  ])("should register $name with exactly its camelCase inputs", async ({ args, autonamed }) => {
    const campaign = new TransactionalCampaign("order", args);
    expect(await resolved(campaign.id)).toBe("order-id");
    expect(registered).toHaveLength(1);
    const [resource] = registered;
    const mark = instanceMark(
      stackNonceOfMocks(),
      `urn:pulumi:${pulumi.getStack()}::${pulumi.getProject()}::pulumi-nodejs:dynamic/sender:TransactionalCampaign::order`,
    );
    expect(resource?.type).toBe("pulumi-nodejs:dynamic/sender:TransactionalCampaign");
    expect(resource?.name).toBe("order");
    expect(resource?.inputs).toStrictEqual({
      ...args,
      // Without a title (nor adoptId), one autonamed from the stack instance's mark: `order-<8 hex>`;
      // an explicit title carries the same mark beside it, for the create; an adoption neither.
      ...(autonamed ? { title: `order-${mark}`, autonamed: true } : {}),
      ...("adoptId" in args ? {} : { ownershipMark: mark }),
      __provider: expect.stringContaining("providerFor('TransactionalCampaign'"),
      __senderPlace: placeOfMocks(),
    });
    expect(JSON.stringify(resource)).not.toContain(TOKEN);
  });

  test("should expose the outputs the provider returns", async () => {
    const campaign = new TransactionalCampaign("order", required);
    expect(await resolved(campaign.replyTo)).toBe("shop@example.com");
    expect(await resolved(campaign.editor)).toBe("html");
  });
});
