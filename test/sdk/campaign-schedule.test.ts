import { beforeAll, describe, expect, test } from "vitest";
import { CampaignSchedule } from "../../sdk";
import { installMocks, placeOfMocks, registration, resolved, TOKEN } from "./mocks";

beforeAll(async () => {
  await installMocks();
});

describe("CampaignSchedule under mocks", () => {
  test("should register the dynamic type with the camelCase inputs and a dispatching __provider", async () => {
    const schedule = new CampaignSchedule("welcome-schedule", {
      campaignId: "b6gXkQ",
      scheduleTime: "2026-12-01T09:00:00+01:00",
    });
    expect(await resolved(schedule.scheduleTime)).toBe("2026-12-01T09:00:00+01:00");
    const args = registration("welcome-schedule");
    expect(args.type).toBe("pulumi-nodejs:dynamic/sender:CampaignSchedule");
    // scheduleTimeUtc, status and sent are outputs only: not among the inputs.
    expect(args.inputs).toEqual({
      campaignId: "b6gXkQ",
      scheduleTime: "2026-12-01T09:00:00+01:00",
      __provider: expect.stringContaining("providerFor('CampaignSchedule'"),
      __senderPlace: placeOfMocks(),
    });
    expect(Object.keys(args.inputs).sort()).toEqual([
      "__provider",
      "__senderPlace",
      "campaignId",
      "scheduleTime",
    ]);
    expect(JSON.stringify(args)).not.toContain(TOKEN);
  });
});
