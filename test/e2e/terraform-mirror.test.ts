// The Terraform door as a user installs it: the plugin archives of the five platforms the release
// ships, their Terraform zips and the release's filesystem mirror, made by the release's own scripts
// (plugin-tarball.sh, terraform-zip.sh, terraform-release.sh); installed by docs/terraform/index.md's
// install block exactly as the page has it (`rel` set first, as the page asks), in a new folder
// outside the checkout that holds a configuration (its main.tf), with no `node` on PATH (the zip
// carries its runtime); then the page's lock-file block, whose lock file lists the provider with
// the h1 checksum of each platform's zip, computed here from the zips. The install block run with
// no `rel` and no configuration stops before it writes anything. Under the real OpenTofu CLI
// against the emulator, one configuration of every example of examples/terraform/ (each a module,
// as written): init, plan (0 writes), apply, plan -detailed-exitcode (0), refresh, `adopt --format
// hcl` of one campaign by the installed executable (no node on PATH) planned with
// -generate-config-out in a second workspace, and destroy, which keeps a campaign sent meanwhile.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { removeUserFolders, userFolder } from "../support/folders";
import { pluginTarball, VERSION } from "../support/plugin";
import { ROOT } from "../support/root";
import { scriptOutput, sh } from "../support/run";
import { type EmulatorHandle, emulator, mutatingRequestsSince } from "../support/stack";
import { installBlock, lockBlock, lockedHashes, userTofuEnv, zipH1 } from "../support/tofu";

const TOKEN = "tok-e2e-terraform-mirror-Hq7Lp2Vd";
const SOURCE = "registry.opentofu.org/pulumi-sender/sender";
const EXAMPLES = path.join(ROOT, "examples/terraform");
/** The platforms the release ships (scripts/release.sh), as OpenTofu names them. */
const PLATFORMS = ["linux_amd64", "linux_arm64", "darwin_amd64", "darwin_arm64", "windows_amd64"];

let emu: EmulatorHandle;
let work: string;
let env: NodeJS.ProcessEnv;
let release: string;

/** The root module (main.tf): the provider example, then each other example as a module of its own folder. */
function configuration(dir: string): string[] {
  fs.copyFileSync(path.join(EXAMPLES, "provider/provider.tf"), path.join(dir, "provider.tf"));
  const modules: string[] = [];
  for (const [kind, file] of [
    ["resources", "resource.tf"],
    ["data-sources", "data-source.tf"],
  ] as const) {
    for (const type of fs.readdirSync(path.join(EXAMPLES, kind)).sort()) {
      const name = `${kind === "resources" ? "r" : "d"}_${type}`;
      fs.mkdirSync(path.join(dir, name));
      fs.copyFileSync(path.join(EXAMPLES, kind, type, file), path.join(dir, name, file));
      // A module names its providers' sources itself; the provider block is the root's.
      fs.writeFileSync(
        path.join(dir, name, "versions.tf"),
        `terraform {\n  required_providers {\n    sender = {\n      source = "${SOURCE}"\n    }\n  }\n}\n`,
      );
      modules.push(name);
    }
  }
  fs.writeFileSync(
    path.join(dir, "main.tf"),
    modules.map((m) => `module "${m}" {\n  source = "./${m}"\n}\n`).join("\n"),
  );
  return modules;
}

const tofu = (args: string[]) => sh("tofu", [...args, "-no-color", "-input=false"], { cwd: work, env });

/** The executable `tofu init` installed from the mirror. */
const installed = () =>
  path.join(
    work,
    ".terraform/providers",
    SOURCE,
    VERSION,
    "linux_amd64",
    `terraform-provider-sender_v${VERSION}`,
  );

