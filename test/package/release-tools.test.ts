// npm run release names a tool it needs and the machine lacks in one line, before it builds
// anything: here python3 (the Python SDK's wheel) or mvn (the Java SDK's Maven build), each left
// off a PATH that has every other command.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, expect, test } from "vitest";
import { ROOT } from "../support/root";

const bins: string[] = [];
afterAll(() => {
  for (const bin of bins) fs.rmSync(bin, { recursive: true, force: true });
});

/** The folder of the machine's `go` (the Terraform provider's Windows executable needs it). */
const GO_DIR = path.dirname(
  spawnSync("bash", ["-c", "command -v go"], { encoding: "utf8" }).stdout.trim() || "/usr/local/go/bin/go",
);

/** scripts/release.sh on a PATH of Node's and Go's folders, /usr/local/bin, /usr/bin and /bin but the names `left` matches. */
function releaseWithout(left: RegExp) {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-release-tools-"));
  bins.push(bin);
  for (const dir of [path.dirname(process.execPath), GO_DIR, "/usr/local/bin", "/usr/bin", "/bin"]) {
    for (const name of fs.readdirSync(dir)) {
      if (left.test(name) || fs.existsSync(path.join(bin, name))) continue;
      fs.symlinkSync(path.join(dir, name), path.join(bin, name));
    }
  }
  const marker = path.join(ROOT, "dist/release");
  const before = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : undefined;
  const run = spawnSync("bash", [path.join(ROOT, "scripts/release.sh")], {
    cwd: ROOT,
    env: {
      HOME: os.homedir(),
      PATH: bin,
      XDG_CACHE_HOME: process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"),
    },
    encoding: "utf8",
    // Were the check missing, the release would build for minutes: stop it and fail.
    timeout: 120_000,
  });
  const after = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : undefined;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, touched: after !== before };
}

test("without python3 on PATH: exit 1, one line naming it and what needs it, and no release folder touched", () => {
  expect(releaseWithout(/^python/)).toEqual({
    status: 1,
    stdout: "",
    stderr:
      "release: the Python SDK's wheel and sdist needs python3, which is not on PATH: install it, then run npm run release again\n",
    touched: false,
  });
});

test("without mvn on PATH: exit 1, one line naming it and what needs it, and no release folder touched", () => {
  expect(releaseWithout(/^mvn/)).toEqual({
    status: 1,
    stdout: "",
    stderr:
      "release: the Java SDK's Maven build needs mvn, which is not on PATH: install it, then run npm run release again\n",
    touched: false,
  });
});

test("without go on PATH: exit 1, one line naming it and what needs it, and no release folder touched", () => {
  expect(releaseWithout(/^go/)).toEqual({
    status: 1,
    stdout: "",
    stderr:
      "release: the Terraform provider's Windows executable (tools/tf-launcher) needs go, which is not on PATH: install it, then run npm run release again\n",
    touched: false,
  });
});
