import * as pulumi from "@pulumi/pulumi";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { CampaignFollowUp } from "../../sdk";
import { clearRegistered, installMocks, placeOfMocks, registered, resolved, TOKEN } from "./mocks";

beforeAll(async () => {
  await installMocks();
});

beforeEach(() => {
  clearRegistered();
});

describe("CampaignFollowUp", () => {
  test.each([
    {
      name: "the least it needs",
      args: { campaignId: "cmp001", subject: "Did you miss this?", delayHours: 48 as const },
    },
    {
      name: "a follow-up switched off",
      args: { campaignId: "cmp001", subject: "Did you miss this?", delayHours: 168 as const, active: false },
    },
  ])("should register $name with exactly its camelCase inputs", async ({ args }) => {
    const followUp = new CampaignFollowUp("reminder", args);
    expect(await resolved(followUp.id)).toBe("reminder-id");
    expect(registered).toHaveLength(1);
    const [resource] = registered;
    expect(resource?.type).toBe("pulumi-nodejs:dynamic/sender:CampaignFollowUp");
    expect(resource?.name).toBe("reminder");
    expect(resource?.inputs).toStrictEqual({
      ...args,
      __provider: expect.stringContaining("providerFor('CampaignFollowUp'"),
      __senderPlace: placeOfMocks(),
    });
    expect(JSON.stringify(resource)).not.toContain(TOKEN);
  });

  test("should take another resource's output as the campaign id", async () => {
    const campaignId = pulumi.output("cmp042");
    const followUp = new CampaignFollowUp("reminder", { campaignId, subject: "Hi again", delayHours: 12 });
    expect(await resolved(followUp.campaignId)).toBe("cmp042");
    expect(registered[0]?.inputs.campaignId).toBe("cmp042");
  });
});
