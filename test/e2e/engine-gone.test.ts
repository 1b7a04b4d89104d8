// The native plugin stops when its engine is gone: `kill -9` of `pulumi up` while the emulator holds
// the plugin's create. The plugin is installed from its tarball (with its own runtime) and runs a
// YAML program with no node on PATH, as a YAML team runs it. Nothing kills a child with its parent:
// the plugin must see by itself that the engine's port refuses connections, cut its request in
// flight and exit, and the service then hears nothing more from it (no rename, no retry).
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { pluginTarball, pulumiOnlyPath, VERSION } from "../support/plugin";
import { cli } from "../support/run";
import {
  copyProgram,
  createStack,
  descendantsOf,
  type EmulatorHandle,
  emulator,
  endProcesses,
  type StackHandle,
} from "../support/stack";

const TOKEN = "tok-e2e-engine-gone-Qm4Rt8Wz";
// Longer than the wait for the plugin to stop below: the create is still held when it is judged.
const HELD_MS = 15_000;

let emu: EmulatorHandle;
let h: StackHandle;

/** Pids of the processes running this stack's installed plugin (its PULUMI_HOME is the stack's own). */
function pluginProcesses(home: string): number[] {
  const plugin = path.join(home, "plugins", `resource-sender-v${VERSION}`);
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").includes(`${plugin}/dist/plugin.js`))
        pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  const tarball = await pluginTarball();
  emu = await emulator(TOKEN);
  h = await createStack(
    copyProgram("test/e2e/programs/plugin-slow-create", "engine-gone"),
    emu,
    {},
    {
      PATH: pulumiOnlyPath(),
    },
  );
  await cli(h, h.dir, ["plugin", "install", "resource", "sender", VERSION, "-f", tarball]);
});
afterAll(async () => {
  // A plugin that outlived its engine (the defect this file tests) is ended here, by its pid.
  for (const pid of h ? pluginProcesses(h.env.PULUMI_HOME as string) : []) process.kill(pid, "SIGKILL");
  await h?.dispose();
  await emu?.close();
});

test("kill -9 of pulumi up during a held create: the plugin exits, and the service hears nothing more", async () => {
  await emu.admin("POST", "faults", {
    rules: [{ method: "POST", path: "^/v2/campaigns$", kind: "latency", latencyMs: HELD_MS, count: 1 }],
  });
  const home = h.env.PULUMI_HOME as string;
  const child = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", "e2e"], {
    cwd: h.dir,
    env: { ...process.env, ...h.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout.on("data", (chunk) => {
    printed += chunk;
  });
  child.stderr.on("data", (chunk) => {
    printed += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let leftAtKill: number[] = [];
  // Kill once the emulator holds the create: the rule counts a request as it arrives (the request
  // log lists a request once it is answered).
  let killedAt = 0;
  for (;;) {
    const { rules } = await emu.admin("GET", "faults");
    if (rules[0]?.hits === 1) {
      // The engine may run more than one plugin process (a default provider, a schema loader).
      expect(pluginProcesses(home).length).toBeGreaterThan(0);
      killedAt = Date.now();
      // The language host outlives the engine: ended below, once the provider is seen to stop.
      leftAtKill = descendantsOf(child.pid);
      process.kill(child.pid as number, "SIGKILL");
      break;
    }
    if (child.exitCode !== null) throw new Error(`pulumi up ended before its create:\n${printed}`);
    await sleep(20);
  }
  await exited;
  // The plugin stops while the create is still held; a bound, not a timing: past it, it did not stop.
  for (let waited = 0; pluginProcesses(home).length > 0 && waited < HELD_MS - 5_000; waited += 100)
    await sleep(100);
  expect(pluginProcesses(home)).toEqual([]);
  endProcesses(leftAtKill);
  await sleep(HELD_MS + 1_000);
  const log = await emu.requests();
  // The held create arrived before the kill, and was answered (to no one) after it.
  expect(log.filter((r) => r.fault === "latency").map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
    "POST /v2/campaigns 201",
  ]);
  // Nothing arrived after the kill: no rename of the made campaign, no retry.
  expect(log.filter((r) => Date.parse(r.time) >= killedAt).map((r) => `${r.method} ${r.path}`)).toEqual([]);
}, 120_000);
