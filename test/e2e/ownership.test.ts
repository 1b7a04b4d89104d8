// Ownership per stack instance under the real engine (issue 27): two stacks of the same project
// and stack names on two file backends, one account, for the dynamic package and for the native
// plugin (a YAML program); previews and `refresh --preview-only` that never write; the create
// journal on a shared machine; titles cut on code points and compared after trim + NFC; and the
// recovery of the pending CREATE a `kill -9` leaves. Every preview here asserts 0 writes.
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { instanceMark } from "../../provider/core/autoname";
import { journalKey } from "../../provider/core/create-journal";
import { placeOf } from "../../provider/pulumi/stack-place";
import { pluginPath } from "../support/plugin";
import { until } from "../support/processes";
import { cli } from "../support/run";
import {
  copyProgram,
  createStack,
  descendantsOf,
  type EmulatorHandle,
  emulator,
  endProcesses,
  failure,
  mutatingRequestsSince,
  type StackHandle,
} from "../support/stack";

const TOKEN = "tok-e2e-ownership-Rv8Kq3Zm";
const NO_WRITES = { count: 0, requests: [] };
const SEEDED = new Set(["snt001"]);

/** The deployment of a stack's state (`pulumi stack export`). */
async function deployment(h: StackHandle): Promise<any> {
  return JSON.parse(await h.exportState()).deployment;
}

/** The stack instance's nonce: the dynamic SDK's StackNonce resource, or the plugin's provider input. */
async function nonceOf(h: StackHandle): Promise<string> {
  const resources: any[] = (await deployment(h)).resources;
  const holder =
    resources.find((r) => r.type === "pulumi-nodejs:dynamic/sender:StackNonce")?.outputs?.nonce ??
    resources.find((r) => r.type === "pulumi:providers:sender")?.inputs?.ownershipNonce;
  if (typeof holder !== "string") throw new Error("no stack-instance nonce in the state");
  return holder;
}

/** True when no lone surrogate is left in `text`. */
const wellFormed = (text: string): boolean =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

/** `[id, title, subject]` of the campaigns the emulator holds that were not seeded, by id. */
async function campaigns(emu: EmulatorHandle): Promise<Array<[string, string, string]>> {
  return (await emu.state()).campaigns
    .filter((c: any) => !SEEDED.has(c.id))
    .map((c: any) => [c.id, c.title, c.subject] as [string, string, string])
    .sort((x: [string], y: [string]) => x[0].localeCompare(y[0]));
}

const ids = (outputs: Record<string, { value: unknown }>, keys: string[]): string[] =>
  keys.map((key) => outputs[key]?.value as string);

/** A journal folder shared by the stacks of a scenario, as on one machine, not yet made. */
function sharedJournal(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sender-journal-")), "sender-creates");
}

