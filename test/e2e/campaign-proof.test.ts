import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contentHashOf } from "../../provider/core/content-hash";
import { pluginTarball, pulumiOnlyPath, VERSION } from "../support/plugin";
import { cli } from "../support/run";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  failure,
  type StackHandle,
} from "../support/stack";

// CampaignProof under the real engine, in both families: the dynamic provider (TypeScript) and the
// native plugin (Pulumi YAML, the plugin from its tarball). What is counted is the emulator's
// request log: one `send_test_email` per address proofed, none in a preview.
const TOKEN = "tok-e2e-proof-Hq6Wn3Zc";
const SENT_LINE =
  "Campaign snt001 has already been sent (status SENT): refusing to send a proof of it; a proof is for a campaign not yet sent: remove the CampaignProof or its change";

/** The `send_test_email` requests of the log, as `METHOD path`. */
async function proofRequests(emu: EmulatorHandle): Promise<string[]> {
  return (await emu.requests())
    .filter((r) => r.path.endsWith("/send_test_email"))
    .map((r) => `${r.method} ${r.path}`);
}

/** The proofs the emulator recorded as messages: `[campaign, address, subject]`. */
async function proofMessages(emu: EmulatorHandle): Promise<string[][]> {
  return (await emu.state()).messages
    .filter((m: any) => m.proofOf !== undefined)
    .map((m: any) => [m.proofOf, m.to.email, m.subject]);
}

/**
 * The steps both families pass: preview, up, an up with nothing changed, a changed subject.
 * `others` counts the stack's resources beside the campaign and its proof: the stack, and in the
 * dynamic family its nonce record.
 */
async function proofSteps(
  emu: EmulatorHandle,
  h: StackHandle,
  others: number,
  setSubject: (subject: string) => Promise<void>,
) {
  await emu.clearRequests();
  await h.stack.preview({ onOutput: h.onOutput });
  expect(await proofRequests(emu)).toEqual([]);
  expect(h.output.join("")).toContain(
    "up will send 2 proofs of the campaign to be created to editor@example.com, legal@example.com",
  );

  const up = await h.stack.up({ onOutput: h.onOutput });
  const id = up.outputs.campaignId?.value as string;
  const send = `POST /v2/campaigns/${id}/send_test_email`;
  expect(await proofRequests(emu)).toEqual([send, send]);
  expect(up.outputs.proofedHash?.value).toBe(contentHashOf("Spring is here", "<p>Hello</p>"));
  expect(up.outputs.contentHash?.value).toBe(up.outputs.proofedHash?.value);
  expect(await proofMessages(emu)).toEqual([
    [id, "editor@example.com", "Spring is here"],
    [id, "legal@example.com", "Spring is here"],
  ]);

  await emu.clearRequests();
  const again = await h.stack.up({ onOutput: h.onOutput });
  expect(again.summary.resourceChanges).toEqual({ same: 2 + others });
  expect(await proofRequests(emu)).toEqual([]);

  await setSubject("Spring is really here");
  await emu.clearRequests();
  const changed = await h.stack.up({ onOutput: h.onOutput });
  expect(changed.summary.resourceChanges).toEqual({ update: 2, same: others });
  expect(await proofRequests(emu)).toEqual([send, send]);
  expect(changed.outputs.proofedHash?.value).toBe(contentHashOf("Spring is really here", "<p>Hello</p>"));
  expect((await proofMessages(emu)).slice(2)).toEqual([
    [id, "editor@example.com", "Spring is really here"],
    [id, "legal@example.com", "Spring is really here"],
  ]);
}

describe("CampaignProof with the dynamic provider (TypeScript)", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    h = await createStack(copyProgram("test/e2e/programs/campaign-proof", "campaign-proof"), {
      url: emu.url,
      token: TOKEN,
    });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("two addresses: two sends at up, none at preview or unchanged, two more for a new subject", async () => {
    await proofSteps(emu, h, 2, (subject) => h.stack.setConfig("subject", { value: subject }));
  });

  test("a proof of a sent campaign is refused at preview, in one line, sending nothing", async () => {
    await h.stack.setConfig("sentProof", { value: "true" });
    await emu.clearRequests();
    const error = await failure(() => h.stack.preview({ onOutput: h.onOutput }));
    expect(error).toContain(SENT_LINE);
    expect((await emu.requests()).filter((r) => r.method !== "GET")).toEqual([]);
    await h.stack.removeConfig("sentProof");
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 4 });
    expect(await proofRequests(emu)).toEqual([]);
  });
});

describe("CampaignProof with the native plugin (Pulumi YAML, no node on PATH)", () => {
  let emu: EmulatorHandle;
  const stacks: StackHandle[] = [];
  let tarball: string;

  async function yamlStack(program: string): Promise<StackHandle> {
    const h = await createStack(
      copyProgram(`test/e2e/programs/${program}`, program),
      { url: emu.url, token: TOKEN },
      {},
      { PATH: pulumiOnlyPath() },
    );
    stacks.push(h);
    await cli(h, h.dir, ["plugin", "install", "resource", "sender", VERSION, "-f", tarball]);
    const installed = path.join(path.dirname(h.backend), "home", "plugins", `resource-sender-v${VERSION}`);
    expect(fs.existsSync(path.join(installed, "pulumi-resource-sender"))).toBe(true);
    return h;
  }

  beforeAll(async () => {
    tarball = await pluginTarball();
    emu = await emulator(TOKEN);
  });
  afterAll(async () => {
    for (const h of stacks) await h.dispose();
    await emu?.close();
  });

  test("two addresses: two sends at up, none at preview or unchanged, two more for a new subject", async () => {
    const h = await yamlStack("yaml-proof");
    await proofSteps(emu, h, 1, (subject) => h.stack.setConfig("subject", { value: subject }));
  });

  test("a proof of a sent campaign is refused at preview, in one line, sending nothing", async () => {
    const h = await yamlStack("yaml-proof-sent");
    await emu.clearRequests();
    const error = await failure(() => h.stack.preview({ onOutput: h.onOutput }));
    expect(error).toContain(SENT_LINE);
    expect((await emu.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });
});
