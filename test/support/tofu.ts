// The OpenTofu CLI as the e2e tests of the Terraform door run it: scripts/tofu-cli.sh's build, a
// CLI config whose dev_overrides point `pulumi-sender/sender` at a launcher of this checkout's
// plugin entry (the door is chosen by go-plugin's magic cookie), in a folder outside the checkout.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "vitest";
import { userFolder } from "./folders";
import { ROOT } from "./root";
import { scriptOutput, sh } from "./run";

/** The provider's source address as the dev override names it. */
export const TF_SOURCE = "registry.opentofu.org/pulumi-sender/sender";

/**
 * The HCL of a workspace's `terraform` and `provider "sender"` blocks: the provider from the
 * mirror's source, its `ownership_scope`, and `settings` (attribute names as the block spells them,
 * e.g. `{ request_timeout_seconds: 2 }`), each on its own line, aligned.
 */
export function providerBlock(scope: string, settings: Readonly<Record<string, number>> = {}): string {
  const lines: [string, string][] = [
    ["ownership_scope", JSON.stringify(scope)],
    ...Object.entries(settings).map(([name, value]): [string, string] => [name, String(value)]),
  ];
  const width = Math.max(...lines.map(([name]) => name.length));
  const attributes = lines.map(([name, value]) => `  ${name.padEnd(width)} = ${value}`).join("\n");
  return `terraform {
  required_providers {
    sender = { source = "pulumi-sender/sender" }
  }
}

provider "sender" {
${attributes}
}
`;
}

/** What one tofu command ended with. */
export interface TofuRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A folder of workspaces with the launcher and the CLI config, and how to run tofu in one. */
export interface Tofu {
  /** The folder (outside the checkout) that holds the workspaces. */
  readonly base: string;
  /** A workspace of its own, `name`, holding `main.tf`. */
  workspace(name: string, hcl: string): string;
  /** Runs tofu in `dir`, the emulator's address and token in the environment (or `env`'s). */
  run(dir: string, args: string[], env?: NodeJS.ProcessEnv): Promise<TofuRun>;
  /** Runs tofu and fails with its whole output unless it exits with `code`. */
  ok(dir: string, args: string[], code?: number, env?: NodeJS.ProcessEnv): Promise<TofuRun>;
  /** The environment tofu runs with. */
  env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /** The tofu executable. */
  readonly executable: string;
  /** Removes the folder. */
  dispose(): void;
}

/**
 * Builds or reuses the OpenTofu CLI (`version`, e.g. "1.10.10"; the newest of tools/opentofu/ when
 * omitted) and prepares a folder of workspaces against `emulatorUrl`.
 */
