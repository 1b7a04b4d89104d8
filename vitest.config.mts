import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// The e2e files that take longest (paced and faulted requests, the release with its registries,
// many stacks), started first so that the e2e lanes end together; the rest keep vitest's order.
const LONGEST_FIRST = [
  "exactly-once",
  "release-rehearsal",
  "reliability",
  "adopt",
  "convert",
  "package-install",
  "native",
  "sdk-packages",
  "gitops",
  "quickstart",
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
          testTimeout: 600_000,
          hookTimeout: 600_000,
          globalSetup: ["test/support/run-folder.ts"],
        },
      },
    ],
  },
});
