// `npm run bench`: the provider's cost under the real engine and the emulator, and the client's
// cost against bare undici, the native plugin against the dynamic resources, the Terraform door
// against a Go provider that makes no request, state sizes and the scale runs. Writes
// bench/results.json and renders the goals into BENCHMARKS.md (bench/report.ts). The quick default
// took about 18 minutes on an idle 2-core machine before the terraform part, which adds 3 to 5
// (163 to 279 s alone under load average 7 to 15); `--full` runs more rounds.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as undici from "undici";
import YAML from "yaml";
import { runAdopt } from "../provider/adopt/main";
import { SenderClient } from "../provider/client";
import { selfSignedCertificate } from "../provider/terraform/server";
import { fillAccount } from "../test/support/account";
import { mavenUserHome } from "../test/support/plugin";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  ensurePulumiOnPath,
  ROOT,
  type StackHandle,
} from "../test/support/stack";
import { contentChecks } from "./content";
import { writeGoals } from "./report";
import {
  campaignsConfig,
  FLOOR_VERSION,
  floorConfig,
  handshakeOf,
  mirrorCliConfig,
  SOURCES,
} from "./terraform";

const TOKEN = "bench-token-Wq8Jr2Zt";
const full = process.argv.includes("--full");
// `--only=client,overhead,scale` runs a subset, for iterating on one figure.
const only = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
const wanted = (name: string) => only === undefined || only.includes(name);
/** The value of `--<name>=...` as a list of numbers, or the default. */
const countsFlag = (name: string, fallback: string) =>
  (process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(`--${name}=`.length) ?? fallback)
    .split(",")
    .map(Number);
// `--rounds=1` overrides the rounds of the engine parts, for iterating.
const rounds = countsFlag("rounds", full ? "5" : "3")[0]!;
// `--native-counts=8,20` shrinks the native-against-dynamic stacks, for iterating on that part.
const nativeCounts = countsFlag("native-counts", "8,200");
// The plain-JavaScript pair (no ts-node) runs at these counts only: the program's start-up is what
// it isolates, and that weighs most in a small stack.
const jsCounts = countsFlag("js-counts", "8");
// `--scale-counts=40` shrinks the scale stacks (dynamic and native), for iterating. The native
// plugin runs only the goal's 1,000 by default; the dynamic provider also 100 and 500 (growth).
const scaleCounts = countsFlag("scale-counts", "100,500,1000");
const scaleNativeCounts = process.argv.some((a) => a.startsWith("--scale-counts=")) ? scaleCounts : [1000];
const loadAverage = () => os.loadavg().map((x) => Math.round(x * 10) / 10);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = process.hrtime.bigint();
  const result = await run();
  return [result, Number(process.hrtime.bigint() - start) / 1e9];
}

/**
 * Samples the peak resident memory (VmHWM) of the provider processes: the engine's dynamic-provider
 * plugin, and the native plugin as the bench launches it (the bundle under dist-bench/plugin).
 */
class ProviderMemory {
  private peakKb = 0;
  private timer: NodeJS.Timeout | undefined;
  /**
   * `marks`: what a provider process's command line holds (by default the dynamic provider's and
   * the bench's native plugin's); `everyMs`: how often to sample (a Terraform plan's provider
   * processes may live less than a second).
   */
  constructor(
    private readonly marks: readonly string[] = ["dynamic-provider", PLUGIN_MARK],
    private readonly everyMs = 250,
  ) {}
  start() {
    this.peakKb = 0;
    this.timer = setInterval(() => this.sample(), this.everyMs);
  }
  private sample() {
    for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
      try {
        const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
        if (!this.marks.some((mark) => cmd.includes(mark))) continue;
        const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
        if (hwm) this.peakKb = Math.max(this.peakKb, Number(hwm[1]));
      } catch {
        // The process ended between listing and reading.
      }
    }
  }
  stop(): number {
    this.sample();
    clearInterval(this.timer);
    return Math.round(this.peakKb / 1024);
  }
}

type Request = { method: string; path: string; status: number };

function routeOf(r: Request): string {
  const p = r.path.split("?")[0]!.replace(/\/v2\/campaigns\/[A-Za-z0-9]+/, "/v2/campaigns/{id}");
  // `tags/set` is a route of its own, not a tag id.
  return `${r.method} ${p.replace(/\/(tags|exclude_tags)\/(?!set$)[A-Za-z0-9]+$/, "/$1/{tagId}")}`;
}

function countBy(requests: Request[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of requests) out[routeOf(r)] = (out[routeOf(r)] ?? 0) + 1;
  return out;
}

async function stackFor(
  program: string,
  emu: EmulatorHandle,
  count: number,
  env: Record<string, string> = {},
): Promise<StackHandle> {
  const dir = copyProgram(`bench/programs/${program}`, `bench-${program}`);
  return createStack(dir, emu, { [`bench-${program}:count`]: String(count) }, env);
}

/** The deployment's size as the backend stores it (compact JSON), in bytes. */
async function stateBytes(h: StackHandle): Promise<number> {
  return JSON.stringify(JSON.parse(await h.exportState())).length;
}

