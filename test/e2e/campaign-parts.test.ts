// Two resources of one campaign part in one run (issue 54): a targeting block renamed without
// `moved`, a create-first `-replace` under OpenTofu and `up --replace` under Pulumi (the dynamic
// package). Each apply must end with the service holding what the state records: the new
// resource's create and the old one's delete write the same lists, and the delete must not undo
// the create (provider/core/campaign-parts.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { copyProgram, createStack, type EmulatorHandle, emulator, type StackHandle } from "../support/stack";
import { openTofu, providerBlock, type Tofu } from "../support/tofu";

const TOKEN = "tok-e2e-campaign-parts-Wd3Rk8Xs";

let emu: EmulatorHandle;

beforeAll(async () => {
  emu = await emulator(TOKEN);
}, 120_000);

afterAll(async () => {
  await emu?.close();
});

/** The tag ids the emulator's campaign `id` targets, in its order. */
const tagsInService = async (id: string): Promise<string[]> =>
  ((await emu.state()).targeting[id]?.tags ?? []).map((tag: { id: string }) => tag.id);

/** The campaign's status in the emulator. */
const statusInService = async (id: string): Promise<string> =>
  (await emu.state()).campaigns.find((campaign: { id: string }) => campaign.id === id)?.status;

describe("under OpenTofu", () => {
  let tf: Tofu;

  beforeAll(async () => {
    tf = await openTofu(emu.url, TOKEN);
  }, 900_000);

  afterAll(() => {
    tf?.dispose();
  });

  const PROVIDER = (scope: string) =>
    providerBlock(scope, { request_timeout_seconds: 5, retry_deadline_seconds: 10 });

  const campaign = (title: string) => `
resource "sender_campaign" "news" {
  title        = "${title}"
  subject      = "Parts of one campaign"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Parts</h1>"
}

output "campaign_id" {
  value = sender_campaign.news.id
}
`;

  /** The values of the workspace's resource `address`, as `tofu show -json` gives them. */
  const stateOf = async (dir: string, address: string): Promise<Record<string, any> | undefined> => {
    const shown = JSON.parse((await tf.ok(dir, ["show", "-json", "-no-color"])).stdout);
    return (shown.values?.root_module?.resources ?? []).find(
      (r: { address: string }) => r.address === address,
    )?.values;
  };

  test("a targeting block renamed without `moved`, the first tags/set held 1.5 s, ends with the audience the state records", async () => {
    const targeting = (name: string) => `
resource "sender_campaign_targeting" "${name}" {
  campaign_id = sender_campaign.news.id
  tag_ids     = ["tag001"]
}
`;
    const hcl = (name: string) =>
      `${PROVIDER("e2e/campaign-parts/rename")}${campaign("Renamed parts")}${targeting(name)}`;
    const dir = tf.workspace("rename", hcl("first"));
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    const id = JSON.parse((await tf.ok(dir, ["output", "-json"])).stdout).campaign_id.value as string;
    expect(await tagsInService(id)).toEqual(["tag001"]);

    fs.writeFileSync(path.join(dir, "main.tf"), hcl("second"));
    await emu.clearRequests();
    await emu.admin("POST", "faults", {
      rules: [
        {
          method: "POST",
          path: `^/v2/campaigns/${id}/tags/set$`,
          kind: "latency",
          latencyMs: 1500,
          count: 1,
        },
      ],
    });
    const apply = await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    expect(apply.stdout).toContain("Apply complete! Resources: 1 added, 0 changed, 1 destroyed.");
    const sets = (await emu.requests())
      .filter((r) => r.method === "POST" && r.path === `/v2/campaigns/${id}/tags/set`)
      .map((r) => r.fault ?? "");
    // The fault held one of the requests: the race the rename makes was run.
    expect(sets.some((fault) => fault !== "")).toBe(true);
    const recorded = await stateOf(dir, "sender_campaign_targeting.second");
    expect(recorded?.tag_ids).toEqual(["tag001"]);
    expect(await tagsInService(id)).toEqual(recorded?.tag_ids);
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
  });

  /** A workspace of a campaign, its targeting and its schedule, both `create_before_destroy`, applied. */
  const replaceWorkspace = async (name: string): Promise<{ dir: string; id: string }> => {
    const dir = tf.workspace(
      name,
      `${PROVIDER(`e2e/campaign-parts/${name}`)}${campaign(`Parts ${name}`)}
resource "sender_campaign_targeting" "audience" {
  campaign_id = sender_campaign.news.id
  tag_ids     = ["tag001"]
  lifecycle {
    create_before_destroy = true
  }
}

resource "sender_campaign_schedule" "send" {
  campaign_id   = sender_campaign.news.id
  schedule_time = "2030-01-15T09:00:00+01:00"
  depends_on    = [sender_campaign_targeting.audience]
  lifecycle {
    create_before_destroy = true
  }
}
`,
    );
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    const id = JSON.parse((await tf.ok(dir, ["output", "-json"])).stdout).campaign_id.value as string;
    expect([await tagsInService(id), await statusInService(id)]).toEqual([["tag001"], "SCHEDULED"]);
    return { dir, id };
  };

  test("-replace of a targeting under create_before_destroy ends with its tags set", async () => {
    const { dir, id } = await replaceWorkspace("replace-targeting");
    const apply = await tf.ok(dir, [
      "apply",
      "-auto-approve",
      "-no-color",
      "-replace=sender_campaign_targeting.audience",
    ]);
    expect(apply.stdout).toContain("Resources: 1 added, 0 changed, 1 destroyed.");
    // The new targeting is made first, so the old one's delete says it leaves it.
    expect(apply.stdout + apply.stderr).toContain(`sender_campaign_targeting ${id}: left as it is`);
    expect(await tagsInService(id)).toEqual(["tag001"]);
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
  });

  test("-replace of a schedule under create_before_destroy ends with the campaign scheduled", async () => {
    const { dir, id } = await replaceWorkspace("replace-schedule");
    const apply = await tf.ok(dir, [
      "apply",
      "-auto-approve",
      "-no-color",
      "-replace=sender_campaign_schedule.send",
    ]);
    expect(apply.stdout).toContain("Resources: 1 added, 0 changed, 1 destroyed.");
    expect([await tagsInService(id), await statusInService(id)]).toEqual([["tag001"], "SCHEDULED"]);
    await tf.ok(dir, ["plan", "-detailed-exitcode", "-no-color"], 0);
  });
});

