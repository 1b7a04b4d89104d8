import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  failure,
  type StackHandle,
} from "../support/stack";

const TOKEN = "tok-e2e-gitops-Hn3R5tBc";

let emu: EmulatorHandle;
let h: StackHandle;

describe("gitops example under the real engine", () => {
  beforeAll(async () => {
    emu = await emulator(TOKEN);
    h = await createStack(copyProgram("examples/gitops", "gitops"), emu);
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("preview shows a campaign and its targeting per file, and a schedule where one is named", async () => {
    const preview = await h.stack.preview({ onOutput: h.onOutput });
    expect(preview.changeSummary).toEqual({ create: 6 });
    expect((await emu.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  test("up makes them; a second up and a refresh change nothing", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 6 });
    const campaigns = (await emu.state()).campaigns.filter((c: any) => c.id !== "snt001");
    expect(campaigns.map((c: any) => [c.title, c.status, c.schedule_time]).sort()).toEqual([
      ["Black Friday 2030", "SCHEDULED", "2030-11-29 07:00:00"],
      ["Monthly newsletter", "DRAFT", null],
    ]);
    expect(Object.keys(up.outputs.campaigns?.value ?? {}).sort()).toEqual([
      "black-friday",
      "monthly-newsletter",
    ]);
    const again = await h.stack.up({ onOutput: h.onOutput });
    expect(again.summary.resourceChanges).toEqual({ same: 6 });
    const refresh = await h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput });
    expect(refresh.summary.result).toBe("succeeded");
  });

  test("an invalid campaign file fails preview naming the file and the field", async () => {
    const bad = path.join(h.dir, "campaigns", "broken.yaml");
    fs.writeFileSync(
      bad,
      "title: Broken\nsubject: Hi\nfrom: Example News\nreplyTo: nobody\ncontent: x\ntargeting: {}\n",
    );
    try {
      const error = await failure(() => h.stack.preview({ onOutput: h.onOutput }));
      expect(error).toContain("campaigns/broken.yaml: replyTo: Invalid email address");
    } finally {
      fs.rmSync(bad);
    }
  });

  test("destroy leaves nothing of the stack behind", async () => {
    await h.stack.destroy({ onOutput: h.onOutput });
    const state = await emu.state();
    expect(state.campaigns.map((c: any) => c.id)).toEqual(["snt001"]);
    expect((await h.exportState()).includes(TOKEN)).toBe(false);
    expect(h.output.join("").includes(TOKEN)).toBe(false);
  });
});
