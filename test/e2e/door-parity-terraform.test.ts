// Door parity for the Terraform door (issues 44 and 48): the exactly-once scenarios of
// door-parity.test.ts's table, run under OpenTofu against the emulator through the Terraform door
// (its resources are titled, Terraform having no resource name to autoname from). After each row the
// account holds exactly one object per resource, each provably the resource's (its title ends with
// the mark its private state records), and `destroy` leaves no campaign behind. The Pulumi doors'
// rows, guards included, are in door-parity.test.ts; the Terraform door's guards (lead time, sent
// campaigns, output fields, what a plan sends) in terraform-door.test.ts.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { FaultRule } from "../../emulator/faults";
import { heldIds, made } from "../support/census";
import { processesIn, until } from "../support/processes";
import { type EmulatorHandle, emulator } from "../support/stack";
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

/** The resource names of a shape, as both doors' programs name them. */
const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

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
