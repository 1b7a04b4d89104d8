// Vitest's setup file for the unit lane (see test/support/unit-lane.ts): every command a unit file
// runs finds `go`, `pulumi` and `mvn` only as stubs, and a file that reached one fails, naming the
// calls, even when the file itself tolerated the failed command.
import * as fs from "node:fs";
import { afterAll, expect, inject } from "vitest";

const lane = inject("unitLane");
process.env.PATH = lane.path;
// Setup files run again before each test file, in its worker: the stubs name the file that ran them.
const file = expect.getState().testPath ?? "";
process.env.PULUMI_SENDER_UNIT_FILE = file;

afterAll(() => {
  const calls = fs
    .readFileSync(lane.calls, "utf8")
    .split("\n")
    .filter((line) => line.startsWith(`${file}\t`))
    .map((line) => line.slice(file.length + 1));
  if (calls.length > 0)
    throw new Error(
      `a unit-lane file ran ${calls.join("; ")}: the unit lane has no go, pulumi or mvn; list the file in INTEGRATION (vitest.config.mts)`,
    );
});
