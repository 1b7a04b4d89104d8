// Issue 56, "Plans a reviewer can read", under the real OpenTofu CLI against the emulator:
// - over every kind, after `apply`, a change of one input plans that input and only the attributes
//   it really changes: read from `tofu show -json` of a saved plan (resource_changes' before, after
//   and after_unknown), an output no changed input moves keeps its state value (the field tables'
//   `movedBy`), and what the provider will set is planned (a schedule's time in the API's form and
//   status, a content change's hash, a proof's addresses);
// - right after an apply that targets and schedules a campaign, and after every apply since,
//   `plan -refresh-only -detailed-exitcode` exits 0: the campaign shows nothing its schedule or
//   targeting moves (provider/terraform/left-out.ts);
// - every example of examples/terraform, each in a workspace of its own, and templates/terraform
//   apply and then plan clean (`plan -detailed-exitcode` and, where resources are made,
//   `plan -refresh-only -detailed-exitcode` both 0).
// - a state of sender_campaign's schema version 0, holding the attributes version 1 leaves out,
//   plans clean and is written back as version 1 without them.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ROOT } from "../support/root";
import { type EmulatorHandle, emulator } from "../support/stack";
import { openTofu, providerBlock, TF_SOURCE, type Tofu } from "../support/tofu";

const TOKEN = "tok-e2e-terraform-plans-Vb4Qz8Lm";
const EXAMPLES = path.join(ROOT, "examples/terraform");

let emu: EmulatorHandle;
let tf: Tofu;

beforeAll(async () => {
  emu = await emulator(TOKEN);
  tf = await openTofu(emu.url, TOKEN);
}, 900_000);

afterAll(async () => {
  await emu?.close();
  tf?.dispose();
});

/** The hash a campaign's `content_hash` holds: core/content-hash.ts, written out. */
const contentHash = (subject: string, content: string) =>
  createHash("sha256")
    .update(JSON.stringify([subject, content]))
    .digest("hex");

/** The inputs of the workspace that holds every kind; each test changes one. */
const INPUTS = {
  newsSubject: "Hello from OpenTofu",
  newsGroups: '["grp001"]',
  tagIds: '["tag001", "tag002"]',
  delayHours: 48,
  attachmentUrl: "https://example.com/files/guide.pdf",
  scheduleTime: "2030-01-15T09:00:00+01:00",
  summerSubject: "A first look at our summer range",
  addresses: '["editor@example.com"]',
  resetSubject: "Reset your password",
  hookUrl: "https://hooks.example.com/sender/new-subscriber",
};
type Inputs = typeof INPUTS;

const everyKind = (i: Inputs) => `${providerBlock("e2e/terraform-plans/every-kind")}
resource "sender_campaign" "news" {
  title        = "TF plans news"
  subject      = "${i.newsSubject}"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Hello</h1>"
  groups       = ${i.newsGroups}
}

resource "sender_campaign_targeting" "news" {
  campaign_id = sender_campaign.news.id
  tag_ids     = ${i.tagIds}
}

resource "sender_campaign_follow_up" "news" {
  campaign_id = sender_campaign.news.id
  subject     = "Did you miss it?"
  delay_hours = ${i.delayHours}
}

resource "sender_attachment" "news" {
  campaign_id = sender_campaign.news.id
  url         = "${i.attachmentUrl}"
}

resource "sender_campaign_schedule" "news" {
  campaign_id   = sender_campaign.news.id
  schedule_time = "${i.scheduleTime}"
  depends_on    = [sender_campaign_targeting.news, sender_campaign_follow_up.news, sender_attachment.news]
}

resource "sender_campaign" "summer" {
  title        = "TF plans summer"
  subject      = "${i.summerSubject}"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Summer preview</h1>"
}

resource "sender_campaign_proof" "summer" {
  campaign_id  = sender_campaign.summer.id
  addresses    = ${i.addresses}
  content_hash = sender_campaign.summer.content_hash
}

resource "sender_transactional_campaign" "reset" {
  title    = "TF plans reset"
  subject  = "${i.resetSubject}"
  from     = "Example News"
  reply_to = "news@example.com"
  editor   = "html"
  content  = "<p>Follow the link.</p>"
}

resource "sender_webhook" "joined" {
  url         = "${i.hookUrl}"
  topic       = "groups/new-subscriber"
  relation_id = "grp001"
}
`;

