// Door parity (issue 44): one table of scenarios, each run under the real Pulumi CLI against the
// emulator through both doors, the dynamic package (a TypeScript program) and the native plugin (a
// Pulumi YAML program of the default provider), and under OpenTofu through the Terraform door
// (issue 48; its resources are titled, Terraform having no resource name to autoname from). A promise kept by one door and not the other is a
// row that fails for one door only. After each row the account holds exactly one object per
// resource, each provably the resource's (its title ends with the mark its state records), and
// `destroy` leaves no campaign behind. A row is a name, a program shape, a fault and what the
// faulted `up` ends with; add one to SCENARIOS and it runs for each door.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { FaultRule } from "../../emulator/faults";
import { pluginPath } from "../support/plugin";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  ROOT,
  type StackHandle,
} from "../support/stack";
import { openTofu, type Tofu } from "../support/tofu";

const TOKEN = "tok-e2e-door-parity-Qm4Lw9Xs";

/** How many untitled resources of each autonamed kind the program declares. */
interface Shape {
  readonly campaigns: number;
  readonly transactional: number;
}

/**
 * What disturbs the first `up`: emulator fault rules for its whole run, or a `kill -9` of the
 * door's provider process once `afterCreates` creates reached the service, each create held
 * `latencyMs` before it commits (so that some commit after the kill, unrecorded).
 */
type Fault =
  | { readonly rules: readonly FaultRule[] }
  | { readonly kill: { readonly afterCreates: number; readonly latencyMs: number } };

/** How an `up` ended: on its own, or killed (its provider process) as the row asked. */
type Outcome = "succeeded" | "failed" | "killed";

/** One row: run for each door on a fresh account and an empty stack. */
interface Scenario {
  readonly name: string;
  readonly shape: Shape;
  readonly fault: Fault;
  /** The outcomes of the faulted `up` and of the `up`s after it, until one succeeds. */
  readonly ups: readonly Outcome[];
}

const SCENARIOS: readonly Scenario[] = [
  {
    name: "a dropped answer to the first create of an untitled Campaign",
    shape: { campaigns: 1, transactional: 0 },
    fault: { rules: [{ method: "POST", path: "^/v2/campaigns$", kind: "drop-after", count: 1 }] },
    // The look-up after the lost answer finds the campaign by its autonamed title and mark.
    ups: ["succeeded"],
  },
  {
    name: "a dropped answer to the first create of an untitled TransactionalCampaign",
    shape: { campaigns: 0, transactional: 1 },
    fault: { rules: [{ method: "POST", path: "^/v2/transactional$", kind: "drop-after", count: 1 }] },
    ups: ["succeeded"],
  },
  {
    name: "kill -9 of the provider process in the middle of 12 creates, then up",
    shape: { campaigns: 12, transactional: 0 },
    fault: { kill: { afterCreates: 4, latencyMs: 600 } },
    // The creates in flight commit after the kill: the next up adopts them by their marks.
    ups: ["killed", "succeeded"],
  },
];

// Short attempts and deadline, as in exactly-once: after an ambiguous create the provider looks
// for a late commit for one attempt timeout plus the retry deadline.
const SETTINGS = { "sender:requestTimeoutSeconds": "2", "sender:retryDeadlineSeconds": "5" };

/** The resource names of a shape, as both doors' programs name them. */
const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

/** One door onto the provider: how its program is made and shaped, and which process serves it. */
interface Door {
  readonly name: "dynamic" | "plugin";
  /** A stack of the door's program on `emu`. */
  open(emu: EmulatorHandle): Promise<StackHandle>;
  /** Puts the program of `shape` in place. */
  shape(h: StackHandle, shape: Shape): Promise<void>;
  /** What the command line of the door's provider process holds. */
  readonly provider: string;
}

