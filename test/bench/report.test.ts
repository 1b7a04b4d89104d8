import { describe, expect, test } from "vitest";
import { goalRows, mergeResults, renderGoals, terraformRows } from "../../bench/report";

const summary = (median: number, samples = [median]) => ({
  median,
  min: Math.min(...samples),
  max: Math.max(...samples),
  samples,
});

/** A `terraform` part of a results file, as bench/run.ts writes it (one count, figures chosen). */
const TERRAFORM = {
  tofu: "1.12.6",
  parallelism: 10,
  loadAverage: { before: [1, 1, 1], after: [2, 1, 1] },
  startup: {
    rounds: 3,
    loadAverage: { before: [1.5, 1.2, 1], after: [1.6, 1.2, 1] },
    ours: { ...summary(0.16, [0.15, 0.16, 0.17]), cpuSeconds: summary(0.12) },
    floor: { ...summary(0.012, [0.011, 0.012, 0.013]), cpuSeconds: summary(0.01) },
    node: summary(0.02, [0.019, 0.02, 0.021]),
    nodeLine: { ...summary(0.03), cpuSeconds: summary(0.03) },
    oursOverNode: 8,
    oursCpuOverNodeLine: 4,
    oursOverFloor: 0.16 / 0.012,
  },
  "100": {
    resources: 100,
    rounds: 3,
    loadAverage: { before: [2, 1, 1], after: [3, 2, 1] },
    ratios: { apply: 2.5, plan: 6.25, destroy: 2.51 },
    ours: { apply: summary(5), plan: summary(2.5), destroy: summary(5.02) },
    floor: { apply: summary(2), plan: summary(0.4), destroy: summary(2) },
    counted: {
      ours: {
        applyRequests: 303,
        creates: 100,
        requestsPerCreate: 3.03,
        planRequests: 101,
        peakProviderMb: { apply: 128, plan: 118, destroy: 124 },
      },
      floor: {
        applyRequests: 0,
        creates: 0,
        requestsPerCreate: null,
        planRequests: 0,
        peakProviderMb: { apply: 30, plan: 28, destroy: 29 },
      },
    },
  },
};

