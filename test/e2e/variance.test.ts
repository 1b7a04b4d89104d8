import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ours } from "../support/seeded";
import { copyProgram, createStack, type EmulatorHandle, emulator, type StackHandle } from "../support/stack";

// A distinctive token, so that a leak anywhere is found by a plain search.
const TOKEN = "tok-e2e-variance-Qm4Lr8Tz";
// Seeded by the emulator (vrn001 by its variance mode, with an unknown status): never the stack's.
const SEEDED_CAMPAIGNS = ["snt001", "vrn001"];
const SEEDED_TRANSACTIONAL = ["trn001", "trn002"];

let emu: EmulatorHandle;
let h: StackHandle;

describe("quickstart under the real engine, against the emulator in variance mode", () => {
  beforeAll(async () => {
    emu = await emulator(TOKEN, { variance: true });
    h = await createStack(copyProgram("examples/quickstart", "quickstart-variance"), emu);
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("the emulator varies its answers", async () => {
    expect(await emu.admin("GET", "variance")).toEqual({ enabled: true });
    const seeded = await emu.api("GET", "campaigns/vrn001");
    expect(seeded.body.data.status).toBe("PREPARING");
    expect(seeded.body.data.sent_count).toBeNull();
  });

  test("up creates the stack's eight objects", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 9 });
    const state = await emu.state();
    expect(ours(state.campaigns, SEEDED_CAMPAIGNS).map((c: any) => [c.title, c.status])).toEqual([
      ["Welcome series", "SCHEDULED"],
    ]);
    expect(state.webhooks.map((w: any) => [w.topic, w.group])).toEqual([["groups/new-subscriber", "grp001"]]);
    expect(up.outputs.webhookStatus?.value).toBe("ACTIVE");
  });

  test("refresh --expect-no-changes passes, though answers lack fields and carry extra ones", async () => {
    const refresh = await h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput });
    expect(refresh.summary.result).toBe("succeeded");
  });

  test("destroy removes the stack's objects; a successful delete answers 204", async () => {
    await emu.clearRequests();
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.result).toBe("succeeded");
    const deletes = (await emu.requests()).filter((r: any) => r.method === "DELETE" && r.status === 204);
    expect(deletes.length).toBeGreaterThan(0);
    const state = await emu.state();
    expect(ours(state.campaigns, SEEDED_CAMPAIGNS)).toEqual([]);
    expect(state.campaigns.find((c: any) => c.id === "vrn001")?.status).toBe("PREPARING");
    expect(state.webhooks).toEqual([]);
    expect(ours(state.transactional, SEEDED_TRANSACTIONAL).map((t: any) => t.subject)).toEqual([
      "Reset your password",
    ]);
    expect(h.output.join("").includes(TOKEN)).toBe(false);
  });
});