describe("two stacks of the same names on two backends, one account: the dynamic package", () => {
  let emu: EmulatorHandle;
  let a: StackHandle;
  let b: StackHandle;
  let journal: string;
  let aIds: string[];
  let bIds: string[];
  const KEYS = ["digestId", "weeklyId", "wideId"];

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    journal = sharedJournal();
    const settings = { "sender:requestTimeoutSeconds": "2", "sender:retryDeadlineSeconds": "3" };
    const env = { PULUMI_SENDER_JOURNAL_DIR: journal };
    a = await createStack(copyProgram("test/e2e/programs/newsletter", "newsletter-a"), emu, settings, env);
    b = await createStack(copyProgram("test/e2e/programs/newsletter", "newsletter-b"), emu, settings, env);
  });
  afterAll(async () => {
    await a?.dispose();
    await b?.dispose();
    await emu?.close();
  });

  test("A's preview writes nothing; A's up makes its campaigns, the long name cut on code points", async () => {
    const before = await emu.requestCounts();
    const preview = await a.stack.preview({ onOutput: a.onOutput });
    expect(await mutatingRequestsSince(emu, before)).toEqual(NO_WRITES);
    // A's rename fails once: its explicitly titled campaign keeps its marked title, as in the issue.
    await emu.admin("POST", "faults", {
      rules: [{ method: "PATCH", path: "^/v2/campaigns/[^/]+$", kind: "status", status: 422, count: 1 }],
    });
    const up = await a.stack.up({ onOutput: a.onOutput });
    await emu.admin("DELETE", "faults");
    aIds = ids(up.outputs, KEYS);
    const titleOf = new Map((await campaigns(emu)).map(([id, title]) => [id, title]));
    const cut = titleOf.get(aIds[2] as string) ?? "";
    expect([wellFormed(cut), [...cut].length]).toEqual([true, 255]);
    const nonce = await nonceOf(a);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    const urn = (name: string) =>
      `urn:pulumi:e2e::newsletter::pulumi-nodejs:dynamic/sender:Campaign::${name}`;
    const wideName = `w${"😀".repeat(260)}`;
    const [digest, weekly, wide] = aIds;
    const byId = new Map((await campaigns(emu)).map(([id, title, subject]) => [id, [title, subject]]));
    expect([byId.get(digest!), byId.get(weekly!), byId.get(wide!)]).toEqual([
      [`digest-${instanceMark(nonce, urn("digest"))}`, "The digest"],
      [`Weekly news [${instanceMark(nonce, urn("weekly"))}]`, "This week"],
      [`w${"😀".repeat(245)}-${instanceMark(nonce, urn(wideName))}`, "Wide"],
    ]);
    const wideTitle = byId.get(wide!)?.[0] ?? "";
    expect([wellFormed(wideTitle), [...wideTitle].length]).toEqual([true, 255]);
    // The Stack, the stack's nonce and three campaigns.
    expect(preview.changeSummary).toEqual({ create: 5 });
    // The journal folder is private.
    expect(fs.statSync(journal).mode & 0o777).toBe(0o700);
  });

  test("B's preview writes nothing, and B's up holds none of A's ids", async () => {
    const before = await emu.requestCounts();
    const preview = await b.stack.preview({ onOutput: b.onOutput });
    const previewWrites = await mutatingRequestsSince(emu, before);
    const up = await b.stack.up({ onOutput: b.onOutput });
    bIds = ids(up.outputs, KEYS);
    expect(bIds.filter((id) => aIds.includes(id))).toEqual([]);
    expect([preview.changeSummary, previewWrites]).toEqual([{ create: 5 }, NO_WRITES]);
    expect(await nonceOf(b)).not.toBe(await nonceOf(a));
    // One journal file per stack instance for the explicitly titled campaign: their keys differ.
    expect(fs.readdirSync(journal).filter((f) => f.endsWith(".json")).length).toBe(2);
  });

  test("B's refresh --preview-only writes nothing, even with a DRAFT that carries B's own mark", async () => {
    const markB = (await deployment(b)).resources.find((r: any) => r.urn.endsWith("::weekly")).outputs
      .ownershipMark as string;
    // A late commit of B's own create: a real `up` may remove it, a preview never.
    const late = await emu.api("POST", "campaigns", {
      title: `Weekly news [${markB}]`,
      subject: "Late",
      from: "Example News",
      reply_to: "news@example.com",
      content_type: "html",
    });
    const before = await emu.requestCounts();
    const refresh = await b.stack.previewRefresh({ onOutput: b.onOutput });
    expect(await mutatingRequestsSince(emu, before)).toEqual(NO_WRITES);
    expect((await campaigns(emu)).map(([id]) => id)).toContain(late.body.data.id);
    expect(refresh.changeSummary).toEqual({ same: 5 });
  });

  test("B's destroy removes B's campaigns only: A's survive with their subjects", async () => {
    const destroy = await b.stack.destroy({ onOutput: b.onOutput });
    const left = new Map((await campaigns(emu)).map(([id, , subject]) => [id, subject]));
    expect(aIds.map((id) => left.get(id))).toEqual(["The digest", "This week", "Wide"]);
    expect(bIds.filter((id) => left.has(id))).toEqual([]);
    expect(destroy.summary.resourceChanges).toEqual({ delete: 5 });
  });

  test("a journal that does not parse fails the create, naming its path, before its POST", async () => {
    const mark = instanceMark(
      await nonceOf(a),
      "urn:pulumi:e2e::newsletter::pulumi-nodejs:dynamic/sender:Campaign::extra",
    );
    const file = path.join(journal, `${journalKey("Campaign", mark, emu.url)}.json`);
    fs.writeFileSync(file, "{not json");
    await a.stack.setConfig("extra", { value: "true" });
    const before = await emu.requestCounts();
    const text = await failure(() => a.stack.up({ onOutput: a.onOutput }));
    expect(text).toContain(`the create journal ${file} cannot be read (not JSON`);
    // The same up may rename A's weekly campaign (its rename failed before): a PATCH, never a POST.
    expect((await emu.requestCounts()).byMethod.POST).toBe(before.byMethod.POST);
    await a.stack.removeConfig("extra");
    fs.rmSync(file);
  });

  test("forgetting an entry never writes through a symlink planted as A's journal", async () => {
    const markA = (await deployment(a)).resources.find((r: any) => r.urn.endsWith("::weekly")).outputs
      .ownershipMark as string;
    const file = path.join(journal, `${journalKey("Campaign", markA, emu.url)}.json`);
    // The id A's create made, and, since A's later ups diffed it, the same id as one A's state holds.
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({ ids: [aIds[1]], recorded: [aIds[1]] });
    const victim = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "victim-")), "victim.json");
    const content = JSON.stringify({ ids: [aIds[1], "other"] });
    fs.writeFileSync(victim, content);
    fs.rmSync(file);
    fs.symlinkSync(victim, file);
    const destroy = await a.stack.destroy({ onOutput: a.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 5 });
    expect([fs.readFileSync(victim, "utf8"), fs.lstatSync(file).isSymbolicLink()]).toEqual([content, true]);
  });
});