/** One resource's planned change as a reviewer reads it: what differs, what is unknown, and the new values. */
interface PlannedChange {
  readonly actions: string[];
  readonly changed: Record<string, unknown>;
  readonly unknown: string[];
}

interface ResourceChange {
  readonly address: string;
  readonly change: {
    readonly actions: string[];
    readonly before: Record<string, unknown> | null;
    readonly after: Record<string, unknown> | null;
    readonly after_unknown: Record<string, unknown>;
  };
}

/** `tofu plan -out` then `tofu show -json` of it: each resource that the plan changes, by address. */
async function savedPlan(dir: string): Promise<Record<string, PlannedChange>> {
  await tf.ok(dir, ["plan", "-out=tfplan", "-no-color"]);
  const shown = JSON.parse((await tf.ok(dir, ["show", "-json", "tfplan"])).stdout) as {
    resource_changes: ResourceChange[];
  };
  const out: Record<string, PlannedChange> = {};
  for (const { address, change } of shown.resource_changes) {
    if (change.actions.join() === "no-op") continue;
    const before = change.before ?? {};
    const after = change.after ?? {};
    const unknown = Object.keys(change.after_unknown)
      .filter((name) => change.after_unknown[name] === true)
      .sort();
    const changed = Object.fromEntries(
      Object.keys(after)
        .filter((name) => !unknown.includes(name))
        .filter((name) => JSON.stringify(before[name] ?? null) !== JSON.stringify(after[name] ?? null))
        .sort()
        .map((name) => [name, after[name]]),
    );
    out[address] = { actions: change.actions, changed, unknown };
  }
  return out;
}

/** Applies the saved plan, then both kinds of plan must find nothing to do: the state is the service's. */
async function applyAndConverge(dir: string): Promise<void> {
  await tf.ok(dir, ["apply", "-no-color", "tfplan"]);
  await tf.ok(dir, ["plan", "-refresh-only", "-detailed-exitcode", "-no-color"], 0);
  await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
}

