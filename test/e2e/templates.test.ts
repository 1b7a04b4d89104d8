import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { npm, type Packed, packFreshClone } from "../package/packed";
import { scratchCli } from "../support/run";
import {
  type EmulatorHandle,
  emulator,
  ensurePulumiOnPath,
  mutatingRequestsSince,
  ROOT,
} from "../support/stack";

// The `pulumi new` templates as a newcomer uses them: generated offline from the local path into a
// folder outside the checkout, the dependencies installed from the packed tarball (the version
// under test is not on the registry), then preview, up, refresh and destroy against the emulator.
const TOKEN = "tok-e2e-templates-Vb7Qe2Lm";

let packed: Packed;
let emu: EmulatorHandle;
let scratch: string;

/** The CLI in a project folder, with a throwaway backend and home. */
const pulumi = (args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> =>
  scratchCli(scratch, args, cwd, env);

beforeAll(async () => {
  ensurePulumiOnPath();
  packed = packFreshClone();
  emu = await emulator(TOKEN);
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sender-templates-"));
  fs.mkdirSync(path.join(scratch, "backend"));
}, 600_000);

afterAll(async () => {
  await emu?.close();
  packed?.dispose();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe("templates/typescript", () => {
  let dir: string;
  let previewWrites: string[];
  let previewOutput: string;
  let upOutput: string;

  beforeAll(async () => {
    dir = path.join(scratch, "ts-project");
    await pulumi(
      [
        "new",
        path.join(ROOT, "templates/typescript"),
        "--dir",
        dir,
        "--name",
        "welcome-ts",
        "--yes",
        "--generate-only",
      ],
      scratch,
    );
    // One install: the tarball takes the place of the template's `pulumi-sender` range.
    npm(["install", "--no-audit", "--no-fund", packed.tarball], dir);
    await pulumi(["stack", "init", "dev"], dir);
    await pulumi(["config", "set", "sender:baseUrl", emu.url], dir);
    await pulumi(["config", "set", "--secret", "sender:apiToken", TOKEN], dir);
    // Type-checked by the engine, as a newcomer's program is.
    // The content checks at their default, whatever the calling shell sets.
    const env = { PULUMI_NODEJS_TRANSPILE_ONLY: "false", SENDER_CONTENT_CHECKS: "" };
    const mark = await emu.requestCounts();
    previewOutput = await pulumi(["preview", "--color", "never"], dir, env);
    previewWrites = (await mutatingRequestsSince(emu, mark)).requests;
    upOutput = await pulumi(["up", "--yes", "--skip-preview"], dir, env);
  }, 600_000);

  test("generates the project with its name and the template's config keys", () => {
    expect(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8")).toMatch(/^name: welcome-ts$/m);
    expect(fs.realpathSync(path.join(dir, "node_modules/pulumi-sender"))).not.toContain(ROOT);
    const settings = fs.readFileSync(path.join(dir, "Pulumi.dev.yaml"), "utf8");
    expect(settings).toContain(`sender:baseUrl: ${emu.url}`);
    expect(settings).toMatch(/sender:apiToken:\n\s+secure: /);
    expect(settings).not.toContain(TOKEN);
  });

  test("its preview sends no mutating request", () => {
    expect(previewWrites).toEqual([]);
  });

  test("its preview shows four creates and no content check line: the campaign passes the checks at their default", () => {
    expect(previewOutput).toMatch(/\+ 4 to create/);
    expect(previewOutput.split("\n").filter((line) => line.includes("(content check "))).toEqual([]);
  });

  test("runs up against the emulator, with the campaign and its targeting", async () => {
    expect(upOutput).toMatch(/\+ 4 created/);
    const state = await emu.state();
    const campaigns = state.campaigns.filter((c: { title: string }) => c.title.startsWith("welcome-"));
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0].subject).toBe("Welcome to Example News");
    expect(state.targeting[campaigns[0].id].tags.map((t: { id: string }) => t.id)).toEqual(["tag001"]);
  });

  test("refreshes with no changes", async () => {
    await pulumi(["refresh", "--yes", "--expect-no-changes"], dir);
  });

  test.each(["~5.9.3", "6.0.3"])(
    "type-checks with tsc -p . (strict, no skipLibCheck) under TypeScript %s",
    (version) => {
      const tsc = path.join(scratch, `tsc-${version}`);
      fs.mkdirSync(tsc, { recursive: true });
      npm(["install", "--no-audit", "--no-fund", "--prefix", tsc, `typescript@${version}`], scratch);
      const run = spawnSync(path.join(tsc, "node_modules/.bin/tsc"), ["-p", ".", "--noEmit"], {
        cwd: dir,
        encoding: "utf8",
      });
      const out = `${run.stdout}${run.stderr}`;
      expect(out).toBe("");
    },
  );

  test("destroys everything it made", async () => {
    await pulumi(["destroy", "--yes", "--skip-preview"], dir);
    const state = await emu.state();
    expect(state.campaigns.filter((c: { title: string }) => c.title.startsWith("welcome-"))).toEqual([]);
  });
});
