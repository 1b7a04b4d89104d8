// The unit lane's PATH (test/support/unit-lane.ts): go, pulumi and mvn there are stubs that fail and
// record the call, which test/support/unit-lane-guard.ts turns into a failed file.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, inject, test } from "vitest";

const lane = inject("unitLane");

test.each(["go", "pulumi", "mvn"])(
  "%s on the unit lane's PATH is the stub: exit 127, one line, the call recorded",
  (name) => {
    expect(process.env.PATH).toBe(lane.path);
    // Named as a file of its own, so that the guard does not fail this one for the probe.
    const probe = `probe of ${name}`;
    const run = spawnSync("sh", ["-c", `command -v ${name} && ${name} version`], {
      encoding: "utf8",
      env: { ...process.env, PULUMI_SENDER_UNIT_FILE: probe },
    });
    expect(run.status).toBe(127);
    expect(run.stdout).toBe(`${path.join(lane.path, name)}\n`);
    expect(run.stderr).toBe(
      `unit lane: ${name} is not on the unit lane's PATH: move this file to the integration lane (vitest.config.mts)\n`,
    );
    expect(fs.readFileSync(lane.calls, "utf8").split("\n")).toContain(`${probe}\t${name} version`);
  },
);

test("every other command of the caller's PATH is there, as a link", () => {
  for (const name of ["node", "npm", "git", "bash"])
    expect(fs.lstatSync(path.join(lane.path, name)).isSymbolicLink()).toBe(true);
});
