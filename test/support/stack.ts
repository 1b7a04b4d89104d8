// The engine-level helpers shared by the e2e tests and the benchmarks: an emulator, a copy of a
// Pulumi program, a stack of the real engine against them.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import type { LoggedRequest, RequestCounts } from "../../emulator/request-log";
import { startEmulator } from "../../emulator/server";
import { ROOT } from "./root";

export { ROOT };

let pathReady = false;

/**
 * Puts the Pulumi CLI first on this process's PATH (the Automation API finds it there), building
 * or reusing it through scripts/pulumi-cli.sh. Fails, never skips, when it cannot be provided.
 */
export function ensurePulumiOnPath(): void {
  if (pathReady) return;
  const out = execFileSync("bash", [path.join(ROOT, "scripts/pulumi-cli.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const dirs = out.trim().split("\n").pop();
  if (!dirs) throw new Error("scripts/pulumi-cli.sh printed no directory");
  process.env.PATH = `${dirs}:${path.join(ROOT, "node_modules/.bin")}:${process.env.PATH}`;
  pathReady = true;
}

/**
 * A copy of a program (a folder relative to the repository root) under `.e2e/`, inside the
 * repository so that it resolves this checkout's packages, and so that stack settings files are
 * written there rather than in `examples/`.
 */
export function copyProgram(source: string, name: string): string {
  const from = path.join(ROOT, source);
  const dir = path.join(ROOT, ".e2e", name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(from, dir, {
    recursive: true,
    filter: (src) => !src.includes("node_modules") && !/^Pulumi\.[^/]+\.yaml$/.test(path.basename(src)),
  });
  return dir;
}

/** An emulator on a free loopback port plus helpers to look at what it holds and what it was asked. */
export interface EmulatorHandle {
  url: string;
  token: string;
  close(): Promise<void>;
  admin<T = any>(method: string, route: string, body?: unknown): Promise<T>;
  api<T = any>(
    method: string,
    route: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: T }>;
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  /** The emulator's request counts now: a mark for {@link mutatingRequestsSince}. */
  requestCounts(): Promise<RequestCounts>;
  state(): Promise<any>;
}

/**
 * Starts the emulator in this process, on a free port unless `port` names one, with its state in
 * memory unless `statePath` names a file (loaded if it exists, rewritten after every change).
 */
export async function emulator(
  token: string,
  options: { rateLimitPerMinute?: number; variance?: boolean; port?: number; statePath?: string } = {},
): Promise<EmulatorHandle> {
  const server = await startEmulator({ port: 0, token, ...options });
  const admin = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${server.url}/__emulator/${route}`, {
      method,
      headers: { "content-type": "application/json" },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`emulator admin ${method} ${route}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  };
  return {
    url: server.url,
    token,
    close: () => server.close(),
    admin,
    api: async (method, route, body, tok = token) => {
      const res = await fetch(`${server.url}/v2/${route}`, {
        method,
        headers: {
          authorization: `Bearer ${tok}`,
          "content-type": "application/json",
          accept: "application/json",
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    requests: async () => (await admin("GET", "requests")).requests,
    clearRequests: async () => {
      await admin("DELETE", "requests");
    },
    requestCounts: () => admin("GET", "request-counts"),
    state: () => admin("GET", "state"),
  };
}

/** The emulator's logged requests other than GET (since its log was last cleared), as `METHOD path`. */
export async function mutationLines(emu: EmulatorHandle): Promise<string[]> {
  return (await emu.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

/**
 * The requests that could write (every method but GET, HEAD and OPTIONS) the emulator received
 * since `mark` (from {@link EmulatorHandle.requestCounts}): `count` from the emulator's counters,
 * which the log's clearing and cap do not touch, and `requests`, `METHOD path` of those the log
 * still holds, to show what was sent. A preview and a `refresh --preview-only` expect
 * `{ count: 0, requests: [] }`.
 */
export async function mutatingRequestsSince(
  emu: EmulatorHandle,
  mark: RequestCounts,
): Promise<{ count: number; requests: string[] }> {
  const now = await emu.requestCounts();
  const requests = (await emu.requests())
    .filter((r) => r.seq > mark.seq && !["GET", "HEAD", "OPTIONS"].includes(r.method))
    .map((r) => `${r.method} ${r.path}`);
  return { count: now.mutating - mark.mutating, requests };
}

/** The emulator's count of requests that could write (every method but GET, HEAD and OPTIONS). */
async function mutatingCount(emulatorUrl: string): Promise<number> {
  const res = await fetch(`${emulatorUrl}/__emulator/request-counts`);
  if (!res.ok) throw new Error(`emulator admin GET request-counts: ${res.status}`);
  return ((await res.json()) as RequestCounts).mutating;
}

/**
 * Every preview of a test stack writes nothing: `stack.preview` counts the emulators' mutating
 * requests around it, and a preview that sent any fails, whatever it answered, naming the count.
 */
function guardPreviews(stack: Stack, emulatorUrls: readonly string[]): void {
  const preview = stack.preview.bind(stack);
  const total = async () => {
    let sum = 0;
    for (const url of emulatorUrls) sum += await mutatingCount(url);
    return sum;
  };
  stack.preview = async (...args: Parameters<Stack["preview"]>) => {
    const before = await total();
    const outcome = await preview(...args).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    const sent = (await total()) - before;
    if (sent !== 0) throw new Error(`pulumi preview sent ${sent} mutating request(s) to the emulator`);
    if ("error" in outcome) throw outcome.error;
    return outcome.result;
  };
}

/** A stack of a copied example on a throwaway file backend, with everything the engine printed. */
export interface StackHandle {
  stack: Stack;
  dir: string;
  backend: string;
  /** Everything the engine printed so far, across operations. */
  output: string[];
  /** The environment the CLI runs with for this stack, to run `pulumi` directly (e.g. to kill it). */
  env: Record<string, string>;
  onOutput: (line: string) => void;
  /** The deployment as `pulumi stack export` writes it (secrets stay encrypted), as JSON text. */
  exportState(): Promise<string>;
  dispose(): Promise<void>;
}

/**
 * Creates a stack for a copied example, configured for the emulator. Its previews must write
 * nothing to the emulators at `watched` (by default `emu`; a program whose stack config points
 * nowhere names the emulators its explicit providers use).
 */
export async function createStack(
  dir: string,
  emu: { url: string; token: string },
  config: Record<string, string> = {},
  extraEnv: Record<string, string> = {},
  watched: readonly string[] = [emu.url],
): Promise<StackHandle> {
  ensurePulumiOnPath();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-e2e-"));
  const backend = path.join(scratch, "backend");
  fs.mkdirSync(backend);
  const envVars = {
    PULUMI_BACKEND_URL: `file://${backend}`,
    PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
    PULUMI_HOME: path.join(scratch, "home"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
    // The token must come from stack config only in these tests.
    SENDER_API_TOKEN: "",
    SENDER_BASE_URL: "",
    // The content checks are test/e2e/content-checks.test.ts's: the other files' programs carry
    // short bodies without an unsubscribe link, and their lines are about other things.
    SENDER_CONTENT_CHECKS: "off",
    ...extraEnv,
  };
  const stack = await LocalWorkspace.createOrSelectStack({ stackName: "e2e", workDir: dir }, { envVars });
  await stack.setConfig("sender:baseUrl", { value: emu.url });
  await stack.setConfig("sender:apiToken", { value: emu.token, secret: true });
  for (const [key, value] of Object.entries(config)) await stack.setConfig(key, { value });
  guardPreviews(stack, watched);
  const output: string[] = [];
  return {
    stack,
    dir,
    backend,
    output,
    env: envVars,
    onOutput: (line: string) => {
      output.push(line);
    },
    // Not the Automation API's exportStack(): that one passes --show-secrets.
    exportState: async () =>
      execFileSync("pulumi", ["stack", "export", "--stack", "e2e"], {
        cwd: dir,
        env: { ...process.env, ...envVars },
        encoding: "utf8",
        // A thousand-resource state is several megabytes.
        maxBuffer: 512 * 1024 * 1024,
      }),
    dispose: async () => {
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** Runs an engine operation expected to fail and returns its error text (message and output). */
export async function failure(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (err) {
    return String((err as Error).message ?? err);
  }
  throw new Error("expected the operation to fail, and it succeeded");
}

/** The parent pid of each process, from /proc/<pid>/stat (after the command name, which may hold spaces). */
function parents(): Map<number, number> {
  const parent = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  return parent;
}

/**
 * The processes under `pid`, at this moment. A test that kills `pulumi` takes them first: the
 * engine starts its plugins in process groups of their own, and the language host outlives it.
 */
export function descendantsOf(pid: number | undefined): number[] {
  const parent = parents();
  const under = new Set(pid === undefined ? [] : [pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, of] of parent)
      if (under.has(of) && !under.has(child)) {
        under.add(child);
        grew = true;
      }
  }
  return [...under].filter((p) => p !== pid);
}

/** Kills each of `pids` still running (see {@link descendantsOf}), once the test has seen what it waits for. */
export function endProcesses(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ESRCH") throw err;
    }
  }
}

/**
 * `pulumi cancel` after a kill. The file backend writes a checkpoint atomically (a temporary file
 * renamed), but its `.attrs` sidecar in place (gocloud.dev fileblob's `setAttrs`): a kill at that
 * moment leaves an empty sidecar, and every command then fails with `failed to load checkpoint:
 * EOF`. The documented recovery removes the empty sidecar (the backend reads a missing one as
 * none) and cancels again. Returns the sidecars removed.
 */
export function cancelAfterCrash(h: StackHandle, env: NodeJS.ProcessEnv): string[] {
  const cancel = () =>
    execFileSync("pulumi", ["cancel", "--yes", "--stack", "e2e"], { cwd: h.dir, env, stdio: "pipe" });
  try {
    cancel();
    return [];
  } catch (err) {
    const stderr = String((err as { stderr?: unknown }).stderr ?? err);
    if (!stderr.includes("failed to load checkpoint: EOF")) throw err;
  }
  const stacks = path.join(h.backend, ".pulumi", "stacks");
  const torn = fs
    .readdirSync(stacks, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".attrs"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.statSync(file).size === 0);
  if (torn.length === 0)
    throw new Error("pulumi cancel failed to load the checkpoint (EOF), and no .attrs sidecar is empty");
  for (const file of torn) fs.rmSync(file);
  cancel();
  return torn.map((file) => path.basename(file));
}