/** The YAML program of `shape`: the same resources, names and outputs as the dynamic program's. */
function yamlProgram(shape: Shape): string {
  const campaigns = names("campaign", shape.campaigns);
  const transactional = names("transactional", shape.transactional);
  const resources = [
    ...campaigns.map(
      (name, i) => `  ${name}:
    type: sender:index:Campaign
    properties:
      subject: Exactly-once subject ${i}
      from: Example News
      replyTo: news@example.com
      contentType: html
      content: <p>Exactly once ${i}</p>`,
    ),
    ...transactional.map(
      (name, i) => `  ${name}:
    type: sender:index:TransactionalCampaign
    properties:
      subject: Receipt ${i}
      from: Example News
      replyTo: news@example.com
      editor: html
      content: <p>Receipt ${i}</p>`,
    ),
  ];
  const ids = (list: string[]) => JSON.stringify(list.map((name) => `\${${name}.id}`));
  return [
    "name: door-parity",
    "runtime: yaml",
    ...(resources.length > 0 ? ["resources:", ...resources] : []),
    "outputs:",
    `  campaignIds: ${ids(campaigns)}`,
    `  transactionalIds: ${ids(transactional)}`,
    "",
  ].join("\n");
}

const DOORS: readonly Door[] = [
  {
    name: "dynamic",
    open: (emu) =>
      createStack(copyProgram("test/e2e/programs/exactly-once", "door-parity-dynamic"), emu, {
        ...SETTINGS,
        "test:titles": "auto",
        "test:campaigns": "0",
      }),
    shape: (h, shape) =>
      h.stack.setAllConfig({
        "test:campaigns": { value: String(shape.campaigns) },
        "test:transactional": { value: String(shape.transactional) },
      }),
    provider: "dynamic-provider",
  },
  {
    name: "plugin",
    open: (emu) => {
      const dir = path.join(ROOT, ".e2e", "door-parity-plugin");
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), yamlProgram({ campaigns: 0, transactional: 0 }));
      return createStack(dir, emu, SETTINGS, { PATH: pluginPath() });
    },
    shape: async (h, shape) => {
      fs.writeFileSync(path.join(h.dir, "Pulumi.yaml"), yamlProgram(shape));
    },
    // What bin/pulumi-resource-sender runs (entry.ts chooses the plugin or its emulator).
    provider: "dist/provider/plugin/entry.js",
  },
];

/** Every process (Linux /proc) whose command line or working folder holds one of `folders`. */
function processesIn(folders: readonly string[]): Array<{ pid: number; cmdline: string }> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      const cwd = fs.readlinkSync(`/proc/${entry}/cwd`);
      if (
        folders.some((folder) => cmdline.includes(folder) || cwd === folder || cwd.startsWith(`${folder}/`))
      )
        found.push({ pid: Number(entry), cmdline });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** Pids of the door's provider processes working for the program in `dir`. */
function providerPids(door: Door, dir: string): number[] {
  return processesIn([dir])
    .filter((p) => p.cmdline.includes(door.provider))
    .map((p) => p.pid);
}

