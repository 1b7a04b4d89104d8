import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  failure,
  type StackHandle,
} from "../support/stack";

const TOKEN = "tok-e2e-single-Qm4T8vRp";
const WRONG_TOKEN = "tok-e2e-wrong-Lk2W6yHs";

let emu: EmulatorHandle;
const stacks: StackHandle[] = [];

// Each stack gets its own copy of the program, since stack settings files live beside it.
async function stackWith(config: Record<string, string>, token = TOKEN) {
  const dir = copyProgram("test/e2e/programs/single-campaign", `single-campaign-${stacks.length}`);
  const h = await createStack(dir, { url: emu.url, token }, config);
  stacks.push(h);
  return h;
}

describe("single campaign under the real engine", () => {
  beforeAll(async () => {
    emu = await emulator(TOKEN);
  });
  afterAll(async () => {
    for (const h of stacks) await h.dispose();
    await emu?.close();
  });

  test("adoptId takes over an existing campaign instead of making a new one", async () => {
    const made = await emu.api("POST", "campaigns", {
      title: "Made by hand",
      subject: "Old subject",
      from: "Example News",
      reply_to: "news@example.com",
      content_type: "html",
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id as string;
    const h = await stackWith({ adoptId: id, title: "Adopted" });
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.outputs.campaignId?.value).toBe(id);
    const campaigns = (await emu.state()).campaigns.filter((c: any) => c.id !== "snt001");
    expect(campaigns.map((c: any) => [c.id, c.title, c.subject])).toEqual([
      [id, "Adopted", "Hello from the end-to-end tests"],
    ]);
    const again = await h.stack.up({ onOutput: h.onOutput });
    expect(again.summary.resourceChanges).toEqual({ same: 2 });
    await h.stack.destroy({ onOutput: h.onOutput });
    expect((await emu.state()).campaigns.map((c: any) => c.id)).toEqual(["snt001"]);
  });

  test("bad input fails preview naming the property, and sends nothing", async () => {
    const h = await stackWith({ replyTo: "not-an-address" });
    await emu.clearRequests();
    const error = await failure(() => h.stack.preview({ onOutput: h.onOutput }));
    expect(error).toContain("replyTo");
    expect(error).toContain("has a problem: must be an email address");
    expect((await emu.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  test("a wrong token fails with a clear 401 message that does not contain the token", async () => {
    const h = await stackWith({}, WRONG_TOKEN);
    const error = await failure(() => h.stack.up({ onOutput: h.onOutput }));
    // The look before the create is the first request: it fails, and says where the token comes from.
    expect(error).toContain(
      "GET /v2/campaigns failed with 401: Unauthenticated. (the service refused the API token: check `sender:apiToken`",
    );
    expect(error.includes(WRONG_TOKEN)).toBe(false);
    expect(h.output.join("").includes(WRONG_TOKEN)).toBe(false);
    expect((await h.exportState()).includes(WRONG_TOKEN)).toBe(false);
    expect((await emu.state()).campaigns.map((c: any) => c.id)).toEqual(["snt001"]);
  });
});
