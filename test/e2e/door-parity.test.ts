// Door parity (issues 44, 48 and 54): one table of scenarios, each run under the real engine against
// the emulator through every door: the dynamic package (a TypeScript program), the native plugin (a
// Pulumi YAML program of the default provider) and the Terraform door (an HCL program under
// OpenTofu, its resources titled, Terraform having no resource name to autoname from). A promise kept by one door and not the other is a
// row that fails for one door only. A door is a way to run a program of a `Shape` (preview, up,
// destroy, an up to kill) and to copy its state; the rows know only the shape, the emulator and
// its request log, so that a door of another engine takes the same rows.
// Two kinds of rows:
// - CONVERGENCE: a fault disturbs the first up (dropped answers, 429 and 503 storms, `kill -9` of
//   the provider process or of the engine); the ups after it converge. Then the account holds
//   exactly one object per resource, each provably the resource's (a Pulumi door's: its title ends
//   with the mark its state records; the Terraform door's: renamed to its configured title once the
//   object of its recorded mark answered), and `destroy` leaves no campaign behind.
// - REPLACEMENTS: a create-first replacement, and a forgotten object made again; afterwards exactly
//   one live object per resource, the one the state names, and nothing taken over.
// - GUARDS: each command of the row passes or is refused with the core's line, and the service
//   receives no write the guard exists to stop; what a passing preview (a plan) reads is counted,
//   and every door reads the same for the same program. A row whose meaning differs on an engine
//   states that door's own ends (`onDoor`), asserted like the rest.
import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { FaultRule } from "../../emulator/faults";
import { PULUMI_WORDS } from "../../provider/pulumi/words";
import { TERRAFORM_WORDS } from "../../provider/terraform/words";
import { type Dialect, declared, fieldWord, sayIn, settingWord } from "../../provider/words";
import { accountGroups, type Held, heldIds, made } from "../support/census";
import { pluginPath } from "../support/plugin";
import { processesIn, until } from "../support/processes";
import { cli } from "../support/run";
import {
  cancelAfterCrash,
  copyProgram,
  createStack,
  descendantsOf,
  type EmulatorHandle,
  emulator,
  endProcesses,
  ROOT,
  type StackHandle,
} from "../support/stack";
import { openTofu, type Tofu } from "../support/tofu";

const TOKEN = "tok-e2e-door-parity-Qm4Lw9Xs";

/**
 * The resources of a row's program: untitled Campaigns `campaign-<i>`, untitled
 * TransactionalCampaigns `transactional-<i>`, untitled Groups `group-<i>`, and optionally a
 * CampaignSchedule `schedule-0` of `campaign-0` at `at` (ISO 8601), given the output fields `claims`
 * as inputs.
 */
interface Shape {
  readonly campaigns: number;
  readonly transactional: number;
  readonly groups?: number;
  /** The subject of `campaign-0` in place of its own (`Exactly-once subject 0`). */
  readonly subject0?: string;
  readonly schedule?: { readonly at: string; readonly claims?: Readonly<Record<string, unknown>> };
  /** The campaigns replace create-first (OpenTofu's `create_before_destroy`; Pulumi's is the default). */
  readonly createFirst?: boolean;
}

/**
 * What disturbs the first `up`: emulator fault rules for its whole run, or a `kill -9` of one
 * process once `afterCreates` creates reached the service, each create held `latencyMs` before it
 * commits (so that some commit after the kill, unrecorded): the door's provider process, or the
 * engine (`pulumi` itself), whose provider must then stop by itself.
 */
type Fault =
  | { readonly rules: readonly FaultRule[] }
  | {
      readonly kill: {
        readonly process: "provider" | "engine";
        readonly afterCreates: number;
        readonly latencyMs: number;
      };
    };

/** How an `up` ended: on its own, or killed as the row asked. */
type Outcome = "succeeded" | "failed" | "killed";

/** A convergence row: run for each door on a fresh account and an empty stack. */
interface Scenario {
  readonly name: string;
  readonly shape: Shape;
  readonly fault: Fault;
  /** Provider settings of the row, over {@link SETTINGS}. */
  readonly settings?: Readonly<Record<string, string>>;
  /** The outcomes of the faulted `up` and of the `up`s after it, until one succeeds. */
  readonly ups: readonly Outcome[];
}

/** Every request but the emulator's own: a storm hits reads, creates and writes alike. */
const EVERY_API_REQUEST = "^/v2/";

const CONVERGENCE: readonly Scenario[] = [
  {
    name: "a dropped answer to the first create of an untitled Campaign, TransactionalCampaign and Group",
    shape: { campaigns: 1, transactional: 1, groups: 1 },
    fault: {
      rules: [
        { method: "POST", path: "^/v2/campaigns$", kind: "drop-after", count: 1 },
        { method: "POST", path: "^/v2/transactional$", kind: "drop-after", count: 1 },
        { method: "POST", path: "^/v2/groups$", kind: "drop-after", count: 1 },
      ],
    },
    // The look-up after each lost answer finds the object by its autonamed title and mark.
    ups: ["succeeded"],
  },
  {
    name: "kill -9 of the provider process in the middle of 12 creates, then up",
    shape: { campaigns: 12, transactional: 0 },
    fault: { kill: { process: "provider", afterCreates: 4, latencyMs: 600 } },
    // The creates in flight commit after the kill: the next up adopts them by their marks.
    ups: ["killed", "succeeded"],
  },
  {
    name: "kill -9 of the provider process in the middle of 8 Group creates, then up",
    shape: { campaigns: 0, transactional: 0, groups: 8 },
    fault: { kill: { process: "provider", afterCreates: 3, latencyMs: 600 } },
    // The group creates in flight commit after the kill: the next up reclaims them by their marks.
    ups: ["killed", "succeeded"],
  },
  {
    name: "kill -9 of pulumi in the middle of 12 creates, then cancel and up",
    shape: { campaigns: 12, transactional: 0 },
    fault: { kill: { process: "engine", afterCreates: 4, latencyMs: 600 } },
    // The provider sees its engine gone and stops; the creates it held commit unrecorded (the
    // state keeps them as pending creates), and the next up adopts them by their marks.
    ups: ["killed", "succeeded"],
  },
  {
    // One row for both storms (a stack run each doubles their time); run apart, each at half of
    // every request, both doors converged in one up as well.
    name: "a storm of 429s with Retry-After and of 503s (each a quarter of every request) over 4 campaigns and 2 transactional",
    shape: { campaigns: 4, transactional: 2 },
    fault: {
      rules: [
        { path: EVERY_API_REQUEST, kind: "status", status: 429, rate: 0.25, seed: 7 },
        { path: EVERY_API_REQUEST, kind: "status", status: 503, rate: 0.25, seed: 11 },
      ],
    },
    // A 429 is refused before any work, so every call repeats it after the service's Retry-After
    // (1 s); a 503 to a create may have done its work: the look-up finds nothing, and the create is
    // sent again. A deadline of its own, so that no call runs out of tries in the storm.
    settings: { "sender:retryDeadlineSeconds": "15" },
    ups: ["succeeded"],
  },
];

