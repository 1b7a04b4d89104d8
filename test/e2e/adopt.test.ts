import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SenderClient } from "../../provider/client";
import { npm, type Packed, packFreshClone } from "../package/packed";
import { fillAccount, objectsOf } from "../support/account";
import { outsideCheckout, removeUserFolders, userFolder } from "../support/folders";
import { pluginPath, pluginTarball, sdkArtifact, VERSION } from "../support/plugin";
import { cli, sh } from "../support/run";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  mutationLines,
  ROOT,
  type StackHandle,
} from "../support/stack";

// `npx pulumi-sender adopt` against an account filled through the API, from the package installed
// from its tarball outside the checkout; then both paths it prepares under the real engine: the
// dynamic package's program (`pulumi up` adopts every object), and `pulumi import --file` with the
// plugin for a YAML project and a TypeScript one on the generated Node.js SDK. One shared account,
// beside which a quick-start-like stack (test/e2e/programs/managed-welcome) manages an autonamed
// campaign with its targeting and schedule: adopt lists them and leaves them out, unless
// --include-managed.
const TOKEN = "tok-e2e-adopt-Wq7Ld3Zp";
// Titles the program could not bind as they are: strict mode's, the CommonJS wrapper's, the file's imports'.
const AWKWARD_TITLES = ["eval", "arguments", "exports", "require", "module", "pulumi", "sender"];
// A webhook whose URL carries its delivery secret in the query.
const SECRET = "s3cr3t-Adopt-9Xq";
const SECRET_URL = `https://hooks.example.com/inbound/sender?secret=${SECRET}`;

let emu: EmulatorHandle;
let packed: Packed;
let userDir: string;
let outDir: string;
let expected: string[];
/** The quick-start-like stack beside the account, and the id and title of its autonamed campaign. */
let managedStack: StackHandle;
let managed: { id: string; title: string };

const version = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")).version;

/** Runs the installed `pulumi-sender` bin in the user's folder with the account in the environment. */
function adopt(args: string[]) {
  return sh(path.join(userDir, "node_modules/.bin/pulumi-sender"), args, {
    cwd: userDir,
    env: { ...process.env, SENDER_API_TOKEN: TOKEN, SENDER_BASE_URL: emu.url },
  });
}

/** What each kind's adoption line says it takes over. */
const ADOPTS: Record<string, string> = {
  Campaign: "campaign",
  TransactionalCampaign: "transactional campaign",
  CampaignTargeting: "targeting of campaign",
  CampaignFollowUp: "follow-up of campaign",
  CampaignSchedule: "schedule of campaign",
  Attachment: "attachment",
  Webhook: "webhook",
  Group: "group",
};

const entries = (file: string) =>
  (JSON.parse(fs.readFileSync(file, "utf8")).resources as any[]).map((r) => `${r.type} ${r.id}`).sort();