async function overhead(results: Record<string, unknown>) {
  const n = 200;
  const loadBefore = loadAverage();
  const emu = await emulator(TOKEN);
  // `ours`: explicitly titled Campaigns (a create is POST plus the rename PATCH that proves
  // ownership, and a GET of what it left); `autonamed`: the same Campaigns with no title (one POST); `empty`: the floor.
  const ours = await stackFor("campaigns", emu, n);
  const autonamed = await stackFor("autonamed", emu, n);
  const empty = await stackFor("empty", emu, n);
  const samples = {
    oursUp: [] as number[],
    oursDestroy: [] as number[],
    autonamedUp: [] as number[],
    autonamedDestroy: [] as number[],
    emptyUp: [] as number[],
    emptyDestroy: [] as number[],
  };
  let calls: Record<string, unknown> = {};
  for (let round = 0; round < rounds; round++) {
    const sides = [
      ["ours", ours],
      ["autonamed", autonamed],
      ["empty", empty],
    ] as const;
    // Alternate the order, so that no side always runs on a warmer machine.
    for (const [name, h] of round % 2 === 0 ? sides : [...sides].reverse()) {
      await emu.clearRequests();
      if (round === 0 && name === "ours") {
        await h.stack.preview();
        const previewMutations = (await emu.requests()).filter((r) => r.method !== "GET").length;
        calls = { previewMutatingCalls: previewMutations };
      }
      await emu.clearRequests();
      const [, up] = await timed(() => h.stack.up());
      if (round === 0 && name === "ours") {
        const upCalls = await emu.requests();
        const state = JSON.parse(await h.exportState());
        const campaign = state.deployment.resources.find(
          (r: any) => r.type === "pulumi-nodejs:dynamic/sender:Campaign",
        );
        const stateBytes = JSON.stringify(state).length;
        results.stateSize = {
          resources: n,
          providerTextBytes: campaign.inputs.__provider.length,
          stateBytes,
          bytesPerResource: Math.round(stateBytes / n),
        };
        await emu.clearRequests();
        await h.stack.up();
        const noop = (await emu.requests()).length;
        await emu.clearRequests();
        await h.stack.refresh();
        const refresh = await emu.requests();
        calls = {
          ...calls,
          upCallsPerCampaign: upCalls.length / n,
          upRoutes: countBy(upCalls),
          noopUpCalls: noop,
          refreshReadsPerCampaign: refresh.length / n,
        };
      }
      if (round === 0 && name === "empty") {
        const state = JSON.parse(await h.exportState());
        const resource = state.deployment.resources.find(
          (r: any) => r.type === "pulumi-nodejs:dynamic/bench:Empty",
        );
        const bytes = JSON.stringify(state).length;
        (results.stateSize as Record<string, unknown>).emptyProvider = {
          providerTextBytes: resource.inputs.__provider.length,
          stateBytes: bytes,
          bytesPerResource: Math.round(bytes / n),
        };
      }
      if (round === 0 && name === "autonamed") {
        (calls as any).autonamedUpCallsPerCampaign = (await emu.requests()).length / n;
      }
      await emu.clearRequests();
      const [, destroy] = await timed(() => h.stack.destroy());
      if (round === 0 && name === "ours") {
        (calls as any).destroyCallsPerCampaign = (await emu.requests()).length / n;
      }
      samples[`${name}Up`].push(up);
      samples[`${name}Destroy`].push(destroy);
      console.log(
        `overhead round ${round + 1}/${rounds} ${name}: up ${up.toFixed(2)} s, destroy ${destroy.toFixed(2)} s`,
      );
    }
  }
  results.apiCalls = calls;
  results.overhead = {
    resources: n,
    rounds,
    loadAverage: { before: loadBefore, after: loadAverage() },
    samples,
    upRatio: median(samples.oursUp) / median(samples.emptyUp),
    destroyRatio: median(samples.oursDestroy) / median(samples.emptyDestroy),
    autonamedUpRatio: median(samples.autonamedUp) / median(samples.emptyUp),
    autonamedDestroyRatio: median(samples.autonamedDestroy) / median(samples.emptyDestroy),
    medians: {
      oursUp: median(samples.oursUp),
      autonamedUp: median(samples.autonamedUp),
      emptyUp: median(samples.emptyUp),
      oursDestroy: median(samples.oursDestroy),
      autonamedDestroy: median(samples.autonamedDestroy),
      emptyDestroy: median(samples.emptyDestroy),
    },
  };
  await ours.dispose();
  await autonamed.dispose();
  await empty.dispose();
  await emu.close();
}

/**
 * Adopting an account of about 1,000 objects (`fillAccount`: 300 campaigns with their parts, 60
 * transactional campaigns, 40 webhooks) under the scale part's 1,200-per-minute limit: the
 * `pulumi-sender adopt` command (in this process), then `pulumi up` of the index.ts it wrote.
 * Requests and seconds of each; both send GET requests only.
 */
async function adoptAccount(results: Record<string, unknown>) {
  const limit = 1200;
  const emu = await emulator(TOKEN, { rateLimitPerMinute: limit });
  const loadBefore = loadAverage();
  await fillAccount(emu.url, TOKEN, { campaigns: 300, transactional: 60, webhooks: 40 });
  await emu.clearRequests();
  const dir = path.join(ROOT, ".e2e", "bench-adopt");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const lines: string[] = [];
  const [, commandSeconds] = await timed(() =>
    runAdopt(["adopt", "--out", dir], {
      env: { SENDER_API_TOKEN: TOKEN, SENDER_BASE_URL: emu.url },
      out: () => {},
      progress: (line) => lines.push(line),
    }),
  );
  const commandLog: Request[] = await emu.requests();
  const objects = JSON.parse(fs.readFileSync(path.join(dir, "import.json"), "utf8")).resources.length;
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: bench-adopt\nruntime: nodejs\n");
  fs.writeFileSync(
    path.join(dir, "package.json"),
    '{ "name": "bench-adopt", "private": true, "main": "index.ts" }\n',
  );
  const h = await createStack(dir, emu, {}, { PULUMI_SKIP_CHECKPOINTS: "true" });
  await emu.clearRequests();
  const [up, upSeconds] = await timed(() => h.stack.up());
  const upLog: Request[] = await emu.requests();
  results.adopt = {
    limitPerMinute: limit,
    objects,
    commandSeconds,
    commandRequests: commandLog.length,
    commandMutating: commandLog.filter((r) => r.method !== "GET").length,
    commandRoutes: countBy(commandLog),
    upSeconds,
    upRequests: upLog.length,
    upMutating: upLog.filter((r) => r.method !== "GET").length,
    upAdopted: (up.summary.resourceChanges?.create ?? 0) - 1,
    upRoutes: countBy(upLog),
    loadAverage: { before: loadBefore, after: loadAverage() },
  };
  console.log(`adopt: ${JSON.stringify(results.adopt)}`);
  await h.dispose();
  await emu.close();
}

/**
 * `count` resources (a quarter campaigns, each with targeting, follow-up and schedule) under a
 * 1,200-per-minute limit, on the dynamic resources (`scale`) or on the native plugin through the
 * generated SDK (`scale-native`, the bundle on PATH; its memory is the plugin process's).
 * `skipCheckpoints` sets the engine's PULUMI_SKIP_CHECKPOINTS: without it, the engine rewrites the
 * whole state after every step, a cost that grows with the square of the stack and is the same for
 * any provider.
 */
