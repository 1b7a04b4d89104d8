import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Packed, packFreshClone } from "../package/packed";
import { ensurePulumiOnPath, ROOT } from "../support/stack";

// The README's quick start, run as a newcomer runs it: its shell blocks taken from the README itself
// (not retyped), in an empty folder outside the checkout. One substitution: `npm install
// pulumi-sender` installs the tarball `npm pack` made of this checkout, since the version under
// test is not on the registry yet. TypeScript type-checks the program (no transpile-only).

/** The `sh` blocks of a README section, from its heading to the next heading of the same level or above. */
function shellBlocks(markdown: string, heading: string): string[] {
  const lines = markdown.split("\n");
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`README: no heading ${JSON.stringify(heading)}`);
  const level = heading.indexOf(" ");
  const blocks: string[] = [];
  let block: string[] | undefined;
  for (const line of lines.slice(start + 1)) {
    if (block) {
      if (line.startsWith("```")) {
        blocks.push(block.join("\n"));
        block = undefined;
      } else block.push(line);
    } else if (line === "```sh") block = [];
    else if (/^#+ /.test(line) && line.indexOf(" ") <= level) break;
  }
  return blocks;
}

const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
const blocks = shellBlocks(readme, "### 1. Against the local emulator");

let packed: Packed;
let home: string;
let result: { code: number | null; out: string };

beforeAll(async () => {
  ensurePulumiOnPath();
  packed = packFreshClone();
  home = fs.mkdtempSync(path.join(os.tmpdir(), "sender-readme-"));
  const script = blocks
    .join("\n")
    .replace(/^npm install pulumi-sender /m, `npm install ${packed.tarball} `)
    // The emulator the quick start starts in the background stops with the script.
    .concat('\nkill "$(jobs -p)"\n');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PULUMI_HOME: path.join(home, ".pulumi"),
    npm_config_cache: path.join(
      process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"),
      "pulumi-sender",
      "npm",
    ),
    npm_config_update_notifier: "false",
  };
  // A newcomer's engine type-checks the program.
  delete env.PULUMI_NODEJS_TRANSPILE_ONLY;
  delete env.PULUMI_BACKEND_URL;
  delete env.PULUMI_CONFIG_PASSPHRASE;
  result = await new Promise((resolve) => {
    const child = spawn("bash", ["-euo", "pipefail", "-c", script], { cwd: home, env, detached: true });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("close", (code) => {
      try {
        process.kill(-(child.pid as number), "SIGKILL"); // whatever the script left behind
      } catch {}
      resolve({ code, out });
    });
  });
}, 600_000);

afterAll(() => {
  packed?.dispose();
  if (home) fs.rmSync(home, { recursive: true, force: true });
});

describe("README quick start, against the emulator", () => {
  test("takes its commands from the README: the program, the install, the emulator, up and destroy", () => {
    expect(blocks).toHaveLength(1);
    const script = blocks[0] as string;
    for (const command of [
      "cat > Pulumi.yaml",
      "npm install pulumi-sender @pulumi/pulumi",
      "npx pulumi-sender-emulator --port 4010",
      "pulumi up --yes",
      "pulumi destroy --yes",
    ])
      expect(script).toContain(command);
  });

  test("runs green from an empty folder outside the checkout", () => {
    expect(result.out).not.toMatch(/error TS\d+/);
    expect(result.code, result.out.slice(-4000)).toBe(0);
    expect(fs.realpathSync(path.join(home, "sender-quickstart/node_modules/pulumi-sender"))).not.toContain(
      ROOT,
    );
  });

  test("creates the campaign and its targeting, prints the campaign id and destroys both", () => {
    expect(result.out).toMatch(/\+ 4 created/);
    expect(result.out).toMatch(/- 4 deleted/);
    // `pulumi stack output campaignId` prints the emulator's id on a line of its own.
    expect(result.out).toMatch(/^[A-Za-z0-9]{6}$/m);
  });
});
