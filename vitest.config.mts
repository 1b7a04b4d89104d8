import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// The e2e files, longest first (seconds in a cold CI run at three lanes, b820a3a), so that the lanes
// end together: started late, a 100-second file left the last minutes of that run on one core.
// A file not listed (a new one) runs after these, in vitest's order.
const LONGEST_FIRST = [
  "release-rehearsal", // 572
  "exactly-once", // 498
  // 9 rows through 3 doors (the Terraform door's rows included): 379 s alone at load average 6 to 9.
  "door-parity", // 379
  "reliability", // 349
  "native", // 324
  "terraform-door", // 220 at load average 20, 428 at 30 to 40 (OpenTofu cached; its cold build is about 5 min more), not yet in a CI run
  "adopt", // 312
  "gitops", // 270
  "failing-outputs", // 240 to 460 under load (ten previews), not yet in a CI run
  "plugin-pulumi-versions", // 235 under load (two installs and the bundle), not yet in a CI run
  "sdk-packages", // 224
  "registry-examples", // 222 with Java (alone at load average 6 to 12, not yet in a CI run)
  "convert", // 217
  "terraform-mirror", // 217 at load average 25 (the plugin archive, its zip, two inits, three plans, apply, destroy), not yet in a CI run
  // Two OpenTofu workspaces' applies and plans, then a YAML stack's ups, imports and previews; not yet measured in a CI run.
  "plans-converge",
  "upgrade", // 188 alone at load average 3 to 6 (its pack and install included), not yet in a CI run
  // 125 to 145 alone at load average 4 to 6 (six Pulumi stacks, Java's 39 to 53 of it, and OpenTofu), not yet in a CI run
  "groups",
  "package-install", // 179
  "ownership", // 155
  "stack-place", // not yet measured in a CI run: four stacks
  "bad-input", // not yet measured in a CI run: four previews
  "stack-wide-guards", // 205 at load average 20 to 45 (the Java build 124 of it), not yet in a CI run
  "quickstart", // 153
  "policy", // 120
  "campaign-proof", // 517 at load average 25 beside another e2e file (two families, the plugin tarball), not yet in a CI run
  "preview-checks", // 112
  "package-types", // 104
  "templates", // 103
  "kept-campaign", // 102
  "sdks", // 97
  "config-errors", // 91
  "installed", // 78
  "single-campaign", // 64
  "yaml", // 57
  "campaign-parts", // 33 alone here (OpenTofu and the Pulumi CLI cached), not yet in a CI run
  // 49 with its bun build (cold) at load average 11, 57 to 66 with it cached at 11 to 16 (OpenTofu cached), not yet in a CI run
  "terraform-bun",
  "terraform-engines", // 53 alone at load average 10 (OpenTofu 1.12.6 cached), not yet in a CI run
  "engine-gone", // 45
  "debug-grpc", // 36
  "python-no-config", // 40
  "variance", // 24
  "dialects", // 23 alone here (OpenTofu and the Pulumi CLI cached), not yet in a CI run
  "example-locks", // 22 alone here (its pack included), not yet in a CI run
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
