// A Python program whose stack has no config at all, on our language host (tools/sdkgen/langhost):
// the engine then sends no config map, which the host once passed on as `PULUMI_CONFIG=null`, and
// the program died in `set_all_config` (`'NoneType' object has no attribute 'items'`). The program
// lives outside the checkout, the SDK comes from its wheel and the plugin from its tarball; the
// provider's settings come from the environment, so that no config is needed.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { outsideCheckout, removeUserFolders, userFolder } from "../support/folders";
import { langhosts, pluginTarball, sdkArtifact, VERSION } from "../support/plugin";
import { scratchCli, scriptOutput, sh } from "../support/run";
import { ours } from "../support/seeded";
import { type EmulatorHandle, emulator, ensurePulumiOnPath } from "../support/stack";

const TOKEN = "tok-e2e-python-no-config-Hs6Wq2Lb";

let emu: EmulatorHandle;
let scratch: string;
let dir: string;
let env: NodeJS.ProcessEnv;

const pulumi = (args: string[]) => scratchCli(scratch, args, dir, env);

beforeAll(async () => {
  ensurePulumiOnPath();
  emu = await emulator(TOKEN);
  scratch = userFolder("python-no-config");
  fs.mkdirSync(path.join(scratch, "backend"));
  dir = path.join(scratch, "program");
  fs.mkdirSync(dir);
  // The cached venv holds the pulumi package from PyPI; the SDK goes beside it from its wheel.
  const venvPython = await scriptOutput("scripts/python-venv.sh");
  const wheel = path.join(await sdkArtifact("python"), `pulumi_sender-${VERSION}-py3-none-any.whl`);
  const site = path.join(scratch, "site");
  await sh(venvPython, [
    "-m",
    "pip",
    "install",
    "-q",
    "--disable-pip-version-check",
    "--no-deps",
    "--target",
    site,
    wheel,
  ]);
  expect(outsideCheckout(path.join(site, "pulumi_sender"))).toBe(true);
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: python-no-config\nruntime:\n  name: python\n  options:\n    virtualenv: ${path.dirname(path.dirname(venvPython))}\n`,
  );
  fs.writeFileSync(
    path.join(dir, "__main__.py"),
    [
      "import pulumi",
      "import pulumi_sender as sender",
      "",
      'news = sender.Campaign("news",',
      '    title="News with no config",',
      '    subject="Hello with no config",',
      '    from_="Example News",',
      '    reply_to="news@example.com",',
      '    content_type="text",',
      '    content="No stack config at all.")',
      "",
      'pulumi.export("campaignId", news.id)',
      "",
    ].join("\n"),
  );
  env = {
    PATH: `${await langhosts()}:${process.env.PATH}`,
    PYTHONPATH: site,
    // The provider's settings, from the environment: the stack has no config.
    SENDER_BASE_URL: emu.url,
    SENDER_API_TOKEN: TOKEN,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
  await pulumi(["plugin", "install", "resource", "sender", VERSION, "-f", await pluginTarball(scratch)]);
}, 600_000);

afterAll(async () => {
  await emu?.close();
  removeUserFolders();
});

test("a Python program whose stack has no config file runs up and destroy", async () => {
  await pulumi(["stack", "init", "dev"]);
  // The passphrase backend writes only its salt here; without the file the stack has no config at all.
  fs.rmSync(path.join(dir, "Pulumi.dev.yaml"), { force: true });
  expect(fs.readdirSync(dir).sort()).toEqual(["Pulumi.yaml", "__main__.py"]);
  const up = await pulumi(["up", "--yes", "--skip-preview"]);
  expect(up).toMatch(/\+ 2 created/);
  const made = ours((await emu.state()).campaigns);
  expect(made.map((c: any) => [c.title, c.subject])).toEqual([
    ["News with no config", "Hello with no config"],
  ]);
  expect((await pulumi(["stack", "output", "campaignId"])).trim()).toBe(made[0].id);
  await pulumi(["destroy", "--yes", "--skip-preview"]);
  expect(ours((await emu.state()).campaigns)).toEqual([]);
});
