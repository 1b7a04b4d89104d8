import { spawnSync } from "node:child_process";
import { EventEmitter } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  CliUsageError,
  createEmulatorApp,
  type RunningEmulator,
  runCli,
  startEmulator,
} from "../../emulator";
import { ROOT } from "../support/root";
import { TOKEN, VALID_CAMPAIGN } from "./helpers";

const auth = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };

let dir: string;
const running: RunningEmulator[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sender-emulator-"));
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startEmulator>[0]) {
  const emulator = await startEmulator(options);
  running.push(emulator);
  return emulator;
}

const json = async (url: string, init?: RequestInit) => (await fetch(url, init)).json() as Promise<any>;

describe("the real server", () => {
  test("should listen on a free port of 127.0.0.1 and answer the API", async () => {
    const emulator = await start({ token: TOKEN });
    expect(emulator.url).toBe(`http://127.0.0.1:${emulator.port}`);
    const answer = await fetch(`${emulator.url}/v2/active_subscribers`, { headers: auth });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ data: { active_subscribers: 23 } });
  });

  test("should destroy the socket on drop-before and commit nothing", async () => {
    const emulator = await start({ token: TOKEN });
    await fetch(`${emulator.url}/__emulator/faults`, {
      method: "POST",
      body: JSON.stringify({ rules: [{ kind: "drop-before", method: "POST", count: 1 }] }),
    });
    const body = JSON.stringify(VALID_CAMPAIGN);
    await expect(
      fetch(`${emulator.url}/v2/campaigns`, { method: "POST", headers: auth, body }),
    ).rejects.toThrow("fetch failed");
    expect((await json(`${emulator.url}/__emulator/state`)).campaigns).toHaveLength(1);
    expect((await json(`${emulator.url}/__emulator/requests`)).requests).toEqual([
      expect.objectContaining({ status: 0, fault: "drop-before", path: "/v2/campaigns" }),
    ]);
    // The server keeps serving after a drop.
    expect(
      (await fetch(`${emulator.url}/v2/campaigns`, { method: "POST", headers: auth, body })).status,
    ).toBe(201);
  });

  test("should destroy the socket on drop-after once the change is committed", async () => {
    const emulator = await start({ token: TOKEN });
    await fetch(`${emulator.url}/__emulator/faults`, {
      method: "POST",
      body: JSON.stringify({ rules: [{ kind: "drop-after", path: "^/v2/campaigns$" }] }),
    });
    const body = JSON.stringify(VALID_CAMPAIGN);
    await expect(
      fetch(`${emulator.url}/v2/campaigns`, { method: "POST", headers: auth, body }),
    ).rejects.toThrow("fetch failed");
    expect((await json(`${emulator.url}/__emulator/state`)).campaigns).toHaveLength(2);
  });
});

describe("persistence", () => {
  test("should keep the state across a restart, written atomically", async () => {
    const statePath = join(dir, "nested", "state.json");
    const first = await start({ token: TOKEN, statePath });
    const created = await json(`${first.url}/v2/campaigns`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify(VALID_CAMPAIGN),
    });
    await first.close();
    expect(JSON.parse(readFileSync(statePath, "utf8")).campaigns).toHaveLength(2);
    // Only the state file remains: the temp file was renamed over it.
    expect(readdirSync(join(dir, "nested"))).toEqual(["state.json"]);

    const second = await start({ token: TOKEN, statePath });
    expect(await json(`${second.url}/v2/campaigns/${created.data.id}`, { headers: auth })).toEqual(created);
    // The id counter persists too, so a new campaign never reuses an id.
    const next = await json(`${second.url}/v2/campaigns`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify(VALID_CAMPAIGN),
    });
    expect(next.data.id).not.toBe(created.data.id);
    await fetch(`${second.url}/__emulator/reset`, { method: "POST" });
    expect(JSON.parse(readFileSync(statePath, "utf8")).campaigns).toHaveLength(1);
  });

  test("should refuse a file that is not an emulator state", () => {
    const statePath = join(dir, "other.json");
    writeFileSync(statePath, JSON.stringify({ hello: "world" }));
    expect(() => createEmulatorApp({ token: TOKEN, statePath })).toThrow(
      `${statePath} is not an emulator state file (version 1).`,
    );
    expect(JSON.parse(readFileSync(statePath, "utf8"))).toEqual({ hello: "world" });
  });
});

