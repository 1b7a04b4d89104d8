import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator/server";
import { main } from "../../smoke/index";
import { type CannedServer, startCannedServer } from "../provider/client/helpers/canned-server";

const TOKEN = "smoke-token-Wd3Kp7";
const ROOT = path.resolve(__dirname, "../..");

let emulator: RunningEmulator;
const admin = async (method: string, route: string, body?: unknown) =>
  (
    await fetch(`${emulator.url}/__emulator/${route}`, {
      method,
      headers: { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  ).json() as Promise<any>;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN, variance: true });
});
afterAll(async () => {
  await emulator.close();
});

async function run(argv: string[], env: Record<string, string | undefined>) {
  const lines: string[] = [];
  const code = await main(argv, env, (line) => lines.push(line));
  return { code, lines };
}

describe("npm run smoke against the emulator in variance mode", () => {
  test("read-only: plans, campaigns, one campaign, the account; every answer accepted; nothing changed", async () => {
    await admin("POST", "reset");
    const before = await admin("GET", "state");
    const { code, lines } = await run([], { SENDER_API_TOKEN: TOKEN, SENDER_BASE_URL: emulator.url });
    expect(lines).toEqual([
      `smoke run against ${emulator.url} (read-only)`,
      "GET /v2/plans -> 200 accepted",
      "GET /v2/campaigns -> 200 accepted",
      "GET /v2/campaigns/vrn001 -> 200 accepted",
      "GET /v2/active_subscribers -> 200 accepted",
      "4 calls, 4 accepted, 0 failed or rejected",
    ]);
    expect(code).toBe(0);
    expect((await admin("GET", "requests")).requests.map((r: any) => r.method)).toEqual([
      "GET",
      "GET",
      "GET",
      "GET",
    ]);
    expect(await admin("GET", "state")).toEqual(before);
  });

  test("--write: one DRAFT made, read, renamed and deleted; never scheduled or sent", async () => {
    await admin("POST", "reset");
    const { code, lines } = await run(["--write"], {
      SENDER_API_TOKEN: TOKEN,
      SENDER_BASE_URL: emulator.url,
    });
    expect(code).toBe(0);
    const requests = (await admin("GET", "requests")).requests.map(
      (r: any) => `${r.method} ${r.path} ${r.status}`,
    );
    const id = /^POST \/v2\/campaigns -> 201 accepted$/.test(lines[6] ?? "")
      ? requests
          .find(
            (r: string) =>
              r.startsWith("GET /v2/campaigns/") && !r.includes("vrn001") && !r.includes("prefill"),
          )
          ?.split(" ")[1]
          ?.split("/")[3]
      : undefined;
    expect(id).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(lines.slice(5)).toEqual([
      "GET /v2/campaigns/prefill -> 200 accepted",
      "POST /v2/campaigns -> 201 accepted",
      `GET /v2/campaigns/${id} -> 200 accepted`,
      `PATCH /v2/campaigns/${id} -> 200 accepted`,
      `GET /v2/campaigns/${id} -> 200 accepted`,
      // Variance mode answers a successful delete with 204 and no body.
      `DELETE /v2/campaigns -> 204 accepted`,
      "10 calls, 10 accepted, 0 failed or rejected",
    ]);
    expect(requests.filter((r: string) => /\/(send|schedule|send_test_email)\b/.test(r))).toEqual([]);
    const state = await admin("GET", "state");
    expect(state.campaigns.map((c: any) => c.id).sort()).toEqual(["snt001", "vrn001"]);
    expect(state.messages).toEqual([]);
  });

  test("exits 1 and names the call when the reader rejects an answer", async () => {
    const canned: CannedServer = await startCannedServer();
    canned.handle((request) =>
      request.url === "/v2/plans"
        ? { body: { data: [{ name: "no id" }] } }
        : { status: 500, body: { message: "down" } },
    );
    const { code, lines } = await run([], { SENDER_API_TOKEN: TOKEN, SENDER_BASE_URL: canned.url });
    await canned.close();
    expect(code).toBe(1);
    expect(lines[1]).toBe(
      "GET /v2/plans -> 200 rejected: GET /v2/plans answered 200 with an unexpected body: data.0.id: Invalid input",
    );
    expect(lines[2]).toBe("GET /v2/campaigns -> 500 failed: GET /v2/campaigns failed with 500: down");
    expect(lines.join("\n")).not.toContain(TOKEN);
  });

  test("refuses to run without a token, and on an unknown flag", async () => {
    expect((await run([], {})).code).toBe(2);
    expect((await run(["--send"], { SENDER_API_TOKEN: TOKEN })).code).toBe(2);
  });

  test("scripts/smoke.sh runs the built command", async () => {
    await admin("POST", "reset");
    const { stdout } = await promisify(execFile)("bash", ["scripts/smoke.sh"], {
      cwd: ROOT,
      env: { ...process.env, SENDER_API_TOKEN: TOKEN, SENDER_BASE_URL: emulator.url },
    });
    expect(stdout.trim().split("\n").at(-1)).toBe("4 calls, 4 accepted, 0 failed or rejected");
  });
});
