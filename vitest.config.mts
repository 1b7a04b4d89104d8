import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// The e2e files, longest first (seconds in a cold CI run at three lanes, b820a3a), so that the lanes
// end together: started late, a 100-second file left the last minutes of that run on one core.
// A file not listed (a new one) runs after these, in vitest's order.
const LONGEST_FIRST = [
  "release-rehearsal", // 572
  "exactly-once", // 498
  "reliability", // 349
  "native", // 324
  "adopt", // 312
  "gitops", // 270
  "sdk-packages", // 224
  "registry-examples", // 222 with Java (alone at load average 6 to 12, not yet in a CI run)
  "convert", // 217
  "door-parity", // 195 at load average 6 to 9 (not yet in a CI run)
  "package-install", // 179
  "ownership", // 155
  "quickstart", // 153
  "policy", // 120
  "preview-checks", // 112
  "package-types", // 104
  "templates", // 103
  "kept-campaign", // 102
  "sdks", // 97
  "config-errors", // 91
  "installed", // 78
  "single-campaign", // 64
  "yaml", // 57
  "engine-gone", // 45
  "python-no-config", // 40
  "variance", // 24
  "gitops-review", // 18
];

/** Vitest's order, with the files of {@link LONGEST_FIRST} moved to the front in that order. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/test/e2e/${name}.test.ts`));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: ["test/e2e/**", "node_modules/**"],
          testTimeout: 30_000,
          globalSetup: ["test/support/run-folder.ts"],
          // Two at a time, before the e2e files (groupOrder 0 then 1). With vitest's default on two
          // cores (one worker), the unit files made a group of their own that ran after every e2e
          // file, one by one: the last 190 s of a cold run, with half the cores idle.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          // Three files at a time: each runs its stacks one after another, against emulators,
          // backends, PULUMI_HOMEs and ports of its own, and much of their time is spent waiting
          // (paced and faulted requests, the engine's start-up, downloads): with two, a cold run
          // left a quarter of 2 cores idle for minutes.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          testTimeout: 600_000,
          hookTimeout: 600_000,
          globalSetup: ["test/support/run-folder.ts"],
        },
      },
    ],
  },
});
