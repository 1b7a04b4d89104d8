import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pluginTarball, pulumiOnlyPath, VERSION } from "../support/plugin";
import { cli } from "../support/run";
import { ours, SEEDED_CAMPAIGNS } from "../support/seeded";
import { copyProgram, createStack, type EmulatorHandle, emulator, type StackHandle } from "../support/stack";

// Pulumi YAML programs under the real engine, as a team with no Node.js of its own runs them: the
// plugin installed from its tarball (which carries its runtime), and a PATH with only the Pulumi
// CLI and the YAML language host on it, so no `node` at all. Distinctive tokens, so that a leak is
// found by a search.
const TOKEN = "tok-e2e-yaml-Zr5Kp2Qw";
const TOKEN_FIRST = "tok-e2e-yaml-first-Jd7Hs3Lm";
const TOKEN_SECOND = "tok-e2e-yaml-second-Vx4Nc8Tb";

const byTitle = (items: any[]): any[] => [...items].sort((a, b) => a.title.localeCompare(b.title));

/** Installs the tarball into the stack's PULUMI_HOME and checks it landed with its runtime. */
async function installPlugin(h: StackHandle, tarball: string): Promise<void> {
  await cli(h, h.dir, ["plugin", "install", "resource", "sender", VERSION, "-f", tarball]);
  const installed = path.join(path.dirname(h.backend), "home", "plugins", `resource-sender-v${VERSION}`);
  expect(fs.statSync(path.join(installed, "pulumi-resource-sender")).mode & 0o111).not.toBe(0);
  expect(fs.statSync(path.join(installed, "node", "bin", "node")).mode & 0o111).not.toBe(0);
}

let tarball: string;
let nodeless: string;

beforeAll(async () => {
  tarball = await pluginTarball();
  nodeless = pulumiOnlyPath();
});

test("the YAML programs' PATH has no node on it", () => {
  const found = spawnSync("/bin/sh", ["-c", "command -v node"], {
    env: { PATH: nodeless },
    encoding: "utf8",
  });
  expect([found.status, found.stdout]).toEqual([127, ""]);
  const pulumi = spawnSync("/bin/sh", ["-c", "command -v pulumi-language-yaml"], {
    env: { PATH: nodeless },
    encoding: "utf8",
  });
  expect(pulumi.status).toBe(0);
});

