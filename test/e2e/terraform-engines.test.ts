// The newest engine's features (issue 56) under OpenTofu 1.12.6 (scripts/tofu-cli.sh's newest)
// against the emulator: the schema shows sender_webhook's write-only url_wo and the content_hash
// function; an apply sends the url_wo to Sender and keeps it in neither terraform.tfstate nor
// `tofu show -json`; a new url_wo_version sends a new one; an output calls
// provider::sender::content_hash with its exact value; an `import` block with `identity` imports;
// a `moved` block across two types is refused by MoveResourceState's diagnostic.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type EmulatorHandle, emulator } from "../support/stack";
import { openTofu, providerBlock, TF_SOURCE, type Tofu } from "../support/tofu";

const TOKEN = "tok-e2e-terraform-engines-Rk4Ts8";
/** content_hash("Hello", "<h1>Hi</h1>"): the hex SHA-256 of `["Hello","<h1>Hi</h1>"]`. */
const HELLO_HASH = "8d503ac00b253fa025dd556f0a988f1df753df71c15e6e8bb9ce7cc28191cef7";
const SECRET_1 = "https://hooks.example.com/sender?key=wo-s3cret-one";
const SECRET_2 = "https://hooks.example.com/sender?key=wo-s3cret-two";

let emu: EmulatorHandle;
let tf: Tofu;

const main = (url: string, version: number) => `${providerBlock("e2e/terraform-engines/main")}
resource "sender_webhook" "secret" {
  url_wo         = "${url}"
  url_wo_version = ${version}
  topic          = "subscribers/new"
}

resource "sender_campaign" "news" {
  title        = "TF engines news"
  subject      = "Hello"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Hi</h1>"
}

output "hello_hash" {
  value = provider::sender::content_hash("Hello", "<h1>Hi</h1>")
}

output "campaign_hash" {
  value = sender_campaign.news.content_hash
}

output "webhook_id" {
  value = sender_webhook.secret.id
}

output "campaign_id" {
  value = sender_campaign.news.id
}
`;

beforeAll(async () => {
  emu = await emulator(TOKEN);
  tf = await openTofu(emu.url, TOKEN);
}, 900_000);

afterAll(async () => {
  await emu?.close();
  tf?.dispose();
});

const webhookUrls = async () => (await emu.state()).webhooks.map((w: { url: string }) => w.url);

