import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LAUNCH_CONTENT } from "../../emulator/seed";
import { autonamedTitleOf, instanceMark } from "../../provider/core/autoname";
import { RESOURCE_KINDS } from "../../provider/kinds/registry";
import { GO_MODULE } from "../../provider/plugin/schema";
import { freshDir } from "../support/folders";
import { goOnCheckoutSdk, pythonOnCheckoutSdk } from "../support/languages";
import { pluginAndHosts, pluginPath, pluginTarball, VERSION } from "../support/plugin";
import { cli } from "../support/run";
import { ours, SEEDED_CAMPAIGNS, SEEDED_TRANSACTIONAL } from "../support/seeded";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  ensurePulumiOnPath,
  type StackHandle,
} from "../support/stack";

// The native plugin under the real engine: the generated Node.js SDK, import, two accounts, and
// the plugin installed from its tarball. Distinctive tokens, so that a leak is found by a search.
const TOKEN = "tok-e2e-native-Qm4Tz8Lw";
const TOKEN_FIRST = "tok-e2e-first-Hc3Vn6Rp";
const TOKEN_SECOND = "tok-e2e-second-Bw9Kd2Xs";

/** The `sender:` resources of a stack's state (`pulumi stack export`, secrets encrypted). */
async function senderResources(h: StackHandle): Promise<any[]> {
  const state = JSON.parse(await h.exportState());
  return state.deployment.resources.filter((r: any) => r.type.startsWith("sender:"));
}

/** Generated code without its import lines, to paste below a program that has them. */
const withoutImports = (code: string): string => code.replace(/^import .*\n/gm, "");

/** The argument names of each `new sender.<Kind>("<name>", {...})` in generated TypeScript, by name. */
function namedArguments(code: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  let current: string[] | undefined;
  for (const line of code.split("\n")) {
    const opened = /^const \w+ = new sender\.\w+\("([^"]+)", \{$/.exec(line);
    if (opened) out[opened[1]!] = current = [];
    else if (line.startsWith("}")) current = undefined;
    else if (current) {
      // A name at the first level of the object; deeper lines continue a multi-line value.
      const name = /^ {4}(\w+): /.exec(line)?.[1];
      if (name) current.push(name);
      else if (/^ {4}[^ \]}]/.test(line)) current.push(`unexpected line ${line}`);
    }
  }
  return out;
}

/** Expects the code the CLI wrote to name every input the read put in state, for each imported resource. */
function expectEveryFieldNamed(code: string, imported: any[]): void {
  const named = namedArguments(code);
  const nameOf = (urn: string) => urn.split("::").pop()!;
  expect(Object.keys(named).sort()).toEqual(imported.map((r) => nameOf(r.urn)).sort());
  for (const r of imported)
    expect([nameOf(r.urn), named[nameOf(r.urn)]]).toEqual([nameOf(r.urn), Object.keys(r.inputs).sort()]);
}

/**
 * Imports a new webhook with `pulumi import --out`, expects the code the CLI wrote to be these
 * lines, makes that code the whole program (`programFile`), and expects a preview with no changes
 * and a destroy that removes the webhook.
 */
async function importedWebhookProgram(
  h: StackHandle,
  emu: EmulatorHandle,
  programFile: string,
  lines: string[],
) {
  const made = await emu.api("POST", "account/webhooks", {
    url: "https://hooks.example.com/imported",
    topic: "groups/unsubscribed",
    relation_id: "grp001",
  });
  const generated = path.join(h.dir, `${programFile}.generated`);
  const args = ["import", "sender:index:Webhook", "hook", String(made.body.id), "--yes", "--protect=false"];
  expect(await cli(h, h.dir, [...args, "--out", generated, "--stack", "e2e"], h.env)).toContain("1 imported");
  expect(fs.readFileSync(generated, "utf8")).toBe(lines.join("\n"));
  fs.renameSync(generated, path.join(h.dir, programFile));
  const preview = await h.stack.preview({ expectNoChanges: true, onOutput: h.onOutput });
  expect(preview.changeSummary).toEqual({ same: 2 });
  const destroy = await h.stack.destroy({ onOutput: h.onOutput });
  expect(destroy.summary.resourceChanges).toEqual({ delete: 2 });
  expect((await emu.state()).webhooks).toEqual([]);
}

