// Replace and forget never lose or take over a live object (issue 54), under the real engines
// against the emulator, counting objects in its state. A create-first replacement (Pulumi's
// default and `--replace`; OpenTofu's `create_before_destroy` with `-replace`) ends with exactly one
// live object per resource, the one the state names; a forgotten object
// (OpenTofu's `removed` with destroy = false) is never taken over by a new block of the same title.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pluginPath } from "../support/plugin";
import { copyProgram, createStack, type EmulatorHandle, emulator, type StackHandle } from "../support/stack";
import { openTofu, type Tofu } from "../support/tofu";

const TOKEN = "tok-e2e-replacement-Rk5Ty8Pn";

let emu: EmulatorHandle;
beforeAll(async () => {
  emu = await emulator(TOKEN);
}, 120_000);
afterAll(async () => {
  await emu?.close();
});

/** The ids and subjects of the account's campaigns whose title is `title` or starts with `prefix-`. */
async function campaignsNamed(title: string): Promise<Array<[string, string]>> {
  const state = await emu.state();
  return state.campaigns
    .filter((c: { title: string }) => c.title === title || c.title.startsWith(`${title}-`))
    .map((c: { id: string; subject: string }) => [c.id, c.subject]);
}

/** The URN of the resource `name` in the stack's state. */
async function urnOf(h: StackHandle, name: string): Promise<string> {
  const deployment = JSON.parse(await h.exportState());
  const resources = (deployment.deployment?.resources ?? []) as Array<{ urn: string }>;
  const urn = resources.map((r) => r.urn).find((u) => u.endsWith(`::${name}`));
  if (!urn) throw new Error(`no resource ${name} in the stack`);
  return urn;
}

const PULUMI_DOORS = [
  { door: "dynamic", program: "test/e2e/programs/newsletter", env: {} as Record<string, string> },
  { door: "plugin (YAML)", program: "test/e2e/programs/yaml-newsletter", env: { PATH: pluginPath() } },
] as const;

describe.each(PULUMI_DOORS)("a create-first replacement through the $door door", ({ door, program, env }) => {
  let h: StackHandle;
  beforeAll(async () => {
    const dir = copyProgram(program, `replacement-${door.replace(/\W+/g, "-")}`);
    h = await createStack(dir, emu, {}, env);
  }, 300_000);
  afterAll(async () => {
    await h?.dispose();
  });

  test("pulumi up --replace of an autonamed and a titled campaign leaves exactly one live campaign each, the one the state names", async () => {
    const first = await h.stack.up({ onOutput: h.onOutput });
    const digest = first.outputs.digestId?.value as string;
    const weekly = first.outputs.weeklyId?.value as string;
    const replaced = await h.stack.up({
      onOutput: h.onOutput,
      replace: [await urnOf(h, "digest"), await urnOf(h, "weekly")],
    });
    const [newDigest, newWeekly] = [
      replaced.outputs.digestId?.value as string,
      replaced.outputs.weeklyId?.value as string,
    ];
    expect(replaced.summary.resourceChanges).toMatchObject({ replace: 2 });
    // Pulumi's --replace checks the resource as new and diffs nothing: the provider is told nothing
    // of the object it replaces, finds it as its own and keeps it (the delete then leaves it, as the
    // state names it). Either way exactly one live campaign per resource, the one the state names.
    expect([digest, weekly].every((id) => typeof id === "string")).toBe(true);
    // The old objects are deleted or kept as the new ones; the state's are the only ones of their titles.
    const digests = (await campaignsNamed("digest")).map(([id]) => id);
    const weeklies = (await campaignsNamed("Weekly news")).map(([id]) => id);
    expect([digests, weeklies]).toEqual([[newDigest], [newWeekly]]);
    // The state and the service agree: a refresh finds nothing changed.
    const refresh = await h.stack.refresh({ onOutput: h.onOutput });
    expect(refresh.summary.resourceChanges?.delete ?? 0).toBe(0);
    await h.stack.destroy({ onOutput: h.onOutput });
    expect([await campaignsNamed("digest"), await campaignsNamed("Weekly news")]).toEqual([[], []]);
  });
});

const PROVIDER = (scope: string) => `terraform {
  required_providers {
    sender = { source = "pulumi-sender/sender" }
  }
}

provider "sender" {
  ownership_scope         = "${scope}"
  request_timeout_seconds = 2
  retry_deadline_seconds  = 5
}
`;

const campaignBlock = (name: string, title: string, subject: string, lifecycle = "") => `
resource "sender_campaign" "${name}" {
  title        = "${title}"
  subject      = "${subject}"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<p>${subject}</p>"
${lifecycle}}
`;