beforeAll(async () => {
  emu = await emulator(TOKEN);
  await fillAccount(emu.url, TOKEN, { campaigns: 24, transactional: 5, webhooks: 6 });
  const client = new SenderClient({ baseUrl: emu.url, apiToken: TOKEN });
  for (const title of AWKWARD_TITLES)
    await client.createCampaign({
      title,
      subject: `About ${title}`,
      from: "Example News",
      reply_to: "news@example.com",
      content_type: "html",
      content: `<p>${title}</p>`,
    });
  await client.createWebhook({ url: SECRET_URL, topic: "bounces/new" });
  // What adopt takes: the account before the managed stack's objects are made.
  expected = objectsOf(await emu.state());
  managedStack = await createStack(copyProgram("test/e2e/programs/managed-welcome", "managed-welcome"), emu);
  const up = await managedStack.stack.up({ onOutput: managedStack.onOutput });
  managed = { id: up.outputs.campaignId?.value, title: up.outputs.title?.value };
  packed = packFreshClone();
  userDir = userFolder("adopt");
  fs.writeFileSync(
    path.join(userDir, "package.json"),
    JSON.stringify({
      name: "adopted-account",
      private: true,
      main: "index.ts",
      dependencies: {
        "@pulumi/pulumi": version("@pulumi/pulumi"),
        "pulumi-sender": `file:${packed.tarball}`,
        typescript: version("typescript"),
        "ts-node": version("ts-node"),
        "@types/node": version("@types/node"),
      },
    }),
  );
  fs.writeFileSync(path.join(userDir, "Pulumi.yaml"), "name: adopted-account\nruntime: nodejs\n");
  npm(["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], userDir);
  outDir = path.join(userDir, "adopted");
}, 600_000);

afterAll(async () => {
  await managedStack?.dispose();
  await emu?.close();
  packed?.dispose();
  removeUserFolders();
});

describe("npx pulumi-sender adopt", () => {
  test("the account holds 50 or more objects of every kind, sent and scheduled campaigns among them", async () => {
    const kinds = new Set(expected.map((line) => line.split(" ")[0]));
    expect(expected.length).toBeGreaterThanOrEqual(50);
    expect([...kinds].sort()).toEqual(
      [
        "Attachment",
        "Campaign",
        "CampaignFollowUp",
        "CampaignSchedule",
        "CampaignTargeting",
        "Group",
        "TransactionalCampaign",
        "Webhook",
      ].map((kind) => `sender:index:${kind}`),
    );
    const statuses = new Set((await emu.state()).campaigns.map((c: any) => c.status));
    expect([...statuses].sort()).toEqual(["DRAFT", "SCHEDULED", "SENT"]);
  });

  test("--help describes the command", async () => {
    const help = await sh("npx", ["--no", "pulumi-sender", "adopt", "--help"], { cwd: userDir });
    expect(help.stdout).toContain("usage: pulumi-sender adopt --out <dir> [options]");
    expect(help.stdout).toContain("--created-after <date>");
  });

  test("writes both files with every object once, from GET requests only, and never prints the token", async () => {
    const installed = path.join(userDir, "node_modules/pulumi-sender");
    expect(outsideCheckout(installed)).toBe(true);
    await emu.clearRequests();
    const run = await adopt(["adopt", "--out", outDir]);
    expect(await mutationLines(emu)).toEqual([]);
    expect(entries(path.join(outDir, "import.json"))).toEqual(expected);
    const program = fs.readFileSync(path.join(outDir, "index.ts"), "utf8");
    const adoptIds = [
      ...program.matchAll(
        /^new sender\.(\w+)\(|^const \w+ = new sender\.(\w+)\(|^ {2}adoptId: "([^"]+)",$/gm,
      ),
    ];
    const declared: string[] = [];
    let kind = "";
    for (const match of adoptIds) {
      if (match[3] === undefined) kind = (match[1] ?? match[2]) as string;
      else declared.push(`sender:index:${kind} ${match[3]}`);
    }
    expect(declared.sort()).toEqual(expected);
    // Parts name their campaign by resource, never by a literal id.
    expect(program).not.toMatch(/campaignId: "/);
    const sent = (await emu.state()).campaigns.filter((c: any) => c.status === "SENT").length;
    expect(program.match(/^ {2}protect: true,$/gm)?.length).toBe(sent);
    expect(`${run.stdout}${run.stderr}`).not.toContain(TOKEN);
    expect(run.stderr).toContain(`adopt: ${expected.length} objects in `);
    // Each awkward title is named and bound with its kind: names the language, the module wrapper
    // and the engine's code generator (the plugin path below) all allow.
    for (const title of AWKWARD_TITLES)
      expect(program).toMatch(
        new RegExp(`^const ${title}Campaign = new sender\\.Campaign\\("${title}-campaign", \\{$`, "m"),
      );
    // Every webhook URL here has a path: each is read from config, none is written in clear.
    const webhooks = (await emu.state()).webhooks;
    expect(program).not.toContain("hooks.example.com");
    expect(program.match(/^ {2}url: config\.requireSecret\("\w+"\),$/gm)?.length).toBe(webhooks.length);
    const script = path.join(outDir, "config-secrets.sh");
    expect(fs.statSync(script).mode & 0o777).toBe(0o600);
    const sets = fs
      .readFileSync(script, "utf8")
      .split("\n")
      .filter((line) => line.startsWith("pulumi "));
    expect(sets.length).toBe(webhooks.length);
    expect(sets.filter((line) => line.includes(SECRET))).toEqual([
      expect.stringMatching(
        new RegExp(`^pulumi config set --secret \\w+ -- '${SECRET_URL.replace(/[.?]/g, "\\$&")}'$`),
      ),
    ]);
    expect(run.stderr).toContain(
      `adopt: ${webhooks.length} webhook URL(s) with a path or query are read from config as secrets: run \`sh ${script}\` once`,
    );
  });

  test("lists the campaign the quick-start-like stack manages, with its parts and the reason, and leaves them out; --include-managed takes them", async () => {
    expect(managed.title).toMatch(/^welcome-[0-9a-f]{8}$/);
    const mark = managed.title.slice("welcome-".length);
    const line =
      `adopt: left out: Campaign ${managed.id} "${managed.title}" and its 2 parts (CampaignTargeting, CampaignSchedule): ` +
      `its title ends in -${mark}, the form of a title a Pulumi stack autonamed; a stack may still manage it (--include-managed adopts it)`;
    const out = path.join(userDir, "managed-left-out");
    const run = await adopt(["adopt", "--out", out]);
    expect(run.stderr.split("\n").filter((l) => l.startsWith("adopt: left out"))).toEqual([line]);
    expect(entries(path.join(out, "import.json"))).toEqual(expected);
    expect(fs.readFileSync(path.join(out, "index.ts"), "utf8")).not.toContain(managed.id);
    const all = path.join(userDir, "managed-included");
    const included = await adopt(["adopt", "--out", all, "--include-managed"]);
    expect(included.stderr.split("\n").filter((l) => l.includes(managed.title))).toEqual([
      line
        .replace("adopt: left out: ", "adopt: kept with --include-managed: ")
        .replace("; a stack may still manage it (--include-managed adopts it)", ""),
    ]);
    expect(entries(path.join(all, "import.json"))).toEqual(
      [
        ...expected,
        ...["Campaign", "CampaignTargeting", "CampaignSchedule"].map(
          (kind) => `sender:index:${kind} ${managed.id}`,
        ),
      ].sort(),
    );
  });

  test("a second run writes byte-identical files", async () => {
    const first = ["import.json", "index.ts"].map((f) => fs.readFileSync(path.join(outDir, f)));
    const again = path.join(userDir, "again");
    await adopt(["adopt", "--out", again]);
    const second = ["import.json", "index.ts"].map((f) => fs.readFileSync(path.join(again, f)));
    expect(second.map((b) => b.equals(first[second.indexOf(b)] as Buffer))).toEqual([true, true]);
    const scripts = [outDir, again].map((dir) =>
      fs.readFileSync(path.join(dir, "config-secrets.sh"), "utf8"),
    );
    expect(scripts[1]).toBe(scripts[0]);
  });

  test("filters: --status keeps those campaigns and their parts; --dry-run prints and writes nothing", async () => {
    const dry = path.join(userDir, "dry");
    const run = await adopt(["adopt", "--out", dry, "--status", "sent", "--title", "weekly*", "--dry-run"]);
    expect(fs.existsSync(dry)).toBe(false);
    const state = await emu.state();
    const kept = state.campaigns
      .filter((c: any) => c.status === "SENT" && /^weekly/i.test(c.title ?? ""))
      .map((c: any) => c.id);
    expect(kept.length).toBeGreaterThan(0);
    const json = run.stdout.slice(run.stdout.indexOf("{"), run.stdout.indexOf("\n}\n") + 2);
    const ids = new Set((JSON.parse(json).resources as any[]).map((r) => String(r.id).split("/")[0]));
    expect([...ids].sort()).toEqual([...kept].sort());
    expect(run.stdout).toContain(`--- ${path.join(dry, "index.ts")} (not written)`);
    expect(run.stdout).not.toContain(SECRET);
  });
});

describe("the dynamic path: pulumi up of the generated index.ts", () => {
  let h: StackHandle;

  beforeAll(async () => {
    fs.copyFileSync(path.join(outDir, "index.ts"), path.join(userDir, "index.ts"));
    h = await createStack(userDir, emu);
    // As docs/adopting.md says: the script adopt wrote, once, in the project with the stack selected.
    await sh("sh", [path.join(outDir, "config-secrets.sh")], {
      cwd: userDir,
      env: { ...process.env, ...h.env },
    });
  });
  afterAll(async () => {
    await h?.dispose();
  });

  test("the program type-checks strictly, whatever the titles", async () => {
    const tsc = await sh(
      path.join(userDir, "node_modules/.bin/tsc"),
      ["--noEmit", "--strict", "--module", "node16", "--target", "es2022", "--types", "node", "index.ts"],
      { cwd: userDir },
    );
    expect(tsc.stdout).toBe("");
  });

  test("adopts every object once with its id and sends no mutating request; a preview then shows no change", async () => {
    await emu.clearRequests();
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: expected.length + 1 });
    expect(await mutationLines(emu)).toEqual([]);
    const state = JSON.parse(await h.exportState());
    const held = state.deployment.resources
      .filter((r: any) => r.type.startsWith("pulumi-nodejs:dynamic/sender:"))
      .map((r: any) => `sender:index:${r.type.split(":").pop()} ${r.id}`)
      .sort();
    expect(held).toEqual(expected);
    // The webhook URLs are secrets in the state and never printed.
    expect(JSON.stringify(state)).not.toContain(SECRET);
    expect(h.output.join("")).not.toContain(SECRET);
    const hooks = state.deployment.resources.filter((r: any) => r.type.endsWith("sender:Webhook"));
    expect(hooks.length).toBe((await emu.state()).webhooks.length);
    // The engine's mark of a secret value (its signature key and the secret's signature).
    expect(hooks.map((r: any) => r.outputs.url?.["4dabf18193072939515e22adb298388d"])).toEqual(
      hooks.map(() => "1b47061264138c4ac30d75fd1eb44270"),
    );
    // Each adopting resource said so, in the line docs/adopting.md shows: all seven kinds.
    const printed = h.output.join("");
    const missing = expected.filter((entry) => {
      const kind = entry.slice("sender:index:".length, entry.indexOf(" "));
      const id = entry.slice(entry.indexOf(" ") + 1);
      return !printed.includes(
        `${kind} adopts the existing ${ADOPTS[kind]} ${id} (adoptId) instead of creating one`,
      );
    });
    expect(missing).toEqual([]);
    await emu.clearRequests();
    const preview = await h.stack.preview({ expectNoChanges: true, onOutput: h.onOutput });
    expect(preview.changeSummary).toEqual({ same: expected.length + 1 });
    expect(await mutationLines(emu)).toEqual([]);
  });
});

describe("the plugin path: pulumi import --file import.json", () => {
  test("a YAML project on the plugin imports every object with no mutating request, and refresh finds no change", async () => {
    const dir = userFolder("adopt-yaml");
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: adopted-yaml\nruntime: yaml\n");
    const h = await createStack(dir, emu);
    try {
      await cli(h, dir, ["plugin", "install", "resource", "sender", VERSION, "-f", await pluginTarball()]);
      await emu.clearRequests();
      const out = await cli(h, dir, [
        "import",
        "--file",
        path.join(outDir, "import.json"),
        "--yes",
        "--stack",
        "e2e",
        "--out",
        path.join(dir, "imported.yaml"),
      ]);
      expect(out).toContain(`${expected.length} imported`);
      expect(await mutationLines(emu)).toEqual([]);
      const state = JSON.parse(await h.exportState());
      const held = state.deployment.resources
        .filter((r: any) => r.type.startsWith("sender:index:"))
        .map((r: any) => `${r.type} ${r.id}`)
        .sort();
      expect(held).toEqual(expected);
      const refresh = await h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput });
      expect(refresh.summary.result).toBe("succeeded");
      expect(await mutationLines(emu)).toEqual([]);
    } finally {
      await h.dispose();
    }
  });

  test("a TypeScript project on the Node.js SDK imports every object; the code it writes compiles and previews with no change", async () => {
    const dir = userFolder("adopt-ts");
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: adopted-ts\nruntime: nodejs\n");
    fs.writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({
        name: "adopted-ts",
        private: true,
        main: "index.ts",
        dependencies: {
          "@pulumi/pulumi": version("@pulumi/pulumi"),
          "pulumi-sender-native": `file:${await sdkArtifact("nodejs")}`,
          typescript: version("typescript"),
          "ts-node": version("ts-node"),
          "@types/node": version("@types/node"),
        },
      }),
    );
    fs.writeFileSync(path.join(dir, "index.ts"), "export {};\n");
    npm(["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], dir);
    const h = await createStack(dir, emu, {}, { PATH: pluginPath() });
    try {
      await emu.clearRequests();
      const generated = path.join(dir, "imported.ts");
      const out = await cli(h, dir, [
        "import",
        "--file",
        path.join(outDir, "import.json"),
        "--yes",
        "--stack",
        "e2e",
        "--out",
        generated,
      ]);
      expect(out).toContain(`${expected.length} imported`);
      expect(await mutationLines(emu)).toEqual([]);
      fs.renameSync(generated, path.join(dir, "index.ts"));
      const tsc = await sh(
        path.join(dir, "node_modules/.bin/tsc"),
        ["--noEmit", "--strict", "--module", "node16", "--target", "es2022", "--types", "node", "index.ts"],
        { cwd: dir },
      );
      expect(tsc.stdout).toBe("");
      const preview = await h.stack.preview({ expectNoChanges: true, onOutput: h.onOutput });
      expect(preview.changeSummary).toEqual({ same: expected.length + 1 });
      expect(await mutationLines(emu)).toEqual([]);
    } finally {
      await h.dispose();
    }
  });
});