/** The native program's resources: one of each kind, and the stack. */
const NATIVE_RESOURCES = RESOURCE_KINDS.length + 1;

describe("the native plugin on the generated Node.js SDK", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    h = await createStack(copyProgram("test/e2e/programs/native", "native"), emu, {}, { PATH: pluginPath() });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("up creates every kind through the plugin and reads the functions", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: NATIVE_RESOURCES });
    const state = await emu.state();
    const campaigns = ours(state.campaigns, SEEDED_CAMPAIGNS);
    expect(campaigns.map((c: any) => [c.title, c.subject, c.status])).toEqual([
      ["Welcome series", "Welcome to Example News", "SCHEDULED"],
    ]);
    const campaign = campaigns[0];
    expect(up.outputs.campaignId?.value).toBe(campaign.id);
    expect([campaign.auto_followup_active, campaign.auto_followup_subject]).toEqual([
      1,
      "Did you miss our welcome?",
    ]);
    expect(state.targeting[campaign.id].tags.map((t: any) => t.id).sort()).toEqual(["tag001", "tag002"]);
    expect(state.attachments[campaign.id].map((a: any) => a.file_name)).toEqual(["welcome-guide.pdf"]);
    expect(ours(state.transactional, SEEDED_TRANSACTIONAL).map((t: any) => t.subject)).toEqual([
      "Reset your password",
    ]);
    // Given no title, the plugin's check autonamed it from the URN the engine sent and the stack
    // instance's nonce its CheckConfig kept in the provider's state, as the dynamic SDK does.
    const reset = (await senderResources(h)).find((r) => r.type === "sender:index:TransactionalCampaign");
    const provider = JSON.parse(await h.exportState()).deployment.resources.find(
      (r: any) => r.type === "pulumi:providers:sender",
    );
    const autoname = autonamedTitleOf(
      "password-reset",
      instanceMark(provider.inputs.ownershipNonce, reset.urn),
    );
    expect(autoname).toMatch(/^password-reset-[0-9a-f]{8}$/);
    expect([reset.inputs.title, reset.inputs.autonamed]).toEqual([autoname, true]);
    expect(ours(state.transactional, SEEDED_TRANSACTIONAL).map((t: any) => t.title)).toEqual([autoname]);
    expect(state.webhooks.map((w: any) => [w.topic, w.status])).toEqual([
      ["groups/new-subscriber", "ACTIVE"],
    ]);
    expect(up.outputs.scheduledFor?.value).toBe("2030-01-15 08:00:00");
    expect(up.outputs.attachmentFile?.value).toBe("welcome-guide.pdf");
    expect(up.outputs.planNames?.value).toEqual(["Free", "Standard", "Professional"]);
    expect(up.outputs.professional?.value).toBe("Professional");
    expect(up.outputs.seededSubject?.value).toBe(state.campaigns.find((c: any) => c.id === "snt001").subject);
    expect(up.outputs.transactionalSubject?.value).toBe("Reset your password");
    // 19 unique opens of 21 delivered emails (emulator/activity.ts).
    expect(up.outputs.seededOpenRate?.value).toBe(90.48);
    // Native types, one of each kind of the registry, no dynamic-provider text in state, and the
    // token nowhere.
    const resources = await senderResources(h);
    expect(resources.map((r) => r.type).sort()).toEqual(
      [...RESOURCE_KINDS].sort().map((k) => `sender:index:${k}`),
    );
    const exported = await h.exportState();
    expect(exported).not.toContain("__provider");
    expect(exported).not.toContain(TOKEN);
  });

  test("refresh --expect-no-changes passes", async () => {
    const refresh = await h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput });
    expect(refresh.summary.result).toBe("succeeded");
  });

  test("a changed input updates in place", async () => {
    await h.stack.setConfig("subject", { value: "Welcome, again" });
    await h.stack.setConfig("followUpSubject", { value: "Still there?" });
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ update: 3, same: NATIVE_RESOURCES - 3 });
    const campaign = ours((await emu.state()).campaigns, SEEDED_CAMPAIGNS)[0];
    expect([campaign.subject, campaign.auto_followup_subject]).toEqual(["Welcome, again", "Still there?"]);
    expect(up.outputs.campaignSubject?.value).toBe("Welcome, again");
    // The new subject was proofed once more, to the one address.
    expect(
      (await emu.state()).messages.filter((m: any) => m.proofOf === campaign.id).map((m: any) => m.subject),
    ).toEqual(["Welcome to Example News", "Welcome, again"]);
  });

  test("destroy removes what the stack made and nothing else", async () => {
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: NATIVE_RESOURCES });
    const state = await emu.state();
    expect(state.campaigns.map((c: any) => c.id)).toEqual(SEEDED_CAMPAIGNS);
    // The API cannot delete a transactional campaign: the service keeps it, as documented.
    expect(ours(state.transactional, SEEDED_TRANSACTIONAL).map((t: any) => t.subject)).toEqual([
      "Reset your password",
    ]);
    expect(state.webhooks).toEqual([]);
  });
});