async function scale(
  results: Record<string, unknown>,
  key: string,
  counts: number[],
  program: "scale" | "scale-native" | "empty",
  skipCheckpoints: boolean,
) {
  const limit = 1200;
  const emu = await emulator(TOKEN, { rateLimitPerMinute: limit });
  const points: Record<string, unknown>[] = [];
  let perKind: Record<string, number> = {};
  const env: Record<string, string> = skipCheckpoints ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {};
  if (program === "scale-native") {
    ensurePulumiOnPath();
    env.PATH = `${pluginLauncherDir()}:${process.env.PATH}`;
  }
  const loadBefore = loadAverage();
  for (const count of counts) {
    await emu.admin("POST", "reset", { rateLimitPerMinute: limit });
    const h = await stackFor(program, emu, count, env);
    const memory = new ProviderMemory();
    memory.start();
    const [up, upSeconds] = await timed(() => h.stack.up());
    const upMemory = memory.stop();
    const upLog: Request[] = await emu.requests();
    if (count === counts[0]) perKind = countBy(upLog);
    const bytes = await stateBytes(h);
    await emu.clearRequests();
    memory.start();
    const [destroy, destroySeconds] = await timed(() => h.stack.destroy());
    const destroyMemory = memory.stop();
    const destroyLog: Request[] = await emu.requests();
    const point = {
      resources: count,
      upSeconds,
      upRequests: upLog.length,
      upThroughputPerMinute: (upLog.length / upSeconds) * 60,
      up429: upLog.filter((r) => r.status === 429).length,
      upErrors: up.summary.result === "succeeded" ? 0 : 1,
      upPeakProviderMb: upMemory,
      destroySeconds,
      destroyRequests: destroyLog.length,
      destroyThroughputPerMinute: (destroyLog.length / destroySeconds) * 60,
      destroy429: destroyLog.filter((r) => r.status === 429).length,
      destroyErrors: destroy.summary.result === "succeeded" ? 0 : 1,
      destroyPeakProviderMb: destroyMemory,
      stateBytes: bytes,
      stateBytesPerResource: Math.round(bytes / count),
    };
    points.push(point);
    console.log(`${key} ${count}: ${JSON.stringify(point)}`);
    await h.dispose();
  }
  results[key] = {
    limitPerMinute: limit,
    program,
    skipCheckpoints,
    loadAverage: { before: loadBefore, after: loadAverage() },
    points,
    upRoutesAtFirst: perKind,
  };
  await emu.close();
}

/** Where the bytes of one resource's state entry go (compact JSON): per field of it, of its inputs and outputs. */
function entryBytes(entry: Record<string, any>) {
  const size = (v: unknown) => JSON.stringify(v).length;
  const fields = (o: Record<string, unknown> = {}) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, size(v) + k.length + 3]));
  const { inputs, outputs, ...rest } = entry;
  return { total: size(entry), inputs: fields(inputs), outputs: fields(outputs), rest: fields(rest) };
}

/** Median, min and max of some samples, with the samples. */
function summary(samples: number[]) {
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples), samples };
}

const BUNDLE_DIR = path.join(ROOT, "dist-bench", "plugin");
/** What the command line of the native plugin's process holds, as the bench launches it. */
const PLUGIN_MARK = path.join(BUNDLE_DIR, "plugin.js");
let bundleBuilt = false;

/** The plugin as the tarball ships it (scripts/plugin-bundle.js), built once per run. */
function pluginBundle(): string {
  if (!bundleBuilt) {
    execFileSync(process.execPath, [path.join(ROOT, "scripts/plugin-bundle.js"), `--out=${BUNDLE_DIR}`], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    bundleBuilt = true;
  }
  return path.join(BUNDLE_DIR, "plugin.js");
}

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 10 ms). */
function cpuSecondsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * A user's first start, which the figures do not count: to the first line, then SIGTERM, as the
 * engines end a provider (OpenTofu by go-plugin's Shutdown, Pulumi at the end of a command), and
 * its exit. The loader makes the bundle's code cache as the process exits (scripts/plugin-loader.js);
 * the measured starts are then killed at their first line.
 */
function firstStart(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "ignore"] });
    let seen = false;
    child.stdout.once("data", () => {
      seen = true;
      child.kill("SIGTERM");
    });
    child.on("exit", (code) =>
      seen ? resolve() : reject(new Error(`${command} exited (${code}) before its first line`)),
    );
  });
}

/**
 * Seconds from spawning the plugin to its first stdout line (the port), and the CPU seconds it
 * used by then (less sensitive to a loaded machine than the wall time); then it is killed.
 */
function startOnce(script: string): Promise<{ wall: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    // An engine address nobody listens on: the plugin only connects to it when asked to log.
    const child = spawn(process.execPath, [script, "127.0.0.1:1"], { stdio: ["ignore", "pipe", "ignore"] });
    child.stdout.once("data", () => {
      const wall = Number(process.hrtime.bigint() - start) / 1e9;
      resolve({ wall, cpu: cpuSecondsOf(child.pid!) });
      child.kill("SIGKILL");
    });
    child.on("exit", (code) => reject(new Error(`${script} exited (${code}) before printing its port`)));
  });
}

/**
 * The plugin's start-up, in alternating rounds: tsc's output as npm installs it
 * (dist/provider/plugin/main.js, ~1,000 modules), the bundle the tarball ships, and the bundle
 * with the SDK's program side stubbed out (what the plugin costs without `@pulumi/pulumi`'s index).
 */
