// The Terraform door on bun, darwin-arm64's runtime: the plugin compiled by bun for linux-amd64
// (scripts/plugin-tarball.sh --runtime=bun, cached per version and sources), zipped and mirrored by
// the release's scripts (terraform-zip.sh, terraform-release.sh), installed by
// docs/terraform/index.md's install block in a folder outside the checkout with no `node` on PATH.
// Under the real OpenTofu CLI against the emulator: init (go-plugin's handshake with AutoMTLS, on
// bun), plan of one campaign and a tag looked up by name (0 writes), apply, destroy. The same
// executable by hand, with no node on PATH: its two lines, `--version`, and `adopt --format hcl`.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { byHandText } from "../../provider/commands";
import { removeUserFolders, userFolder } from "../support/folders";
import { bunPluginTarball, VERSION } from "../support/plugin";
import { ROOT } from "../support/root";
import { scriptOutput, sh } from "../support/run";
import { type EmulatorHandle, emulator, mutatingRequestsSince } from "../support/stack";
import { installBlock, TF_SOURCE, userTofuEnv } from "../support/tofu";

const TOKEN = "tok-e2e-terraform-bun-Rw4Kc8Nm";

const CAMPAIGN = `
data "sender_tag" "customers" {
  name = "Customers"
}

resource "sender_campaign" "bun" {
  title        = "Bun launch"
  subject      = "Built by bun"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Bun</h1>"
}

output "customers_tag" {
  value = data.sender_tag.customers.id
}
`;

let emu: EmulatorHandle;
let work: string;
let env: NodeJS.ProcessEnv;

const tofu = (args: string[]) => sh("tofu", [...args, "-no-color", "-input=false"], { cwd: work, env });

/** The executable `tofu init` installed from the mirror. */
const installed = () =>
  path.join(
    work,
    ".terraform/providers",
    TF_SOURCE,
    VERSION,
    "linux_amd64",
    `terraform-provider-sender_v${VERSION}`,
  );

/** Runs the installed executable as a person would, with no node on PATH; never throws on its status. */
function byHand(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(installed(), args, { env, encoding: "utf8", timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** The emulator's campaigns as `title status`, sorted. */
async function campaigns(): Promise<string[]> {
  const state = await emu.state();
  return (state.campaigns as { title: string; status: string }[]).map((c) => `${c.title} ${c.status}`).sort();
}

beforeAll(async () => {
  const tofuDir = await scriptOutput("scripts/tofu-cli.sh");
  const release = userFolder("tf-bun-release");
  await sh("bash", [
    path.join(ROOT, "scripts/terraform-zip.sh"),
    "--platform=linux-amd64",
    await bunPluginTarball(),
    release,
  ]);
  await scriptOutput("scripts/terraform-release.sh", [release]);
  emu = await emulator(TOKEN);
  work = userFolder("tf-bun-workspace");
  env = userTofuEnv(work, tofuDir, emu.url, TOKEN);
  fs.copyFileSync(path.join(ROOT, "examples/terraform/provider/provider.tf"), path.join(work, "provider.tf"));
  fs.writeFileSync(path.join(work, "main.tf"), CAMPAIGN);
  await sh("bash", ["-euo", "pipefail", "-c", installBlock(release)], { cwd: work, env });
}, 900_000);

afterAll(async () => {
  await emu?.close();
  removeUserFolders();
});

describe("terraform-provider-sender compiled by bun (darwin-arm64's build) on linux-amd64", () => {
  test("init installed the bun executable from the mirror, with no node on PATH", async () => {
    expect(await sh("bash", ["-c", "command -v node || echo none"], { env }).then((r) => r.stdout)).toBe(
      "none\n",
    );
    const exe = installed();
    // bun's executable itself, not the node build's sh launcher, and nothing beside it.
    expect(fs.readFileSync(exe).subarray(0, 4)).toEqual(Buffer.from([0x7f, 0x45, 0x4c, 0x46]));
    expect(fs.readdirSync(path.dirname(exe)).sort()).toEqual([
      "package.json",
      `terraform-provider-sender_v${VERSION}`,
    ]);
  });

  test("plan sends no write; apply creates the campaign; destroy deletes it", async () => {
    const mark = await emu.requestCounts();
    const plan = await tofu(["plan"]);
    expect(await mutatingRequestsSince(emu, mark)).toEqual({ count: 0, requests: [] });
    expect(plan.stdout).toContain("Plan: 1 to add, 0 to change, 0 to destroy.");
    expect(plan.stdout).toContain('+ customers_tag = "tag001"');
    expect(await campaigns()).toEqual(["Launch announcement SENT"]);

    const apply = await tofu(["apply", "-auto-approve"]);
    expect(apply.stdout).toContain("Apply complete! Resources: 1 added, 0 changed, 0 destroyed.");
    expect(await campaigns()).toEqual(["Bun launch DRAFT", "Launch announcement SENT"]);

    const destroy = await tofu(["destroy", "-auto-approve"]);
    expect(destroy.stdout).toContain("Destroy complete! Resources: 1 destroyed.");
    expect(await campaigns()).toEqual(["Launch announcement SENT"]);
    expect((await emu.state()).webhooks).toEqual([]);
  });

  test("run by hand it says what it is (exit 1) and its version (exit 0); adopt --format hcl writes import blocks, with no node on PATH", async () => {
    expect(await byHand([])).toEqual({ code: 1, stdout: "", stderr: `${byHandText(VERSION)}\n` });
    expect(await byHand(["--version"])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: "" });
    const adopted = userFolder("tf-bun-adopted");
    const mark = await emu.requestCounts();
    const adopt = await byHand([
      "adopt",
      "--format",
      "hcl",
      "--out",
      adopted,
      "--title",
      "Launch announcement",
    ]);
    expect(adopt.code).toBe(0);
    // The seeded sent campaign: its import block, with the note that the provider keeps it.
    expect(fs.readFileSync(path.join(adopted, "imports.tf"), "utf8")).toContain(
      '# Sent: the provider keeps its record, reports and history from changes, replacement and destroy (delete_even_if_sent lifts it).\nimport {\n  to = sender_campaign.launch_announcement\n  id = "snt001"\n}\n',
    );
    // adopt only reads.
    expect(await mutatingRequestsSince(emu, mark)).toEqual({ count: 0, requests: [] });
  });
});