describe("pulumi import through the native plugin", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    const dir = freshDir("native-import");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: native-import\nruntime: nodejs\n");
    fs.writeFileSync(
      path.join(dir, "package.json"),
      '{ "name": "native-import", "private": true, "main": "index.ts" }\n',
    );
    fs.writeFileSync(path.join(dir, "index.ts"), "export {};\n");
    h = await createStack(dir, emu, {}, { PATH: pluginPath() });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("a seeded campaign and transactional campaign import, and the code the CLI writes previews with no changes", async () => {
    const env = { PATH: pluginPath() };
    const generated = path.join(h.dir, "imported.ts");
    expect(
      await cli(
        h,
        h.dir,
        [
          "import",
          "sender:index:Campaign",
          "launch",
          "snt001",
          "--yes",
          "--out",
          generated,
          "--stack",
          "e2e",
        ],
        env,
      ),
    ).toContain("1 imported");
    const campaignCode = fs.readFileSync(generated, "utf8");
    expect(
      await cli(
        h,
        h.dir,
        [
          "import",
          "sender:index:TransactionalCampaign",
          "receipts",
          "trn001",
          "--yes",
          "--out",
          generated,
          "--stack",
          "e2e",
        ],
        env,
      ),
    ).toContain("1 imported");
    const transactionalCode = fs.readFileSync(generated, "utf8");
    const imported = await senderResources(h);
    expect(imported.map((r) => [r.type, r.id, r.protect])).toEqual([
      ["sender:index:Campaign", "snt001", true],
      ["sender:index:TransactionalCampaign", "trn001", true],
    ]);
    const seeded = (await emu.state()).campaigns.find((c: any) => c.id === "snt001");
    expect(imported[0].inputs).toMatchObject({ subject: seeded.subject, replyTo: seeded.reply_to });
    const seededReceipts = (await emu.state()).transactional.find((t: any) => t.id === "trn001");
    expect(seededReceipts.content).toBe("<p>Thanks for your order {{order_id}}.</p>");
    expectEveryFieldNamed(campaignCode, [imported[0]]);
    expectEveryFieldNamed(transactionalCode, [imported[1]]);
    const header = [
      'import * as pulumi from "@pulumi/pulumi";',
      'import * as sender from "pulumi-sender-native";',
      "",
    ];
    expect(campaignCode).toBe(
      [
        ...header,
        'const launch = new sender.Campaign("launch", {',
        `    content: ${JSON.stringify(LAUNCH_CONTENT)},`,
        '    contentType: "html",',
        '    from: "Example News",',
        "    googleAnalytics: true,",
        '    preheader: "Everything you need to know",',
        '    replyTo: "news@example.com",',
        '    subject: "We have launched",',
        '    title: "Launch announcement",',
        "}, {",
        "    protect: true,",
        "});",
        "",
      ].join("\n"),
    );
    expect(transactionalCode).toBe(
      [
        ...header,
        'const receipts = new sender.TransactionalCampaign("receipts", {',
        `    content: ${JSON.stringify(seededReceipts.content)},`,
        '    editor: "html",',
        '    from: "Example News",',
        '    replyTo: "news@example.com",',
        '    subject: "Your order is confirmed",',
        '    title: "Order confirmation",',
        "}, {",
        "    protect: true,",
        "});",
        "",
      ].join("\n"),
    );
    // The program is the code the CLI wrote, pasted as a user would.
    fs.writeFileSync(path.join(h.dir, "index.ts"), `${campaignCode}${withoutImports(transactionalCode)}`);
    fs.rmSync(generated);
    const preview = await h.stack.preview({ expectNoChanges: true, onOutput: h.onOutput });
    expect(preview.changeSummary).toEqual({ same: 3 });
  });

  test("an id the service does not have fails the import with one line saying so, and nothing is imported", async () => {
    // Run first in its describe block too (-t), on a stack with no resources yet.
    const resources = async () => JSON.parse(await h.exportState()).deployment.resources ?? [];
    const before = await resources();
    const error = await cli(
      h,
      h.dir,
      ["import", "sender:index:Campaign", "ghost", "nonexistent", "--yes", "--stack", "e2e"],
      { PATH: pluginPath() },
    ).then(
      () => "",
      (err: Error) => err.message,
    );
    expect(error).toContain(
      "sender:index:Campaign (ghost):\n    error: Preview failed: Campaign nonexistent does not exist in Sender\n",
    );
    expect(error).not.toContain("does not support importing");
    expect(await resources()).toEqual(before);
  });

  test("a webhook imports, and the code the CLI writes previews with no changes", async () => {
    const made = await emu.api("POST", "account/webhooks", {
      url: "https://hooks.example.com/imported",
      topic: "groups/unsubscribed",
      relation_id: "grp001",
    });
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    const env = { PATH: pluginPath() };
    const generated = path.join(h.dir, "imported.ts");
    expect(
      await cli(
        h,
        h.dir,
        ["import", "sender:index:Webhook", "hook", id, "--yes", "--out", generated, "--stack", "e2e"],
        env,
      ),
    ).toContain("1 imported");
    const hook = (await senderResources(h)).find((r) => r.type === "sender:index:Webhook");
    expect(hook.inputs).toEqual({
      url: "https://hooks.example.com/imported",
      topic: "groups/unsubscribed",
      relationId: "grp001",
    });
    const code = fs.readFileSync(generated, "utf8");
    expect(withoutImports(code)).toBe(
      [
        "",
        'const hook = new sender.Webhook("hook", {',
        '    relationId: "grp001",',
        '    topic: "groups/unsubscribed",',
        '    url: "https://hooks.example.com/imported",',
        "}, {",
        "    protect: true,",
        "});",
        "",
      ].join("\n"),
    );
    fs.appendFileSync(path.join(h.dir, "index.ts"), withoutImports(code));
    fs.rmSync(generated);
    const preview = await h.stack.preview({ expectNoChanges: true, onOutput: h.onOutput });
    expect(preview.changeSummary).toEqual({ same: 4 });
  });

  test("a targeting, follow-up, schedule and attachment import, and the code the CLI writes previews with no changes", async () => {
    // Made by another stack on the same account: the program of the first describe.
    const maker = await createStack(
      copyProgram("test/e2e/programs/native", "native-import-maker"),
      emu,
      {},
      { PATH: pluginPath() },
    );
    try {
      const up = await maker.stack.up({ onOutput: maker.onOutput });
      expect(up.summary.resourceChanges).toEqual({ create: NATIVE_RESOURCES });
      const id: string = up.outputs.campaignId?.value;
      const kinds: [string, string, string][] = [
        ["CampaignTargeting", "audience", id],
        ["CampaignFollowUp", "nudge", id],
        ["CampaignSchedule", "send", id],
        ["Attachment", "guide", `${id}/welcome-guide.pdf`],
      ];
      const file = path.join(h.dir, "import.json");
      fs.writeFileSync(
        file,
        JSON.stringify({
          resources: kinds.map(([kind, name, importId]) => ({
            type: `sender:index:${kind}`,
            name,
            id: importId,
          })),
        }),
      );
      const generated = path.join(h.dir, "imported.ts");
      const args = ["import", "--file", file, "--yes", "--out", generated, "--stack", "e2e"];
      expect(await cli(h, h.dir, args, { PATH: pluginPath() })).toContain("4 imported");
      const code = fs.readFileSync(generated, "utf8");
      const byType = (a: any, b: any) => a.type.localeCompare(b.type);
      const imported = (await senderResources(h))
        .filter((r) => kinds.some(([kind]) => r.type === `sender:index:${kind}`))
        .sort(byType);
      expect(imported.map((r) => [r.type, r.id])).toEqual(
        kinds
          .map(([kind, , importId]) => [`sender:index:${kind}`, importId])
          .sort((a, b) => a[0]!.localeCompare(b[0]!)),
      );
      expectEveryFieldNamed(code, imported);
      expect(withoutImports(code)).toBe(
        [
          "",
          'const audience = new sender.CampaignTargeting("audience", {',
          `    campaignId: "${id}",`,
          '    excludedTagIds: ["tag004"],',
          "    tagIds: [",
          '        "tag001",',
          '        "tag002",',
          "    ],",
          "}, {",
          "    protect: true,",
          "});",
          'const nudge = new sender.CampaignFollowUp("nudge", {',
          "    active: true,",
          `    campaignId: "${id}",`,
          "    delayHours: 48,",
          '    subject: "Did you miss our welcome?",',
          "}, {",
          "    protect: true,",
          "});",
          // The time as the service holds it, in UTC: the same instant as the program's +01:00.
          'const send = new sender.CampaignSchedule("send", {',
          `    campaignId: "${id}",`,
          '    scheduleTime: "2030-01-15T08:00:00Z",',
          "}, {",
          "    protect: true,",
          "});",
          // The file's address as the service serves it.
          'const guide = new sender.Attachment("guide", {',
          `    campaignId: "${id}",`,
          `    url: "https://cdn.emulator.sender.test/attachments/${id}/welcome-guide.pdf",`,
          "}, {",
          "    protect: true,",
          "});",
          "",
        ].join("\n"),
      );
      fs.appendFileSync(path.join(h.dir, "index.ts"), withoutImports(code));
      fs.rmSync(generated);
      const preview = await h.stack.preview({ expectNoChanges: true, onOutput: h.onOutput });
      expect(preview.changeSummary).toEqual({ same: 8 });
    } finally {
      await maker.stack.destroy({ onOutput: maker.onOutput });
      await maker.dispose();
    }
  });
});