describe("the example YAML stack, with the plugin from its tarball and no node on PATH", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    // The explicit provider reads the project's own config; the default provider gets none.
    h = await createStack(
      copyProgram("examples/yaml", "yaml-example"),
      { url: "http://127.0.0.1:9", token: "unused" },
      { baseUrl: emu.url },
      { PATH: nodeless },
      [emu.url],
    );
    await h.stack.setConfig("apiToken", { value: TOKEN, secret: true });
    await installPlugin(h, tarball);
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("preview plans every resource and calls nothing that writes", async () => {
    const preview = await h.stack.preview({ onOutput: h.onOutput });
    expect(preview.changeSummary).toEqual({ create: 7 });
    expect((await emu.requests()).filter((r) => r.method !== "GET")).toEqual([]);
    expect(ours((await emu.state()).campaigns)).toEqual([]);
  });

  test("up creates both campaigns, the audience, the schedule and the webhook, and reads the plans", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 7 });
    const state = await emu.state();
    // Created in parallel: in whichever order the engine sent them.
    const campaigns = byTitle(ours(state.campaigns));
    expect(campaigns.map((c: any) => [c.title, c.subject, c.status])).toEqual([
      ["Monthly digest", "What happened this month", "DRAFT"],
      ["Welcome series", "Welcome to Example News", "SCHEDULED"],
    ]);
    const [digest, welcome] = campaigns;
    expect(up.outputs.welcomeId?.value).toBe(welcome.id);
    expect(up.outputs.digestId?.value).toBe(digest.id);
    expect(state.targeting[welcome.id].tags.map((t: any) => t.id).sort()).toEqual(["tag001", "tag002"]);
    expect(state.webhooks.map((w: any) => [w.topic, w.url, w.status])).toEqual([
      ["groups/new-subscriber", "https://hooks.example.com/sender/new-subscriber", "ACTIVE"],
    ]);
    expect(up.outputs.scheduledFor?.value).toBe("2030-01-15 08:00:00");
    expect(up.outputs.webhookStatus?.value).toBe("ACTIVE");
    expect(up.outputs.firstPlan?.value).toBe("Free");
    // The schedule waited for the audience (dependsOn): its tags were set before it was scheduled.
    const writes = (await emu.requests())
      .filter((r) => r.method !== "GET")
      .map((r) => `${r.method} ${r.path}`);
    const tagsSet = writes.indexOf(`POST /v2/campaigns/${welcome.id}/tags/set`);
    expect(tagsSet).toBeGreaterThan(-1);
    expect(writes.indexOf(`POST /v2/campaigns/${welcome.id}/schedule`)).toBeGreaterThan(tagsSet);
    const exported = await h.exportState();
    expect(exported).not.toContain(TOKEN);
    const provider = JSON.parse(exported).deployment.resources.find(
      (r: any) => r.type === "pulumi:providers:sender" && r.urn.endsWith("::account"),
    );
    expect(Object.keys(provider.inputs.apiToken)).toEqual(["4dabf18193072939515e22adb298388d", "ciphertext"]);
    expect(provider.inputs.baseUrl).toBe(emu.url);
  });

  test("refresh --expect-no-changes passes", async () => {
    const refresh = await h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput });
    expect(refresh.summary.result).toBe("succeeded");
  });

  test("a changed config value updates the campaign in place", async () => {
    const before = byTitle(ours((await emu.state()).campaigns)).map((c: any) => c.id);
    await h.stack.setConfig("subject", { value: "Welcome, again" });
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ update: 1, same: 6 });
    const campaigns = byTitle(ours((await emu.state()).campaigns));
    expect(campaigns.map((c: any) => [c.id, c.title, c.subject])).toEqual([
      [before[0], "Monthly digest", "What happened this month"],
      [before[1], "Welcome series", "Welcome, again"],
    ]);
    expect(up.outputs.welcomeSubject?.value).toBe("Welcome, again");
  });

  test("destroy removes what the stack made and nothing else", async () => {
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 7 });
    const state = await emu.state();
    expect(state.campaigns.map((c: any) => c.id)).toEqual(SEEDED_CAMPAIGNS);
    expect(state.webhooks).toEqual([]);
    // Nothing on the way ran a node of PATH: the plugin's own runtime did.
    expect(h.output.join("")).not.toContain("needs Node.js 22 or later");
  });
});

describe("a YAML program with two explicit providers on two accounts, no node on PATH", () => {
  let first: EmulatorHandle;
  let second: EmulatorHandle;
  let h: StackHandle;

  beforeAll(async () => {
    first = await emulator(TOKEN_FIRST);
    second = await emulator(TOKEN_SECOND);
    h = await createStack(
      copyProgram("test/e2e/programs/yaml-accounts", "yaml-accounts"),
      { url: "http://127.0.0.1:9", token: "unused" },
      { firstUrl: first.url, secondUrl: second.url },
      { PATH: nodeless },
    );
    await h.stack.setConfig("firstToken", { value: TOKEN_FIRST, secret: true });
    await h.stack.setConfig("secondToken", { value: TOKEN_SECOND, secret: true });
    await installPlugin(h, tarball);
  });
  afterAll(async () => {
    await h?.dispose();
    await first?.close();
    await second?.close();
  });

  test("each campaign lands in its own account, and neither token is in state", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 5 });
    const inFirst = ours((await first.state()).campaigns);
    const inSecond = ours((await second.state()).campaigns);
    expect(inFirst.map((c: any) => c.subject)).toEqual(["Hello from first"]);
    expect(inSecond.map((c: any) => c.subject)).toEqual(["Hello from second"]);
    expect(up.outputs.first?.value).toBe(inFirst[0].id);
    expect(up.outputs.second?.value).toBe(inSecond[0].id);
    const exported = await h.exportState();
    expect(exported).not.toContain(TOKEN_FIRST);
    expect(exported).not.toContain(TOKEN_SECOND);
    const providers = JSON.parse(exported).deployment.resources.filter(
      (r: any) => r.type === "pulumi:providers:sender",
    );
    // The engine registers the two providers concurrently: their order in state is not fixed.
    const byName = providers
      .map((p: any) => [p.urn.split("::").pop(), Object.keys(p.inputs.apiToken)])
      .sort((a: any, b: any) => a[0].localeCompare(b[0]));
    expect(byName).toEqual([
      ["first", ["4dabf18193072939515e22adb298388d", "ciphertext"]],
      ["second", ["4dabf18193072939515e22adb298388d", "ciphertext"]],
    ]);
  });

  test("destroy removes each campaign from its own account", async () => {
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 5 });
    expect((await first.state()).campaigns.map((c: any) => c.id)).toEqual(SEEDED_CAMPAIGNS);
    expect((await second.state()).campaigns.map((c: any) => c.id)).toEqual(SEEDED_CAMPAIGNS);
  });
});

