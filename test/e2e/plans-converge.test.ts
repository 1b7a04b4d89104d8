// Issue 54, items 4, 5 and 7 under the real engines: an empty preheader, a title the service trims,
// an imported proof and an imported attachment plan clean once applied, through OpenTofu
// (the Terraform door) and Pulumi YAML on the native plugin. Each test failed before the core's one
// rule (`sameInput`, provider/core/fields.ts) and the proof's and attachment's import reads.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pluginPath } from "../support/plugin";
import { cli } from "../support/run";
import { createStack, type EmulatorHandle, emulator, type StackHandle } from "../support/stack";
import { openTofu, providerBlock, type Tofu } from "../support/tofu";

const TOKEN = "tok-e2e-plans-converge-Rk8Vn3Xa";

let emu: EmulatorHandle;

beforeAll(async () => {
  emu = await emulator(TOKEN);
  // The service stores campaign titles trimmed and in NFC (docs/emulator.md).
  await emu.admin("PUT", "title-normalization", { enabled: true });
}, 900_000);

afterAll(async () => {
  await emu?.close();
});

const writes = async () =>
  (await emu.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

/** A campaign made outside the stack or workspace, by the API: its id. */
async function campaignMadeElsewhere(title: string): Promise<string> {
  const made = await emu.api("POST", "campaigns", {
    title,
    subject: "Made elsewhere",
    from: "Example News",
    reply_to: "news@example.com",
    content_type: "html",
    content: "<p>elsewhere</p>",
  });
  expect(made.status).toBeLessThan(300);
  return made.body.data.id as string;
}

/** An attachment added outside the stack or workspace: `<campaign id>/<file name>`. */
async function attachmentMadeElsewhere(campaignId: string, url: string): Promise<string> {
  const added = await emu.api("POST", `campaigns/${campaignId}/attachments`, { file: url });
  expect(added.status).toBeLessThan(300);
  return `${campaignId}/${added.body.data.file_name}`;
}

describe("OpenTofu", () => {
  let tf: Tofu;
  const PROVIDER = (scope: string) => providerBlock(scope);

  beforeAll(async () => {
    tf = await openTofu(emu.url, TOKEN);
  }, 900_000);
  afterAll(() => tf?.dispose());

  test('preheader = "" on a campaign and a transactional campaign: applied, then a clean plan', async () => {
    const resources = (preheader: string) => `
resource "sender_campaign" "empty" {
  title        = "TF empty preheader"
  subject      = "Hello"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<p>Hi</p>"
  preheader    = ""
}

resource "sender_transactional_campaign" "empty" {
  title     = "TF empty preheader"
  subject   = "Reset your password"
  from      = "Example News"
  reply_to  = "news@example.com"
  editor    = "html"
  content   = "<p>Follow the link.</p>"
  preheader = "${preheader}"
}
`;
    const scope = PROVIDER("e2e/plans-converge/empty");
    const dir = tf.workspace("empty", `${scope}${resources("Tracking inside")}`);
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    const stored = (await emu.state()).campaigns.find((c: any) => c.title === "TF empty preheader");
    expect(stored?.preheader).toBeNull();
    // The plan refreshes first: a preheader held as null is no change.
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
    fs.writeFileSync(path.join(dir, "main.tf"), `${scope}${resources("")}`);
    const change = await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    expect(change.stdout).toContain("Apply complete! Resources: 0 added, 1 changed, 0 destroyed.");
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
    await tf.ok(dir, ["apply", "-refresh-only", "-auto-approve", "-no-color"]);
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
  });

  test("a title the service stores trimmed: applied, then a clean plan", async () => {
    const dir = tf.workspace(
      "trimmed",
      `${PROVIDER("e2e/plans-converge/trimmed")}
resource "sender_campaign" "trimmed" {
  title        = "Trailing space  "
  subject      = "Hello"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
}
`,
    );
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    const titles = (await emu.state()).campaigns.map((c: any) => c.title);
    expect(titles).toContain("Trailing space");
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
  });

  test("a proof imports by its campaign's id (import block and tofu import): the first apply sends it, then a clean plan", async () => {
    const id = await campaignMadeElsewhere("TF proof import");
    const proof = (name: string) => `
resource "sender_campaign_proof" "${name}" {
  campaign_id = "${id}"
  addresses   = ["editor@example.com"]
}
`;
    const dir = tf.workspace(
      "proof",
      `${PROVIDER("e2e/plans-converge/proof")}${proof("p")}
import {
  to = sender_campaign_proof.p
  id = "${id}"
}
`,
    );
    await emu.clearRequests();
    const plan = await tf.ok(dir, ["plan", "-no-color"]);
    expect(plan.stdout).toContain("Plan: 1 to import, 0 to add, 1 to change, 0 to destroy.");
    expect(plan.stdout).toContain(`apply will send 1 proof of campaign ${id} to editor@example.com`);
    expect(await writes()).toEqual([]);
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    expect(await writes()).toEqual([`POST /v2/campaigns/${id}/send_test_email`]);
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);

    // The CLI's import command, to a second address of the configuration.
    fs.appendFileSync(path.join(dir, "main.tf"), proof("q"));
    const imported = await tf.ok(dir, ["import", "-no-color", "sender_campaign_proof.q", id]);
    expect(imported.stdout).toContain("Import successful!");
  });

  test("an imported attachment plans the configuration's url of the same file in place, sending nothing, then a clean plan", async () => {
    const campaignId = await campaignMadeElsewhere("TF attachment import");
    const url = "https://files.example.com/docs/tf-guide.pdf";
    const id = await attachmentMadeElsewhere(campaignId, url);
    const dir = tf.workspace(
      "attachment",
      `${PROVIDER("e2e/plans-converge/attachment")}
resource "sender_attachment" "guide" {
  campaign_id = "${campaignId}"
  url         = "${url}"
}

import {
  to = sender_attachment.guide
  id = "${id}"
}
`,
    );
    await emu.clearRequests();
    const plan = await tf.ok(dir, ["plan", "-no-color"]);
    expect(plan.stdout).toContain("Plan: 1 to import, 0 to add, 1 to change, 0 to destroy.");
    expect(plan.stdout).not.toContain("must be replaced");
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    expect(await writes()).toEqual([]);
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
  });
});