export async function openTofu(emulatorUrl: string, token: string, version?: string): Promise<Tofu> {
  const executable = path.join(
    await scriptOutput("scripts/tofu-cli.sh", version === undefined ? [] : [version]),
    "tofu",
  );
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "tf-door-"));
  const bin = path.join(base, "bin");
  fs.mkdirSync(bin);
  // The launcher a dev override points at: the plugin's entry, on this process's Node.js.
  fs.writeFileSync(
    path.join(bin, "terraform-provider-sender"),
    `#!/bin/sh\nexec "${process.execPath}" "${path.join(ROOT, "dist/provider/entry.js")}" "$@"\n`,
    { mode: 0o755 },
  );
  fs.writeFileSync(
    path.join(base, "tofu.rc"),
    `provider_installation {\n  dev_overrides {\n    "${TF_SOURCE}" = "${bin}"\n  }\n  direct {}\n}\n`,
  );
  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: base,
    TF_CLI_CONFIG_FILE: path.join(base, "tofu.rc"),
    TF_IN_AUTOMATION: "1",
    TF_INPUT: "0",
    SENDER_API_TOKEN: token,
    SENDER_BASE_URL: emulatorUrl,
    ...extra,
  });
  const run = (dir: string, args: string[], extra: NodeJS.ProcessEnv = {}) =>
    new Promise<TofuRun>((resolve) => {
      execFile(
        executable,
        args,
        { cwd: dir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env: env(extra) },
        (error, stdout, stderr) => {
          const code = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
          resolve({ code: Number.isNaN(code) ? 1 : code, stdout, stderr });
        },
      );
    });
  return {
    base,
    executable,
    env,
    run,
    workspace(name, hcl) {
      const dir = path.join(base, name);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "main.tf"), hcl);
      return dir;
    },
    async ok(dir, args, code = 0, extra = {}) {
      const result = await run(dir, args, extra);
      if (result.code !== code)
        throw new Error(`tofu ${args.join(" ")} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
      return result;
    },
    dispose: () => fs.rmSync(base, { recursive: true, force: true }),
  };
}

/** The sh blocks of docs/terraform/index.md's install section, in order: the install, then the lock file. */
function installSectionBlocks(): string[] {
  const page = fs.readFileSync(path.join(ROOT, "docs/terraform/index.md"), "utf8");
  const start = page.indexOf("## Install from the release's filesystem mirror\n");
  expect(start).toBeGreaterThanOrEqual(0);
  const end = page.indexOf("\n## ", start + 1);
  const blocks = [...page.slice(start, end).matchAll(/```sh\n([\s\S]*?)\n```/g)].map((m) => m[1] as string);
  expect(blocks).toHaveLength(2);
  return blocks;
}

/**
 * What a reader runs in the folder of a configuration: `rel` set to `release`, as the page asks
 * first, then docs/terraform/index.md's install block exactly as the page has it (the block sets no
 * `rel` of its own).
 */
export function installBlock(release: string): string {
  const [block] = installSectionBlocks() as [string];
  expect(block).not.toMatch(/^rel=/m);
  return `rel=${JSON.stringify(release)}\n${block}`;
}

/** docs/terraform/index.md's lock-file block (every platform, from the mirror in `rel`), as the page has it. */
export function lockBlock(): string {
  return (installSectionBlocks() as [string, string])[1];
}

/**
 * The `h1:` checksum OpenTofu records in `.terraform.lock.hcl` for a provider zip: Go's dirhash
 * Hash1 over the files the zip unpacks to (getproviders.PackageHashV1 of the unpacked package),
 * computed here from the zip on its own, with unzip.
 */
export async function zipH1(zip: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tf-h1-"));
  try {
    await sh("unzip", ["-q", zip, "-d", dir]);
    const files = fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => !fs.lstatSync(path.join(dir, f)).isDirectory())
      .map((f) => f.split(path.sep).join("/"))
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const summary = files
      .map(
        (f) =>
          `${createHash("sha256")
            .update(fs.readFileSync(path.join(dir, f)))
            .digest("hex")}  ${f}\n`,
      )
      .join("");
    return `h1:${createHash("sha256").update(summary).digest("base64")}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The hashes a lock file lists for `source`, as written. */
export function lockedHashes(lock: string, source: string): string[] {
  const entry = new RegExp(`^provider "${source.replace(/[.]/g, "\\.")}" \\{\\n([\\s\\S]*?)^\\}`, "m").exec(
    lock,
  )?.[1];
  if (entry === undefined) throw new Error(`the lock file has no entry for ${source}:\n${lock}`);
  return [...(/^ {2}hashes\s*= \[\n([\s\S]*?)^ {2}\]/m.exec(entry)?.[1] ?? "").matchAll(/"([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
}

/** A folder of symbolic links to the system's commands, `node` and its kin left out. */
export function toolsWithoutNode(): string {
  const bin = userFolder("tf-tools");
  for (const dir of ["/usr/bin", "/bin"]) {
    for (const name of fs.readdirSync(dir)) {
      if (/^(node|nodejs|npm|npx|corepack)$/.test(name) || fs.existsSync(path.join(bin, name))) continue;
      fs.symlinkSync(path.join(dir, name), path.join(bin, name));
    }
  }
  return bin;
}

/**
 * A user's environment for the release's provider outside the checkout: `home` as HOME, OpenTofu
 * from `tofuDir` and the system's tools with no node on PATH, the emulator as the provider's service.
 */
export function userTofuEnv(
  home: string,
  tofuDir: string,
  emulatorUrl: string,
  token: string,
): NodeJS.ProcessEnv {
  return {
    HOME: home,
    PATH: `${tofuDir}:${toolsWithoutNode()}`,
    SENDER_BASE_URL: emulatorUrl,
    SENDER_API_TOKEN: token,
    TF_IN_AUTOMATION: "1",
    CHECKPOINT_DISABLE: "1",
  };
}