beforeAll(async () => {
  const tofuDir = await scriptOutput("scripts/tofu-cli.sh");
  // The release's Terraform zips, as scripts/release.sh makes them: each platform's plugin archive
  // (linux-amd64's as the other e2e tests build it), zipped, then the mirror beside them.
  release = userFolder("tf-release");
  const archives = userFolder("tf-plugin");
  for (const platform of PLATFORMS.map((p) => p.replace("_", "-"))) {
    const archive =
      platform === "linux-amd64"
        ? await pluginTarball(archives)
        : await scriptOutput("scripts/plugin-tarball.sh", [
            `--platform=${platform}`,
            path.join(archives, `pulumi-resource-sender-v${VERSION}-${platform}.tar.gz`),
          ]);
    await sh("bash", [
      path.join(ROOT, "scripts/terraform-zip.sh"),
      `--platform=${platform}`,
      archive,
      release,
    ]);
  }
  await scriptOutput("scripts/terraform-release.sh", [release]);
  emu = await emulator(TOKEN);
  // A cart for sender_cart's example, which reads the newest.
  const cart = await emu.api("POST", "carts", {
    external_id: 4801,
    email: "subscriber1@example.com",
    url: "https://shop.example.com/cart/4801",
  });
  expect(cart.status).toBeLessThan(300);
  work = userFolder("tf-workspace");
  env = userTofuEnv(work, tofuDir, emu.url, TOKEN);
  configuration(work);
  // The reader's shell: `rel` set, then the install block and the lock-file block as pasted.
  await sh("bash", ["-euo", "pipefail", "-c", `${installBlock(release)}\n${lockBlock()}`], {
    cwd: work,
    env,
  });
}, 900_000);

afterAll(async () => {
  await emu?.close();
  removeUserFolders();
});