describe("Pulumi YAML on the plugin", () => {
  let h: StackHandle;
  const PROJECT = "name: plans-converge\nruntime: yaml\n";
  const CAMPAIGN = `  news:
    type: sender:index:Campaign
    properties:
      title: "Trailing space  "
      subject: Hello
      from: Example News
      replyTo: news@example.com
      contentType: html
      content: <p>Hi</p>
      preheader: ""
`;
  const TRANSACTIONAL = (preheader: string) => `  reset:
    type: sender:index:TransactionalCampaign
    properties:
      title: YAML empty preheader
      subject: Reset your password
      from: Example News
      replyTo: news@example.com
      editor: html
      content: <p>Follow the link.</p>
      preheader: "${preheader}"
`;
  const program = (...resources: string[]) =>
    fs.writeFileSync(
      path.join(h.dir, "Pulumi.yaml"),
      `${PROJECT}resources:\n${resources.join("")}outputs:\n  campaignId: \${news.id}\n`,
    );

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plans-converge-yaml-"));
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), PROJECT);
    h = await createStack(dir, emu, {}, { PATH: pluginPath() });
  });
  afterAll(async () => {
    await h?.dispose();
  });

  let campaignId: string;

  test('preheader: "" and a trimmed title: up, a second up with "" on the transactional campaign, refresh, then a preview with no changes', async () => {
    program(CAMPAIGN, TRANSACTIONAL("Tracking inside"));
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    campaignId = up.outputs.campaignId?.value;
    program(CAMPAIGN, TRANSACTIONAL(""));
    const second = await h.stack.up({ onOutput: h.onOutput });
    expect(second.summary.resourceChanges).toEqual({ same: 2, update: 1 });
    await h.stack.refresh({ onOutput: h.onOutput });
    const preview = await h.stack.preview({ expectNoChanges: true, onOutput: h.onOutput });
    expect(preview.changeSummary).toEqual({ same: 3 });
  });

  test("pulumi import of a proof by its campaign's id; the first up sends it, then a preview with no changes", async () => {
    const out = await cli(h, h.dir, [
      "import",
      "sender:index:CampaignProof",
      "proof",
      campaignId,
      "--yes",
      "--protect=false",
      "--stack",
      "e2e",
      "--out",
      path.join(h.dir, "imported.yaml"),
    ]);
    expect(out).toContain("1 imported");
    const proof = `  proof:
    type: sender:index:CampaignProof
    properties:
      campaignId: \${news.id}
      addresses: ["editor@example.com"]
`;
    program(CAMPAIGN, TRANSACTIONAL(""), proof);
    await emu.clearRequests();
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ same: 3, update: 1 });
    expect(await writes()).toEqual([`POST /v2/campaigns/${campaignId}/send_test_email`]);
    const preview = await h.stack.preview({ expectNoChanges: true, onOutput: h.onOutput });
    expect(preview.changeSummary).toEqual({ same: 4 });
  });

  test("pulumi import of an attachment, then the program's own url previews with no changes", async () => {
    const url = "https://files.example.com/docs/yaml-guide.pdf";
    const id = await attachmentMadeElsewhere(campaignId, url);
    const out = await cli(h, h.dir, [
      "import",
      "sender:index:Attachment",
      "guide",
      id,
      "--yes",
      "--protect=false",
      "--stack",
      "e2e",
      "--out",
      path.join(h.dir, "imported.yaml"),
    ]);
    expect(out).toContain("1 imported");
    const attachment = `  guide:
    type: sender:index:Attachment
    properties:
      campaignId: \${news.id}
      url: ${url}
`;
    const proof = `  proof:
    type: sender:index:CampaignProof
    properties:
      campaignId: \${news.id}
      addresses: ["editor@example.com"]
`;
    program(CAMPAIGN, TRANSACTIONAL(""), proof, attachment);
    await emu.clearRequests();
    const preview = await h.stack.preview({ expectNoChanges: true, onOutput: h.onOutput });
    expect(preview.changeSummary).toEqual({ same: 5 });
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ same: 5 });
    expect(await writes()).toEqual([]);
  });
});
