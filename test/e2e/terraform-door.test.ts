// The Terraform door (issue 48) under the real OpenTofu CLI (scripts/tofu-cli.sh) against the
// emulator: the provider is this checkout's plugin entry, chosen by go-plugin's magic cookie,
// installed with a CLI config's dev_overrides, in workspaces outside the checkout. One workspace
// goes through plan (no write), apply of every kind, a clean plan, refresh, a data source, import
// blocks with -generate-config-out, a sent campaign's keeping at destroy; two others show
// plan-time diagnostics on their attributes, and a lost create answer converging. The guards every
// door shares (the schedule lead time, a sent campaign's change, output fields as
// inputs) are door-parity.test.ts's rows.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type EmulatorHandle, emulator } from "../support/stack";
import { openTofu, providerBlock, type Tofu } from "../support/tofu";

const TOKEN = "tok-e2e-terraform-door-Hq7Zp2Vw";

let emu: EmulatorHandle;
let tf: Tofu;
const tofu = (dir: string, args: string[], env?: NodeJS.ProcessEnv) => tf.run(dir, args, env);
const tofuOk = (dir: string, args: string[], code?: number, env?: NodeJS.ProcessEnv) =>
  tf.ok(dir, args, code, env);
const workspace = (name: string, hcl: string) => tf.workspace(name, hcl);

const PROVIDER = (scope: string) =>
  providerBlock(scope, { request_timeout_seconds: 2, retry_deadline_seconds: 5 });

