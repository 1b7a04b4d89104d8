import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Harness, NO_CHANGE, startHarness } from "./harness";

// A status the provider does not know (here the emulator's variance campaign, PREPARING) may mean
// the campaign is sending: every change to it is refused in preview, naming the status.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  const answer = await fetch(`${h.url}/__emulator/variance`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ enabled: true }),
  });
  expect(answer.status).toBe(200);
});
afterAll(async () => {
  await h.close();
});

describe("a campaign in a status the provider does not know", () => {
  test("reads, and an unchanged one is left be", async () => {
    const read = await h.providers.Campaign.read("vrn001", {});
    expect(read.props?.status).toBe("PREPARING");
    expect(await h.providers.Campaign.diff("vrn001", read.props, read.inputs)).toEqual(NO_CHANGE);
  });

  test("refuses any change during diff, naming the status, and sends nothing", async () => {
    await h.clearRequests();
    const read = await h.providers.Campaign.read("vrn001", {});
    await expect(
      h.providers.Campaign.diff("vrn001", read.props, { ...read.inputs, subject: "Changed while preparing" }),
    ).rejects.toThrow(
      "diff Campaign vrn001 failed: Campaign vrn001 has already been sent (status PREPARING): refusing to change subject. " +
        "Changing or replacing a sent campaign could send the mail again; remove it from the stack or revert the change.",
    );
    // The page the first test's read had (the context's, shared) serves this read's lookup and the
    // diff's sent check; without a state the read has no proof for the content: its own GET.
    expect(await h.lines()).toEqual(["GET /v2/campaigns/vrn001"]);
  });
});