describe("replace and forget under OpenTofu", () => {
  let tf: Tofu;
  beforeAll(async () => {
    tf = await openTofu(emu.url, TOKEN);
  }, 900_000);
  afterAll(() => {
    tf?.dispose();
  });

  test("apply -replace with create_before_destroy leaves one live campaign, the one the state names; the next plan is empty", async () => {
    const dir = tf.workspace(
      "cbd",
      `${PROVIDER("e2e/replacement/cbd")}${campaignBlock("a", "TF CBD", "Before", "  lifecycle {\n    create_before_destroy = true\n  }\n")}
output "id" {
  value = sender_campaign.a.id
}
`,
    );
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    const before = JSON.parse((await tf.ok(dir, ["output", "-json"])).stdout).id.value as string;
    const replace = await tf.ok(dir, ["apply", "-auto-approve", "-no-color", "-replace=sender_campaign.a"]);
    expect(replace.stdout).toContain("Apply complete! Resources: 1 added, 0 changed, 1 destroyed.");
    expect(replace.stdout).not.toContain("reclaimed");
    const after = JSON.parse((await tf.ok(dir, ["output", "-json"])).stdout).id.value as string;
    expect([after === before, await campaignsNamed("TF CBD")]).toEqual([false, [[after, "Before"]]]);
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
    await tf.ok(dir, ["destroy", "-auto-approve", "-no-color"]);
    expect(await campaignsNamed("TF CBD")).toEqual([]);
  });

  test("a campaign forgotten by a removed block is never taken over by a new block of the same title", async () => {
    const scope = PROVIDER("e2e/replacement/removed");
    const dir = tf.workspace("removed", `${scope}${campaignBlock("march", "TF Monthly", "March")}`);
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    const [[march]] = (await campaignsNamed("TF Monthly")) as [[string, string]];
    fs.writeFileSync(
      path.join(dir, "main.tf"),
      `${scope}
removed {
  from = sender_campaign.march
  lifecycle {
    destroy = false
  }
}
${campaignBlock("april", "TF Monthly", "April")}`,
    );
    const apply = await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    expect(apply.stdout).not.toContain("reclaimed");
    const held = await campaignsNamed("TF Monthly");
    const april = held.find(([id]) => id !== march)?.[0];
    expect(held.sort()).toEqual(
      [
        [march, "March"],
        [april, "April"],
      ].sort(),
    );
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
    await tf.ok(dir, ["destroy", "-auto-approve", "-no-color"]);
    // The forgotten campaign stays: no state holds it any more.
    expect(await campaignsNamed("TF Monthly")).toEqual([[march, "March"]]);
  });

  test("two blocks of one title are refused at plan, naming the title, with no write", async () => {
    const dir = tf.workspace(
      "twins",
      `${PROVIDER("e2e/replacement/twins")}${campaignBlock("one", "TF Twins", "One")}${campaignBlock("two", "TF Twins", "Two")}`,
    );
    const before = (await emu.requestCounts()).mutating;
    const plan = await tf.run(dir, ["plan", "-no-color"]);
    expect(plan.code).toBe(1);
    expect(plan.stderr.replace(/\s+/g, " ")).toContain(
      "sender_campaign: another resource to create has the same title in this workspace's ownership_scope, so both would carry one ownership mark and neither could prove which object is its own; give each resource its own title",
    );
    expect((await emu.requestCounts()).mutating).toBe(before);
  });

  test("create_before_destroy of a webhook and of an attachment that cannot stand beside the old one: refused before any write, the old one kept", async () => {
    const scope = PROVIDER("e2e/replacement/apart");
    const hcl = (file: string) => `${scope}${campaignBlock("c", "TF Apart", "Apart")}
resource "sender_webhook" "w" {
  url   = "https://hooks.example.com/sender/apart"
  topic = "subscribers/new"
  lifecycle {
    create_before_destroy = true
  }
}

resource "sender_attachment" "a" {
  campaign_id = sender_campaign.c.id
  url         = "https://example.com/${file}/guide.pdf"
  lifecycle {
    create_before_destroy = true
  }
}
`;
    const dir = tf.workspace("apart", hcl("v1"));
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    const held = async () => {
      const state = await emu.state();
      const campaign = state.campaigns.find((c: { title: string }) => c.title === "TF Apart");
      return {
        webhooks: state.webhooks.filter((w: { url: string }) => w.url.endsWith("/apart")).length,
        attachments: (state.attachments?.[campaign.id] ?? []).map((a: { file_name: string }) => a.file_name),
      };
    };
    expect(await held()).toEqual({ webhooks: 1, attachments: ["guide.pdf"] });
    const before = (await emu.requestCounts()).mutating;
    const webhook = await tf.run(dir, ["apply", "-auto-approve", "-no-color", "-replace=sender_webhook.w"]);
    expect(webhook.code).toBe(1);
    expect(webhook.stderr.replace(/\s+/g, " ")).toContain(
      "and a resource's state holds it; a second would deliver every event twice: replace it delete-first, or give the new one another url",
    );
    fs.writeFileSync(path.join(dir, "main.tf"), hcl("v2"));
    const attachment = await tf.run(dir, ["apply", "-auto-approve", "-no-color"]);
    expect(attachment.code).toBe(1);
    expect(attachment.stderr.replace(/\s+/g, " ")).toContain(
      "a resource's state holds an attachment of this file name and it is still attached, so a create-first replacement would take it over and then delete it; replace it delete-first, or give the file another name",
    );
    expect([(await emu.requestCounts()).mutating - before, await held()]).toEqual([
      0,
      { webhooks: 1, attachments: ["guide.pdf"] },
    ]);
    fs.writeFileSync(path.join(dir, "main.tf"), hcl("v1"));
    await tf.ok(dir, ["destroy", "-auto-approve", "-no-color"]);
  });
});