describe("audiences by name through the plugin (getTag, getFilter, getTags), no node on PATH", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    h = await createStack(
      copyProgram("test/e2e/programs/yaml-audiences", "yaml-audiences"),
      { url: emu.url, token: TOKEN },
      {},
      { PATH: nodeless },
    );
    await installPlugin(h, tarball);
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("up targets the tag named VIP (tag003) and the filter by its name", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    expect(up.outputs.tagId?.value).toBe("tag003");
    expect(up.outputs.fourthTag?.value).toBe("Churned");
    const launchId = up.outputs.launchId?.value as string;
    const targeting = (await emu.state()).targeting[launchId];
    expect(targeting.tags.map((t: any) => t.id)).toEqual(["tag003"]);
    expect(targeting.filters.map((f: any) => f.id)).toEqual(["flt001"]);
  });

  test("a name that differs in case fails the preview with one line naming the close name", async () => {
    await h.stack.setConfig("tagName", { value: "vip" });
    const before = (await emu.requests()).length;
    const failed = await h.stack.preview({ onOutput: h.onOutput }).then(
      () => undefined,
      (error: unknown) => String(error),
    );
    const line = 'getTag: no tag is named "vip" (close names: "VIP"); names match exactly, case included';
    expect(failed).toContain(line);
    // The engine's Diagnostics (the error's own text holds the CLI's stderr twice): the line once.
    const diagnostics = (failed ?? "").split(" err?:")[0]?.split("Diagnostics:")[1] ?? "";
    expect(diagnostics.split("\n").filter((l) => l.includes(line))).toHaveLength(1);
    // A lookup reads only: the preview wrote nothing.
    expect((await emu.requests()).slice(before).filter((r) => r.method !== "GET")).toEqual([]);
    await h.stack.setConfig("tagName", { value: "VIP" });
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 3 });
  });
});

describe("a provider warning through the plugin, at the default verbosity, no node on PATH", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;
  let scratch: string;
  let journal: string;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    // The create journal's folder is a symlink: the provider refuses to write through it and warns.
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sender-journal-"));
    fs.mkdirSync(path.join(scratch, "real"));
    journal = path.join(scratch, "linked");
    fs.symlinkSync(path.join(scratch, "real"), journal);
    h = await createStack(
      copyProgram("test/e2e/programs/yaml-journal", "yaml-journal"),
      { url: emu.url, token: TOKEN },
      {},
      { PATH: nodeless, PULUMI_SENDER_JOURNAL_DIR: journal },
    );
    await installPlugin(h, tarball);
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  test("up shows create-once's warning on the webhook, and the webhook is made once", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 2 });
    const hooks = (await emu.state()).webhooks;
    expect(hooks.map((w: any) => w.id)).toEqual([up.outputs.hookId?.value]);
    const printed = h.output.join("");
    // Once before the POST (the intent) and once after it (the id), each on the webhook through the
    // engine's Log: the engine would show the plugin's stderr only at debug level.
    const diagnostics = printed.slice(printed.indexOf("Diagnostics:"), printed.indexOf("Outputs:")).trimEnd();
    const warning = `warning: could not write the create journal ${journal}/Webhook-[0-9a-f]{8}-[0-9a-f]{8}\\.json: the create journal folder ${journal} is not a folder \\(a symlink or a file\\)`;
    expect(diagnostics).toMatch(
      new RegExp(
        `^Diagnostics:\\n  sender:index:Webhook \\(newSubscriber\\):\\n    ${warning}\\n    ${warning}$`,
      ),
    );
    expect(fs.readdirSync(path.join(scratch, "real"))).toEqual([]);
  });

  test("destroy removes the webhook", async () => {
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 2 });
    expect((await emu.state()).webhooks).toEqual([]);
  });
});
