// The drift check's reason when the check itself fails: under `--json` the engine writes its errors
// into the output's diagnostics and nothing on stderr. The fixture is the engine's output of a
// refreshing preview with the service unreachable (steps trimmed to what the check reads).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { driftedResources, failureReason, runDriftCheck } from "../../examples/gitops/drift";
import { ROOT } from "../support/root";

const UNREACHABLE = fs.readFileSync(path.join(ROOT, "test/fixtures/drift-unreachable.json"), "utf8");
const REASON =
  "read Campaign hcPg3r failed: GET /v2/campaigns/hcPg3r failed: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:47311";
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-drift-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("the drift check's failure reason", () => {
  test("names the resource's error from the JSON diagnostics, not the engine's closing line", () => {
    expect(failureReason(UNREACHABLE, "")).toBe(REASON);
    expect(driftedResources(JSON.parse(UNREACHABLE).steps)).toEqual([]);
  });

  test("several resources failing: the first one's error and how many more", () => {
    const several = JSON.stringify({
      steps: [],
      diagnostics: [
        {
          urn: "urn:a",
          message: "error: Preview failed: read Campaign a1 failed: boom\n",
          severity: "error",
        },
        { message: "error: preview failed\n", severity: "error" },
        { urn: "urn:b", message: "error: Preview failed: read Webhook b1 failed: boom\n", severity: "error" },
        { urn: "urn:c", message: "warning: slow\n", severity: "warning" },
      ],
    });
    expect(failureReason(several, "")).toBe("read Campaign a1 failed: boom (and 1 more errors)");
  });

  test("falls back to the engine's own line, then to stderr when the output is not JSON", () => {
    const engineOnly = JSON.stringify({
      steps: [],
      diagnostics: [{ message: "error: preview failed\n", severity: "error" }],
    });
    expect(failureReason(engineOnly, "")).toBe("preview failed");
    expect(failureReason("", "some noise\nerror: no stack named 'prod' found\n")).toBe(
      "no stack named 'prod' found",
    );
  });

  test("npm run drift's check exits 2 with one line naming the cause", async () => {
    // A `pulumi` that prints what the real one printed with the service down, and fails as it did.
    const bin = path.join(scratch, "bin");
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(scratch, "out.json"), UNREACHABLE);
    fs.writeFileSync(path.join(bin, "pulumi"), `#!/bin/sh\ncat "${scratch}/out.json"\nexit 1\n`, {
      mode: 0o755,
    });
    const result = await runDriftCheck({
      cwd: scratch,
      stack: "prod",
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
    expect(result).toEqual({ code: 2, drifted: [], summary: `drift: the check failed: ${REASON}` });
  });
});
