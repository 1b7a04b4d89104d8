import { beforeAll, describe, expect, test } from "vitest";
import { CampaignTargeting } from "../../sdk";
import { installMocks, placeOfMocks, registration, resolved, TOKEN } from "./mocks";

beforeAll(async () => {
  await installMocks();
});

describe("CampaignTargeting under mocks", () => {
  test("should register the dynamic type with the camelCase inputs and a dispatching __provider", async () => {
    const targeting = new CampaignTargeting("welcome-targeting", {
      campaignId: "b6gXkQ",
      tagIds: ["tag001", "tag002"],
      excludedTagIds: ["tag004"],
      filterIds: ["flt001"],
      excludedFilterIds: ["flt003"],
    });
    expect(await resolved(targeting.excludedTagIds)).toEqual(["tag004"]);
    const args = registration("welcome-targeting");
    expect(args.type).toBe("pulumi-nodejs:dynamic/sender:CampaignTargeting");
    expect(args.inputs).toEqual({
      campaignId: "b6gXkQ",
      tagIds: ["tag001", "tag002"],
      excludedTagIds: ["tag004"],
      filterIds: ["flt001"],
      excludedFilterIds: ["flt003"],
      __provider: expect.stringContaining("providerFor('CampaignTargeting'"),
      __senderPlace: placeOfMocks(),
    });
    expect(JSON.stringify(args)).not.toContain(TOKEN);
  });

  test("should pass sendToAll", async () => {
    const targeting = new CampaignTargeting("everyone", {
      campaignId: "b6gXkQ",
      sendToAll: true,
      excludedTagIds: ["tag004"],
    });
    expect(await resolved(targeting.sendToAll)).toBe(true);
    const args = registration("everyone");
    expect(args.inputs).toEqual({
      campaignId: "b6gXkQ",
      sendToAll: true,
      excludedTagIds: ["tag004"],
      __provider: expect.stringContaining("providerFor('CampaignTargeting'"),
      __senderPlace: placeOfMocks(),
    });
    expect(JSON.stringify(args)).not.toContain(TOKEN);
  });
});