const MAIN = `${PROVIDER("e2e/terraform-door/main")}
resource "sender_campaign" "news" {
  title        = "TF News"
  subject      = "Hello from OpenTofu"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Hello</h1>"
}

resource "sender_campaign_targeting" "news" {
  campaign_id      = sender_campaign.news.id
  tag_ids          = ["tag001", "tag002"]
  excluded_tag_ids = ["tag004"]
}

resource "sender_campaign_follow_up" "news" {
  campaign_id = sender_campaign.news.id
  subject     = "Did you miss it?"
  delay_hours = 48
}

resource "sender_attachment" "news" {
  campaign_id = sender_campaign.news.id
  url         = "https://example.com/files/guide.pdf"
}

resource "sender_campaign_schedule" "news" {
  campaign_id   = sender_campaign.news.id
  schedule_time = "2030-01-15T09:00:00+01:00"
  depends_on    = [sender_campaign_targeting.news, sender_campaign_follow_up.news, sender_attachment.news]
}

resource "sender_transactional_campaign" "reset" {
  title    = "TF password reset"
  subject  = "Reset your password"
  from     = "Example News"
  reply_to = "news@example.com"
  editor   = "html"
  content  = "<p>Follow the link.</p>"
}

resource "sender_webhook" "joined" {
  url         = "https://hooks.example.com/sender/new-subscriber"
  topic       = "groups/new-subscriber"
  relation_id = "grp001"
}

data "sender_plans" "all" {}

output "campaign_id" {
  value = sender_campaign.news.id
}

output "scheduled_utc" {
  value = sender_campaign_schedule.news.schedule_time_utc
}

output "plan_names" {
  value = [for p in data.sender_plans.all.plans : p.name]
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

const mutating = async () => (await emu.requestCounts()).mutating as number;

describe("the Terraform door under OpenTofu", () => {
  let dir: string;
  let campaignId: string;

  test("plan writes nothing, and shows every resource to add", async () => {
    dir = workspace("main", MAIN);
    const before = await mutating();
    const plan = await tofuOk(dir, ["plan", "-no-color"]);
    expect(plan.stdout).toContain("Plan: 7 to add, 0 to change, 0 to destroy.");
    expect(await mutating()).toBe(before);
  });

  test("apply makes a campaign with its targeting, follow-up, attachment and schedule, a transactional campaign and a webhook", async () => {
    const apply = await tofuOk(dir, ["apply", "-auto-approve", "-no-color"]);
    expect(apply.stdout).toContain("Apply complete! Resources: 7 added, 0 changed, 0 destroyed.");
    const outputs = JSON.parse((await tofuOk(dir, ["output", "-json"])).stdout);
    campaignId = outputs.campaign_id.value;
    expect(outputs.scheduled_utc.value).toBe("2030-01-15 08:00:00");
    expect(outputs.plan_names.value.length).toBeGreaterThan(0);
    const state = await emu.state();
    const campaigns = state.campaigns.filter((c: { title: string }) => c.title === "TF News");
    expect(campaigns.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      [campaignId, "SCHEDULED"],
    ]);
    expect(state.targeting[campaignId].tags.map((t: { id: string }) => t.id)).toEqual(["tag001", "tag002"]);
    expect(state.transactional.filter((c: { title: string }) => c.title === "TF password reset").length).toBe(
      1,
    );
    expect(state.webhooks.length).toBe(1);
    // Creating or updating never sends: nothing went out.
    expect(campaigns[0].sent_time ?? null).toBeNull();
  });

  test("a second plan is clean (-detailed-exitcode 0), and so is one after a refresh", async () => {
    await tofuOk(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
    await tofuOk(dir, ["refresh", "-no-color"]);
    await tofuOk(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
  });

  test("an import block of an existing campaign with -generate-config-out, then a clean plan", async () => {
    const made = await emu.api("POST", "campaigns", {
      title: "Made elsewhere",
      subject: "Imported",
      from: "Example News",
      reply_to: "news@example.com",
      content_type: "html",
      content: "<p>old</p>",
    });
    const id = made.body.data.id as string;
    fs.writeFileSync(
      path.join(dir, "import.tf"),
      `import {\n  to = sender_campaign.imported\n  id = "${id}"\n}\n`,
    );
    const before = await mutating();
    const generated = await tofuOk(dir, ["plan", "-generate-config-out=generated.tf", "-no-color"]);
    expect(generated.stdout).toContain("Plan: 1 to import, 0 to add, 0 to change, 0 to destroy.");
    expect(await mutating()).toBe(before);
    const hcl = fs.readFileSync(path.join(dir, "generated.tf"), "utf8");
    expect(hcl).toContain('resource "sender_campaign" "imported"');
    expect(hcl).toContain('title               = "Made elsewhere"');
    await tofuOk(dir, ["apply", "-auto-approve", "-no-color"]);
    await tofuOk(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
  });

  // A change of a sent campaign, refused at plan, is door-parity.test.ts's row.
  test("destroy keeps a sent campaign", async () => {
    const sent = await emu.api("POST", `campaigns/${campaignId}/send`);
    expect(sent.status).toBeLessThan(300);
    await tofuOk(dir, ["refresh", "-no-color"]);
    const destroy = await tofuOk(dir, ["destroy", "-auto-approve", "-no-color"]);
    expect(destroy.stdout).toContain("Destroy complete! Resources: 8 destroyed.");
    // The sent campaign and the transactional campaign (the API deletes none) stay, each with a warning.
    expect(destroy.stdout + destroy.stderr).toContain(`campaign ${campaignId} has already been sent (status`);
    expect(destroy.stdout + destroy.stderr).toContain("the Sender API cannot delete transactional");
    const state = await emu.state();
    expect(state.campaigns.map((c: { id: string }) => c.id)).toContain(campaignId);
    expect(state.campaigns.filter((c: { title: string }) => c.title === "Made elsewhere").length).toBe(0);
    expect(state.webhooks.length).toBe(0);
    expect(state.transactional.filter((c: { title: string }) => c.title === "TF password reset").length).toBe(
      1,
    );
  });
});

describe("plan-time diagnostics on the attribute", () => {
  test("an unknown tag id and a past schedule time, each on its attribute, then a bad token: no write", async () => {
    const dir = workspace(
      "checks",
      `${PROVIDER("e2e/terraform-door/checks")}
resource "sender_campaign" "c" {
  title        = "TF checks"
  subject      = "Checks"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
}

resource "sender_campaign_targeting" "t" {
  campaign_id = "cmp-not-yet"
  tag_ids     = ["tag001", "tag999"]
}

resource "sender_campaign_schedule" "s" {
  campaign_id   = "cmp-not-yet"
  schedule_time = "2001-01-01T00:00:00Z"
}
`,
    );
    const before = await mutating();
    const plan = await tofuOk(dir, ["plan", "-no-color"], 1);
    expect(plan.stderr).toContain('tag_ids[1] "tag999" is not a tag of this account');
    expect(plan.stderr).toContain("with sender_campaign_targeting.t");
    expect(plan.stderr).toContain('tag_ids     = ["tag001", "tag999"]');
    expect(plan.stderr).toContain("schedule_time: 2001-01-01 00:00:00 UTC is in the past");
    expect(plan.stderr).toContain('schedule_time = "2001-01-01T00:00:00Z"');
    const bad = await tofuOk(dir, ["plan", "-no-color"], 1, { SENDER_API_TOKEN: "tok-wrong" });
    expect(bad.stderr).toMatch(/401|token/i);
    expect(bad.stderr).not.toContain("tok-wrong");
    expect(await mutating()).toBe(before);
  });
});

describe("a lost create answer", () => {
  test("is found again by its ownership mark: exactly one campaign", async () => {
    const dir = workspace(
      "lost",
      `${PROVIDER("e2e/terraform-door/lost")}
resource "sender_campaign" "lost" {
  title        = "TF lost answer"
  subject      = "Once"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
}
`,
    );
    await emu.admin("POST", "faults", {
      rules: [{ method: "POST", path: "^/v2/campaigns$", kind: "drop-after", count: 1 }],
    });
    try {
      const first = await tofu(dir, ["apply", "-auto-approve", "-no-color"]);
      if (first.code !== 0) await tofuOk(dir, ["apply", "-auto-approve", "-no-color"]);
    } finally {
      await emu.admin("DELETE", "faults");
    }
    const state = await emu.state();
    const mine = state.campaigns.filter((c: { title: string }) => c.title.startsWith("TF lost answer"));
    expect(mine.map((c: { title: string }) => c.title)).toEqual(["TF lost answer"]);
    await tofuOk(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
    await tofuOk(dir, ["destroy", "-auto-approve", "-no-color"]);
  });
});