describe("a copied state never takes over the original's objects; a confirmed move keeps them", () => {
  let emu: EmulatorHandle;
  let original: StackHandle;
  let other: StackHandle;
  let place: string;
  const figures: string[] = [];
  const EXTRAS = ["extraId", "extraAutoId"];
  // The original's state as exported before and after its two new campaigns.
  const early = () => path.join(original.dir, "exported-early.json");
  const late = () => path.join(original.dir, "exported-late.json");

  /** Imports `file` (a `pulumi stack export` of the original) into the other stack, replacing its state. */
  async function importInto(h: StackHandle, file: string): Promise<void> {
    await cli(h, h.dir, ["stack", "import", "--file", file, "--stack", "e2e"]);
  }

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    // One machine: the two stacks share the create journal, as in the issue.
    const env = { PULUMI_SENDER_JOURNAL_DIR: sharedJournal() };
    original = await createStack(
      copyProgram("test/e2e/programs/newsletter", "copied-original"),
      emu,
      {},
      env,
    );
    other = await createStack(copyProgram("test/e2e/programs/newsletter", "copied-other"), emu, {}, env);
  });
  afterAll(async () => {
    console.log(`copied state figures:\n  ${figures.join("\n  ")}`);
    await original?.dispose();
    await other?.dispose();
    await emu?.close();
  });

  test("the original's state is copied; the original then makes two more campaigns (one explicitly titled, one autonamed)", async () => {
    await original.stack.up({ onOutput: original.onOutput });
    fs.writeFileSync(early(), await original.exportState());
    place = placeOf({
      backendUrl: `file://${original.backend}`,
      organization: "organization",
      project: "newsletter",
      stack: "e2e",
    });
    for (const h of [original, other]) {
      await h.stack.setConfig("extra", { value: "true" });
      await h.stack.setConfig("extraAuto", { value: "true" });
    }
    const up = await original.stack.up({ onOutput: original.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 2, same: 5 });
  });

  test("the copy's preview and up fail with one line naming the original's place, and write nothing", async () => {
    await importInto(other, early());
    const before = await emu.requestCounts();
    const preview = await failure(() => other.stack.preview({ onOutput: other.onOutput }));
    const up = await failure(() => other.stack.up({ onOutput: other.onOutput }));
    expect(await mutatingRequestsSince(emu, before)).toEqual(NO_WRITES);
    for (const text of [preview, up]) {
      expect(text).toContain(
        `StackNonce resource 'sender-stack-nonce' has a problem: this stack's state was last used in another place (another backend, organization, project or stack: ${place} there, `,
      );
      expect(text).toContain(
        `If the stack moved here, run again with SENDER_STACK_MOVED_FROM=${place}; if it is a copy, with SENDER_STACK_COPY_OF=${place}, which gives it a nonce of its own`,
      );
    }
    expect(up).not.toContain("was made by an earlier run");
  });

  test("a move confirmed with SENDER_STACK_MOVED_FROM keeps the nonce and rewrites only the place records, writing nothing", async () => {
    fs.writeFileSync(late(), await original.exportState());
    await importInto(other, late());
    const nonce = await nonceOf(original);
    const env = other.stack.workspace.envVars;
    env.SENDER_STACK_MOVED_FROM = place;
    const before = await emu.requestCounts();
    const moved = await other.stack.up({ onOutput: other.onOutput });
    delete env.SENDER_STACK_MOVED_FROM;
    // Only the records of the place change: the nonce's, and each of the 5 resources' own
    // (`__senderPlace`, for their deletes to judge); no field, and no request writes.
    expect(moved.summary.resourceChanges).toEqual({ same: 1, update: 6 });
    expect(await mutatingRequestsSince(emu, before)).toEqual(NO_WRITES);
    const again = await other.stack.up({ onOutput: other.onOutput });
    expect([again.summary.resourceChanges, await nonceOf(other)]).toEqual([{ same: 7 }, nonce]);
    figures.push(
      `move: 6 updates (the nonce's place and 5 resources' records), then ${JSON.stringify(again.summary.resourceChanges)}; nonce kept`,
    );
  });

  test("a copy declared with SENDER_STACK_COPY_OF takes its own nonce: its up makes its own campaigns, and its destroy leaves the original's new ones", async () => {
    const originalIds = ids((await original.stack.outputs()) as never, EXTRAS);
    // The copy made before the original's two new campaigns, which its program declares too.
    await importInto(other, early());
    const env = other.stack.workspace.envVars;
    env.SENDER_STACK_COPY_OF = place;
    const up = await other.stack.up({ onOutput: other.onOutput });
    delete env.SENDER_STACK_COPY_OF;
    const copyIds = ids(up.outputs, EXTRAS);
    expect(copyIds.filter((id) => originalIds.includes(id))).toEqual([]);
    expect(await nonceOf(other)).not.toBe(await nonceOf(original));
    expect(other.output.join("")).not.toContain("was made by an earlier run");
    await other.stack.destroy({ onOutput: other.onOutput });
    const left = new Map((await campaigns(emu)).map(([id, , subject]) => [id, subject]));
    expect(originalIds.map((id) => left.get(id))).toEqual(["Extra", "Extra auto"]);
    expect(copyIds.filter((id) => left.has(id))).toEqual([]);
    figures.push(
      `copy: own campaigns ${copyIds.join(", ")}; the original's ${originalIds.join(", ")} kept after its destroy`,
    );
  });
});