describe("the CLI", () => {
  function io(env: Record<string, string> = {}) {
    const lines: string[] = [];
    const signals = new EventEmitter();
    return {
      lines,
      signals,
      io: {
        env,
        log: (line: string) => lines.push(line),
        onSignal: (signal: "SIGINT" | "SIGTERM", handler: () => void) => signals.once(signal, handler),
      },
    };
  }

  test("should start from flags, print where it listens, and stop on SIGTERM", async () => {
    const statePath = join(dir, "cli.json");
    const cli = io();
    const emulator = await runCli(
      ["--port", "0", "--token", TOKEN, "--state", statePath, "--rate-limit", "5"],
      cli.io,
    );
    running.push(emulator);
    expect(cli.lines).toEqual([`pulumi-sender emulator listening on http://127.0.0.1:${emulator.port}`]);
    const answer = await fetch(`${emulator.url}/v2/plans`, { headers: auth });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("X-RateLimit-Limit")).toBe("5");
    expect(existsSync(statePath)).toBe(true);
    cli.signals.emit("SIGTERM");
    await emulator.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(cli.lines[1]).toBe("pulumi-sender emulator stopped");
    expect(cli.lines.join("\n")).not.toContain(TOKEN);
  });

  test("should start in variance mode with --variance and say so", async () => {
    const cli = io({ SENDER_API_TOKEN: TOKEN });
    const emulator = await runCli(["--port", "0", "--variance"], cli.io);
    running.push(emulator);
    expect(cli.lines).toEqual([
      `pulumi-sender emulator listening on http://127.0.0.1:${emulator.port} (variance mode)`,
    ]);
    const state = await (await fetch(`${emulator.url}/__emulator/variance`)).json();
    expect(state).toEqual({ enabled: true });
    const transactional: any = await (
      await fetch(`${emulator.url}/v2/transactional/trn001`, { headers: auth })
    ).json();
    expect("content" in transactional.data).toBe(false);
  });

  test("should read the token from SENDER_API_TOKEN", async () => {
    const cli = io({ SENDER_API_TOKEN: TOKEN });
    const emulator = await runCli(["--port", "0"], cli.io);
    running.push(emulator);
    expect((await fetch(`${emulator.url}/v2/plans`, { headers: auth })).status).toBe(200);
  });

  // Each row: argv, and the start of the usage error.
  test.each([
    [["--port", "0"], "A token is required: --token or SENDER_API_TOKEN."],
    [["--token", "t", "--port", "70000"], "--port must be an integer from 0 to 65535."],
    [["--token", "t", "--rate-limit", "0"], "--rate-limit must be an integer from 1 to 1000000."],
    [["--token", "t", "--verbose"], "Unknown option '--verbose'"],
  ])("should refuse %j", async (argv, message) => {
    const error = await runCli(argv, io().io).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliUsageError);
    expect((error as Error).message.startsWith(message)).toBe(true);
  });
});

describe("the bin's --detach (dist/emulator/cli.js, as npx runs it)", () => {
  const bin = join(ROOT, "dist/emulator/cli.js");
  const run = (args: string[]) =>
    spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: "utf8", timeout: 20_000 });

  test("returns once it listens, the emulator left running with its pid and log; kill stops it", async () => {
    const result = run([
      "--port",
      "0",
      "--token",
      TOKEN,
      "--detach",
      "--log",
      "e.log",
      "--pid-file",
      "e.pid",
    ]);
    const pid = Number(readFileSync(join(dir, "e.pid"), "utf8"));
    try {
      expect(result.status).toBe(0);
      const url = result.stdout.match(/listening on (http:\/\/127\.0\.0\.1:\d+) /)?.[1] as string;
      expect(result.stdout).toBe(
        `pulumi-sender emulator listening on ${url} in the background (pid ${pid}, its log in e.log); kill ${pid} stops it\n`,
      );
      expect((await fetch(`${url}/v2/plans`, { headers: auth })).status).toBe(200);
      expect(readFileSync(join(dir, "e.log"), "utf8")).toBe(`pulumi-sender emulator listening on ${url}\n`);
    } finally {
      process.kill(pid, "SIGTERM");
    }
  });

  test("a port in use fails with status 1 and one line naming it, and leaves nothing running", async () => {
    const holder = await start({ token: TOKEN });
    const result = run(["--port", String(holder.port), "--token", TOKEN, "--detach", "--pid-file", "e.pid"]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `pulumi-sender-emulator: cannot listen on 127.0.0.1:${holder.port}: port ${holder.port} is already in use (EADDRINUSE); stop what holds it, or pass another --port\n`,
    );
    expect(existsSync(join(dir, "e.pid"))).toBe(false);
  });

  test("--log without --detach is a usage error", () => {
    const result = run(["--token", TOKEN, "--log", "e.log"]);
    expect(result.status).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe("--log goes with --detach.");
  });
});