describe("a Webhook of the dynamic package that would duplicate one of the account", () => {
  test("is refused naming the existing id, then adopted with adoptId and no POST", async () => {
    const dir = path.join(userDir, "webhook");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: webhook-adopt\nruntime: nodejs\n");
    fs.writeFileSync(
      path.join(dir, "package.json"),
      '{ "name": "webhook-adopt", "private": true, "main": "index.ts" }\n',
    );
    fs.writeFileSync(
      path.join(dir, "index.ts"),
      [
        'import * as pulumi from "@pulumi/pulumi";',
        'import * as sender from "pulumi-sender";',
        'const adoptId = new pulumi.Config().get("adoptId");',
        'const hook = new sender.Webhook("hook", {',
        '  url: "https://hooks.example.com/sender/1",',
        '  topic: "subscribers/new",',
        "  ...(adoptId ? { adoptId } : {}),",
        "});",
        "export const id = hook.id;",
        "",
      ].join("\n"),
    );
    const existing = (await emu.state()).webhooks.find(
      (w: any) => w.url === "https://hooks.example.com/sender/1" && w.topic === "subscribers/new",
    );
    const before = (await emu.state()).webhooks.length;
    const h = await createStack(dir, emu);
    try {
      await emu.clearRequests();
      const refused = await h.stack.up({ onOutput: h.onOutput }).then(
        () => "",
        (err: Error) => err.message,
      );
      expect(refused).toContain(
        // The url shows as its scheme and host: its path or query may hold the webhook's secret.
        "create Webhook subscribers/new https://hooks.example.com/… failed: a subscribers/new webhook for " +
          `https://hooks.example.com/… already exists (${existing.id}), and a second would deliver every event twice: ` +
          `if it is this resource's, set \`adoptId: "${existing.id}"\` on it; otherwise delete it in Sender and run \`pulumi up\` again`,
      );
      expect(await mutationLines(emu)).toEqual([]);
      await h.stack.setConfig("webhook-adopt:adoptId", { value: existing.id });
      await emu.clearRequests();
      const up = await h.stack.up({ onOutput: h.onOutput });
      expect(up.outputs.id?.value).toBe(existing.id);
      expect((await emu.requests()).filter((r) => r.method === "POST")).toEqual([]);
      expect(await mutationLines(emu)).toEqual([]);
      expect((await emu.state()).webhooks.length).toBe(before);
      const preview = await h.stack.preview({ expectNoChanges: true, onOutput: h.onOutput });
      expect(preview.changeSummary).toEqual({ same: 2 });
    } finally {
      await h.dispose();
    }
  });
});