async function pluginStartup(results: Record<string, unknown>) {
  const bundle = pluginBundle();
  const stubDir = path.join(ROOT, "dist-bench", "plugin-stubbed-sdk");
  execFileSync(
    process.execPath,
    [path.join(ROOT, "scripts/plugin-bundle.js"), `--out=${stubDir}`, "--stub-sdk"],
    {
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const variants: Record<string, string> = {
    compiled: path.join(ROOT, "dist/provider/plugin/main.js"),
    bundle,
    bundleStubbedSdk: path.join(stubDir, "plugin.js"),
  };
  // One start each first: it fills the bundles' code caches, as a user's first start does.
  for (const script of Object.values(variants)) await firstStart(process.execPath, [script, "127.0.0.1:1"]);
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  const n = full ? 21 : 11;
  const loadBefore = loadAverage();
  for (let round = 0; round < n; round++) {
    for (const [name, script] of Object.entries(variants)) {
      const one = await startOnce(script);
      samples[name]!.push(one.wall);
      cpu[name]!.push(one.cpu);
    }
  }
  const out = Object.fromEntries(
    Object.entries(samples).map(([k, v]) => [k, { ...summary(v), cpuSeconds: summary(cpu[k]!) }]),
  );
  results.pluginStartup = {
    rounds: n,
    loadAverage: { before: loadBefore, after: loadAverage() },
    goalSeconds: 0.25,
    met: out.bundle!.median <= 0.25,
    ...out,
  };
  console.log(
    `plugin start-up (median of ${n}): ${Object.entries(out)
      .map(([k, v]) => `${k} ${v.median.toFixed(3)} s (${v.cpuSeconds.median.toFixed(2)} s CPU)`)
      .join(", ")}; load ${loadBefore.join(" ")}`,
  );
}

/**
 * The size of the plugin tarball (scripts/plugin-tarball.sh), in bytes: the goal is for the one
 * without the Node.js runtime (`--no-runtime`); the one with it is reported beside it.
 */
async function pluginTarball(results: Record<string, unknown>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-tarball-"));
  const measure = (name: string, flags: string[]) => {
    const file = execFileSync(
      "bash",
      [path.join(ROOT, "scripts/plugin-tarball.sh"), ...flags, path.join(dir, `${name}.tar.gz`)],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    ).trim();
    const listing = execFileSync("tar", ["-tzvf", file], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const installedBytes = listing
      .split("\n")
      .map((line) => Number(line.trim().split(/\s+/)[2] ?? 0))
      .reduce((a, b) => a + b, 0);
    return { bytes: fs.statSync(file).size, installedBytes };
  };
  const without = measure("no-runtime", ["--no-runtime"]);
  const withRuntime = measure("with-runtime", []);
  results.pluginTarball = {
    ...without,
    withRuntime,
    goalBytes: 5_000_000,
    met: without.bytes <= 5_000_000,
    loadAverage: loadAverage(),
  };
  console.log(
    `plugin tarball: ${without.bytes} B (${without.installedBytes} B installed) without the runtime, ${withRuntime.bytes} B with it`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * A folder on PATH with `pulumi-resource-sender`, a launcher of the bundle (as the tarball ships
 * it), for the stacks on the native plugin.
 */
function pluginLauncherDir(): string {
  const binDir = path.join(ROOT, "dist-bench", "plugin-bin");
  fs.mkdirSync(binDir, { recursive: true });
  const launcher = path.join(binDir, "pulumi-resource-sender");
  fs.writeFileSync(launcher, `#!/bin/sh\nexec node "${pluginBundle()}" "$@"\n`, { mode: 0o755 });
  return binDir;
}

let nativeSdkBuilt = false;

/** The generated Node.js SDK compiled to JavaScript (dist-bench/sdk-native), for the plain-JS program. */
function compiledNativeSdk(): string {
  const out = path.join(ROOT, "dist-bench", "sdk-native");
  if (!nativeSdkBuilt) {
    fs.rmSync(out, { recursive: true, force: true });
    try {
      execFileSync(
        process.execPath,
        [
          path.join(ROOT, "node_modules/typescript/bin/tsc"),
          "-p",
          "sdks/nodejs/tsconfig.json",
          "--outDir",
          out,
        ],
        { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
      );
    } catch (err) {
      // tsc reports the SDK's own type errors against this repository's TypeScript but still emits.
      if (!fs.existsSync(path.join(out, "index.js"))) throw err;
    }
    // utilities.js reads its version from ./package.json.
    fs.copyFileSync(path.join(ROOT, "sdks/nodejs/package.json"), path.join(out, "package.json"));
    nativeSdkBuilt = true;
  }
  return out;
}

/** A Pulumi YAML program of `count` autonamed Campaigns on the plugin: YAML has no loops, so it is written out. */
function yamlProgram(count: number): string {
  const dir = path.join(ROOT, ".e2e", "bench-yaml");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const resources = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `c${i}`,
      {
        type: "sender:index:Campaign",
        properties: {
          subject: `Bench subject ${i}`,
          from: "Example News",
          replyTo: "news@example.com",
          contentType: "html",
          content: "<p>bench</p>",
        },
      },
    ]),
  );
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    YAML.stringify({ name: "bench-yaml", runtime: "yaml", resources }),
  );
  return dir;
}

const OPS = ["preview", "up", "refresh", "destroy"] as const;
type Op = (typeof OPS)[number];

/** The sides of the native-against-dynamic table, and which side each one's ratios are against. */
const SIDES = {
  dynamic: { against: undefined },
  native: { against: "dynamic" },
  yaml: { against: "dynamic" },
  dynamicJs: { against: undefined },
  nativeJs: { against: "dynamicJs" },
} as const;
type Side = keyof typeof SIDES;

/**
 * The native plugin (the bundle, as the tarball ships it) against the dynamic resources: N
 * autonamed Campaigns, preview, up, refresh and destroy, sides alternating in each round. The
 * sides: the TypeScript program on the dynamic resources (`dynamic`) and on the generated SDK
 * (`native`), a Pulumi YAML program on the plugin (`yaml`), and at the `--js-counts` the same two
 * programs in plain JavaScript with no ts-node (`dynamicJs`, `nativeJs`), since the program's own
 * start-up is much of the gap in a small stack. The first round also counts requests per create
 * (the emulator's request log of the up) and state bytes per resource (`pulumi stack export`,
 * compact JSON), with where one Campaign's bytes go.
 */
async function nativeVsDynamic(results: Record<string, unknown>) {
  ensurePulumiOnPath();
  const pluginPath = { PATH: `${pluginLauncherDir()}:${process.env.PATH}` };
  const emu = await emulator(TOKEN);
  const table: Record<string, unknown> = {};
  for (const count of nativeCounts) {
    const loadBefore = loadAverage();
    const sides: Partial<Record<Side, StackHandle>> = {
      dynamic: await stackFor("autonamed", emu, count),
      native: await stackFor("native", emu, count, pluginPath),
      yaml: await createStack(yamlProgram(count), emu, {}, pluginPath),
    };
    if (jsCounts.includes(count)) {
      sides.dynamicJs = await stackFor("autonamed-js", emu, count);
      const nativeJs = await stackFor("native-js", emu, count, pluginPath);
      fs.mkdirSync(path.join(nativeJs.dir, "node_modules"), { recursive: true });
      fs.symlinkSync(compiledNativeSdk(), path.join(nativeJs.dir, "node_modules", "pulumi-sender-native"));
      sides.nativeJs = nativeJs;
    }
    const names = Object.keys(sides) as Side[];
    const samples = Object.fromEntries(
      names.map((side) => [side, { preview: [], up: [], refresh: [], destroy: [] }]),
    ) as unknown as Record<Side, Record<Op, number[]>>;
    const counted: Record<string, unknown> = {};
    for (let round = 0; round < rounds; round++) {
      // Rotate which side goes first, so that none always runs on a warmer machine.
      const order = names.map((_, i) => names[(i + round) % names.length]!);
      for (const side of order) {
        const h = sides[side]!;
        const preview = await timed(() => h.stack.preview());
        await emu.clearRequests();
        const up = await timed(() => h.stack.up());
        if (round === 0) {
          const log: Request[] = await emu.requests();
          const creates = log.filter(
            (r) => r.method === "POST" && routeOf(r) === "POST /v2/campaigns",
          ).length;
          const state = JSON.parse(await h.exportState());
          const bytes = JSON.stringify(state).length;
          counted[side] = {
            oneCampaign: entryBytes(state.deployment.resources.find((r: any) => r.type.endsWith("Campaign"))),
            upRequests: log.length,
            creates,
            requestsPerCreate: creates ? log.length / creates : null,
            upRoutes: countBy(log),
            stateBytes: bytes,
            stateBytesPerResource: Math.round(bytes / count),
          };
        }
        const refresh = await timed(() => h.stack.refresh());
        const destroy = await timed(() => h.stack.destroy());
        for (const [op, [, seconds]] of [
          ["preview", preview],
          ["up", up],
          ["refresh", refresh],
          ["destroy", destroy],
        ] as const)
          samples[side][op].push(seconds);
        console.log(
          `native ${count} round ${round + 1}/${rounds} ${side}: ${OPS.map((op) => `${op} ${samples[side][op].at(-1)!.toFixed(2)} s`).join(", ")}`,
        );
      }
    }
    const ratios = Object.fromEntries(
      names.flatMap((side) => {
        const against = SIDES[side].against;
        if (!against || !sides[against]) return [];
        const ratio = Object.fromEntries(
          OPS.map((op) => [op, median(samples[side][op]) / median(samples[against][op])]),
        );
        return [[`${side}/${against}`, ratio]];
      }),
    );
    table[String(count)] = {
      resources: count,
      rounds,
      loadAverage: { before: loadBefore, after: loadAverage() },
      ratios,
      ...Object.fromEntries(
        names.map((side) => [side, Object.fromEntries(OPS.map((op) => [op, summary(samples[side][op])]))]),
      ),
      upOfN: counted,
    };
    console.log(`native ${count}: ${JSON.stringify(ratios)}`);
    for (const h of Object.values(sides)) await h.dispose();
  }
  results.nativeVsDynamic = { loadAverage: loadAverage(), ...table };
  await emu.close();
}

async function clientOverhead(results: Record<string, unknown>) {
  const total = 10_000;
  const concurrency = 8;
  // The emulator runs in its own process, as the real service would, so it does not share our event loop.
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(ROOT, "dist/emulator/cli.js"), "--port", "0"],
    {
      env: { ...process.env, SENDER_API_TOKEN: TOKEN },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const m = /http:\/\/[\d.]+:\d+/.exec(chunk.toString());
      if (m) resolve(m[0]);
    });
    child.on("exit", () => reject(new Error("the emulator exited")));
  });
  const client = new SenderClient({ baseUrl: url, apiToken: TOKEN, maxInFlight: concurrency });
  const agent = new undici.Agent();
  const run = async (one: () => Promise<unknown>) => {
    let next = 0;
    const worker = async () => {
      while (next < total) {
        next++;
        await one();
      }
    };
    const [, seconds] = await timed(() => Promise.all(Array.from({ length: concurrency }, worker)));
    return seconds;
  };
  const viaClient = () => client.getCampaign("snt001");
  const viaUndici = async () => {
    const res = await undici.request(`${url}/v2/campaigns/snt001`, {
      dispatcher: agent,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        accept: "application/json",
        "content-type": "application/json",
      },
    });
    return res.body.json();
  };
  await run(viaClient);
  await run(viaUndici);
  const ratios: number[] = [];
  const clientSeconds: number[] = [];
  const undiciSeconds: number[] = [];
  // Cheap rounds: more of them steady the ratio on a noisy machine.
  for (let round = 0; round < rounds * 2 + 1; round++) {
    const a = await run(viaClient);
    const b = await run(viaUndici);
    clientSeconds.push(a);
    undiciSeconds.push(b);
    ratios.push(a / b);
    console.log(
      `client round ${round + 1}/${rounds * 2 + 1}: SenderClient ${a.toFixed(2)} s, undici ${b.toFixed(2)} s`,
    );
  }
  results.clientOverhead = {
    requests: total,
    concurrency,
    clientSeconds,
    undiciSeconds,
    medianRatio: median(ratios),
    loadAverage: loadAverage(),
  };
  child.kill();
  await agent.close();
}