describe("two accounts through two explicit providers", () => {
  let first: EmulatorHandle;
  let second: EmulatorHandle;
  let h: StackHandle;

  beforeAll(async () => {
    first = await emulator(TOKEN_FIRST);
    second = await emulator(TOKEN_SECOND);
    // The default provider is configured with neither account, so nothing can land by default.
    h = await createStack(
      copyProgram("test/e2e/programs/native-accounts", "native-accounts"),
      { url: "http://127.0.0.1:9", token: "unused" },
      { firstUrl: first.url, secondUrl: second.url },
      { PATH: pluginPath() },
      [first.url, second.url],
    );
    await h.stack.setConfig("firstToken", { value: TOKEN_FIRST, secret: true });
    await h.stack.setConfig("secondToken", { value: TOKEN_SECOND, secret: true });
  });
  afterAll(async () => {
    await h?.dispose();
    await first?.close();
    await second?.close();
  });

  test("each campaign lands in its own account, and neither token is in state", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 5 });
    const inFirst = ours((await first.state()).campaigns, SEEDED_CAMPAIGNS);
    const inSecond = ours((await second.state()).campaigns, SEEDED_CAMPAIGNS);
    expect(inFirst.map((c: any) => c.subject)).toEqual(["Hello from first"]);
    expect(inSecond.map((c: any) => c.subject)).toEqual(["Hello from second"]);
    expect(up.outputs.first?.value.id).toBe(inFirst[0].id);
    expect(up.outputs.second?.value.id).toBe(inSecond[0].id);
    // The functions went through each provider too.
    for (const emu of [first, second]) {
      const reads = (await emu.requests()).filter((r) => r.path === "/v2/active_subscribers");
      expect(reads.map((r) => r.status)).toEqual([200]);
    }
    const exported = await h.exportState();
    expect(exported).not.toContain(TOKEN_FIRST);
    expect(exported).not.toContain(TOKEN_SECOND);
    const providers = JSON.parse(exported).deployment.resources.filter(
      (r: any) => r.type === "pulumi:providers:sender" && !r.urn.includes("default"),
    );
    expect(providers.map((p: any) => Object.keys(p.inputs.apiToken))).toEqual([
      ["4dabf18193072939515e22adb298388d", "ciphertext"],
      ["4dabf18193072939515e22adb298388d", "ciphertext"],
    ]);
  });

  test("destroy removes each campaign from its own account", async () => {
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 5 });
    expect((await first.state()).campaigns.map((c: any) => c.id)).toEqual(SEEDED_CAMPAIGNS);
    expect((await second.state()).campaigns.map((c: any) => c.id)).toEqual(SEEDED_CAMPAIGNS);
  });
});

