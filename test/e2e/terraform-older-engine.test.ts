// The oldest engine tested, OpenTofu 1.10.10 (tools/opentofu/v1.10.10, scripts/tofu-cli.sh), with
// this checkout's plugin entry (test/support/tofu.ts's dev override) against the emulator (issue 56):
// what the provider declares for newer engines leaves it working on an older one. Its schema holds
// the functions (OpenTofu 1.7) and url_wo without the write-only flag it cannot read; `validate`
// refuses offline as under 1.12.6; url_wo, which 1.10.10 would keep in its state, is refused on its
// attribute before any request; a campaign and a webhook by `url` apply, an output calls
// content_hash, and the plans after it are quiet; an import block by id (no identity before 1.12)
// imports a seeded group with 0 writes; destroy leaves nothing of the workspace's.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type EmulatorHandle, emulator, mutationLines } from "../support/stack";
import { openTofu, providerBlock, TF_SOURCE, type Tofu } from "../support/tofu";

const ENGINE = "1.10.10";
const TOKEN = "tok-e2e-terraform-older-Qm7Wd2Lp";
/** content_hash("Hello", "<h1>Hi</h1>"): the hex SHA-256 of `["Hello","<h1>Hi</h1>"]`. */
const HELLO_HASH = "8d503ac00b253fa025dd556f0a988f1df753df71c15e6e8bb9ce7cc28191cef7";
const SECRET = "https://hooks.example.com/sender?key=older-engine-s3cret";
const HOOK = "https://hooks.example.com/sender/older-engine";

let emu: EmulatorHandle;
let tf: Tofu;

beforeAll(async () => {
  emu = await emulator(TOKEN);
  // Built once per user and version; cold, several minutes (docs/development.md).
  tf = await openTofu(emu.url, TOKEN, ENGINE);
}, 1_200_000);

afterAll(async () => {
  await emu?.close();
  tf?.dispose();
});

/** The lines of a tofu run's stderr that start with `Error: `. */
const errorLines = (stderr: string) => stderr.split("\n").filter((line) => line.startsWith("Error: "));

const main = `${providerBlock("e2e/terraform-older-engine/main")}
resource "sender_campaign" "news" {
  title        = "Older engine news"
  subject      = "Hello"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Hi</h1>"
}

resource "sender_webhook" "joins" {
  url   = "${HOOK}"
  topic = "subscribers/new"
}

output "hello_hash" {
  value = provider::sender::content_hash("Hello", "<h1>Hi</h1>")
}

output "campaign_hash" {
  value = sender_campaign.news.content_hash
}

output "ids" {
  value = { campaign = sender_campaign.news.id, webhook = sender_webhook.joins.id }
}
`;