// `--preview-counts=4,40` sets the stacks of the preview-checks part.
const previewCounts = countsFlag("preview-counts", "20,200");

/**
 * What the preview checks add (kinds/account-checks.ts): the requests a preview makes (the
 * account probe and one read of each list, shared by every resource), and their time, measured as
 * the difference a 1 s delay on each of those reads makes to the whole preview: about 1 s per read
 * in sequence (probe, then the lists together), whatever the number of resources, when the reads
 * are shared; N seconds and more if they were made per resource. Then, after an `up`, the requests
 * of a preview that changes every campaign (the sent check: one list page for many campaigns).
 */
async function previewChecks(results: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const n of previewCounts) {
    const emu = await emulator(TOKEN);
    const h = await stackFor("targeted", emu, n);
    await h.stack.preview(); // warm: the program's and the provider's start-up
    await emu.clearRequests();
    const [, seconds] = await timed(() => h.stack.preview());
    const requests = await emu.requests();
    await emu.admin("POST", "faults", {
      rules: [
        { method: "GET", path: "^/v2/(tags|filters)$|^/v2/campaigns$", kind: "latency", latencyMs: 1000 },
      ],
    });
    const [, slowSeconds] = await timed(() => h.stack.preview());
    out[`resources${3 * n}`] = {
      campaigns: n,
      resources: 3 * n,
      previewRequests: requests.length,
      previewRoutes: countBy(requests),
      previewMutatingRequests: requests.filter((r) => r.method !== "GET").length,
      previewSeconds: Math.round(seconds * 100) / 100,
      // Each check read delayed 1 s: what the reads cost the preview, per read in sequence.
      previewSecondsWithReadsDelayed1s: Math.round(slowSeconds * 100) / 100,
      addedSecondsPerSecondOfReadLatency: Math.round((slowSeconds - seconds) * 100) / 100,
    };
    // Then applied, and every campaign changed: the sent check's reads of a preview of N changes.
    await emu.admin("DELETE", "faults");
    await h.stack.up();
    await h.stack.setConfig("bench-targeted:subjectSuffix", { value: " (changed)" });
    await emu.clearRequests();
    const changed = await h.stack.preview();
    const changedRequests = await emu.requests();
    Object.assign(out[`resources${3 * n}`] as object, {
      // The campaigns and their schedules (a week from each run's start: a new time each run).
      changedResources: changed.changeSummary.update ?? 0,
      changedPreviewRequests: changedRequests.length,
      changedPreviewRoutes: countBy(changedRequests),
      changedPreviewMutatingRequests: changedRequests.filter((r) => r.method !== "GET").length,
    });
    await h.dispose();
    await emu.close();
  }
  results.previewChecks = { ...out, loadAverage: loadAverage() };
}