describe("two stacks of the same names on two backends, one account: the native plugin (YAML)", () => {
  let emu: EmulatorHandle;
  let a: StackHandle;
  let b: StackHandle;
  let aIds: string[];
  const KEYS = ["digestId", "weeklyId"];

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    const env = { PATH: pluginPath(), PULUMI_SENDER_JOURNAL_DIR: sharedJournal() };
    a = await createStack(
      copyProgram("test/e2e/programs/yaml-newsletter", "yaml-newsletter-a"),
      emu,
      {},
      env,
    );
    b = await createStack(
      copyProgram("test/e2e/programs/yaml-newsletter", "yaml-newsletter-b"),
      emu,
      {},
      env,
    );
  });
  afterAll(async () => {
    await a?.dispose();
    await b?.dispose();
    await emu?.close();
  });

  test("A's preview writes nothing; its up keeps a nonce in the provider's state", async () => {
    const before = await emu.requestCounts();
    const preview = await a.stack.preview({ onOutput: a.onOutput });
    expect(preview.changeSummary).toEqual({ create: 3 });
    expect(await mutatingRequestsSince(emu, before)).toEqual(NO_WRITES);
    const up = await a.stack.up({ onOutput: a.onOutput });
    aIds = ids(up.outputs, KEYS);
    const nonce = await nonceOf(a);
    const urn = (name: string) => `urn:pulumi:e2e::newsletter::sender:index:Campaign::${name}`;
    const byId = new Map((await campaigns(emu)).map(([id, title]) => [id, title]));
    expect(aIds.map((id) => byId.get(id))).toEqual([
      `digest-${instanceMark(nonce, urn("digest"))}`,
      "Weekly news",
    ]);
  });

  test("B's preview writes nothing, B's up holds none of A's ids, and a second up keeps B's nonce", async () => {
    const before = await emu.requestCounts();
    const preview = await b.stack.preview({ onOutput: b.onOutput });
    expect(preview.changeSummary).toEqual({ create: 3 });
    expect(await mutatingRequestsSince(emu, before)).toEqual(NO_WRITES);
    const up = await b.stack.up({ onOutput: b.onOutput });
    const bIds = ids(up.outputs, KEYS);
    expect(bIds.filter((id) => aIds.includes(id))).toEqual([]);
    const nonce = await nonceOf(b);
    expect(nonce).not.toBe(await nonceOf(a));
    const again = await b.stack.up({ onOutput: b.onOutput });
    expect([again.summary.resourceChanges, await nonceOf(b)]).toEqual([{ same: 3 }, nonce]);
  });

  test("B's refresh --preview-only writes nothing; B's destroy leaves A's campaigns with their subjects", async () => {
    const before = await emu.requestCounts();
    const refresh = await b.stack.previewRefresh({ onOutput: b.onOutput });
    expect(refresh.changeSummary).toEqual({ same: 3 });
    expect(await mutatingRequestsSince(emu, before)).toEqual(NO_WRITES);
    const destroy = await b.stack.destroy({ onOutput: b.onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 3 });
    const left = new Map((await campaigns(emu)).map(([id, , subject]) => [id, subject]));
    expect(aIds.map((id) => left.get(id))).toEqual(["The digest", "This week"]);
    expect([...left.keys()].sort()).toEqual([...aIds].sort());
  });

  test("a copy of A's state on B's backend: the provider's check fails naming A's place, writing nothing; a declared copy takes its own nonce", async () => {
    const file = path.join(b.dir, "a-exported.json");
    fs.writeFileSync(file, await a.exportState());
    await cli(b, b.dir, ["stack", "import", "--file", file, "--stack", "e2e"]);
    const place = placeOf({
      backendUrl: `file://${a.backend}`,
      organization: "",
      project: "newsletter",
      stack: "e2e",
    });
    const before = await emu.requestCounts();
    const refused = await failure(() => b.stack.preview({ onOutput: b.onOutput }));
    expect(refused).toContain(
      `has a problem: this stack's state was last used in another place (another backend, organization, project or stack: ${place} there, `,
    );
    expect(refused).toContain(`SENDER_STACK_MOVED_FROM=${place}`);
    const env = b.stack.workspace.envVars;
    env.SENDER_STACK_COPY_OF = place;
    const up = await b.stack.up({ onOutput: b.onOutput });
    delete env.SENDER_STACK_COPY_OF;
    expect(await mutatingRequestsSince(emu, before)).toEqual(NO_WRITES);
    // The provider's record takes the fresh nonce (the summary counts no provider); the campaigns stay.
    expect(up.summary.resourceChanges).toEqual({ same: 3 });
    expect(await nonceOf(b)).not.toBe(await nonceOf(a));
  });
});