/** A command of a door, in the engine's words (a Terraform door maps them to plan, apply, destroy). */
type Command = "preview" | "up";

/**
 * How a command of a guard row ends: it passes, or is refused printing the core's line. With
 * `orBySchema`, a door whose language checks a program's inputs against the schema before the
 * provider sees them refuses it in its own words instead ({@link Door.schemaRefusal}).
 */
/** The core's line as a door's dialect spells it (provider/words): every door's own words, from one text. */
type Line = (words: Dialect) => string;

type End = "passes" | { readonly refused: Line; readonly orBySchema?: true };

/** A guard row: run for each door on a fresh account and an empty stack. */
interface Guard {
  readonly name: string;
  readonly shape: Shape;
  /** Provider settings of the row, over {@link SETTINGS}. */
  readonly settings?: Readonly<Record<string, string>>;
  /** The commands run on a copy of the stack's state in another backend, after an up of the original. */
  readonly copied?: boolean;
  /**
   * The commands run after an up of the shape without its `subject0` and the service's send of
   * `campaign-0` (to all subscribers): the shape then changes a sent campaign's subject (its status,
   * SENDING or SENT, is the service's, in the line before the part the row names).
   */
  readonly sentFirst?: boolean;
  /** Each command in turn and how it ends: it passes, or is refused printing the core's line. */
  readonly commands: ReadonlyArray<readonly [Command, End]>;
  /**
   * Per door whose engine gives the row another meaning, the end of each command there instead: a
   * stated alternative the row asserts, with the reason beside it.
   */
  readonly onDoor?: Readonly<Record<string, readonly End[]>>;
  /** The writes (`METHOD path`) none of the commands may send; every write when left out. */
  readonly forbidden?: RegExp;
}

/** ISO 8601 in UTC, `minutes` from when the file loads. */
const fromNow = (minutes: number) => `${new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 19)}Z`;

const GUARDS: readonly Guard[] = [
  {
    name: "a sent campaign: a change of its subject is refused at preview and at up, writing nothing",
    shape: { campaigns: 1, transactional: 0, subject0: "Changed after sending" },
    sentFirst: true,
    commands: [
      [
        "preview",
        {
          refused: (d) =>
            sayIn(
              d,
            )`): refusing to change subject. Changing or replacing a sent campaign could send the mail again; remove it from the ${declared} or revert the change.`,
        },
      ],
      [
        "up",
        {
          refused: (d) =>
            sayIn(
              d,
            )`): refusing to change subject. Changing or replacing a sent campaign could send the mail again; remove it from the ${declared} or revert the change.`,
        },
      ],
    ],
  },
  {
    // Also what a preview sends: a campaign and its schedule, previewed, read and never written.
    name: "a schedule nearer than sender:minScheduleLeadMinutes: the preview writes nothing, the up never schedules",
    shape: { campaigns: 1, transactional: 0, schedule: { at: fromNow(30) } },
    settings: { "sender:minScheduleLeadMinutes": "60" },
    commands: [
      // A preview judges no lead (the time to come is known only at apply): it passes.
      ["preview", "passes"],
      [
        "up",
        {
          refused: (d) =>
            sayIn(
              d,
            )`less than the 60 minutes ${settingWord("minScheduleLeadMinutes")} requires: move ${fieldWord("scheduleTime")} to `,
        },
      ],
    ],
    // The up makes the campaign; the schedule is refused before its request.
    forbidden: /^POST \/v2\/campaigns\/[^/]+\/schedule$/,
  },
  {
    name: "output fields given as inputs (a schedule's sent and scheduleTimeUtc): refused at preview and at up",
    shape: {
      campaigns: 1,
      transactional: 0,
      schedule: { at: fromNow(24 * 60), claims: { sent: false, scheduleTimeUtc: "2030-01-15 08:00:00" } },
    },
    commands: [
      [
        "preview",
        {
          refused: (d) =>
            sayIn(
              d,
            )`${fieldWord("sent")} is an output the provider records, never an input: remove it from the resource's arguments`,
          orBySchema: true,
        },
      ],
      [
        "up",
        {
          refused: (d) =>
            sayIn(
              d,
            )`${fieldWord("scheduleTimeUtc")} is an output the provider records, never an input: remove it from the resource's arguments`,
          orBySchema: true,
        },
      ],
    ],
    forbidden: /^POST \/v2\/campaigns\/[^/]+\/schedule$/,
  },
  {
    name: "a copy of the stack's state (two campaigns and a Group) imported into another backend: its preview and up are refused",
    shape: { campaigns: 2, transactional: 0, groups: 1 },
    copied: true,
    // A Terraform workspace has no stack place: its marks are its ownership_scope's, which the
    // copy's program names alike, so the copy is the same owner; its plan and apply find the
    // objects as recorded and change nothing (no write).
    onDoor: { terraform: ["passes", "passes"] },
    commands: [
      [
        "preview",
        {
          refused: () =>
            "this stack's state was last used in another place (another backend, organization, project or stack: ",
        },
      ],
      [
        "up",
        {
          refused: () =>
            "this stack's state was last used in another place (another backend, organization, project or stack: ",
        },
      ],
    ],
  },
];

/**
 * A replacement row (issue 54): run for each door on a fresh account and an empty stack. An `up` of
 * the shape, then the row's own step, then an `up` that must change nothing; the account then holds
 * exactly one object per resource, the one the state names, and nothing was taken over.
 */
interface Replacement {
  readonly name: string;
  readonly shape: Shape;
  /**
   * What follows the first up: `replace` campaign-0 on its own; or `forget` it (a preview reads
   * the state first, then the state drops it and the shape's campaign-0, with `subject0`, is made
   * again).
   */
  readonly step: "replace" | "forget";
}

/**
 * The paged reads' program: N untitled (Terraform: titled) campaigns, N the issue's 100, and three
 * groups, whose reads the group list's one page serves.
 */
const PAGED: Shape = { campaigns: 100, transactional: 0, groups: 3 };

const REPLACEMENTS: readonly Replacement[] = [
  {
    name: "a create-first replacement of campaign-0 (Pulumi's up --replace; OpenTofu's -replace under create_before_destroy)",
    shape: { campaigns: 2, transactional: 0, createFirst: true },
    step: "replace",
  },
  {
    name: "campaign-0 forgotten after a preview (pulumi state delete; tofu state rm), then made again with another subject",
    shape: { campaigns: 1, transactional: 0, subject0: "Made again after the forget" },
    step: "forget",
  },
];