/** Waits until `done` holds, checking every 50 ms, for at most `limitMs`. */
async function until(done: () => Promise<boolean> | boolean, limitMs: number, what: string): Promise<void> {
  const start = Date.now();
  while (!(await done())) {
    if (Date.now() - start > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * `pulumi up` in a process group of its own, its provider process killed with SIGKILL once
 * `afterCreates` POSTs to `route` reached the emulator. The engine outlives its provider and ends
 * the `up` as failed; whatever of the group is left then (a language host) is killed with it, so
 * that nothing outlives the row.
 */
async function killedUp(
  door: Door,
  h: StackHandle,
  emu: EmulatorHandle,
  route: string,
  afterCreates: number,
): Promise<Outcome> {
  const before = await made(emu, route);
  const child = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", "e2e"], {
    cwd: h.dir,
    env: { ...process.env, ...h.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout.on("data", (chunk) => h.onOutput(String(chunk)));
  child.stderr.on("data", (chunk) => h.onOutput(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const creates = async () => (await emu.requests()).filter((r) => r.method === "POST" && r.path === route);
  await until(async () => (await creates()).length >= afterCreates, 120_000, `${afterCreates} creates`);
  const pids = providerPids(door, h.dir);
  if (pids.length === 0) throw new Error(`no ${door.name} provider process to kill for ${h.dir}`);
  for (const pid of pids) process.kill(pid, "SIGKILL");
  const code = await exited;
  try {
    process.kill(-(child.pid as number), "SIGKILL");
  } catch {
    // the whole group had ended
  }
  // The creates held in flight commit after the kill, unanswered: wait until every one has landed.
  const posted = (await creates()).length;
  await until(async () => (await made(emu, route)) - before >= posted, 10_000, "the held creates to commit");
  return code === 0 ? "succeeded" : "killed";
}

/** How many objects of the route's kind the emulator holds. */
async function made(emu: EmulatorHandle, route: string): Promise<number> {
  const state = await emu.state();
  return route === "/v2/campaigns" ? state.campaigns.length : state.transactional.length;
}

/** The ids of the objects the emulator holds, per kind. */
interface Held {
  readonly campaigns: ReadonlySet<string>;
  readonly transactional: ReadonlySet<string>;
}

async function heldIds(emu: EmulatorHandle): Promise<Held> {
  const state = await emu.state();
  return {
    campaigns: new Set(state.campaigns.map((c: any) => c.id)),
    transactional: new Set(state.transactional.map((t: any) => t.id)),
  };
}

/**
 * What the account holds against the stack: per resource the objects whose title is its autonamed
 * `<name>-<8 hex>` (`duplicates` beyond one, `missing` when none), the objects made that the
 * stack's outputs do not hold (`orphans`), and the resources whose state records the mark their
 * object's title ends with (`proven`).
 */
async function census(
  emu: EmulatorHandle,
  seeded: Held,
  h: StackHandle,
  shape: Shape,
  outputs: Record<string, { value: unknown }>,
) {
  const state = await emu.state();
  const held = new Set(
    ["campaignIds", "transactionalIds"].flatMap((key) => (outputs[key]?.value as string[] | undefined) ?? []),
  );
  const made = [
    ...state.campaigns.filter((c: any) => !seeded.campaigns.has(c.id)),
    ...state.transactional.filter((t: any) => !seeded.transactional.has(t.id)),
  ];
  const result = { resources: 0, objects: made.length, duplicates: 0, missing: 0, orphans: 0, proven: 0 };
  for (const name of [
    ...names("campaign", shape.campaigns),
    ...names("transactional", shape.transactional),
  ]) {
    result.resources++;
    const n = made.filter((o: any) => new RegExp(`^${name}-[0-9a-f]{8}$`).test(o.title)).length;
    if (n === 0) result.missing++;
    if (n > 1) result.duplicates += n - 1;
  }
  result.orphans = made.filter((o: any) => !held.has(o.id)).length;
  const resources: any[] = JSON.parse(await h.exportState()).deployment.resources ?? [];
  const titles = new Map(made.map((o: any) => [o.id, o.title]));
  result.proven = resources.filter((r) => {
    if (!/:(Campaign|TransactionalCampaign)$/.test(r.type)) return false;
    const mark = r.inputs?.ownershipMark;
    return typeof mark === "string" && titles.get(r.id)?.endsWith(`-${mark}`) === true;
  }).length;
  return result;
}

describe("door parity: every scenario through the dynamic package and the plugin", () => {
  const stacks = new Map<Door["name"], { emu: EmulatorHandle; h: StackHandle }>();
  const folders: string[] = [];
  const figures: string[] = [];

  beforeAll(async () => {
    await Promise.all(
      DOORS.map(async (door) => {
        const emu = await emulator(TOKEN);
        const h = await door.open(emu);
        stacks.set(door.name, { emu, h });
        folders.push(h.dir, path.dirname(h.backend));
      }),
    );
  });
  afterAll(async () => {
    console.log(`door parity figures:\n  ${figures.join("\n  ")}`);
    for (const { emu, h } of stacks.values()) {
      await h.dispose();
      await emu.close();
    }
  });

  for (const scenario of SCENARIOS) {
    describe(scenario.name, () => {
      test.concurrent.for(DOORS)(
        "$name door: one object per resource, each proven by its mark; destroy leaves no campaign",
        async (door, { expect }) => {
          const { emu, h } = stacks.get(door.name) as { emu: EmulatorHandle; h: StackHandle };
          const started = Date.now();
          await emu.admin("POST", "reset");
          const seeded = await heldIds(emu);
          await door.shape(h, scenario.shape);
          const { fault } = scenario;
          const ups: Outcome[] = [];
          let outputs: Record<string, { value: unknown }> | undefined;
          const up = async () => {
            try {
              outputs = (await h.stack.up({ onOutput: h.onOutput })).outputs;
              ups.push("succeeded");
            } catch {
              ups.push("failed");
            }
          };
          let destroyed = false;
          try {
            if ("rules" in fault) {
              await emu.admin("POST", "faults", { rules: fault.rules });
              await up();
            } else {
              const route = scenario.shape.campaigns > 0 ? "/v2/campaigns" : "/v2/transactional";
              await emu.admin("POST", "faults", {
                rules: [
                  { method: "POST", path: `^${route}$`, kind: "latency", latencyMs: fault.kill.latencyMs },
                ],
              });
              ups.push(await killedUp(door, h, emu, route, fault.kill.afterCreates));
            }
            await emu.admin("DELETE", "faults");
            // One more up than the row expects, so that a door that converges late shows what it left.
            while (ups.at(-1) !== "succeeded" && ups.length <= scenario.ups.length) await up();
            const resources = scenario.shape.campaigns + scenario.shape.transactional;
            const counted = outputs ? await census(emu, seeded, h, scenario.shape, outputs) : undefined;
            figures.push(
              `${scenario.name} / ${door.name}: ups ${ups.join(", ")}; ${JSON.stringify(counted)}`,
            );
            expect({ ups, census: counted }).toEqual({
              ups: scenario.ups,
              census: {
                resources,
                objects: resources,
                duplicates: 0,
                missing: 0,
                orphans: 0,
                proven: resources,
              },
            });
            const transactionalIds = (outputs?.transactionalIds?.value as string[] | undefined) ?? [];
            await h.stack.destroy({ onOutput: h.onOutput });
            destroyed = true;
            const after = await heldIds(emu);
            // The API cannot delete a transactional campaign: each stays, once, and nothing else does.
            expect({
              campaigns: [...after.campaigns].filter((id) => !seeded.campaigns.has(id)),
              transactional: [...after.transactional].filter((id) => !seeded.transactional.has(id)).sort(),
            }).toEqual({ campaigns: [], transactional: [...transactionalIds].sort() });
            figures.push(
              `${scenario.name} / ${door.name}: passed in ${Math.round((Date.now() - started) / 1000)} s`,
            );
          } finally {
            await emu.admin("DELETE", "faults");
            // Whatever the row left in the stack goes, so that the next row starts from none.
            if (!destroyed) await h.stack.destroy({ onOutput: h.onOutput }).catch(() => undefined);
          }
        },
      );
    });
  }

  test("the file leaves no process behind in its folders", async () => {
    await until(() => processesIn(folders).length === 0, 15_000, "the stacks' processes to end").catch(
      () => undefined,
    );
    expect(processesIn(folders)).toEqual([]);
  });
});

/**
 * The Terraform program of `shape`: the same resources, each titled by its name (Terraform has no
 * resource name to autoname from), in a workspace whose `ownership_scope` proves its marks.
 */
function hclProgram(shape: Shape): string {
  const campaigns = names("campaign", shape.campaigns);
  const transactional = names("transactional", shape.transactional);
  const ids = (type: string, list: string[]) => `[${list.map((name) => `${type}.${name}.id`).join(", ")}]`;
  return [
    'terraform {\n  required_providers {\n    sender = { source = "pulumi-sender/sender" }\n  }\n}',
    'provider "sender" {\n  ownership_scope         = "e2e/door-parity"\n  request_timeout_seconds = 2\n  retry_deadline_seconds  = 5\n}',
    ...campaigns.map(
      (name, i) => `resource "sender_campaign" "${name}" {
  title        = "${name}"
  subject      = "Exactly-once subject ${i}"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<p>Exactly once ${i}</p>"
}`,
    ),
    ...transactional.map(
      (name, i) => `resource "sender_transactional_campaign" "${name}" {
  title    = "${name}"
  subject  = "Receipt ${i}"
  from     = "Example News"
  reply_to = "news@example.com"
  editor   = "html"
  content  = "<p>Receipt ${i}</p>"
}`,
    ),
    `output "campaign_ids" {\n  value = ${ids("sender_campaign", campaigns)}\n}`,
    `output "transactional_ids" {\n  value = ${ids("sender_transactional_campaign", transactional)}\n}`,
    "",
  ].join("\n\n");
}

/**
 * `tofu apply` in a process group of its own, the door's provider process killed with SIGKILL once
 * `afterCreates` POSTs to `route` reached the emulator (as {@link killedUp} does for `pulumi up`).
 */
async function killedApply(tf: Tofu, dir: string, emu: EmulatorHandle, route: string, afterCreates: number) {
  const before = await made(emu, route);
  const child = spawn(tf.executable, ["apply", "-auto-approve", "-no-color"], {
    cwd: dir,
    env: tf.env(),
    stdio: ["ignore", "ignore", "ignore"],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const creates = async () => (await emu.requests()).filter((r) => r.method === "POST" && r.path === route);
  await until(async () => (await creates()).length >= afterCreates, 120_000, `${afterCreates} creates`);
  const pids = processesIn([dir])
    .filter((p) => p.cmdline.includes("dist/provider/plugin/entry.js"))
    .map((p) => p.pid);
  if (pids.length === 0) throw new Error(`no Terraform provider process to kill for ${dir}`);
  for (const pid of pids) process.kill(pid, "SIGKILL");
  const code = await exited;
  try {
    process.kill(-(child.pid as number), "SIGKILL");
  } catch {
    // the whole group had ended
  }
  const posted = (await creates()).length;
  await until(async () => (await made(emu, route)) - before >= posted, 10_000, "the held creates to commit");
  return code === 0 ? "succeeded" : "killed";
}

describe("door parity: the same scenarios through the Terraform door (OpenTofu)", () => {
  let emu: EmulatorHandle;
  let tf: Tofu;
  let dir: string;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    tf = await openTofu(emu.url, TOKEN);
    dir = tf.workspace("door-parity", hclProgram({ campaigns: 0, transactional: 0 }));
  }, 900_000);
  afterAll(async () => {
    await emu?.close();
    tf?.dispose();
  });

  for (const scenario of SCENARIOS) {
    test(`${scenario.name}: one object per resource, titled as configured; destroy leaves no campaign`, async () => {
      await emu.admin("POST", "reset");
      const seeded = await heldIds(emu);
      fs.writeFileSync(path.join(dir, "main.tf"), hclProgram(scenario.shape));
      const { fault } = scenario;
      const ups: Outcome[] = [];
      const apply = async () => {
        const run = await tf.run(dir, ["apply", "-auto-approve", "-no-color"]);
        ups.push(run.code === 0 ? "succeeded" : "failed");
      };
      try {
        if ("rules" in fault) {
          await emu.admin("POST", "faults", { rules: fault.rules });
          await apply();
        } else {
          const route = scenario.shape.campaigns > 0 ? "/v2/campaigns" : "/v2/transactional";
          await emu.admin("POST", "faults", {
            rules: [{ method: "POST", path: `^${route}$`, kind: "latency", latencyMs: fault.kill.latencyMs }],
          });
          ups.push(await killedApply(tf, dir, emu, route, fault.kill.afterCreates));
        }
        await emu.admin("DELETE", "faults");
        while (ups.at(-1) !== "succeeded" && ups.length <= scenario.ups.length) await apply();
        const outputs = JSON.parse((await tf.ok(dir, ["output", "-json"])).stdout);
        const held = new Set<string>([...outputs.campaign_ids.value, ...outputs.transactional_ids.value]);
        const state = await emu.state();
        const objects = [
          ...state.campaigns.filter((c: any) => !seeded.campaigns.has(c.id)),
          ...state.transactional.filter((t: any) => !seeded.transactional.has(t.id)),
        ];
        const resources = [
          ...names("campaign", scenario.shape.campaigns),
          ...names("transactional", scenario.shape.transactional),
        ];
        // An object is a resource's when its title is the resource's, or that title with its mark.
        const of = (name: string) =>
          objects.filter((o: any) => o.title === name || o.title.startsWith(`${name} [`));
        expect({
          ups,
          census: {
            resources: resources.length,
            objects: objects.length,
            duplicates: resources.reduce((n, name) => n + Math.max(0, of(name).length - 1), 0),
            missing: resources.filter((name) => of(name).length === 0).length,
            orphans: objects.filter((o: any) => !held.has(o.id)).length,
            // Renamed to the configured title once its create (or the look-up after a lost one) answered.
            proven: objects.filter((o: any) => resources.includes(o.title) && held.has(o.id)).length,
          },
        }).toEqual({
          ups: scenario.ups,
          census: {
            resources: resources.length,
            objects: resources.length,
            duplicates: 0,
            missing: 0,
            orphans: 0,
            proven: resources.length,
          },
        });
      } finally {
        await emu.admin("DELETE", "faults");
        await tf.ok(dir, ["destroy", "-auto-approve", "-no-color"]);
      }
      const after = await heldIds(emu);
      expect([...after.campaigns].filter((id) => !seeded.campaigns.has(id))).toEqual([]);
    });
  }
});
