// `pulumi state move` of a campaign into another stack of the same backend (issue 54), through both
// Pulumi doors, as docs/reliability.md ("Moving resources between stacks") gives the steps: the
// moved campaign is the same object afterwards, no request writes to Sender until the program
// changes it, and the source stack is left without it.
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pluginPath } from "../support/plugin";
import { cli } from "../support/run";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  failure,
  ROOT,
  type StackHandle,
} from "../support/stack";

const TOKEN = "tok-e2e-state-move-Wd4Kp7";

let emu: EmulatorHandle;
beforeAll(async () => {
  emu = await emulator(TOKEN);
}, 120_000);
afterAll(async () => {
  await emu?.close();
});

/** The YAML program of the plugin's case: one campaign. */
const YAML = `name: state-move
runtime: yaml
resources:
  solo:
    type: sender:index:Campaign
    properties:
      title: Moved campaign
      subject: Hello from the end-to-end tests
      from: Example News
      replyTo: news@example.com
      contentType: html
      content: <p>Hello</p>
outputs:
  campaignId: \${solo.id}
`;

/** The stack `name` beside `h`'s, on its backend, configured for the emulator, with `env` added. */
async function stackBeside(h: StackHandle, name: string, env: Record<string, string> = {}): Promise<Stack> {
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: name, workDir: h.dir },
    { envVars: { ...h.env, ...env } },
  );
  await stack.setConfig("sender:baseUrl", { value: emu.url });
  await stack.setConfig("sender:apiToken", { value: emu.token, secret: true });
  return stack;
}

/** The URN of the campaign `solo` in the source stack. */
async function soloUrn(h: StackHandle): Promise<string> {
  const resources: Array<{ urn: string; type: string }> = JSON.parse(await h.exportState()).deployment
    .resources;
  const urn = resources.find((r) => r.urn.endsWith("::solo"))?.urn;
  if (urn === undefined) throw new Error("no campaign solo in the source stack");
  return urn;
}

const writes = async (since: number) =>
  (await emu.requests())
    .filter((r) => r.seq > since && !["GET", "HEAD", "OPTIONS"].includes(r.method))
    .map((r) => `${r.method} ${r.path}`);

describe("pulumi state move of a campaign into an empty stack", () => {
  test("the dynamic package: the destination makes a stack nonce of its own; the campaign moves unchanged, and its next change and destroy reach the same object", async () => {
    const h = await createStack(copyProgram("test/e2e/programs/single-campaign", "state-move-dynamic"), emu);
    try {
      const up = await h.stack.up({ onOutput: h.onOutput });
      const id = up.outputs.campaignId?.value as string;
      const dest = await stackBeside(h, "moved");
      await cli(h, h.dir, ["state", "move", "--source", "e2e", "--dest", "moved", await soloUrn(h), "--yes"]);
      const mark = (await emu.requestCounts()).seq;
      const moved = await dest.up();
      expect([moved.outputs.campaignId?.value, moved.summary.resourceChanges]).toEqual([
        id,
        { create: 1, same: 2 },
      ]);
      await dest.setConfig("subject", { value: "After the move" });
      await dest.up();
      expect(await writes(mark)).toEqual([`PATCH /v2/campaigns/${id}`]);
      await dest.destroy();
      expect((await emu.state()).campaigns.some((c: { id: string }) => c.id === id)).toBe(false);
    } finally {
      await h.dispose();
    }
  });

  test("the plugin (YAML): the destination's first run is refused naming SENDER_STACK_MOVED_FROM; with it the move is confirmed, writing nothing, and the stack goes on", async () => {
    const dir = path.join(ROOT, ".e2e", "state-move-plugin");
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), YAML);
    const h = await createStack(dir, emu, {}, { PATH: pluginPath() });
    try {
      const up = await h.stack.up({ onOutput: h.onOutput });
      const id = up.outputs.campaignId?.value as string;
      await stackBeside(h, "moved");
      await cli(h, h.dir, ["state", "move", "--source", "e2e", "--dest", "moved", await soloUrn(h), "--yes"]);
      const mark = (await emu.requestCounts()).seq;
      const refused = await failure(async () => (await stackBeside(h, "moved")).preview());
      const place = /SENDER_STACK_MOVED_FROM=([0-9a-f]+)/.exec(refused)?.[1];
      expect(place).toMatch(/^[0-9a-f]{16}$/);
      const confirmed = await stackBeside(h, "moved", { SENDER_STACK_MOVED_FROM: place as string });
      const moved = await confirmed.up();
      expect(moved.outputs.campaignId?.value).toBe(id);
      const after = await stackBeside(h, "moved");
      const preview = await after.preview();
      expect([preview.changeSummary, await writes(mark)]).toEqual([{ same: 2 }, []]);
      await after.destroy();
      expect((await emu.state()).campaigns.some((c: { id: string }) => c.id === id)).toBe(false);
    } finally {
      await h.dispose();
    }
  });
});