describe("a change of one input plans only what it changes", () => {
  let dir: string;
  let inputs: Inputs = { ...INPUTS };
  /** Writes the workspace with `change` applied to the inputs so far, and reads the plan it makes. */
  const change = async (patch: Partial<Inputs>) => {
    inputs = { ...inputs, ...patch };
    fs.writeFileSync(path.join(dir, "main.tf"), everyKind(inputs));
    return savedPlan(dir);
  };

  test("apply of every kind, a campaign targeted and scheduled: then plan -refresh-only -detailed-exitcode exits 0", async () => {
    dir = tf.workspace("every-kind", everyKind(inputs));
    const apply = await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    expect(apply.stdout).toContain("Apply complete! Resources: 9 added, 0 changed, 0 destroyed.");
    const news = (await emu.state()).campaigns.find((c: { title: string }) => c.title === "TF plans news");
    // The service moved the campaign: its schedule and targeting did.
    expect([news.status, news.schedule_time, news.recipient_count > 0]).toEqual([
      "SCHEDULED",
      "2030-01-15 08:00:00",
      true,
    ]);
    const refreshOnly = await tf.ok(dir, ["plan", "-refresh-only", "-detailed-exitcode", "-no-color"], 0);
    expect(refreshOnly.stdout).not.toContain("changed outside");
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
  });

  test("sender_campaign subject: the subject and the content hash it moves, planned known; the proof that follows the hash", async () => {
    const subject = "Summer, a first look";
    const plan = await change({ summerSubject: subject });
    const hash = contentHash(subject, "<h1>Summer preview</h1>");
    expect(plan).toEqual({
      "sender_campaign.summer": {
        actions: ["update"],
        changed: { content_hash: hash, subject },
        unknown: [],
      },
      // The proof sends again: it records the hash the service then holds.
      "sender_campaign_proof.summer": {
        actions: ["update"],
        changed: { content_hash: hash },
        unknown: ["proofed_hash"],
      },
    });
    await applyAndConverge(dir);
  });

  test("sender_campaign groups of a scheduled campaign: the groups alone (its recipient count is no attribute)", async () => {
    const plan = await change({ newsGroups: '["grp001", "grp002"]' });
    expect(plan).toEqual({
      "sender_campaign.news": { actions: ["update"], changed: { groups: ["grp001", "grp002"] }, unknown: [] },
    });
    await applyAndConverge(dir);
  });

  test("sender_campaign_targeting tag_ids: the tags alone", async () => {
    const plan = await change({ tagIds: '["tag001"]' });
    expect(plan).toEqual({
      "sender_campaign_targeting.news": {
        actions: ["update"],
        changed: { tag_ids: ["tag001"] },
        unknown: [],
      },
    });
    await applyAndConverge(dir);
  });

  test("sender_campaign_follow_up delay_hours: the delay alone", async () => {
    const plan = await change({ delayHours: 72 });
    expect(plan).toEqual({
      "sender_campaign_follow_up.news": { actions: ["update"], changed: { delay_hours: 72 }, unknown: [] },
    });
    await applyAndConverge(dir);
  });

  test("sender_attachment url: a replacement, with the new object's id, file name and size unknown", async () => {
    const url = "https://example.com/files/guide-2.pdf";
    const plan = await change({ attachmentUrl: url });
    expect(plan).toEqual({
      "sender_attachment.news": {
        actions: ["delete", "create"],
        changed: { url },
        unknown: ["file_name", "id", "size"],
      },
    });
    await applyAndConverge(dir);
  });

  test("sender_campaign_schedule schedule_time: the time and its UTC form, planned known; status stays SCHEDULED", async () => {
    const plan = await change({ scheduleTime: "2030-02-01T10:30:00Z" });
    expect(plan).toEqual({
      "sender_campaign_schedule.news": {
        actions: ["update"],
        changed: { schedule_time: "2030-02-01T10:30:00Z", schedule_time_utc: "2030-02-01 10:30:00" },
        unknown: [],
      },
    });
    await applyAndConverge(dir);
  });

  test("sender_campaign_proof addresses: the addresses and the addresses proofed, planned known; the hash proofed after apply", async () => {
    const plan = await change({ addresses: '["editor@example.com", "review@example.com"]' });
    expect(plan).toEqual({
      "sender_campaign_proof.summer": {
        actions: ["update"],
        changed: {
          addresses: ["editor@example.com", "review@example.com"],
          proofed_addresses: ["editor@example.com", "review@example.com"],
        },
        unknown: ["proofed_hash"],
      },
    });
    await applyAndConverge(dir);
  });

  test("sender_transactional_campaign subject: the subject, and its modified time after apply", async () => {
    const plan = await change({ resetSubject: "Reset your password now" });
    expect(plan).toEqual({
      "sender_transactional_campaign.reset": {
        actions: ["update"],
        changed: { subject: "Reset your password now" },
        unknown: ["modified"],
      },
    });
    await applyAndConverge(dir);
  });

  test("sender_webhook url: the url alone (its status, account and counts stay)", async () => {
    const url = "https://hooks.example.com/sender/joined";
    const plan = await change({ hookUrl: url });
    expect(plan).toEqual({
      "sender_webhook.joined": { actions: ["update"], changed: { url }, unknown: [] },
    });
    await applyAndConverge(dir);
  });
});