describe("titles compared after trim and NFC, as a service may store them", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    h = await createStack(copyProgram("test/e2e/programs/single-campaign", "ownership-nfc"), emu, {
      // NFD, and a trailing space: the service stores "Café" (NFC, trimmed).
      title: "Cafe\u0301 ",
      "sender:requestTimeoutSeconds": "2",
      "sender:retryDeadlineSeconds": "3",
    });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("a create whose answer was lost is found under its normalized title: adopted, not made twice", async () => {
    await emu.admin("PUT", "title-normalization", { enabled: true });
    await emu.admin("POST", "faults", {
      rules: [{ method: "POST", path: "^/v2/campaigns$", kind: "drop-after", count: 1 }],
    });
    const up = await h.stack.up({ onOutput: h.onOutput });
    const made = await campaigns(emu);
    expect(made).toEqual([[up.outputs.campaignId?.value, "Café", "Hello from the end-to-end tests"]]);
    const posts = (await emu.requestCounts()).byMethod.POST;
    expect(posts).toBe(1);
  });
});

/** Pids of the engine's dynamic-provider processes working for the program in `dir` (Linux /proc). */
function providerProcesses(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("dynamic-provider")) continue;
      if (fs.readlinkSync(`/proc/${entry}/cwd`) === dir) pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