describe("OpenTofu 1.12.6's newest features", () => {
  let dir: string;
  let ids: { webhook: string; campaign: string };
  let adopted: string;

  test("the CLI is OpenTofu 1.12.6, and its providers schema shows url_wo write-only and content_hash", async () => {
    dir = tf.workspace("main", main(SECRET_1, 1));
    const version = JSON.parse((await tf.ok(dir, ["version", "-json"])).stdout);
    expect(version.terraform_version).toBe("1.12.6");
    const schema = JSON.parse((await tf.ok(dir, ["providers", "schema", "-json"])).stdout);
    const ours = schema.provider_schemas[TF_SOURCE];
    const webhook = ours.resource_schemas.sender_webhook.block.attributes;
    expect(webhook.url_wo).toMatchObject({
      type: "string",
      optional: true,
      sensitive: true,
      write_only: true,
    });
    expect(webhook.url.optional).toBe(true);
    expect(webhook.url.write_only ?? false).toBe(false);
    expect(webhook.url_wo_version).toMatchObject({ type: "number", optional: true });
    expect(Object.keys(ours.functions)).toEqual(["content_hash", "content_report"]);
    expect(ours.functions.content_hash.return_type).toBe("string");
    expect(
      ours.functions.content_hash.parameters.map((p: { name: string; type: string }) => [p.name, p.type]),
    ).toEqual([
      ["subject", "string"],
      ["content", "string"],
    ]);
  });

  test("apply sends url_wo to Sender and keeps it in neither terraform.tfstate nor tofu show -json; content_hash's output is exact", async () => {
    const plan = await tf.ok(dir, ["plan", "-no-color"]);
    expect(plan.stdout).not.toContain("wo-s3cret");
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    expect(await webhookUrls()).toEqual([SECRET_1]);
    const stateText = fs.readFileSync(path.join(dir, "terraform.tfstate"), "utf8");
    expect(stateText).not.toContain("wo-s3cret");
    const show = (await tf.ok(dir, ["show", "-json"])).stdout;
    expect(show).not.toContain("wo-s3cret");
    const webhook = JSON.parse(show).values.root_module.resources.find(
      (r: { address: string }) => r.address === "sender_webhook.secret",
    );
    expect([webhook.values.url, webhook.values.url_wo, webhook.values.url_wo_version]).toEqual([
      null,
      null,
      1,
    ]);
    const outputs = JSON.parse((await tf.ok(dir, ["output", "-json"])).stdout);
    expect(outputs.hello_hash.value).toBe(HELLO_HASH);
    // The function's hash of the configured text is the hash the campaign reports from Sender's record.
    expect(outputs.campaign_hash.value).toBe(HELLO_HASH);
    ids = { webhook: outputs.webhook_id.value, campaign: outputs.campaign_id.value };
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
    await tf.ok(dir, ["plan", "-refresh-only", "-detailed-exitcode", "-no-color"], 0);
  });

  test("a new url_wo_version sends the new url_wo in place; the state still holds neither", async () => {
    fs.writeFileSync(path.join(dir, "main.tf"), main(SECRET_2, 2));
    const plan = await tf.ok(dir, ["plan", "-no-color"]);
    expect(plan.stdout).toContain("Plan: 0 to add, 1 to change, 0 to destroy.");
    expect(plan.stdout).not.toContain("wo-s3cret");
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    expect(await webhookUrls()).toEqual([SECRET_2]);
    const stateText = fs.readFileSync(path.join(dir, "terraform.tfstate"), "utf8");
    expect(stateText).not.toContain("wo-s3cret");
    expect(JSON.parse((await tf.ok(dir, ["output", "-json"])).stdout).webhook_id.value).toBe(ids.webhook);
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
  });

  test("an import block with identity = { id } imports the campaign into another workspace, which records the identity", async () => {
    const other = tf.workspace(
      "adopt",
      `${providerBlock("e2e/terraform-engines/adopt")}
import {
  to       = sender_campaign.adopted
  identity = { id = "${ids.campaign}" }
}

resource "sender_campaign" "adopted" {
  title        = "TF engines news"
  subject      = "Hello"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Hi</h1>"
}
`,
    );
    const apply = await tf.ok(other, ["apply", "-auto-approve", "-no-color"]);
    expect(apply.stdout).toContain("Apply complete! Resources: 1 imported, 0 added, 0 changed, 0 destroyed.");
    const state = JSON.parse(fs.readFileSync(path.join(other, "terraform.tfstate"), "utf8"));
    const instance = state.resources.find((r: { name: string }) => r.name === "adopted").instances[0];
    expect(instance.attributes.id).toBe(ids.campaign);
    expect(instance.identity).toEqual({ id: ids.campaign });
    await tf.ok(other, ["plan", "-detailed-exitcode", "-no-color"], 0);
    adopted = other;
  });

  test("a moved block from sender_campaign to sender_transactional_campaign is refused, naming both types", async () => {
    fs.writeFileSync(
      path.join(adopted, "main.tf"),
      `${providerBlock("e2e/terraform-engines/adopt")}
moved {
  from = sender_campaign.adopted
  to   = sender_transactional_campaign.adopted
}

resource "sender_transactional_campaign" "adopted" {
  title    = "TF engines news"
  subject  = "Hello"
  from     = "Example News"
  reply_to = "news@example.com"
  editor   = "html"
  content  = "<h1>Hi</h1>"
}
`,
    );
    const plan = await tf.ok(adopted, ["plan", "-no-color"], 1);
    expect(plan.stderr).toContain(
      "terraform-provider-sender moves no state from sender_campaign to sender_transactional_campaign",
    );
  });

  test("destroy removes the webhook and the campaign from Sender", async () => {
    await tf.ok(dir, ["destroy", "-auto-approve", "-no-color"]);
    expect(await webhookUrls()).toEqual([]);
  });
});
