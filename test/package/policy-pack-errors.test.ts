// scripts/policy-pack.sh prints only the tarball's path on stdout: a compiler error goes to stderr
// with a line of its own and a failed exit, so that npm run release (which takes the last line of
// stdout as the path) stops there instead of copying "policy/src/…: error TS…" as a file name.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ROOT } from "../support/root";

const copy = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-policy-broken-"));
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));
// The copy shares the checkout's policy/node_modules: installed here first, as the set-up does
// (scripts/env.sh's stamp), so that the script in the copy never runs `npm ci` through the link and
// empties the checkout's. A no-op after the set-up.
beforeAll(() => {
  const deps = spawnSync("bash", ["-c", 'source scripts/env.sh && pulumi_sender_policy_deps "$PWD"'], {
    cwd: ROOT,
    encoding: "utf8",
  });
  expect(deps.status).toBe(0);
}, 300_000);

test("a pack that does not compile: exit 1, nothing on stdout, the compiler's error and one line on stderr", () => {
  for (const item of ["scripts", "policy", "tsconfig.base.json", "LICENSE", "package.json"])
    fs.cpSync(path.join(ROOT, item), path.join(copy, item), {
      recursive: true,
      filter: (from) => !from.includes(`${path.sep}node_modules`) && !from.endsWith(`${path.sep}dist`),
    });
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
  fs.symlinkSync(path.join(ROOT, "policy/node_modules"), path.join(copy, "policy/node_modules"));
  fs.appendFileSync(
    path.join(copy, "policy/src/index.ts"),
    "\nexport const broken: number = 'not a number';\n",
  );
  const run = spawnSync("bash", [path.join(copy, "scripts/policy-pack.sh")], {
    cwd: copy,
    // A cache of its own: no pack built before may stand in for this one.
    env: { ...process.env, XDG_CACHE_HOME: path.join(copy, "cache") },
    encoding: "utf8",
  });
  expect(run.status).toBe(1);
  expect(run.stdout).toBe("");
  expect(run.stderr).toMatch(/policy\/src\/index\.ts\(\d+,\d+\): error TS2322: /);
  expect(run.stderr.trim().split("\n").at(-1)).toBe("policy-pack: the policy pack does not compile (above)");
});