describe("the plugin installed from its tarball, not on PATH", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;
  let tarball: string;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    tarball = await pluginTarball();
    h = await createStack(copyProgram("test/e2e/programs/native-accounts", "native-installed"), emu, {
      firstUrl: emu.url,
      secondUrl: emu.url,
    });
    await h.stack.setConfig("firstToken", { value: TOKEN, secret: true });
    await h.stack.setConfig("secondToken", { value: TOKEN, secret: true });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("pulumi plugin install -f accepts it, and the engine runs it from the plugin cache", async () => {
    ensurePulumiOnPath();
    expect(
      process.env.PATH?.split(":").some((dir) => fs.existsSync(path.join(dir, "pulumi-resource-sender"))),
    ).toBe(false);
    await cli(h, h.dir, ["plugin", "install", "resource", "sender", VERSION, "-f", tarball]);
    const scratch = path.dirname(h.backend);
    expect(
      fs.statSync(
        path.join(scratch, "home", "plugins", `resource-sender-v${VERSION}`, "pulumi-resource-sender"),
      ).mode & 0o111,
    ).not.toBe(0);
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 5 });
    expect(h.output.join("")).not.toContain("using pulumi-resource-sender from $PATH");
    expect(
      ours((await emu.state()).campaigns, SEEDED_CAMPAIGNS)
        .map((c: any) => c.subject)
        .sort(),
    ).toEqual(["Hello from first", "Hello from second"]);
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 5 });
  });
});