describe("a state of sender_campaign's schema version 0", () => {
  test("with status, modified, schedule_time, sent_time and recipient_count: plans clean, and a refresh writes version 1 without them", async () => {
    const dir = tf.workspace(
      "version-0",
      `${providerBlock("e2e/terraform-plans/version-0")}
resource "sender_campaign" "old" {
  title        = "TF plans version 0"
  subject      = "Hello"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
}
`,
    );
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    // The state as the door of schema version 0 wrote it: the five attributes beside the others.
    const file = path.join(dir, "terraform.tfstate");
    const state = JSON.parse(fs.readFileSync(file, "utf8"));
    const instance = state.resources[0].instances[0];
    expect(instance.schema_version).toBe(1);
    instance.schema_version = 0;
    instance.attributes = {
      ...instance.attributes,
      status: "DRAFT",
      modified: instance.attributes.created,
      schedule_time: null,
      sent_time: null,
      recipient_count: 0,
    };
    state.serial += 1;
    fs.writeFileSync(file, JSON.stringify(state, null, 2));
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
    await tf.ok(dir, ["apply", "-refresh-only", "-auto-approve", "-no-color"]);
    const upgraded = JSON.parse(fs.readFileSync(file, "utf8")).resources[0].instances[0];
    expect(upgraded.schema_version).toBe(1);
    expect(Object.keys(upgraded.attributes).sort()).toEqual(
      [
        ...["id", "title", "subject", "from", "reply_to", "content_type", "preheader", "content"],
        ...["google_analytics", "groups", "segments", "adopt_id", "delete_even_if_sent"],
        ...["created", "domain_id", "last_action", "content_hash"],
      ].sort(),
    );
    await tf.ok(dir, ["plan", "-refresh-only", "-detailed-exitcode", "-no-color"], 0);
  });
});

describe("every example of examples/terraform, and templates/terraform, plans clean after its apply", () => {
  const examples = fs
    .readdirSync(path.join(EXAMPLES, "resources"))
    .sort()
    .map((type) => path.join("resources", type, "resource.tf"));

  beforeAll(async () => {
    // A cart for sender_cart's example, which reads the newest.
    const cart = await emu.api("POST", "carts", {
      external_id: 5601,
      email: "subscriber1@example.com",
      url: "https://shop.example.com/cart/5601",
    });
    expect(cart.status).toBeLessThan(300);
  });

  /**
   * A workspace of the provider example and `files` (paths under examples/terraform), each a module
   * of its own folder, as written (two examples may use the same names), as terraform-mirror.test.ts
   * runs them.
   */
  const workspace = (name: string, files: readonly string[]) => {
    const modules = files.map((_, index) => `example_${index}`);
    const dir = tf.workspace(
      name,
      `${fs.readFileSync(path.join(EXAMPLES, "provider/provider.tf"), "utf8")}\n${modules
        .map((module) => `module "${module}" {\n  source = "./${module}"\n}\n`)
        .join("\n")}`,
    );
    for (const [index, file] of files.entries()) {
      const folder = path.join(dir, `example_${index}`);
      fs.mkdirSync(folder);
      fs.copyFileSync(path.join(EXAMPLES, file), path.join(folder, path.basename(file)));
      fs.writeFileSync(
        path.join(folder, "versions.tf"),
        `terraform {\n  required_providers {\n    sender = {\n      source = "${TF_SOURCE}"\n    }\n  }\n}\n`,
      );
    }
    return dir;
  };

  test.each(examples)(
    "%s: apply, then plan -detailed-exitcode and plan -refresh-only -detailed-exitcode exit 0",
    async (file) => {
      const dir = workspace(`example-${path.basename(path.dirname(file))}`, [file]);
      await tf.ok(dir, ["get", "-no-color"]);
      await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
      await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
      await tf.ok(dir, ["plan", "-refresh-only", "-detailed-exitcode", "-no-color"], 0);
    },
  );

  test("templates/terraform/main.tf: apply, then both plans exit 0; its status output is the data source's", async () => {
    const dir = tf.workspace(
      "template",
      fs.readFileSync(path.join(ROOT, "templates/terraform/main.tf"), "utf8"),
    );
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
    await tf.ok(dir, ["plan", "-refresh-only", "-detailed-exitcode", "-no-color"], 0);
    const outputs = JSON.parse((await tf.ok(dir, ["output", "-json"])).stdout);
    expect(outputs.welcome_status.value).toBe("DRAFT");
  });

  test("the data sources' examples together: apply, then plan -detailed-exitcode exits 0", async () => {
    const files = fs
      .readdirSync(path.join(EXAMPLES, "data-sources"))
      .sort()
      .map((type) => path.join("data-sources", type, "data-source.tf"));
    expect(files.length).toBeGreaterThan(20);
    const dir = workspace("example-data-sources", files);
    await tf.ok(dir, ["get", "-no-color"]);
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
  });
});