describe("the pending CREATE a kill -9 leaves: cleared by a non-interactive refresh", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    h = await createStack(copyProgram("test/e2e/programs/single-campaign", "ownership-crash"), emu, {
      "sender:requestTimeoutSeconds": "20",
    });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("cancel, refresh --clear-pending-creates, up: no pending operation left, no warning, no duplicate", async () => {
    // The create is held 4 s by the service, then committed: the engine is killed meanwhile.
    await emu.admin("POST", "faults", {
      rules: [{ method: "POST", path: "^/v2/campaigns$", kind: "latency", latencyMs: 4000, count: 1 }],
    });
    const env = { ...process.env, ...h.env };
    const child = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", "e2e"], {
      cwd: h.dir,
      env,
      stdio: "ignore",
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    let leftAtKill: number[] = [];
    await until(
      async () => ((await emu.requestCounts()).byMethod.POST ?? 0) >= 1,
      120_000,
      "the create",
      100,
    );
    // The language host outlives the engine: ended below, once the provider is seen to stop.
    leftAtKill = descendantsOf(child.pid);
    process.kill(child.pid as number, "SIGKILL");
    await exited;
    await until(() => providerProcesses(h.dir).length === 0, 60_000, "the provider process to stop", 100);
    endProcesses(leftAtKill);
    await until(async () => (await campaigns(emu)).length === 1, 10_000, "the held create to commit", 100);
    execFileSync("pulumi", ["cancel", "--yes", "--stack", "e2e"], { cwd: h.dir, env, stdio: "pipe" });
    const pending = (await deployment(h)).pending_operations ?? [];
    expect(pending.map((op: any) => [op.type, op.resource.urn.split("::").pop()])).toEqual([
      ["creating", "solo"],
    ]);

    await cli(h, h.dir, [
      "refresh",
      "--clear-pending-creates",
      "--yes",
      "--non-interactive",
      "--skip-preview",
    ]);
    expect((await deployment(h)).pending_operations ?? []).toEqual([]);
    const up = await h.stack.up({ onOutput: h.onOutput });
    const printed = h.output.join("");
    expect(printed).not.toContain("pending operations");
    // The provider says what it adopted, and how the pending CREATE is cleared.
    expect(printed).toContain("was made by an earlier run that did not record it");
    const made = await campaigns(emu);
    expect(made).toEqual([
      [up.outputs.campaignId?.value, "Solo campaign", "Hello from the end-to-end tests"],
    ]);
    await h.stack.destroy({ onOutput: h.onOutput });
  });
});
