// Replace and forget under OpenTofu (issue 54), the Terraform-only cases beside door-parity's rows
// (a create-first replacement and a forgotten object through every door): a campaign forgotten by a
// `removed` block is never taken over by a new block of its title; two blocks of one title are
// refused at plan; a create-first replacement of a webhook or an attachment that cannot stand
// beside the old one is refused before any write. Objects are counted in the emulator's state.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type EmulatorHandle, emulator } from "../support/stack";
import { openTofu, providerBlock, type Tofu } from "../support/tofu";

const TOKEN = "tok-e2e-replacement-Rk5Ty8Pn";

let emu: EmulatorHandle;
beforeAll(async () => {
  emu = await emulator(TOKEN);
}, 120_000);
afterAll(async () => {
  await emu?.close();
});

/** The ids and subjects of the account's campaigns titled `title` (or `title-…`). */
async function campaignsNamed(title: string): Promise<Array<[string, string]>> {
  const state = await emu.state();
  return state.campaigns
    .filter((c: { title: string }) => c.title === title || c.title.startsWith(`${title}-`))
    .map((c: { id: string; subject: string }) => [c.id, c.subject]);
}

const PROVIDER = (scope: string) =>
  providerBlock(scope, { request_timeout_seconds: 2, retry_deadline_seconds: 5 });

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
