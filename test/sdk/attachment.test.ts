import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { Attachment } from "../../sdk";
import { clearRegistered, installMocks, placeOfMocks, registered, resolved, TOKEN } from "./mocks";

beforeAll(async () => {
  await installMocks();
});

beforeEach(() => {
  clearRegistered();
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
      __provider: expect.stringContaining("providerFor('Attachment'"),
      __senderPlace: placeOfMocks(),
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
