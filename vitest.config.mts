import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// The e2e files, longest first (seconds in the cold CI run of 6c67151 at three lanes, 1,521 s in all),
// so that the lanes end together: started late, a 100-second file leaves the last minutes of a run on
// one core. A file not listed (a new one) runs after these, in vitest's order.
const LONGEST_FIRST = [
  "release-rehearsal", // 410
  // OpenTofu 1.10.10 built in its beforeAll when not cached (minutes cold), then 6 tests in about 7 s.
  "terraform-older-engine",
  "exactly-once", // 307
  "reliability", // 280
  "door-parity", // 192
  "groups", // 177
  "policy", // 145
  "registry-examples", // 131
  "convert", // 112
  "terraform-mirror", // 107
  "ownership", // 91
  "native", // 83
  "sdk-packages", // 82
  "terraform-plans", // 79
  "adopt", // 67
  "quickstart", // 62
  "gitops", // 60
  "package-install", // 56
  "preview-checks", // 54
  "plans-converge", // 42
  "campaign-proof", // 39
  "failing-outputs", // 38
  "yaml", // 36
  "templates", // 32
  "campaign-parts", // 32
  "stack-place", // 31
  "kept-campaign", // 31
  "package-types", // 28
  "config-errors", // 28
  "engine-gone", // 28
  "upgrade", // 27
  "dialects", // 26
  "sdks", // 25
  "state-move", // 25
  "installed", // 23
  "terraform-bun", // 21
  "single-campaign", // 17
  "stack-wide-guards", // 16
  "replacement", // 16
  "terraform-engines", // 15
  "terraform-door", // 15
  "plugin-pulumi-versions", // 14
  "content-checks", // 13
  "bad-input", // 12
  "debug-grpc", // 10
  "gitops-review", // 9
  "python-no-config", // 9
  "variance", // 5
  "example-locks", // 5
  "terraform-validate", // 2
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

// The integration lane: the files outside test/e2e/ that build with Go or Maven, run the Pulumi CLI
// or its build (scripts/pulumi-cli.sh), run `npm pack` or install from a registry. A list here
// rather than a suffix or a folder: test/ keeps mirroring the source tree, and moving a file
// between lanes changes no path. Every other file outside test/e2e/ is the unit lane's, where
// test/support/unit-lane.ts fails a file that runs go, pulumi or mvn.
const INTEGRATION = [
  "test/package/node-version.test.ts", // an older Node.js, from the npm registry when /usr/bin/node is new
  "test/package/pack.test.ts", // npm pack of a fresh clone, whose prepack builds dist
  "test/package/shim.test.ts", // scripts/pulumi-cli.sh builds the Pulumi CLI with Go
  "test/policy/package.test.ts", // scripts/policy-pack.sh: npm pack of the policy pack
  "test/structure/release-workflow.test.ts", // scripts/actionlint.sh builds actionlint with Go
  "test/package/terraform-zip.test.ts", // builds tools/tf-launcher with Go
];

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: ["test/e2e/**", "node_modules/**", ...INTEGRATION],
          testTimeout: 30_000,
          globalSetup: ["test/support/run-folder.ts", "test/support/unit-lane.ts"],
          setupFiles: ["test/support/unit-lane-guard.ts"],
          // Two at a time, before the e2e files (groupOrder 0 then 1). With vitest's default on two
          // cores (one worker), the unit files made a group of their own that ran after every e2e
          // file, one by one: the last 190 s of a cold run, with half the cores idle.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "integration",
          include: INTEGRATION,
          // Until these files left the unit lane (their builds run for minutes on a cold cache), they
          // ran in its group: sharing the group and its two workers, a whole run schedules them as
          // before and the e2e files still start after both.
          testTimeout: 30_000,
          globalSetup: ["test/support/run-folder.ts"],
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
          globalSetup: ["test/support/run-folder.ts", "test/support/left-behind.ts"],
        },
      },
    ],
  },
});