describe("the Terraform door's rows of the goals table (issue 56)", () => {
  test("start-up against bare node, apply and destroy against the floor and the plan's requests at 100 are goals; the rest is reported", () => {
    expect(
      terraformRows(TERRAFORM).map((r) => [r.measure, r.goal, r.measured, r.samples, r.load, r.status]),
    ).toEqual([
      [
        "Terraform door start-up, spawn to handshake line (median, the shipped linux-amd64 executable, AutoMTLS)",
        "≤ 8× bare `node -e 0`",
        "8.0× (0.160 s against 0.020 s); Go floor 0.012 s; CPU to the line 4.0× bare node's to its first line (0.120 s against 0.030 s)",
        "3",
        "1.5 1.2 1 → 1.6 1.2 1",
        "met",
      ],
      [
        "`tofu apply` of 100 titled sender_campaign against the Go floor's 100 floor_thing",
        "≤ 2.5",
        "2.50 (5.00 s against 2.00 s)",
        "3 rounds",
        "2 1 1 → 3 2 1",
        "met",
      ],
      [
        "`tofu destroy` of 100 titled sender_campaign against the Go floor's 100 floor_thing",
        "≤ 2.5",
        "2.51 (5.02 s against 2.00 s)",
        "3 rounds",
        "2 1 1 → 3 2 1",
        "**not met**",
      ],
      [
        "`tofu plan` (unchanged) of 100 titled sender_campaign against the Go floor's 100 floor_thing",
        "(reported)",
        "6.25 (2.50 s against 0.40 s)",
        "3 rounds",
        "2 1 1 → 3 2 1",
        "–",
      ],
      [
        "requests of an unchanged `tofu plan` of 100 campaigns (the emulator's request log)",
        "≤ 5",
        "101",
        "1 plan",
        "2 1 1 → 3 2 1",
        "**not met**",
      ],
      [
        "requests per create, `tofu apply` of 100 titled campaigns; peak provider memory (ours; the floor's)",
        "(reported)",
        "3.03 (303 for 100); 128 MB (30 MB)",
        "1 apply",
        "2 1 1 → 3 2 1",
        "–",
      ],
    ]);
  });

  test("start-up within 8× node's wall time but not its CPU is not met", () => {
    const startup = { ...TERRAFORM.startup, oursOverNode: 7.9, oursCpuOverNodeLine: 10.9 };
    const [row] = terraformRows({ ...TERRAFORM, startup });
    expect([row!.measured, row!.status]).toEqual([
      "7.9× (0.160 s against 0.020 s); Go floor 0.012 s; CPU to the line 10.9× bare node's to its first line (0.120 s against 0.030 s)",
      "**not met**",
    ]);
  });

  test("another count is reported, not judged", () => {
    const { "100": at100, ...rest } = TERRAFORM;
    const rows = terraformRows({ ...rest, "1000": { ...at100, resources: 1000 } });
    expect(rows.slice(1).map((r) => [r.goal, r.status])).toEqual([
      ["(reported)", "–"],
      ["(reported)", "–"],
      ["(reported)", "–"],
      ["(reported)", "–"],
      ["(reported)", "–"],
    ]);
    expect(rows[1]!.measure).toBe(
      "`tofu apply` of 1,000 titled sender_campaign against the Go floor's 1,000 floor_thing",
    );
  });

  test("without the part, one row says it was not measured", () => {
    expect(terraformRows(undefined)).toEqual([
      {
        measure: "Terraform door (start-up, apply, plan, destroy against the Go floor)",
        goal: "≤ 8× node; ≤ 2.5 each; ≤ 5 requests",
        measured: "not measured in this run",
        samples: "–",
        load: "–",
        status: "–",
      },
    ]);
  });

  test("the goals table carries them after the plugin's tarball", () => {
    const measures = goalRows({ terraform: TERRAFORM }).map((r) => r.measure);
    const at = measures.indexOf(
      "Terraform door start-up, spawn to handshake line (median, the shipped linux-amd64 executable, AutoMTLS)",
    );
    expect(measures[at - 1]).toBe("plugin tarball, without the Node.js runtime");
  });
});

describe("a full run's results with an --only run's parts", () => {
  const full = {
    date: "2026-11-26T01:56:13.757Z",
    mode: "quick",
    cpus: 2,
    node: "v24.21.0",
    loadAverage: [0.7, 1.1, 1.4],
    totalSeconds: 747,
    clientOverhead: {
      requests: 10_000,
      concurrency: 8,
      clientSeconds: [1],
      medianRatio: 1.03,
      loadAverage: [1, 1, 1],
    },
    terraform: { old: true },
  };
  const only = {
    date: "2026-12-07T19:30:00.000Z",
    mode: "quick",
    cpus: 2,
    node: "v24.21.0",
    loadAverage: [3, 3, 3],
    totalSeconds: 600,
    terraform: TERRAFORM,
  };

  test("take the later file's parts, keep the first's run, and note where each part came from", () => {
    const merged = mergeResults(full, [{ source: "bench/results-terraform.json", results: only }]);
    expect(merged).toEqual({
      ...full,
      terraform: TERRAFORM,
      mergedParts: [
        {
          source: "bench/results-terraform.json",
          date: "2026-12-07T19:30:00.000Z",
          mode: "quick",
          parts: ["terraform"],
        },
      ],
    });
    expect(full.terraform).toEqual({ old: true });
  });

  test("the head names the first file's run and the merged part's file", () => {
    const merged = mergeResults(full, [{ source: "bench/results-terraform.json", results: only }]);
    const head = renderGoals(merged).split("\n")[0];
    expect(head).toMatch(
      /^From `bench\/results\.json` of 2026-11-26T01:56:13\.757Z \(quick, 2 cores, Node\.js v24\.21\.0, load average 0\.7 1\.1 1\.4 at the start, 747 s in all\)\. The `terraform` rows are from `bench\/results-terraform\.json` of 2026-12-07T19:30:00\.000Z \(quick\)\. \d+ met, \d+ not met\.$/,
    );
  });
});