describe("a Go program on the generated Go SDK, under the engine", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    const dir = copyProgram("test/e2e/programs/native-go", "native-go");
    goOnCheckoutSdk(dir, "native-go");
    h = await createStack(dir, emu, {}, { PATH: await pluginAndHosts() });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("up, refresh --expect-no-changes, an update in place and destroy", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 2 });
    const made = ours((await emu.state()).campaigns, SEEDED_CAMPAIGNS);
    expect(made.map((c: any) => [c.title, c.subject])).toEqual([["News from Go", "Hello from Go"]]);
    expect(up.outputs.campaignId?.value).toBe(made[0].id);
    expect(up.outputs.planNames?.value).toEqual(["Free", "Standard", "Professional"]);
    expect(up.outputs.seeded?.value).toEqual(["snt001", "SENT", "We have launched"]);
    const refresh = await h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput });
    expect(refresh.summary.result).toBe("succeeded");
    await h.stack.setConfig("subject", { value: "Hello again from Go" });
    const update = await h.stack.up({ onOutput: h.onOutput });
    expect(update.summary.resourceChanges).toEqual({ update: 1, same: 1 });
    expect(ours((await emu.state()).campaigns, SEEDED_CAMPAIGNS).map((c: any) => c.subject)).toEqual([
      "Hello again from Go",
    ]);
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 2 });
    expect((await emu.state()).campaigns.map((c: any) => c.id)).toEqual(SEEDED_CAMPAIGNS);
  });

  test("pulumi import writes the Go code of a webhook, and that program previews with no changes", async () => {
    await importedWebhookProgram(h, emu, "main.go", [
      "package main",
      "",
      "import (",
      `\t"${GO_MODULE}/sender"`,
      '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
      ")",
      "",
      "func main() {",
      "\tpulumi.Run(func(ctx *pulumi.Context) error {",
      '\t\t_, err := sender.NewWebhook(ctx, "hook", &sender.WebhookArgs{',
      '\t\t\tRelationId: pulumi.String("grp001"),',
      '\t\t\tTopic:      pulumi.String("groups/unsubscribed"),',
      '\t\t\tUrl:        pulumi.String("https://hooks.example.com/imported"),',
      "\t\t})",
      "\t\tif err != nil {",
      "\t\t\treturn err",
      "\t\t}",
      "\t\treturn nil",
      "\t})",
      "}",
      "",
    ]);
  });
});

