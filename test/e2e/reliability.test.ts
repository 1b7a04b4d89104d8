import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { copyProgram, createStack, type EmulatorHandle, emulator, type StackHandle } from "../support/stack";

const TOKEN = "tok-e2e-fleet-Rt6Y1uIo";
const SEEDED_CAMPAIGNS = new Set(["snt001"]);
const SEEDED_TRANSACTIONAL = new Set(["trn001", "trn002"]);

// Every path but the webhook create: the API has no way to look a webhook up, so after an
// ambiguous failure there is nothing safe to do but fail (see the Webhook docs). Everything else
// must converge through retries and duplicate-safe creates.
const FAULTABLE = "^/v2/(?!account/webhooks$)";
const FAULT_MIX = [
  // The hardest case, made certain: creates whose change is committed but whose answer is lost.
  { kind: "drop-after", method: "POST", path: "^/v2/campaigns$", count: 2 },
  { kind: "drop-after", method: "POST", path: "^/v2/transactional$", count: 1 },
  { kind: "status", status: 429, rate: 0.04, seed: 11 },
  { kind: "status", status: 500, rate: 0.03, seed: 12 },
  { kind: "status", status: 502, rate: 0.03, seed: 13 },
  { kind: "status", status: 503, rate: 0.03, seed: 14 },
  { kind: "latency", latencyMs: 300, rate: 0.03, seed: 15 },
  { kind: "drop-before", rate: 0.02, seed: 16 },
  { kind: "drop-after", rate: 0.02, seed: 5 },
].map((rule) => ({ path: FAULTABLE, ...rule }));

interface Census {
  duplicates: number;
  missing: number;
  extra: number;
}

/** Compares what the emulator holds with what the fleet program declares. */
function census(state: any): Census {
  const expected = {
    campaigns: Array.from({ length: 9 }, (_, i) => `Fleet campaign ${i}`),
    transactional: Array.from({ length: 7 }, (_, i) => `Fleet transactional ${i}`),
    webhooks: Array.from({ length: 7 }, (_, i) => `https://hooks.example.com/fleet/${i}`),
  };
  const actual = {
    campaigns: state.campaigns.filter((c: any) => !SEEDED_CAMPAIGNS.has(c.id)).map((c: any) => c.title),
    transactional: state.transactional
      .filter((t: any) => !SEEDED_TRANSACTIONAL.has(t.id))
      .map((t: any) => t.title),
    webhooks: state.webhooks.map((w: any) => w.url),
  };
  let duplicates = 0;
  let missing = 0;
  let extra = 0;
  for (const kind of ["campaigns", "transactional", "webhooks"] as const) {
    for (const name of expected[kind]) {
      const n = actual[kind].filter((a: string) => a === name).length;
      if (n === 0) missing++;
      if (n > 1) duplicates += n - 1;
    }
    extra += actual[kind].filter((a: string) => !expected[kind].includes(a)).length;
  }
  return { duplicates, missing, extra };
}

function grepTree(dir: string, needle: string): string[] {
  const hits: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.readFileSync(file).includes(needle)) hits.push(file);
  }
  return hits;
}

describe("a 50-resource stack under 20% faults", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;
  beforeAll(async () => {
    emu = await emulator(TOKEN);
    // Short attempts: after an ambiguous create the provider looks for a late commit for one
    // attempt timeout (30 s by default).
    // More attempts than the default 5: about 17% of requests fail here, so 5 failures in a row
    // end a request about once in 7,000 (0.17^5), which over the up's ~260 and the destroy's ~100
    // requests failed about one CI run in twenty (a DELETE met five in a row once). With 8 it is
    // once in 1.4 million (docs/configuration.md: `sender:maxAttempts`).
    h = await createStack(copyProgram("test/e2e/programs/fleet", "fleet-faults"), emu, {
      "sender:requestTimeoutSeconds": "3",
      "sender:maxAttempts": "8",
    });
    await emu.admin("POST", "faults", { rules: FAULT_MIX });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("the first up succeeds and the emulator holds exactly the stack's objects", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 52 });
    const state = await emu.state();
    const counts = census(state);
    const rules = (await emu.admin("GET", "faults")).rules as Array<{
      kind: string;
      status?: number;
      hits: number;
    }>;
    const faulted = rules.reduce((n, r) => n + r.hits, 0);
    const requests = (await emu.requests()).length;
    console.log(
      `faults during up: ${faulted} of ${requests} requests (${rules.map((r) => `${r.kind}${r.status ?? ""}=${r.hits}`).join(", ")}); census ${JSON.stringify(counts)}`,
    );
    expect(counts).toEqual({ duplicates: 0, missing: 0, extra: 0 });
    // The faults really happened: every kind fired, and at least one request in ten was faulted.
    expect(rules.filter((r) => r.hits === 0)).toEqual([]);
    expect(faulted).toBeGreaterThanOrEqual(Math.floor(requests / 10));
    for (const id of up.outputs.campaignIds!.value as string[]) {
      const campaign = state.campaigns.find((c: any) => c.id === id);
      expect([campaign.status, campaign.auto_followup_active, campaign.auto_followup_delay]).toEqual([
        "SCHEDULED",
        1,
        24,
      ]);
      expect(state.targeting[id].exclude_tags.map((t: any) => t.id)).toEqual(["tag004"]);
    }
  });

  test("refresh --expect-no-changes passes, still under faults", async () => {
    const refresh = await h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput });
    expect(refresh.summary.result).toBe("succeeded");
  });

  test("destroy leaves nothing of the stack behind, still under faults", async () => {
    await h.stack.destroy({ onOutput: h.onOutput });
    const state = await emu.state();
    expect(state.campaigns.map((c: any) => c.id)).toEqual(["snt001"]);
    expect(state.webhooks).toEqual([]);
    // Transactional campaigns stay: the API cannot delete them (documented).
    expect(
      state.transactional
        .filter((t: any) => !SEEDED_TRANSACTIONAL.has(t.id))
        .map((t: any) => t.title)
        .sort(),
    ).toEqual(Array.from({ length: 7 }, (_, i) => `Fleet transactional ${i}`));
  });

  test("the token is in no state file, no engine output and no request log", async () => {
    expect(grepTree(path.dirname(h.backend), TOKEN)).toEqual([]);
    expect(grepTree(h.dir, TOKEN)).toEqual([]);
    expect((await h.exportState()).includes(TOKEN)).toBe(false);
    expect(h.output.join("").includes(TOKEN)).toBe(false);
    expect(JSON.stringify(await emu.requests()).includes(TOKEN)).toBe(false);
  });
});

describe("the same stack under a 60-per-minute limit", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;
  beforeAll(async () => {
    emu = await emulator(TOKEN, { rateLimitPerMinute: 60 });
    h = await createStack(copyProgram("test/e2e/programs/fleet", "fleet-paced"), emu);
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("up and destroy complete with zero 429 answers", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 52 });
    expect(census(await emu.state())).toEqual({ duplicates: 0, missing: 0, extra: 0 });
    await h.stack.destroy({ onOutput: h.onOutput });
    const log = await emu.requests();
    console.log(
      `paced at 60/min: ${log.length} requests, ${log.filter((r) => r.status === 429).length} answered 429`,
    );
    expect(log.filter((r) => r.status === 429)).toEqual([]);
    expect(log.length).toBeGreaterThan(60);
  });
});