/** The last line a script of scripts/ prints. */
const scriptLine = (script: string, args: string[] = []) =>
  execFileSync("bash", [path.join(ROOT, "scripts", script), ...args], { cwd: ROOT, encoding: "utf8" })
    .trim()
    .split("\n")
    .pop()!;

/**
 * The same program of `javaCount` campaigns in Java and in Go on the native plugin, `up` and
 * `destroy` of each in the same run (alternating which goes first), as a ratio Java/Go. The Java
 * SDK comes from its Maven repository folder in a Maven local repository of the bench's, Maven
 * Central from the cached repository (file://); the Go SDK from the module proxy folder.
 */
async function javaVsGo(results: Record<string, unknown>) {
  ensurePulumiOnPath();
  const count = countsFlag("java-count", "50")[0]!;
  const loadBefore = loadAverage();
  const emu = await emulator(TOKEN);
  const langhosts = scriptLine("langhosts.sh");
  const plugin = `${pluginLauncherDir()}:${langhosts}:${process.env.PATH}`;
  // Java: templates/java's pom.xml, Maven's settings in a user home of the bench's.
  const home = mavenUserHome(
    fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-bench-m2-")),
    scriptLine("maven-repo.sh"),
    scriptLine("sdk-packages.sh", ["java"]).replace(/^java /, ""),
  );
  const javaDir = copyProgram("bench/programs/native-java", "bench-native-java");
  fs.writeFileSync(
    path.join(javaDir, "pom.xml"),
    fs
      .readFileSync(path.join(ROOT, "templates/java/pom.xml"), "utf8")
      .replace("$" + "{PROJECT}", "bench-native-java"),
  );
  const java = await createStack(
    javaDir,
    emu,
    { "bench-native-java:count": String(count) },
    { PATH: plugin, MAVEN_OPTS: `-Duser.home=${home}` },
  );
  // Go: the SDK's module from the file proxy scripts/sdk-packages.sh makes.
  const proxy = scriptLine("sdk-packages.sh", ["go"]).replace(/^go /, "");
  const goEnv = {
    PATH: plugin,
    GOPROXY: `file://${proxy},${execFileSync("go", ["env", "GOPROXY"], { encoding: "utf8" }).trim()}`,
    GONOSUMDB: "github.com/pulumi-sender/*",
    GOFLAGS: "-mod=mod",
  };
  const goDir = copyProgram("bench/programs/native-go", "bench-native-go");
  execFileSync("go", ["mod", "tidy"], { cwd: goDir, env: { ...process.env, ...goEnv } });
  const go = await createStack(goDir, emu, { "bench-native-go:count": String(count) }, goEnv);
  const sides = { java, go };
  const samples = {
    java: { up: [] as number[], destroy: [] as number[] },
    go: { up: [] as number[], destroy: [] as number[] },
  };
  // One warm-up of each (Maven's and Go's first builds of the program), not counted.
  for (const h of [java, go]) {
    await h.stack.preview();
  }
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (["java", "go"] as const) : (["go", "java"] as const);
    for (const side of order) {
      const h = sides[side];
      const [up, upSeconds] = await timed(() => h.stack.up());
      if (up.summary.resourceChanges?.create !== count + 1)
        throw new Error(`${side}: up made ${JSON.stringify(up.summary.resourceChanges)}`);
      const [, destroySeconds] = await timed(() => h.stack.destroy());
      samples[side].up.push(upSeconds);
      samples[side].destroy.push(destroySeconds);
      console.log(
        `languages ${count} round ${round + 1}/${rounds} ${side}: up ${upSeconds.toFixed(2)} s, destroy ${destroySeconds.toFixed(2)} s`,
      );
    }
  }
  const ratios = {
    up: median(samples.java.up) / median(samples.go.up),
    destroy: median(samples.java.destroy) / median(samples.go.destroy),
  };
  results.javaVsGo = {
    campaigns: count,
    rounds,
    loadAverage: { before: loadBefore, after: loadAverage() },
    ratios,
    java: { up: summary(samples.java.up), destroy: summary(samples.java.destroy) },
    go: { up: summary(samples.go.up), destroy: summary(samples.go.destroy) },
  };
  console.log(`languages ${count}: java/go ${JSON.stringify(ratios)}`);
  await java.dispose();
  await go.dispose();
  await emu.close();
  fs.rmSync(home, { recursive: true, force: true });
}

// `--tf-counts=20` shrinks the Terraform part's configurations (100 and 1,000 by default).
const tfCounts = countsFlag("tf-counts", "100,1000");
/** The OpenTofu version of the Terraform part: tools/opentofu's newest, which the e2e tests run. */
const TOFU_VERSION = "1.12.6";

/** What one tofu command took, and its output. */
interface TofuTimed {
  seconds: number;
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs tofu in `dir` with `env`, timed from spawn to exit. */
function tofuTimed(tofu: string, dir: string, args: string[], env: NodeJS.ProcessEnv): Promise<TofuTimed> {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const child = spawn(tofu, args, { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    child.on("close", (code) =>
      resolve({ seconds: Number(process.hrtime.bigint() - start) / 1e9, code: code ?? 1, stdout, stderr }),
    );
  });
}

/** Fails with the command's output unless it exited with `code`. */
function expectCode(what: string, run: TofuTimed, code = 0): TofuTimed {
  if (run.code !== code) throw new Error(`${what} exited ${run.code}:\n${run.stdout}\n${run.stderr}`);
  return run;
}

/**
 * CPU seconds a process's threads have run so far, from each thread's schedstat (nanoseconds; a
 * start-up of bare node is 1 or 2 of stat's 10 ms ticks).
 */
function cpuSecondsFine(pid: number): number {
  let ns = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return ns / 1e9;
}

/**
 * Seconds from spawning `command` to the first line on its stdout that `accept` takes, with the
 * CPU seconds its threads used by then; then it is killed.
 */
function firstLineOnce(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  accept: (text: string) => boolean = (text) => text.includes("\n"),
): Promise<{ wall: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes("\n")) return;
      const wall = Number(process.hrtime.bigint() - start) / 1e9;
      if (!accept(out)) reject(new Error(`${command}: unexpected first line ${JSON.stringify(out)}`));
      // The sh launcher execs the runtime: the same process, so its CPU is the provider's.
      resolve({ wall, cpu: cpuSecondsFine(child.pid!) });
      child.kill("SIGKILL");
    });
    child.on("exit", (code) => reject(new Error(`${command} exited (${code}) before its first line`)));
  });
}

