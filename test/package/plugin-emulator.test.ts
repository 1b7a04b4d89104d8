import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ROOT } from "../support/root";

// `pulumi-resource-sender emulator`: the emulator from the plugin's own bundle, as a Java, Python,
// Go or YAML user starts it. The bundle runs on the cached Node.js called by its absolute path (as
// the tarball's launcher calls node/bin/node), with a PATH that holds no `node`: nothing of the
// checkout's node_modules, and no Node.js of the user's.
const TOKEN = "tok-plugin-emulator-Qm4Wz8";

let dir: string;
let nodeless: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-plugin-emulator-"));
  const built = spawnSync(
    process.execPath,
    [path.join(ROOT, "scripts/plugin-bundle.js"), `--out=${dir}/dist`],
    {
      encoding: "utf8",
    },
  );
  if (built.status !== 0) throw new Error(`plugin-bundle.js failed: ${built.stderr}`);
  // A PATH of a shell and nothing else.
  nodeless = path.join(dir, "bin");
  fs.mkdirSync(nodeless);
  fs.symlinkSync("/bin/sh", path.join(nodeless, "sh"));
}, 120_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs `<node> dist/plugin.js emulator <args>` from `dir` with the node-less PATH. */
function plugin(args: string[]) {
  return spawnSync(process.execPath, [path.join(dir, "dist/plugin.js"), "emulator", ...args], {
    cwd: dir,
    env: { PATH: nodeless, HOME: dir },
    encoding: "utf8",
    timeout: 60_000,
  });
}

test("the PATH it runs with has no node", () => {
  const found = spawnSync("/bin/sh", ["-c", "command -v node"], {
    env: { PATH: nodeless },
    encoding: "utf8",
  });
  expect([found.status, found.stdout]).toEqual([127, ""]);
});

describe("pulumi-resource-sender emulator --detach, from the bundle", () => {
  let pid: number | undefined;
  let url: string;

  beforeAll(() => {
    const started = plugin([
      "--port",
      "0",
      "--token",
      TOKEN,
      "--detach",
      "--log",
      "emulator.log",
      "--pid-file",
      "emulator.pid",
    ]);
    expect(started.stderr).toBe("");
    expect(started.status).toBe(0);
    pid = Number(fs.readFileSync(path.join(dir, "emulator.pid"), "utf8"));
    const line =
      /^pulumi-sender emulator listening on (http:\/\/127\.0\.0\.1:\d+) in the background \(pid (\d+), its log in emulator\.log\); kill \d+ stops it\n$/.exec(
        started.stdout,
      );
    expect(line?.[2]).toBe(String(pid));
    url = line?.[1] ?? "";
  }, 60_000);

  afterAll(() => {
    if (pid !== undefined) process.kill(pid);
  });

  test("should answer 200 to a request with the token", async () => {
    const answer = await fetch(`${url}/v2/plans`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
  });

  test("should answer 401 to a request without the token", async () => {
    const answer = await fetch(`${url}/v2/plans`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ message: "Unauthenticated." });
  });

  test("writes where it listens to its log, and never the token", () => {
    const log = fs.readFileSync(path.join(dir, "emulator.log"), "utf8");
    expect(log).toBe(`pulumi-sender emulator listening on ${url}\n`);
  });
});

test("a usage error stops it with status 2, naming what is missing", () => {
  const run = plugin(["--port", "0"]);
  expect(run.status).toBe(2);
  expect(run.stderr.split("\n")[0]).toBe("A token is required: --token or SENDER_API_TOKEN.");
});
