import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { npm, type Packed, packFreshClone } from "../package/packed";
import { removeUserFolders, userFolder } from "../support/folders";
import { pluginPath } from "../support/plugin";
import { sh } from "../support/run";
import {
  type EmulatorHandle,
  emulator,
  ensurePulumiOnPath,
  mutatingRequestsSince,
  ROOT,
} from "../support/stack";

// An upgrade changes nothing: each stack test/fixtures/upgrade/v<version>/<family>/ holds, recorded
// with that release's code by scripts/record-upgrade-fixture.sh (docs/development.md, "Upgrade
// fixtures"), is imported into a fresh backend, as a user who moves a stack does, and run with
// HEAD's code: the run's packed package for the dynamic family, HEAD's plugin for the native one.
// Its preview plans no change to any resource, its refresh finds none, and the account is asked
// nothing that writes. The token, passphrase and stack are the recorder's.
const FIXTURES = path.join(ROOT, "test/fixtures/upgrade");
const TOKEN = "tok-upgrade-fixture-Wq8Rt5Yn";
const PASSPHRASE = "upgrade-fixture";
const STACK = "fixture";
const NO_WRITES = { count: 0, requests: [] };

// The refusal of a state used in another place, as docs/reliability.md ("Copied and moved stacks")
// documents it; the places are read from it, so that the test holds whatever the place's hash is.
const REFUSAL =
  /this stack's state was last used in another place \(another backend, organization, project or stack: ([0-9a-f]{16}) there, ([0-9a-f]{16}) here\), and a copy must not take over the objects of the stack it was copied from\. If the stack moved here, run again with SENDER_STACK_MOVED_FROM=([0-9a-f]{16}); if it is a copy, with SENDER_STACK_COPY_OF=([0-9a-f]{16}), which gives it a nonce of its own \(docs\/reliability\.md\)/g;

type Family = "dynamic" | "plugin";

/** Every recorded fixture: each release's folder, each family in it. */
const fixtures: [string, Family][] = fs
  .readdirSync(FIXTURES)
  .filter((name) => /^v\d+\.\d+\.\d+$/.test(name))
  .flatMap((version) =>
    (["dynamic", "plugin"] as const)
      .filter((family) => fs.existsSync(path.join(FIXTURES, version, family, "stack.json")))
      .map((family): [string, Family] => [version, family]),
  );

/** One step of `pulumi preview --json`: the operation on one resource. */
interface Step {
  op: string;
  urn: string;
  diffs?: string[];
}

/** The place the recorded state was last used in: the nonce record's (dynamic) or the provider's (plugin). */
function recordedPlace(exported: any, family: Family): string {
  const resources: any[] = exported.deployment.resources;
  const holder =
    family === "dynamic"
      ? resources.find((r) => r.type === "pulumi-nodejs:dynamic/sender:StackNonce")
      : resources.find((r) => r.type === "pulumi:providers:sender");
  const place = family === "dynamic" ? holder?.outputs?.place : holder?.inputs?.ownershipPlace;
  if (typeof place !== "string") throw new Error(`no recorded place in the ${family} fixture's state`);
  return place;
}

let packed: Packed | undefined;

beforeAll(() => {
  ensurePulumiOnPath();
  // Two stacks, not every release: the file must stay short.
  expect(fixtures.length).toBeGreaterThan(0);
});
afterAll(() => {
  packed?.dispose();
  removeUserFolders();
});