describe("a Python program on the generated Python SDK, under the engine", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    const dir = copyProgram("test/e2e/programs/native-python", "native-python");
    const env = await pythonOnCheckoutSdk(dir, "native-python");
    h = await createStack(dir, emu, {}, { PATH: await pluginAndHosts(), ...env });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("up, refresh --expect-no-changes, an update in place and destroy", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 2 });
    const made = ours((await emu.state()).campaigns, SEEDED_CAMPAIGNS);
    expect(made.map((c: any) => [c.title, c.subject])).toEqual([["News from Python", "Hello from Python"]]);
    expect(up.outputs.campaignId?.value).toBe(made[0].id);
    expect(up.outputs.planNames?.value).toEqual(["Free", "Standard", "Professional"]);
    expect(up.outputs.seeded?.value).toEqual(["snt001", "SENT", "We have launched"]);
    const refresh = await h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput });
    expect(refresh.summary.result).toBe("succeeded");
    await h.stack.setConfig("subject", { value: "Hello again from Python" });
    const update = await h.stack.up({ onOutput: h.onOutput });
    expect(update.summary.resourceChanges).toEqual({ update: 1, same: 1 });
    expect(update.outputs.subject?.value).toBe("Hello again from Python");
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 2 });
    expect((await emu.state()).campaigns.map((c: any) => c.id)).toEqual(SEEDED_CAMPAIGNS);
  });

  test("pulumi import writes the Python code of a webhook, and that program previews with no changes", async () => {
    await importedWebhookProgram(h, emu, "__main__.py", [
      "import pulumi",
      "import pulumi_sender as sender",
      "",
      'hook = sender.Webhook("hook",',
      '    relation_id="grp001",',
      '    topic="groups/unsubscribed",',
      '    url="https://hooks.example.com/imported")',
      "",
    ]);
  });
});
