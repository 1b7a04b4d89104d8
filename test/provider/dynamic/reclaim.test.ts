// The dynamic door's share of what a reclaim takes (docs/safety.md): the engine diffs the object a
// create-first replacement replaces, then creates; the create never takes the object the diff named.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { ContextHolder } from "../../../provider/core/context";
import { providerFor } from "../../../provider/index";
import { type Harness, PROVIDER_STUB, startHarness } from "../kinds/harness";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  await harness.reset();
});

const MARK = "5e6f7a8b";
const INPUTS = {
  __provider: PROVIDER_STUB,
  title: `replaced-${MARK}`,
  autonamed: true,
  ownershipMark: MARK,
  subject: "Replaced",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
};

describe("the dynamic door: what a reclaim takes", () => {
  test("a replacement's create after the diff of the old campaign makes a second campaign; the first stays until its delete", async () => {
    const provider = providerFor("Campaign", new ContextHolder(harness.context));
    const first = await provider.create!(INPUTS);
    harness.newProcess();
    const replacing = providerFor("Campaign", new ContextHolder(harness.context));
    const diff = await replacing.diff!(first.id, first.outs, { ...INPUTS, contentType: "text" });
    expect(diff.changes).toBe(true); // the engine replaces it (a forced replacement: `--replace`, `-replace`)
    await harness.clearRequests();
    const second = await replacing.create!({ ...INPUTS, contentType: "text" });
    expect([second.id === first.id, await harness.mutations()]).toEqual([false, ["POST /v2/campaigns"]]);
    await replacing.delete!(first.id, first.outs);
    const titles = (await harness.state()).campaigns
      .filter((c: { title: string }) => c.title === INPUTS.title)
      .map((c: { id: string }) => c.id);
    expect(titles).toEqual([second.id]);
  });
});