// Short attempts and deadline, as in exactly-once: after an ambiguous create the provider looks
// for a late commit for one attempt timeout plus the retry deadline.
const SETTINGS: Readonly<Record<string, string>> = {
  "sender:requestTimeoutSeconds": "2",
  "sender:retryDeadlineSeconds": "5",
};

/** The resource names of a shape, as every door's program names them. */
const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

/** How a command ended: whether it passed, what it printed (its error's text when it failed), its outputs. */
interface Run {
  readonly passed: boolean;
  readonly text: string;
  readonly outputs?: Record<string, { value: unknown }>;
}

/** A refresh (Pulumi's `refresh`, OpenTofu's `plan`, which refreshes first): whether it found a change. */
interface Refresh {
  readonly passed: boolean;
  readonly changed: boolean;
  readonly text: string;
}

/** Where a door's program runs: its folder, the folders its processes may work in, and how it goes. */
interface Place {
  readonly dir: string;
  dispose(): Promise<void>;
}

/**
 * One door onto the provider: how its program is made and shaped, how it runs a command, how its
 * state is copied, and which process serves it. Its methods take the door's own {@link Place} (a
 * Pulumi stack, an OpenTofu workspace).
 */
interface Door {
  readonly name: string;
  /** An empty stack of the door's program on `emu`, in a folder named after `folder`. */
  open(emu: EmulatorHandle, folder: string): Promise<Place>;
  /** The folders no process may be left working in once the file ends. */
  folders(h: Place): string[];
  /** Puts the program of `shape` in place. */
  shape(h: Place, shape: Shape): Promise<void>;
  /** Sets provider settings (keyed `sender:<name>`), removing those whose value is undefined. */
  configure(h: Place, settings: Readonly<Record<string, string | undefined>>): Promise<void>;
  /** Runs a command to its end. */
  run(h: Place, command: Command | "destroy"): Promise<Run>;
  /** An `up` as its own process (in a process group of its own), for a row to kill. */
  spawnUp(h: Place): ChildProcess;
  /** Reads every resource back: Pulumi's `refresh --yes`, OpenTofu's `plan -detailed-exitcode`. */
  refresh(h: Place): Promise<Refresh>;
  /** The requests a refresh sends besides the reads of its resources. */
  readonly refreshExtra: readonly string[];
  /**
   * Whether the refresh that printed `text` found `content` as the content of campaign `id`: what
   * the Pulumi state now records, what OpenTofu's plan shows.
   */
  refreshFound(h: Place, text: string, id: string, content: string): Promise<boolean>;
  /** Replaces the resource `name` on its own (Pulumi's `up --replace <urn>`, OpenTofu's `apply -replace=<address>`). */
  replace(h: Place, name: string): Promise<Run>;
  /** Drops the resource `name` from the state, leaving its object (`pulumi state delete`, `tofu state rm`). */
  forget(h: Place, name: string): Promise<void>;
  /** After a `kill -9` of the engine: what the engine's own recovery needs before the next up. */
  recover(h: Place): Promise<void>;
  /** Copies the state of `from` into `to`, a stack of the same program in another backend. */
  copyState(from: Place, to: Place): Promise<void>;
  /** What the account holds against the program of `shape` after an up that printed `outputs`. */
  census(
    emu: EmulatorHandle,
    seeded: Held,
    h: Place,
    shape: Shape,
    outputs: Record<string, { value: unknown }>,
  ): Promise<Census>;
  /** A line of the core as the door prints it (the Terraform door spells fields and settings in snake_case). */
  /** The dialect its lines are spelt in (provider/words). */
  readonly words: Dialect;
  /** What the command line of the door's provider process holds. */
  readonly provider: string;
  /**
   * The line the door's language prints when a program gives an input the schema does not have,
   * refusing it before the provider is asked; undefined when the language passes it on.
   */
  readonly schemaRefusal?: string;
}