describe("under Pulumi (the dynamic package)", () => {
  let h: StackHandle;

  beforeAll(async () => {
    h = await createStack(copyProgram("test/e2e/programs/campaign-parts", "campaign-parts"), {
      url: emu.url,
      token: TOKEN,
    });
  }, 300_000);

  afterAll(async () => {
    await h?.dispose();
  });

  let id: string;
  const urnOf = async (name: string): Promise<string> =>
    (JSON.parse(await h.exportState()).deployment.resources as { urn: string }[]).find((r) =>
      r.urn.endsWith(`::${name}`),
    )?.urn ?? "";

  test("`up --replace` of the targeting ends with its tags set", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    id = up.outputs.campaignId?.value as string;
    expect([await tagsInService(id), await statusInService(id)]).toEqual([["tag001"], "SCHEDULED"]);
    h.output.length = 0;
    const replaced = await h.stack.up({ onOutput: h.onOutput, replace: [await urnOf("audience")] });
    expect(replaced.summary.resourceChanges).toMatchObject({ replace: 1 });
    // `--replace` makes the new one first whatever the diff asks: the old one's delete leaves it.
    expect(h.output.join("")).toContain(`CampaignTargeting ${id}: left as it is`);
    expect(await tagsInService(id)).toEqual(["tag001"]);
  });

  test("`up --replace` of the schedule ends with the campaign scheduled", async () => {
    h.output.length = 0;
    const replaced = await h.stack.up({ onOutput: h.onOutput, replace: [await urnOf("send")] });
    expect(replaced.summary.resourceChanges).toMatchObject({ replace: 1 });
    expect(h.output.join("")).toContain(`CampaignSchedule ${id}: left as it is`);
    expect(await statusInService(id)).toBe("SCHEDULED");
    await h.stack.preview({ onOutput: h.onOutput, expectNoChanges: true });
  });
});