/**
 * {@link firstLineOnce} to go-plugin's handshake line (parsed, see bench/terraform.ts), which must
 * be protocol 6 and, under AutoMTLS, carry a certificate. The environment is what OpenTofu gives a
 * provider: the magic cookie, the protocol version, a port range and, since OpenTofu turns
 * AutoMTLS on, its client certificate.
 */
function handshakeOnce(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ wall: number; cpu: number }> {
  return firstLineOnce(command, args, env, (text) => {
    const shake = handshakeOf(text);
    return shake?.appVersion === 6 && (!env.PLUGIN_CLIENT_CERT || shake.cert !== "");
  });
}

/** Seconds from spawning bare `node -e 0` to its exit (the runtime's own start-up, the floor of ours). */
function bareNodeOnce(): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ["-e", "0"], { stdio: "ignore" });
    child.on("exit", (code) =>
      code === 0
        ? resolve(Number(process.hrtime.bigint() - start) / 1e9)
        : reject(new Error(`node -e 0 exited ${code}`)),
    );
  });
}

/**
 * The Terraform door against the Go floor (issue 56), under OpenTofu with the same flags
 * (`-parallelism` its default of 10) against the emulator on loopback. Ours is the shipped
 * linux-amd64 zip (scripts/plugin-tarball.sh, then scripts/terraform-zip.sh: the sh launcher, the
 * bundle and its Node.js runtime), the floor tools/tf-floor (scripts/tf-floor.sh); both installed by
 * `tofu init` from one filesystem mirror, as a user installs the release. Measures the start-up
 * (spawn to handshake line, against the floor and bare node), then at each count `apply`, an
 * unchanged `plan` and `destroy` of N titled sender_campaign against N floor_thing, sides
 * alternating each round; in the first round the requests of each (the emulator's log) and the
 * peak resident memory of the provider processes.
 */
