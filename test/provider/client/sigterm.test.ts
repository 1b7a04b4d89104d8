import { spawn } from "node:child_process";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  abortRequestsInFlight,
  PacerRegistry,
  SenderClient,
  SenderNetworkError,
} from "../../../provider/client";
import { SIGTERM_EXIT_CODE } from "../../../provider/core/engine-watch";
import * as f from "./helpers/fixtures";
import { type HostileServer, startHostileServer } from "./helpers/hostile-server";

const ROOT = path.resolve(__dirname, "../../..");
const CHILD = path.join(__dirname, "helpers/sigterm-child.ts");

let server: HostileServer;

beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server.close());

function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      if (!condition()) return;
      clearInterval(poll);
      resolve();
    }, 20);
  });
}

describe("SIGTERM", () => {
  it("abortRequestsInFlight fails each request in flight with one line, not retried", async () => {
    server.answer({ kind: "trickle" });
    const before = server.requests.length;
    const pacers = new PacerRegistry();
    const client = new SenderClient({ baseUrl: server.url, apiToken: f.TOKEN, timeoutMs: 60_000, pacers });
    const call = client.getCampaign("b6gXkQ").catch((error: unknown) => error);
    await until(() => server.requests.length > before);
    // Another registry's clients are not this one's: nothing of theirs is in flight.
    expect(abortRequestsInFlight(new PacerRegistry(), "elsewhere")).toBe(0);
    expect(abortRequestsInFlight(pacers, "stopped: the process received SIGTERM")).toBe(1);
    const error = (await call) as SenderNetworkError;
    expect(error).toBeInstanceOf(SenderNetworkError);
    expect(error.message).toBe("GET /v2/campaigns/b6gXkQ failed: stopped: the process received SIGTERM");
    expect(error.attempts).toBe(1);
    expect(error.ambiguous).toBe(true);
    expect(server.requests.length - before).toBe(1);
    expect(abortRequestsInFlight(pacers, "again")).toBe(0);
  });

  it("ends a process whose request trickles, cutting the request and saying so in one line", async () => {
    server.answer({ kind: "trickle" });
    const before = server.requests.length;
    const child = spawn(process.execPath, ["-r", "ts-node/register", CHILD, server.url], {
      cwd: ROOT,
      env: { ...process.env, TS_NODE_TRANSPILE_ONLY: "1", TS_NODE_PROJECT: "tsconfig.spec.json" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on("close", (code, signal) => resolve({ code, signal })),
    );
    // A generous bound, so that a process that does not stop fails the test instead of hanging it.
    const guard = setTimeout(() => child.kill("SIGKILL"), 40_000);
    await Promise.race([until(() => server.requests.length > before), ended]);
    expect(server.requests.slice(before)).toEqual(["GET /v2/campaigns/b6gXkQ"]);
    child.kill("SIGTERM");
    const { code, signal } = await ended;
    clearTimeout(guard);
    expect({ code, signal }).toEqual({ code: SIGTERM_EXIT_CODE, signal: null });
    expect(stderr).toBe(
      "pulumi-sender: SIGTERM received; stopped 1 request in flight, whose outcome is unknown\n",
    );
    expect(stdout).toBe("");
    expect(stderr).not.toContain(f.TOKEN);
  }, 60_000);
});