/** The YAML program of `shape`: the same resources, names and outputs as the dynamic program's. */
function yamlProgram(shape: Shape): string {
  const campaigns = names("campaign", shape.campaigns);
  const transactional = names("transactional", shape.transactional);
  const groups = names("group", shape.groups ?? 0);
  const resources = [
    ...campaigns.map(
      (name, i) => `  ${name}:
    type: sender:index:Campaign
    properties:
      subject: ${i === 0 && shape.subject0 !== undefined ? shape.subject0 : `Exactly-once subject ${i}`}
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
    ...groups.map((name) => `  ${name}:\n    type: sender:index:Group`),
  ];
  if (shape.schedule && shape.campaigns > 0) {
    const properties = { scheduleTime: shape.schedule.at, ...shape.schedule.claims };
    resources.push(
      [
        "  schedule-0:",
        "    type: sender:index:CampaignSchedule",
        "    properties:",
        `      campaignId: \${campaign-0.id}`,
        ...Object.entries(properties).map(([key, value]) => `      ${key}: ${JSON.stringify(value)}`),
      ].join("\n"),
    );
  }
  const ids = (list: string[]) => JSON.stringify(list.map((name) => `\${${name}.id}`));
  return [
    "name: door-parity",
    "runtime: yaml",
    ...(resources.length > 0 ? ["resources:", ...resources] : []),
    "outputs:",
    `  campaignIds: ${ids(campaigns)}`,
    `  transactionalIds: ${ids(transactional)}`,
    `  groupIds: ${ids(groups)}`,
    "",
  ].join("\n");
}

/** The URN of the resource `name` in the stack's state. */
async function urnOf(h: StackHandle, name: string): Promise<string> {
  const resources: Array<{ urn: string }> = JSON.parse(await h.exportState()).deployment.resources ?? [];
  const urn = resources.map((r) => r.urn).find((u) => u.endsWith(`::${name}`));
  if (urn === undefined) throw new Error(`no resource ${name} in the stack's state`);
  return urn;
}

/** What every door of the Pulumi engine does alike: its commands, its up to kill, its state copy. */
const PULUMI_ENGINE = {
  refreshExtra: [] as readonly string[],
  async refreshFound(h: StackHandle, _text: string, id: string, content: string): Promise<boolean> {
    const { deployment } = JSON.parse(await h.exportState());
    const resource = deployment.resources.find((r: { id?: string; type: string }) => r.id === id);
    return resource?.outputs?.content === content;
  },
  folders: (h: StackHandle) => [h.dir, path.dirname(h.backend)],
  census: pulumiCensus,
  words: PULUMI_WORDS,
  async configure(h: StackHandle, settings: Readonly<Record<string, string | undefined>>): Promise<void> {
    for (const [key, value] of Object.entries(settings)) {
      if (value === undefined) await h.stack.removeConfig(key);
      else await h.stack.setConfig(key, { value });
    }
  },
  async run(h: StackHandle, command: Command | "destroy"): Promise<Run> {
    const onOutput = h.onOutput;
    try {
      if (command === "preview") {
        const preview = await h.stack.preview({ onOutput });
        return { passed: true, text: preview.stdout };
      }
      if (command === "up") {
        const up = await h.stack.up({ onOutput });
        return { passed: true, text: up.stdout, outputs: up.outputs };
      }
      const destroy = await h.stack.destroy({ onOutput });
      return { passed: true, text: destroy.stdout };
    } catch (error) {
      return { passed: false, text: String((error as Error).message ?? error) };
    }
  },
  async refresh(h: StackHandle): Promise<Refresh> {
    try {
      const refresh = await h.stack.refresh({ onOutput: h.onOutput });
      const changes = refresh.summary.resourceChanges ?? {};
      const changed = Object.entries(changes).some(([op, n]) => op !== "same" && (n ?? 0) > 0);
      return { passed: true, changed, text: refresh.stdout };
    } catch (error) {
      return { passed: false, changed: false, text: String((error as Error).message ?? error) };
    }
  },
  async replace(h: StackHandle, name: string): Promise<Run> {
    try {
      const up = await h.stack.up({ onOutput: h.onOutput, replace: [await urnOf(h, name)] });
      return { passed: true, text: up.stdout, outputs: up.outputs };
    } catch (error) {
      return { passed: false, text: String((error as Error).message ?? error) };
    }
  },
  async forget(h: StackHandle, name: string): Promise<void> {
    await cli(h, h.dir, ["state", "delete", await urnOf(h, name), "--yes", "--stack", "e2e"]);
  },
  spawnUp(h: StackHandle): ChildProcess {
    const child = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", "e2e"], {
      cwd: h.dir,
      env: { ...process.env, ...h.env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout?.on("data", (chunk) => h.onOutput(String(chunk)));
    child.stderr?.on("data", (chunk) => h.onOutput(String(chunk)));
    return child;
  },
  async recover(h: StackHandle): Promise<void> {
    // The file backend's lock and a torn checkpoint sidecar, as a user recovers after a crash.
    cancelAfterCrash(h, { ...process.env, ...h.env });
  },
  async copyState(from: StackHandle, to: StackHandle): Promise<void> {
    const file = path.join(to.dir, "copied.json");
    fs.writeFileSync(file, await from.exportState());
    await cli(to, to.dir, ["stack", "import", "--file", file, "--stack", "e2e"]);
  },
};

/** A camelCase name in snake_case, as the Terraform door spells fields and settings. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** An OpenTofu workspace of the Terraform door: its own CLI folder, its provider block's settings. */
interface Workspace extends Place {
  readonly tf: Tofu;
  readonly settings: Map<string, string>;
  shape: Shape;
}

/**
 * The Terraform program of `shape`: the same resources, each titled by its name (Terraform has no
 * resource name to autoname from, so a title is required), in a workspace whose `ownership_scope`
 * proves its marks, with the provider settings of the row in its provider block.
 */
function hclProgram(shape: Shape, settings: ReadonlyMap<string, string>): string {
  const campaigns = names("campaign", shape.campaigns);
  const transactional = names("transactional", shape.transactional);
  const groups = names("group", shape.groups ?? 0);
  const ids = (type: string, list: string[]) => `[${list.map((name) => `${type}.${name}.id`).join(", ")}]`;
  // A number or a boolean unquoted; Terraform converts neither from a string of the wrong type.
  const hcl = (value: string) => (/^(\d+|true|false)$/.test(value) ? value : JSON.stringify(value));
  const provider = [
    '  ownership_scope = "e2e/door-parity"',
    ...[...settings].map(([key, value]) => `  ${snake(key.replace(/^sender:/, ""))} = ${hcl(value)}`),
  ];
  const blocks = [
    'terraform {\n  required_providers {\n    sender = { source = "pulumi-sender/sender" }\n  }\n}',
    `provider "sender" {\n${provider.join("\n")}\n}`,
    ...campaigns.map(
      (name, i) => `resource "sender_campaign" "${name}" {
  title        = "${name}"
  subject      = "${i === 0 && shape.subject0 !== undefined ? shape.subject0 : `Exactly-once subject ${i}`}"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<p>Exactly once ${i}</p>"${shape.createFirst ? "\n  lifecycle {\n    create_before_destroy = true\n  }" : ""}
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
    ...groups.map((name) => `resource "sender_group" "${name}" {\n  title = "${name}"\n}`),
  ];
  if (shape.schedule && shape.campaigns > 0) {
    const properties = { scheduleTime: shape.schedule.at, ...shape.schedule.claims };
    blocks.push(
      [
        'resource "sender_campaign_schedule" "schedule-0" {',
        "  campaign_id = sender_campaign.campaign-0.id",
        ...Object.entries(properties).map(([key, value]) => `  ${snake(key)} = ${JSON.stringify(value)}`),
        "}",
      ].join("\n"),
    );
  }
  blocks.push(
    `output "campaign_ids" {\n  value = ${ids("sender_campaign", campaigns)}\n}`,
    `output "transactional_ids" {\n  value = ${ids("sender_transactional_campaign", transactional)}\n}`,
    `output "group_ids" {\n  value = ${ids("sender_group", groups)}\n}`,
    "",
  );
  return blocks.join("\n\n");
}

/** Writes the workspace's program of its shape and settings. */
const writeHcl = (w: Workspace) =>
  fs.writeFileSync(path.join(w.dir, "main.tf"), hclProgram(w.shape, w.settings));

/** The tofu arguments of a door command. */
const TOFU_COMMAND: Readonly<Record<Command | "destroy", string[]>> = {
  preview: ["plan", "-no-color"],
  up: ["apply", "-auto-approve", "-no-color"],
  destroy: ["destroy", "-auto-approve", "-no-color"],
};

/** The emulator's seeded groups, which every reset brings back (their ids kept since the first release). */
const SEEDED_GROUPS: readonly string[] = ["grp001", "grp002"];

/**
 * What every door's census starts from: the ids the outputs hold, the objects made beside the
 * seeded ones, and the program's resource names (`campaign-0`…, `transactional-0`…).
 */
async function accountAgainst(
  emu: EmulatorHandle,
  seeded: Held,
  shape: Shape,
  outputs: Record<string, { value: unknown }>,
): Promise<{ held: Set<string>; made: any[]; resources: string[] }> {
  const state = await emu.state();
  const held = new Set(
    ["campaignIds", "transactionalIds", "groupIds"].flatMap(
      (key) => (outputs[key]?.value as string[] | undefined) ?? [],
    ),
  );
  const made = [
    ...state.campaigns.filter((c: any) => !seeded.campaigns.has(c.id)),
    ...state.transactional.filter((t: any) => !seeded.transactional.has(t.id)),
    ...(await accountGroups(emu)).filter((g) => !SEEDED_GROUPS.includes(g.id)),
  ];
  const resources = [
    ...names("campaign", shape.campaigns),
    ...names("transactional", shape.transactional),
    ...names("group", shape.groups ?? 0),
  ];
  return { held, made, resources };
}

/**
 * What the account holds against a Terraform workspace: per resource the objects titled as it is
 * configured, or that title with a mark (`<title> [<8 hex>]`, before the door renames it); the
 * objects the outputs do not hold (`orphans`); and the objects renamed to their configured title
 * and held (`proven`: the door renames an object once its create, or the look-up after a lost one,
 * answered with the object whose mark the private state records).
 */
async function terraformCensus(
  emu: EmulatorHandle,
  seeded: Held,
  _h: Place,
  shape: Shape,
  outputs: Record<string, { value: unknown }>,
): Promise<Census> {
  const { held, made: objects, resources } = await accountAgainst(emu, seeded, shape, outputs);
  const of = (name: string) =>
    objects.filter((o: any) => o.title === name || o.title.startsWith(`${name} [`));
  return {
    resources: resources.length,
    objects: objects.length,
    duplicates: resources.reduce((n, name) => n + Math.max(0, of(name).length - 1), 0),
    missing: resources.filter((name) => of(name).length === 0).length,
    orphans: objects.filter((o: any) => !held.has(o.id)).length,
    proven: objects.filter((o: any) => resources.includes(o.title) && held.has(o.id)).length,
  };
}

/** The Terraform door under OpenTofu (test/support/tofu.ts): the plugin bundle, chosen by go-plugin's cookie. */
const TERRAFORM: Door = {
  name: "terraform",
  // The plan's check probes the account once, by the refresh's first page of the list: no request of its own.
  refreshExtra: [],
  // The plan shows the change it would make back: `~ content = "<outside>" -> "<configured>"`.
  refreshFound: async (_w, text, _id, content) => text.includes(JSON.stringify(content)),
  async open(emu, folder) {
    const tf = await openTofu(emu.url, TOKEN);
    const w: Workspace = {
      dir: tf.workspace(folder, ""),
      tf,
      settings: new Map(Object.entries(SETTINGS)),
      shape: { campaigns: 0, transactional: 0 },
      dispose: async () => tf.dispose(),
    };
    writeHcl(w);
    return w;
  },
  folders: (w) => [(w as Workspace).tf.base],
  async shape(w, shape) {
    (w as Workspace).shape = shape;
    writeHcl(w as Workspace);
  },
  async configure(w, settings) {
    for (const [key, value] of Object.entries(settings)) {
      if (value === undefined) (w as Workspace).settings.delete(key);
      else (w as Workspace).settings.set(key, value);
    }
    writeHcl(w as Workspace);
  },
  async run(w, command) {
    const { tf, dir } = w as Workspace;
    const run = await tf.run(dir, TOFU_COMMAND[command]);
    const text = `${run.stdout}\n${run.stderr}`;
    if (run.code !== 0) return { passed: false, text };
    if (command !== "up") return { passed: true, text };
    const printed = JSON.parse((await tf.ok(dir, ["output", "-json"])).stdout);
    const outputs = {
      campaignIds: { value: printed.campaign_ids?.value ?? [] },
      transactionalIds: { value: printed.transactional_ids?.value ?? [] },
      groupIds: { value: printed.group_ids?.value ?? [] },
    };
    return { passed: true, text, outputs };
  },
  async refresh(w) {
    const { tf, dir } = w as Workspace;
    // 0: no change; 2: a change to make; 1: an error.
    const run = await tf.run(dir, [...TOFU_COMMAND.preview, "-detailed-exitcode"]);
    return { passed: run.code !== 1, changed: run.code === 2, text: `${run.stdout}\n${run.stderr}` };
  },
  async replace(w, name) {
    const { tf, dir } = w as Workspace;
    const run = await tf.run(dir, [...TOFU_COMMAND.up, `-replace=sender_campaign.${name}`]);
    return { passed: run.code === 0, text: `${run.stdout}\n${run.stderr}` };
  },
  async forget(w, name) {
    const { tf, dir } = w as Workspace;
    await tf.ok(dir, ["state", "rm", "-no-color", `sender_campaign.${name}`]);
  },
  spawnUp(w) {
    const { tf, dir } = w as Workspace;
    return spawn(tf.executable, TOFU_COMMAND.up, {
      cwd: dir,
      env: tf.env(),
      stdio: ["ignore", "ignore", "ignore"],
      detached: true,
    });
  },
  // The local backend's lock is the state file's own, let go when tofu dies: nothing to recover.
  recover: async () => undefined,
  async copyState(from, to) {
    fs.copyFileSync(path.join(from.dir, "terraform.tfstate"), path.join(to.dir, "terraform.tfstate"));
  },
  census: terraformCensus,
  // As the door's snakeMessage spells a core line: `sender:minScheduleLeadMinutes` → `min_schedule_lead_minutes`.
  words: TERRAFORM_WORDS,
  // The launcher the CLI config's dev override names runs the plugin bundle's entry.
  provider: "dist/provider/entry.js",
};

const DOORS: readonly Door[] = [
  {
    name: "dynamic",
    ...PULUMI_ENGINE,
    open: (emu, folder) =>
      createStack(copyProgram("test/e2e/programs/door-parity", `${folder}-dynamic`), emu, {
        ...SETTINGS,
        "test:shape": JSON.stringify({ campaigns: 0, transactional: 0 }),
      }),
    shape: (h: StackHandle, shape: Shape) =>
      h.stack.setConfig("test:shape", { value: JSON.stringify(shape) }),
    provider: "dynamic-provider",
  },
  {
    name: "plugin",
    ...PULUMI_ENGINE,
    open: (emu, folder) => {
      const dir = path.join(ROOT, ".e2e", `${folder}-plugin`);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), yamlProgram({ campaigns: 0, transactional: 0 }));
      return createStack(dir, emu, SETTINGS, { PATH: pluginPath() });
    },
    shape: async (h, shape) => {
      fs.writeFileSync(path.join(h.dir, "Pulumi.yaml"), yamlProgram(shape));
    },
    // What bin/pulumi-resource-sender runs (entry.ts chooses the plugin or its emulator).
    provider: "dist/provider/entry.js",
    // Pulumi YAML type-checks every resource's properties against the schema first.
    schemaRefusal: "sender:index:CampaignSchedule is not assignable from {",
  },
  TERRAFORM,
];

/** Pids of the door's provider processes working for the program in `dir`. */
function providerPids(door: Door, dir: string): number[] {
  return processesIn([dir])
    .filter((p) => p.cmdline.includes(door.provider))
    .map((p) => p.pid);
}

/** How long a provider may take to see its engine gone and stop (the engine-gone e2e's bound). */
const ENGINE_GONE_MS = 60_000;

/**
 * The door's `up` in a process group of its own, one process killed with SIGKILL once
 * `afterCreates` POSTs to `route` reached the emulator: the door's provider process (the engine
 * outlives it and ends the `up` as failed), or the engine, whose provider must then stop by itself
 * (`providerStopped`). Whatever of the group is left then (a language host) is killed with it, so
 * that nothing outlives the row.
 */
async function killedUp(
  door: Door,
  h: Place,
  emu: EmulatorHandle,
  route: string,
  kill: { readonly process: "provider" | "engine"; readonly afterCreates: number },
): Promise<{ outcome: Outcome; providerStopped: boolean }> {
  const before = await made(emu, route);
  const child = door.spawnUp(h);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const creates = async () => (await emu.requests()).filter((r) => r.method === "POST" && r.path === route);
  await until(
    async () => (await creates()).length >= kill.afterCreates,
    120_000,
    `${kill.afterCreates} creates`,
  );
  const pids = providerPids(door, h.dir);
  if (pids.length === 0) throw new Error(`no ${door.name} provider process to kill for ${h.dir}`);
  // A language host the engine starts in a process group of its own outlives the engine: ended below.
  const left = descendantsOf(child.pid);
  let providerStopped = true;
  if (kill.process === "provider") {
    for (const pid of pids) process.kill(pid, "SIGKILL");
  } else {
    process.kill(child.pid as number, "SIGKILL");
    providerStopped = await until(() => providerPids(door, h.dir).length === 0, ENGINE_GONE_MS, "").then(
      () => true,
      () => false,
    );
  }
  const code = await exited;
  try {
    process.kill(-(child.pid as number), "SIGKILL");
  } catch {
    // the whole group had ended
  }
  endProcesses(left);
  // The creates held in flight commit after the kill, unanswered: wait until every one has landed.
  const posted = (await creates()).length;
  await until(async () => (await made(emu, route)) - before >= posted, 10_000, "the held creates to commit");
  return { outcome: code === 0 ? "succeeded" : "killed", providerStopped };
}

/** Per resource of a program, the objects the account holds for it (see each door's census). */
interface Census {
  resources: number;
  objects: number;
  duplicates: number;
  missing: number;
  orphans: number;
  proven: number;
}

/**
 * What the account holds against the stack: per resource the objects whose title is its autonamed
 * `<name>-<8 hex>` (`duplicates` beyond one, `missing` when none), the objects made that the
 * stack's outputs do not hold (`orphans`), and the resources whose state records the mark their
 * object's title ends with (`proven`).
 */
async function pulumiCensus(
  emu: EmulatorHandle,
  seeded: Held,
  h: StackHandle,
  shape: Shape,
  outputs: Record<string, { value: unknown }>,
): Promise<Census> {
  const { held, made, resources: resourceNames } = await accountAgainst(emu, seeded, shape, outputs);
  const result: Census = {
    resources: 0,
    objects: made.length,
    duplicates: 0,
    missing: 0,
    orphans: 0,
    proven: 0,
  };
  for (const name of resourceNames) {
    result.resources++;
    const n = made.filter((o: any) => new RegExp(`^${name}-[0-9a-f]{8}$`).test(o.title)).length;
    if (n === 0) result.missing++;
    if (n > 1) result.duplicates += n - 1;
  }
  result.orphans = made.filter((o: any) => !held.has(o.id)).length;
  const resources: any[] = JSON.parse(await h.exportState()).deployment.resources ?? [];
  const titles = new Map(made.map((o: any) => [o.id, o.title]));
  result.proven = resources.filter((r) => {
    if (!/:(Campaign|TransactionalCampaign|Group)$/.test(r.type)) return false;
    const mark = r.inputs?.ownershipMark;
    return typeof mark === "string" && titles.get(r.id)?.endsWith(`-${mark}`) === true;
  }).length;
  return result;
}

/** The row's settings over the stack's, and what puts the stack's back afterwards. */
function rowSettings(settings: Readonly<Record<string, string>> = {}) {
  const restore = Object.fromEntries(Object.keys(settings).map((key) => [key, SETTINGS[key]]));
  return { apply: settings, restore };
}

/**
 * The end a door shows for the row's command `index`: the door's own end where the row states one,
 * its language's own refusal where it refuses by the schema first, else the core's line as the door
 * spells it.
 */
function refusalFor(door: Door, guard: Guard, index: number): "passes" | { readonly refused: string } {
  const end = guard.onDoor?.[door.name]?.[index] ?? guard.commands[index]?.[1];
  if (end === undefined || end === "passes") return "passes";
  if (end.orBySchema && door.schemaRefusal !== undefined) return { refused: door.schemaRefusal };
  return { refused: end.refused(door.words) };
}

/** Every line of `text` that holds `line`, trimmed, once each. */
const linesWith = (text: string, line: string) => [
  ...new Set(
    text
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.includes(line)),
  ),
];

describe("door parity: every scenario through every door", () => {
  const stacks = new Map<string, { emu: EmulatorHandle; h: Place }>();
  const folders: string[] = [];
  const figures: string[] = [];
  /** Per guard row, per door: the GET requests of each passing preview. */
  const previewReads = new Map<string, Map<string, number[]>>();

  beforeAll(async () => {
    await Promise.all(
      DOORS.map(async (door) => {
        const emu = await emulator(TOKEN);
        const h = await door.open(emu, "door-parity");
        stacks.set(door.name, { emu, h });
        folders.push(...door.folders(h));
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

  for (const scenario of CONVERGENCE) {
    describe(scenario.name, () => {
      test.concurrent.for(DOORS)(
        "$name door: one object per resource, each proven by its mark; destroy leaves no campaign",
        async (door, { expect }) => {
          const { emu, h } = stacks.get(door.name) as { emu: EmulatorHandle; h: Place };
          const started = Date.now();
          await emu.admin("POST", "reset");
          const seeded = await heldIds(emu);
          await door.shape(h, scenario.shape);
          const settings = rowSettings(scenario.settings);
          await door.configure(h, settings.apply);
          const { fault } = scenario;
          const ups: Outcome[] = [];
          let outputs: Record<string, { value: unknown }> | undefined;
          let providerStopped = true;
          const up = async () => {
            const run = await door.run(h, "up");
            if (run.passed) outputs = run.outputs;
            ups.push(run.passed ? "succeeded" : "failed");
          };
          let destroyed = false;
          try {
            if ("rules" in fault) {
              await emu.admin("POST", "faults", { rules: fault.rules });
              await up();
            } else {
              const route =
                scenario.shape.campaigns > 0
                  ? "/v2/campaigns"
                  : scenario.shape.transactional > 0
                    ? "/v2/transactional"
                    : "/v2/groups";
              await emu.admin("POST", "faults", {
                rules: [
                  { method: "POST", path: `^${route}$`, kind: "latency", latencyMs: fault.kill.latencyMs },
                ],
              });
              const killed = await killedUp(door, h, emu, route, fault.kill);
              ups.push(killed.outcome);
              providerStopped = killed.providerStopped;
              if (fault.kill.process === "engine") await door.recover(h);
            }
            await emu.admin("DELETE", "faults");
            // One more up than the row expects, so that a door that converges late shows what it left.
            while (ups.at(-1) !== "succeeded" && ups.length <= scenario.ups.length) await up();
            const resources =
              scenario.shape.campaigns + scenario.shape.transactional + (scenario.shape.groups ?? 0);
            const counted = outputs ? await door.census(emu, seeded, h, scenario.shape, outputs) : undefined;
            figures.push(
              `${scenario.name} / ${door.name}: ups ${ups.join(", ")}; ${JSON.stringify(counted)}`,
            );
            expect({ ups, providerStopped, census: counted }).toEqual({
              ups: scenario.ups,
              providerStopped: true,
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
            expect((await door.run(h, "destroy")).passed).toBe(true);
            destroyed = true;
            const after = await heldIds(emu);
            // The API cannot delete a transactional campaign: each stays, once, and nothing else does.
            expect({
              campaigns: [...after.campaigns].filter((id) => !seeded.campaigns.has(id)),
              transactional: [...after.transactional].filter((id) => !seeded.transactional.has(id)).sort(),
              groups: (await accountGroups(emu)).map((g) => g.id).filter((id) => !SEEDED_GROUPS.includes(id)),
            }).toEqual({ campaigns: [], transactional: [...transactionalIds].sort(), groups: [] });
            figures.push(
              `${scenario.name} / ${door.name}: passed in ${Math.round((Date.now() - started) / 1000)} s`,
            );
          } finally {
            await emu.admin("DELETE", "faults");
            // Whatever the row left in the stack goes, so that the next row starts from none.
            if (!destroyed) await door.run(h, "destroy");
            await door.configure(h, settings.restore);
          }
        },
      );
    });
  }

  for (const guard of GUARDS) {
    describe(guard.name, () => {
      test.concurrent.for(DOORS)(
        "$name door: each command passes or is refused in the core's words, sending no write it guards",
        async (door, { expect }) => {
          const { emu, h } = stacks.get(door.name) as { emu: EmulatorHandle; h: Place };
          const started = Date.now();
          await emu.admin("POST", "reset");
          await door.shape(h, guard.shape);
          const settings = rowSettings(guard.settings);
          await door.configure(h, settings.apply);
          let copy: Place | undefined;
          try {
            let target = h;
            if (guard.sentFirst) {
              const { subject0: _, ...before } = guard.shape;
              await door.shape(h, before);
              const up = await door.run(h, "up");
              expect(up.passed).toBe(true);
              const id = ((up.outputs?.campaignIds?.value as string[] | undefined) ?? [])[0];
              // To every subscriber, as a user sends it from the Sender interface (none would refuse it).
              expect((await emu.api("PATCH", `campaigns/${id}/send_to_all`, { send_to_all: 1 })).status).toBe(
                200,
              );
              expect((await emu.api("POST", `campaigns/${id}/send`)).status).toBe(200);
              await door.shape(h, guard.shape);
            }
            if (guard.copied) {
              expect((await door.run(h, "up")).passed).toBe(true);
              copy = await door.open(emu, "door-parity-copy");
              folders.push(...door.folders(copy));
              await door.shape(copy, guard.shape);
              await door.copyState(h, copy);
              target = copy;
            }
            const mark = await emu.requestCounts();
            const ended: Array<[Command, "passes" | { refused: string[] }]> = [];
            for (const [command] of guard.commands) {
              const before = await emu.requestCounts();
              const run = await door.run(target, command);
              const expected = refusalFor(door, guard, ended.length);
              const line = expected === "passes" ? "error" : expected.refused;
              // The refusal's line when it is printed, else every error line, to show what was.
              const found = linesWith(run.text, line);
              ended.push([
                command,
                run.passed
                  ? "passes"
                  : {
                      refused:
                        found.length > 0 ? found.slice(0, 1) : linesWith(run.text.toLowerCase(), "error"),
                    },
              ]);
              if (command === "preview" && run.passed) {
                const reads = ((await emu.requestCounts()).byMethod.GET ?? 0) - (before.byMethod.GET ?? 0);
                const byDoor = previewReads.get(guard.name) ?? new Map<string, number[]>();
                byDoor.set(door.name, [...(byDoor.get(door.name) ?? []), reads]);
                previewReads.set(guard.name, byDoor);
              }
            }
            const writes = (await emu.requests())
              .filter((r) => r.seq > mark.seq && !["GET", "HEAD", "OPTIONS"].includes(r.method))
              .map((r) => `${r.method} ${r.path}`);
            const guarded = writes.filter((w) => (guard.forbidden ? guard.forbidden.test(w) : true));
            figures.push(
              `${guard.name} / ${door.name}: ${JSON.stringify(ended)}; writes ${JSON.stringify(writes)}`,
            );
            expect({ ended, guarded }).toEqual({
              ended: guard.commands.map(([command], index) => {
                const want = refusalFor(door, guard, index);
                return [
                  command,
                  want === "passes" ? "passes" : { refused: [expect.stringContaining(want.refused)] },
                ];
              }),
              guarded: [],
            });
            figures.push(
              `${guard.name} / ${door.name}: passed in ${Math.round((Date.now() - started) / 1000)} s`,
            );
          } finally {
            if (copy) await copy.dispose();
            // The change reverted first, as the refusal advises: OpenTofu's destroy plans the
            // configuration before it destroys, and that plan refuses a sent campaign's change too
            // (docs/limitations.md), so the row would leave its campaign in the next row's state.
            if (guard.sentFirst) {
              const { subject0: _, ...before } = guard.shape;
              await door.shape(h, before);
            }
            await door.run(h, "destroy");
            await door.configure(h, settings.restore);
          }
        },
      );
    });
  }

  for (const row of REPLACEMENTS) {
    describe(row.name, () => {
      test.concurrent.for(DOORS)(
        "$name door: one live object per resource, the one the state names; nothing taken over",
        async (door, { expect }) => {
          const { emu, h } = stacks.get(door.name) as { emu: EmulatorHandle; h: Place };
          await emu.admin("POST", "reset");
          const seeded = await heldIds(emu);
          const { subject0: _, ...first } = row.shape;
          await door.shape(h, first);
          try {
            const up = await door.run(h, "up");
            expect(up.passed).toBe(true);
            const before = (up.outputs?.campaignIds?.value as string[] | undefined) ?? [];
            if (row.step === "replace") {
              const replaced = await door.replace(h, "campaign-0");
              expect([replaced.passed, linesWith(replaced.text, "error")]).toEqual([true, []]);
            } else {
              expect((await door.run(h, "preview")).passed).toBe(true);
              await door.forget(h, "campaign-0");
              await door.shape(h, row.shape);
            }
            const mark = await emu.requestCounts();
            const settle = await door.run(h, "up");
            const writes = (await emu.requests())
              .filter((r) => r.seq > mark.seq && !["GET", "HEAD", "OPTIONS"].includes(r.method))
              .map((r) => `${r.method} ${r.path}`);
            const ids = (settle.outputs?.campaignIds?.value as string[] | undefined) ?? [];
            const state = await emu.state();
            const subjectOf = (id: string | undefined) =>
              state.campaigns.find((c: { id: string }) => c.id === id)?.subject as string | undefined;
            if (row.step === "replace") {
              const counted = await door.census(emu, seeded, h, row.shape, settle.outputs ?? {});
              figures.push(
                `${row.name} / ${door.name}: ${JSON.stringify(counted)}; settle writes ${writes.length}`,
              );
              expect({ settled: settle.passed, writes, census: counted }).toEqual({
                settled: true,
                writes: [],
                census: { resources: 2, objects: 2, duplicates: 0, missing: 0, orphans: 0, proven: 2 },
              });
            } else {
              // The forgotten object keeps its subject; the state's campaign-0 is a new one (its
              // create POSTed in the settling up).
              figures.push(`${row.name} / ${door.name}: ${JSON.stringify({ before, ids, writes })}`);
              expect({
                settled: settle.passed,
                made: writes.filter((w) => w === "POST /v2/campaigns").length,
                newObject: ids[0] !== before[0],
                forgotten: subjectOf(before[0]),
                held: subjectOf(ids[0]),
              }).toEqual({
                settled: true,
                made: 1,
                newObject: true,
                forgotten: "Exactly-once subject 0",
                held: "Made again after the forget",
              });
            }
          } finally {
            await door.run(h, "destroy");
          }
        },
      );
    });
  }

  describe(`paged reads (issue 56): a refresh of ${PAGED.campaigns} unchanged campaigns and ${PAGED.groups} groups`, () => {
    test.concurrent.for(DOORS)(
      "$name door: ⌈N/100⌉ pages of each list and nothing else, no write; a content change made outside is still found",
      async (door, { expect }) => {
        const { emu, h } = stacks.get(door.name) as { emu: EmulatorHandle; h: Place };
        const started = Date.now();
        await emu.admin("POST", "reset");
        await door.shape(h, PAGED);
        try {
          const up = await door.run(h, "up");
          expect(up.passed).toBe(true);
          const ids = (up.outputs?.campaignIds?.value as string[] | undefined) ?? [];
          expect(ids).toHaveLength(PAGED.campaigns);
          // A change made outside moves `modified`, in whole seconds: into the next one first.
          await new Promise((resolve) => setTimeout(resolve, 1100));
          const since = async (mark: { seq: number }) =>
            (await emu.requests()).filter((r) => r.seq > mark.seq).map((r) => `${r.method} ${r.path}`);
          const mark = await emu.requestCounts();
          const same = await door.refresh(h);
          const sameLines = await since(mark);
          const pages = Math.ceil(PAGED.campaigns / 100);
          const pageLines = [
            ...Array.from({ length: pages }, (_, i) => `GET /v2/campaigns?page=${i + 1}&limit=100`),
            "GET /v2/groups?page=1&limit=100",
          ];
          expect({ passed: same.passed, changed: same.changed, requests: sameLines.sort() }).toEqual({
            passed: true,
            changed: false,
            requests: [...pageLines, ...door.refreshExtra].sort(),
          });
          const changed = await emu.api("PATCH", `campaigns/${ids[0]}`, {
            content: "<p>Changed outside</p>",
          });
          expect(changed.status).toBe(200);
          const mark2 = await emu.requestCounts();
          const drift = await door.refresh(h);
          const driftLines = await since(mark2);
          expect({ passed: drift.passed, changed: drift.changed, requests: driftLines.sort() }).toEqual({
            passed: true,
            changed: true,
            requests: [...pageLines, `GET /v2/campaigns/${ids[0]}`, ...door.refreshExtra].sort(),
          });
          expect(await door.refreshFound(h, drift.text, ids[0] as string, "<p>Changed outside</p>")).toBe(
            true,
          );
          figures.push(
            `paged reads / ${door.name}: ${PAGED.campaigns} campaigns and ${PAGED.groups} groups, refresh ${sameLines.length} requests, ` +
              `after a change outside ${driftLines.length}; ${Math.round((Date.now() - started) / 1000)} s`,
          );
        } finally {
          await door.run(h, "destroy");
        }
      },
    );
  });

  test("a passing preview reads the same through every door, for the same program", () => {
    const reads = Object.fromEntries(
      [...previewReads].map(([row, byDoor]) => [row, Object.fromEntries(byDoor)]),
    );
    figures.push(`preview reads (GET requests): ${JSON.stringify(reads)}`);
    // Only a row whose preview passes through every door compares (a copied state's plan passes on
    // Terraform alone, its own stated end).
    const shared = Object.entries(reads).filter(([, byDoor]) => Object.keys(byDoor).length === DOORS.length);
    const counts = shared.map(([, byDoor]) => new Set(Object.values(byDoor).map(String)).size);
    expect({ rows: shared.map(([row]) => row), distinct: counts }).toEqual({
      rows: [GUARDS.find((guard) => guard.settings?.["sender:minScheduleLeadMinutes"])?.name],
      distinct: [1],
    });
  });

  test("the file leaves no process behind in its folders", async () => {
    await until(() => processesIn(folders).length === 0, 15_000, "the stacks' processes to end").catch(
      () => undefined,
    );
    expect(processesIn(folders)).toEqual([]);
  });
});