async function terraformDoor(results: Record<string, unknown>) {
  const loadBefore = loadAverage();
  const tofu = path.join(scriptLine("tofu-cli.sh", [TOFU_VERSION]), "tofu");
  const floorBuilt = path.join(scriptLine("tf-floor.sh"), "terraform-provider-floor");
  const work = path.join(ROOT, "dist-bench", "terraform");
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version as string;
  const archive = execFileSync(
    "bash",
    [path.join(ROOT, "scripts/plugin-tarball.sh"), path.join(work, "plugin-linux-amd64.tar.gz")],
    { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  )
    .trim()
    .split("\n")
    .pop()!;
  const zip = execFileSync(
    "bash",
    [path.join(ROOT, "scripts/terraform-zip.sh"), "--platform=linux-amd64", archive, work],
    { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  )
    .trim()
    .split("\n")
    .pop()!;
  // The unpacked layout of a filesystem mirror: <host>/<namespace>/<type>/<version>/<os_arch>/.
  const mirror = path.join(work, "mirror");
  const ourDir = path.join(mirror, SOURCES.sender, version, "linux_amd64");
  fs.mkdirSync(ourDir, { recursive: true });
  execFileSync("unzip", ["-q", zip, "-d", ourDir]);
  const floorDir = path.join(mirror, SOURCES.floor, FLOOR_VERSION, "linux_amd64");
  fs.mkdirSync(floorDir, { recursive: true });
  fs.copyFileSync(floorBuilt, path.join(floorDir, `terraform-provider-floor_v${FLOOR_VERSION}`));
  fs.chmodSync(path.join(floorDir, `terraform-provider-floor_v${FLOOR_VERSION}`), 0o755);
  fs.writeFileSync(path.join(work, "tofu.rc"), mirrorCliConfig(mirror));
  const emu = await emulator(TOKEN);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: work,
    TF_CLI_CONFIG_FILE: path.join(work, "tofu.rc"),
    TF_IN_AUTOMATION: "1",
    TF_INPUT: "0",
    CHECKPOINT_DISABLE: "1",
    SENDER_API_TOKEN: TOKEN,
    SENDER_BASE_URL: emu.url,
  };

  // Start-up: the executables tofu runs, with the environment go-plugin gives them.
  const ours = path.join(ourDir, `terraform-provider-sender_v${version}`);
  const floor = path.join(floorDir, `terraform-provider-floor_v${FLOOR_VERSION}`);
  const pluginEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: work,
    TF_PLUGIN_MAGIC_COOKIE: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
    PLUGIN_PROTOCOL_VERSIONS: "6",
    PLUGIN_MIN_PORT: "10000",
    PLUGIN_MAX_PORT: "25000",
    PLUGIN_CLIENT_CERT: selfSignedCertificate().certPem,
  };
  const starts = {
    ours: () => handshakeOnce(ours, [], pluginEnv),
    floor: () => handshakeOnce(floor, [], pluginEnv),
    node: async () => ({ wall: await bareNodeOnce(), cpu: 0 }),
    // Bare node to a first line, then waiting as a provider does: its CPU by then is read as ours
    // is, a figure a loaded machine stretches less than the wall time of `node -e 0`.
    nodeLine: () =>
      firstLineOnce(process.execPath, ["-e", "console.log(0); setTimeout(() => {}, 60000)"], {}),
  };
  // One start each first: it fills our bundle's code cache, as a user's first start does.
  await firstStart(ours, [], pluginEnv);
  for (const start of Object.values(starts)) await start();
  const startWall: Record<string, number[]> = { ours: [], floor: [], node: [], nodeLine: [] };
  const startCpu: Record<string, number[]> = { ours: [], floor: [], node: [], nodeLine: [] };
  const startRounds = full ? 21 : 11;
  const startLoad = loadAverage();
  for (let round = 0; round < startRounds; round++) {
    for (const [name, start] of Object.entries(starts)) {
      const one = await start();
      startWall[name]!.push(one.wall);
      startCpu[name]!.push(one.cpu);
    }
  }
  const startup = {
    rounds: startRounds,
    loadAverage: { before: startLoad, after: loadAverage() },
    ours: { ...summary(startWall.ours!), cpuSeconds: summary(startCpu.ours!) },
    floor: { ...summary(startWall.floor!), cpuSeconds: summary(startCpu.floor!) },
    node: summary(startWall.node!),
    nodeLine: { ...summary(startWall.nodeLine!), cpuSeconds: summary(startCpu.nodeLine!) },
    oursOverNode: median(startWall.ours!) / median(startWall.node!),
    oursCpuOverNodeLine: median(startCpu.ours!) / median(startCpu.nodeLine!),
    oursOverFloor: median(startWall.ours!) / median(startWall.floor!),
  };
  console.log(
    `terraform start-up (median of ${startRounds}): ours ${startup.ours.median.toFixed(3)} s (${startup.ours.cpuSeconds.median.toFixed(2)} s CPU), floor ${startup.floor.median.toFixed(3)} s, node -e 0 ${startup.node.median.toFixed(3)} s, node to a line ${startup.nodeLine.median.toFixed(3)} s (${startup.nodeLine.cpuSeconds.median.toFixed(2)} s CPU); ${startup.oursOverNode.toFixed(1)}× node, CPU ${startup.oursCpuOverNodeLine.toFixed(1)}×`,
  );

  // apply, unchanged plan, destroy at each count.
  const OPS_TF = ["apply", "plan", "destroy"] as const;
  const table: Record<string, unknown> = {};
  for (const count of tfCounts) {
    const loadAt = loadAverage();
    const dirs = {
      ours: path.join(work, `sender-${count}`),
      floor: path.join(work, `floor-${count}`),
    };
    fs.mkdirSync(dirs.ours, { recursive: true });
    fs.mkdirSync(dirs.floor, { recursive: true });
    fs.writeFileSync(path.join(dirs.ours, "main.tf"), campaignsConfig(count, `bench/terraform/${count}`));
    fs.writeFileSync(path.join(dirs.floor, "main.tf"), floorConfig(count));
    for (const dir of Object.values(dirs))
      expectCode(
        `tofu init in ${dir}`,
        await tofuTimed(tofu, dir, ["init", "-no-color", "-input=false"], env),
      );
    const samples = {
      ours: { apply: [] as number[], plan: [] as number[], destroy: [] as number[] },
      floor: { apply: [] as number[], plan: [] as number[], destroy: [] as number[] },
    };
    const counted: Record<string, unknown> = {};
    const memory = {
      ours: new ProviderMemory([`/${SOURCES.sender}/`], 50),
      floor: new ProviderMemory(["terraform-provider-floor"], 50),
    };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (["ours", "floor"] as const) : (["floor", "ours"] as const);
      for (const side of order) {
        const dir = dirs[side];
        const first = round === 0;
        const peaks: Record<string, number> = {};
        const logs: Record<string, Request[]> = {};
        for (const op of OPS_TF) {
          const args =
            op === "plan"
              ? ["plan", "-detailed-exitcode", "-no-color", "-input=false"]
              : [op, "-auto-approve", "-no-color", "-input=false"];
          await emu.clearRequests();
          if (first) memory[side].start();
          const run = expectCode(`tofu ${op} (${side}, ${count})`, await tofuTimed(tofu, dir, args, env));
          if (first) {
            peaks[op] = memory[side].stop();
            logs[op] = await emu.requests();
          }
          samples[side][op].push(run.seconds);
        }
        if (first) {
          const creates = logs.apply!.filter((r) => routeOf(r) === "POST /v2/campaigns").length;
          counted[side] = {
            applyRequests: logs.apply!.length,
            creates,
            requestsPerCreate: creates ? logs.apply!.length / creates : null,
            applyRoutes: countBy(logs.apply!),
            planRequests: logs.plan!.length,
            planRoutes: countBy(logs.plan!),
            destroyRequests: logs.destroy!.length,
            destroyRoutes: countBy(logs.destroy!),
            mutating: Object.fromEntries(
              OPS_TF.map((op) => [op, logs[op]!.filter((r) => r.method !== "GET").length]),
            ),
            peakProviderMb: peaks,
          };
        }
        console.log(
          `terraform ${count} round ${round + 1}/${rounds} ${side}: ${OPS_TF.map((op) => `${op} ${samples[side][op].at(-1)!.toFixed(2)} s`).join(", ")}`,
        );
      }
    }
    const ratios = Object.fromEntries(
      OPS_TF.map((op) => [op, median(samples.ours[op]) / median(samples.floor[op])]),
    );
    table[String(count)] = {
      resources: count,
      rounds,
      loadAverage: { before: loadAt, after: loadAverage() },
      ratios,
      ours: Object.fromEntries(OPS_TF.map((op) => [op, summary(samples.ours[op])])),
      floor: Object.fromEntries(OPS_TF.map((op) => [op, summary(samples.floor[op])])),
      counted,
    };
    console.log(`terraform ${count}: ours/floor ${JSON.stringify(ratios)}; ${JSON.stringify(counted.ours)}`);
  }
  results.terraform = {
    tofu: TOFU_VERSION,
    parallelism: 10,
    loadAverage: { before: loadBefore, after: loadAverage() },
    startup,
    ...table,
  };
  await emu.close();
}

async function main() {
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    mode: full ? "full" : "quick",
    node: process.version,
    loadAverage: loadAverage(),
    cpus: (await import("node:os")).cpus().length,
  };
  const started = Date.now();
  // The parts of second-long samples first: after the engine parts, the processes they leave
  // winding down skew them (the client ratio read 1.47 after the native part, 0.96 on its own).
  if (wanted("client")) await clientOverhead(results);
  if (wanted("startup")) await pluginStartup(results);
  if (wanted("terraform")) await terraformDoor(results);
  if (wanted("preview")) await previewChecks(results);
  if (wanted("content")) await contentChecks(results);
  if (wanted("tarball")) await pluginTarball(results);
  if (wanted("native")) await nativeVsDynamic(results);
  if (wanted("languages")) await javaVsGo(results);
  if (wanted("overhead")) await overhead(results);
  if (wanted("adopt")) await adoptAccount(results);
  if (wanted("scale")) await scale(results, "scale", scaleCounts, "scale", true);
  if (wanted("scale") || wanted("scale-native"))
    await scale(results, "scaleNative", scaleNativeCounts, "scale-native", true);
  // The engine's default checkpointing, for our provider and for the empty one: the engine's floor.
  if (full && wanted("scale")) {
    await scale(results, "scaleDefaultEngine", [1000], "scale", false);
    await scale(results, "scaleDefaultEngineEmpty", [1000], "empty", false);
  }
  results.totalSeconds = (Date.now() - started) / 1000;
  const out = path.join(ROOT, "bench", only ? `results-${only.join("-")}.json` : "results.json");
  fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
  console.log(`bench: wrote ${path.relative(ROOT, out)} in ${results.totalSeconds} s`);
  // A run of every part renders the goals into BENCHMARKS.md; `npm run bench:report <file>` renders any results file.
  if (!only) {
    writeGoals(results);
    console.log("bench: wrote the goals table into BENCHMARKS.md");
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