describe("terraform-provider-sender from the release's filesystem mirror", () => {
  test("init installed it from the mirror, with no node on PATH", async () => {
    expect(await sh("bash", ["-c", "command -v node || echo none"], { env }).then((r) => r.stdout)).toBe(
      "none\n",
    );
    const lock = fs.readFileSync(path.join(work, ".terraform.lock.hcl"), "utf8");
    expect(lock).toContain(`provider "${SOURCE}" {\n  version = "${VERSION}"\n  hashes = [\n    "h1:`);
    const exe = installed();
    expect(fs.statSync(exe).mode & 0o111).toBe(0o111);
  });

  test("the lock-file block lists the provider with the h1 checksum of each of the five platforms' zips", async () => {
    const lock = fs.readFileSync(path.join(work, ".terraform.lock.hcl"), "utf8");
    const expected: string[] = [];
    for (const platform of PLATFORMS)
      expected.push(await zipH1(path.join(release, `terraform-provider-sender_${VERSION}_${platform}.zip`)));
    // Five different zips, five checksums: the lock serves each platform and no other.
    expect(new Set(expected).size).toBe(PLATFORMS.length);
    expect(lockedHashes(lock, SOURCE).sort()).toEqual([...expected].sort());
  });

  test("the install block, with no rel and in a folder with no configuration, stops before it writes anything", async () => {
    const empty = userFolder("tf-empty");
    const block = installBlock("").replace(/^rel=.*\n/, "");
    const run = await sh("bash", ["-c", `${block}\necho "status $?"`], { cwd: empty, env }).catch(
      (error: Error) => ({ stdout: error.message, stderr: "" }),
    );
    expect(run.stdout).toMatch(/status [1-9]/);
    expect(fs.readdirSync(empty)).toEqual([]);
  });

  test("plan sends no write; apply creates every example's objects; a second plan and one after a refresh are empty; destroy removes them and keeps a sent campaign", async () => {
    const mark = await emu.requestCounts();
    const plan = await tofu(["plan"]);
    expect(await mutatingRequestsSince(emu, mark)).toEqual({ count: 0, requests: [] });
    expect(plan.stdout).toContain("Plan: 15 to add, 0 to change, 0 to destroy.");

    const apply = await tofu(["apply", "-auto-approve"]);
    expect(apply.stdout).toContain("Apply complete! Resources: 15 added, 0 changed, 0 destroyed.");
    const state = await emu.state();
    const titles = (state.campaigns as { title: string; status: string }[])
      .map((c) => `${c.title} ${c.status}`)
      .sort();
    expect(titles).toEqual(
      [
        "Getting started guide DRAFT",
        "January newsletter SCHEDULED",
        "Product launch DRAFT",
        "Spring sale DRAFT",
        "Summer preview DRAFT",
        "Welcome series DRAFT",
        // The seeded sent campaign, which the data sources' examples read.
        ...(state.campaigns as { id: string; title: string; status: string }[])
          .filter((c) => c.id === "snt001")
          .map((c) => `${c.title} ${c.status}`),
      ].sort(),
    );
    expect((state.webhooks as unknown[]).length).toBe(1);
    // The proof example's two addresses, each sent one proof, and nobody else.
    expect(
      (state.messages as { to: { email: string }; proofOf?: string }[])
        .filter((m) => m.proofOf !== undefined)
        .map((m) => m.to.email)
        .sort(),
    ).toEqual(["editor@example.com", "review@example.com"]);
    expect((state.transactional as { title: string }[]).map((t) => t.title)).toContain("Password reset link");

    const again = await tofu(["plan", "-detailed-exitcode"]);
    expect(again.stdout).toContain("No changes.");
    // A refresh reads every object back and finds no drift: the next plan is still empty.
    const refreshMark = await emu.requestCounts();
    await tofu(["refresh"]);
    expect(await mutatingRequestsSince(emu, refreshMark)).toEqual({ count: 0, requests: [] });
    const afterRefresh = await tofu(["plan", "-detailed-exitcode"]);
    expect(afterRefresh.stdout).toContain("No changes.");

    // `adopt --format hcl` of one campaign, run by the executable init installed (on the runtime its
    // zip carries: no node on PATH), planned in a second workspace of the same mirror: the import
    // block's id is the door's, -generate-config-out writes its block, no write.
    const adopted = userFolder("tf-adopted");
    await sh(
      installed(),
      [
        ...["adopt", "--format", "hcl", "--out", adopted, "--title", "Welcome series"],
        ...["--base-url", emu.url, "--token", TOKEN],
      ],
      { env },
    );
    expect(fs.readFileSync(path.join(adopted, "imports.tf"), "utf8")).toContain(
      "import {\n  to = sender_campaign.welcome_series\n",
    );
    fs.copyFileSync(path.join(EXAMPLES, "provider/provider.tf"), path.join(adopted, "provider.tf"));
    const inAdopted = (args: string[]) =>
      sh("tofu", [...args, "-no-color", "-input=false"], {
        cwd: adopted,
        env: { ...env, TF_CLI_CONFIG_FILE: path.join(work, "sender.tfrc") },
      });
    await inAdopted(["init"]);
    const importMark = await emu.requestCounts();
    const imported = await inAdopted(["plan", "-generate-config-out=generated.tf"]);
    expect(imported.stdout).toContain("Plan: 1 to import, 0 to add, 0 to change, 0 to destroy.");
    expect(await mutatingRequestsSince(emu, importMark)).toEqual({ count: 0, requests: [] });
    expect(fs.readFileSync(path.join(adopted, "generated.tf"), "utf8")).toContain(
      'resource "sender_campaign" "welcome_series" {',
    );

    // The targeted example campaign is sent from outside (as the Sender interface would): the
    // destroy (which refreshes first) keeps it, with its warning, and deletes everything else.
    const springId = (state.campaigns as { id: string; title: string }[]).find(
      (c) => c.title === "Spring sale",
    )?.id as string;
    expect((await emu.api("POST", `campaigns/${springId}/send`)).status).toBeLessThan(300);
    const destroy = await tofu(["destroy", "-auto-approve"]);
    expect(destroy.stdout).toContain("Destroy complete! Resources: 15 destroyed.");
    expect(destroy.stdout + destroy.stderr).toContain(`campaign ${springId} has already been sent (status`);
    const after = await emu.state();
    expect((after.campaigns as { id: string }[]).map((c) => c.id).sort()).toEqual(
      ["snt001", springId].sort(),
    );
    expect(after.webhooks).toEqual([]);
  });
});