describe.each(fixtures)("the %s %s stack, with HEAD's code", (version, family) => {
  const fixture = path.join(FIXTURES, version, family);
  const exported = JSON.parse(fs.readFileSync(path.join(fixture, "stack.json"), "utf8"));
  const recordedResources = (exported.deployment.resources as any[]).filter(
    (r) => !r.type.startsWith("pulumi:providers:"),
  );
  let dir: string;
  let emu: EmulatorHandle;
  let env: NodeJS.ProcessEnv;
  let mark: Awaited<ReturnType<EmulatorHandle["requestCounts"]>>;
  let place: string;

  const pulumi = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    sh("pulumi", [...args, "--stack", STACK, "--non-interactive"], { cwd: dir, env: { ...env, ...extra } });

  beforeAll(async () => {
    dir = userFolder(`upgrade-${version}-${family}`);
    fs.cpSync(fixture, dir, { recursive: true });
    // The service's address stays what the stack was recorded with, as Sender's does.
    const config = parse(fs.readFileSync(path.join(dir, `Pulumi.${STACK}.yaml`), "utf8"));
    const port = Number(new URL(config.config["sender:baseUrl"]).port);
    emu = await emulator(TOKEN, { port, statePath: path.join(dir, "emulator-state.json") });
    fs.mkdirSync(path.join(dir, "backend"));
    env = {
      ...process.env,
      PATH: family === "plugin" ? pluginPath() : process.env.PATH,
      PULUMI_BACKEND_URL: `file://${path.join(dir, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
      PULUMI_HOME: path.join(dir, "home"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_NODEJS_TRANSPILE_ONLY: "true",
      PULUMI_SENDER_JOURNAL_DIR: path.join(dir, "journal"),
      SENDER_API_TOKEN: "",
      SENDER_BASE_URL: "",
    };
    if (family === "dynamic") {
      // The user's upgrade: the new release of pulumi-sender in place of the recorded one.
      packed ??= packFreshClone();
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
      pkg.dependencies["pulumi-sender"] = `file:${packed.tarball}`;
      fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg, null, 2));
      npm(["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], dir);
    }
    mark = await emu.requestCounts();
    await sh("pulumi", ["stack", "init", STACK, "--non-interactive"], { cwd: dir, env });
    await pulumi(["stack", "import", "--file", "stack.json"]);
  });
  afterAll(async () => {
    await emu?.close();
  });

  test("the first preview refuses with the documented line, naming the place the state records", async () => {
    const refused = await pulumi(["preview"]).then(
      () => "",
      (error: Error) => error.message,
    );
    const lines = [...refused.matchAll(REFUSAL)];
    expect(lines.length).toBeGreaterThan(0);
    const [, there, here, movedFrom, copyOf] = lines[0]!;
    place = there!;
    expect([movedFrom, copyOf]).toEqual([place, place]);
    expect(place).toBe(recordedPlace(exported, family));
    expect(here).not.toBe(place);
    expect(await mutatingRequestsSince(emu, mark)).toEqual(NO_WRITES);
  });

  /** `pulumi preview --diff --json --show-sames`: each resource's operation by URN, and the summary. */
  async function preview(
    extra: NodeJS.ProcessEnv = {},
  ): Promise<{ ops: Record<string, string>; summary: unknown }> {
    const { stdout } = await pulumi(["preview", "--diff", "--json", "--show-sames"], extra);
    const plan = JSON.parse(stdout) as { steps: Step[]; changeSummary: unknown };
    return {
      ops: Object.fromEntries(plan.steps.map((step) => [step.urn, step.op])),
      summary: plan.changeSummary,
    };
  }

  /** Every resource of the recorded state (its providers aside) planned `same`. */
  const allSame = () => Object.fromEntries(recordedResources.map((r) => [r.urn, "same"]));
  // The dynamic SDK keeps the place in its nonce record, a resource: the move updates it. The
  // plugin keeps it in its provider's state, which the steps do not count.
  const nonceRecord = recordedResources.find(
    (r) => r.type === "pulumi-nodejs:dynamic/sender:StackNonce",
  )?.urn;
  const moveSummary = () =>
    family === "dynamic"
      ? { same: recordedResources.length - 1, update: 1 }
      : { same: recordedResources.length };

  test("confirmed as a move, the preview changes no resource, only the record of the place", async () => {
    const { ops, summary } = await preview({ SENDER_STACK_MOVED_FROM: place });
    expect(ops).toEqual(family === "dynamic" ? { ...allSame(), [nonceRecord]: "update" } : allSame());
    expect(summary).toEqual(moveSummary());
    expect(await mutatingRequestsSince(emu, mark)).toEqual(NO_WRITES);
  });

  test("the move's up, as the refusal asks, records the place and writes nothing to the account", async () => {
    await pulumi(["up", "--yes", "--skip-preview"], { SENDER_STACK_MOVED_FROM: place });
    const { stdout } = await pulumi(["stack", "history", "--json"]);
    expect(JSON.parse(stdout)[0].resourceChanges).toEqual(moveSummary());
    expect(await mutatingRequestsSince(emu, mark)).toEqual(NO_WRITES);
  });

  test("then preview --diff plans every resource the same", async () => {
    const { ops, summary } = await preview();
    expect(ops).toEqual(allSame());
    expect(summary).toEqual({ same: recordedResources.length });
    expect(await mutatingRequestsSince(emu, mark)).toEqual(NO_WRITES);
  });

  test("refresh --expect-no-changes passes, and the account is as recorded", async () => {
    await pulumi(["refresh", "--expect-no-changes", "--yes"]);
    expect(await mutatingRequestsSince(emu, mark)).toEqual(NO_WRITES);
    // The emulator rewrites its state file after a change only: byte for byte the recorded one.
    expect(fs.readFileSync(path.join(dir, "emulator-state.json"), "utf8")).toBe(
      fs.readFileSync(path.join(fixture, "emulator-state.json"), "utf8"),
    );
  });
});