describe(`OpenTofu ${ENGINE}, the oldest engine tested`, () => {
  let dir: string;
  let ids: { campaign: string; webhook: string };

  test("the CLI is 1.10.10; the schema holds the functions, and url_wo without a write-only flag it cannot read", async () => {
    dir = tf.workspace("main", main);
    expect(JSON.parse((await tf.ok(dir, ["version", "-json"])).stdout).terraform_version).toBe(ENGINE);
    const schema = JSON.parse((await tf.ok(dir, ["providers", "schema", "-json"])).stdout).provider_schemas[
      TF_SOURCE
    ];
    expect(Object.keys(schema.functions)).toEqual(["content_hash", "content_report"]);
    const urlWo = schema.resource_schemas.sender_webhook.block.attributes.url_wo;
    expect([urlWo.type, urlWo.optional, urlWo.sensitive, urlWo.write_only]).toEqual([
      "string",
      true,
      true,
      undefined,
    ]);
  });

  test("validate refuses a bad enum and a control character in a title, each on its attribute, with 0 requests", async () => {
    const refused = tf.workspace(
      "refused",
      `${providerBlock("e2e/terraform-older-engine/refused")}
resource "sender_campaign" "news" {
  title        = "News\\u0007"
  subject      = "Hello"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "pdf"
}
`,
    );
    await emu.clearRequests();
    const validate = await tf.ok(refused, ["validate", "-no-color"], 1);
    expect(errorLines(validate.stderr)).toEqual([
      "Error: title: must not hold control characters (U+0007 at character 5): only tab and newline may be used",
      "Error: content_type: must be one of editor, html, text",
    ]);
    expect(await emu.requests()).toEqual([]);
  });

  test("url_wo, which this engine would keep in its state, is refused on its attribute naming url, with 0 requests", async () => {
    const hcl = `${providerBlock("e2e/terraform-older-engine/write-only")}
resource "sender_webhook" "secret" {
  url_wo         = "${SECRET}"
  url_wo_version = 1
  topic          = "subscribers/new"
}
`;
    const secret = tf.workspace("write-only", hcl);
    const line = hcl.split("\n").findIndex((text) => text.includes("url_wo ")) + 1;
    await emu.clearRequests();
    for (const command of ["validate", "plan"]) {
      const run = await tf.ok(secret, [command, "-no-color"], 1);
      expect(errorLines(run.stderr)).toEqual([
        "Error: url_wo: this engine keeps no write-only attribute (Terraform 1.11, OpenTofu 1.11 and later do): set url instead",
      ]);
      expect(run.stderr).toContain("with sender_webhook.secret,");
      // The only line that holds the value is the engine's quote of the configuration's own line.
      expect(
        `${run.stdout}\n${run.stderr}`
          .split("\n")
          .filter((line) => line.includes("s3cret"))
          .map((line) => line.trim()),
      ).toEqual([`${line}:   url_wo         = "${SECRET}"`]);
    }
    expect(await emu.requests()).toEqual([]);
    expect(fs.existsSync(path.join(secret, "terraform.tfstate"))).toBe(false);
  });

  test("apply makes the campaign and the webhook by url; content_hash's output is exact; the plans after it are quiet", async () => {
    await emu.clearRequests();
    const apply = await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    expect(apply.stdout).toContain("Apply complete! Resources: 2 added, 0 changed, 0 destroyed.");
    const outputs = JSON.parse((await tf.ok(dir, ["output", "-json"])).stdout);
    ids = outputs.ids.value;
    // The campaign made marked, then renamed to its title (exactly-once); the webhook in one POST.
    expect((await mutationLines(emu)).sort()).toEqual([
      `PATCH /v2/campaigns/${ids.campaign}`,
      "POST /v2/account/webhooks",
      "POST /v2/campaigns",
    ]);
    expect((await emu.state()).webhooks.map((w: { id: string; url: string }) => [w.id, w.url])).toEqual([
      [ids.webhook, HOOK],
    ]);
    expect([outputs.hello_hash.value, outputs.campaign_hash.value]).toEqual([HELLO_HASH, HELLO_HASH]);
    await emu.clearRequests();
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
    await tf.ok(dir, ["plan", "-refresh-only", "-detailed-exitcode", "-no-color"], 0);
    expect(await mutationLines(emu)).toEqual([]);
  });

  test("an import block by id imports the seeded group grp002 with 0 writes; a plan then shows no change", async () => {
    const adopt = tf.workspace(
      "import",
      `${providerBlock("e2e/terraform-older-engine/import")}
import {
  to = sender_group.beta
  id = "grp002"
}

resource "sender_group" "beta" {
  title = "Beta testers"
}
`,
    );
    await emu.clearRequests();
    const apply = await tf.ok(adopt, ["apply", "-auto-approve", "-no-color"]);
    expect(apply.stdout).toContain("Apply complete! Resources: 1 imported, 0 added, 0 changed, 0 destroyed.");
    expect(await mutationLines(emu)).toEqual([]);
    await tf.ok(adopt, ["plan", "-detailed-exitcode", "-no-color"], 0);
  });

  test("destroy deletes the campaign and the webhook, and nothing else", async () => {
    const before = await emu.state();
    await emu.clearRequests();
    const destroy = await tf.ok(dir, ["destroy", "-auto-approve", "-no-color"]);
    expect(destroy.stdout).toContain("Destroy complete! Resources: 2 destroyed.");
    expect((await mutationLines(emu)).sort()).toEqual([
      `DELETE /v2/account/webhooks/${ids.webhook}`,
      `DELETE /v2/campaigns?ids=[${ids.campaign}]`,
    ]);
    const after = await emu.state();
    expect(after.webhooks).toEqual([]);
    expect(after.campaigns.length).toBe(before.campaigns.length - 1);
    expect(after.groups).toEqual(before.groups);
  });
});
