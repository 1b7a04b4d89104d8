// scripts/terraform-zip.sh turns a platform's Pulumi plugin archive into the Terraform provider's
// zip: the same files, its executable renamed terraform-provider-sender_v<version> (the Windows one
// an .exe that tools/tf-launcher builds, the .cmd left out), modes kept. Here from small archives
// whose "runtime" is a shell script that prints what it was given, so that the zip's executable is
// run as the engine runs it. The launcher is built with Go: an integration file.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { VERSION } from "../support/plugin";
import { ROOT } from "../support/root";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-tfzip-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A runtime stand-in: prints its arguments and TF_PLUGIN_MAGIC_COOKIE, exits 3. */
const FAKE_NODE = '#!/bin/sh\necho "runtime: $* cookie=$TF_PLUGIN_MAGIC_COOKIE"\nexit 3\n';

/** A plugin archive of `files` (path → [contents, mode]), as scripts/plugin-tarball.sh lays one out. */
function archive(name: string, files: Record<string, [string, number]>): string {
  const stage = path.join(dir, `${name}-stage`);
  for (const [file, [contents, mode]] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
    fs.writeFileSync(path.join(stage, file), contents, { mode });
  }
  const out = path.join(dir, `${name}.tar.gz`);
  expect(spawnSync("tar", ["-czf", out, "-C", stage, "."]).status).toBe(0);
  return out;
}

function terraformZip(platform: string, from: string) {
  const out = path.join(dir, `out-${platform}`);
  const run = spawnSync(
    "bash",
    [path.join(ROOT, "scripts/terraform-zip.sh"), `--platform=${platform}`, from, out],
    {
      encoding: "utf8",
    },
  );
  expect(run.stderr).toMatch(new RegExp(`^terraform-zip: ${platform} \\S+ `));
  expect(run.status).toBe(0);
  return run.stdout.trim();
}

/** `unzip -Z` of a zip: each file's mode and name. */
function listing(zip: string): string[] {
  return spawnSync("unzip", ["-Z", zip], { encoding: "utf8" })
    .stdout.split("\n")
    .filter((line) => /^[-d]r/.test(line) && !line.startsWith("d"))
    .map((line) => {
      const fields = line.split(/\s+/);
      return `${fields[0]} ${fields[fields.length - 1]}`;
    })
    .sort();
}

describe("scripts/terraform-zip.sh", () => {
  test("linux-amd64: the plugin's files, its sh launcher as terraform-provider-sender_v<v>, which runs the runtime beside it", () => {
    const launcher = fs.readFileSync(path.join(ROOT, "scripts/plugin-tarball.sh"), "utf8");
    const sh = /<<'LAUNCHER'\n([\s\S]*?)\nLAUNCHER\n/.exec(launcher)?.[1];
    expect(sh).toBeDefined();
    const zip = terraformZip(
      "linux-amd64",
      archive("linux", {
        "pulumi-resource-sender": [`${sh}\n`, 0o755],
        "dist/plugin.js": ["// the loader\n", 0o644],
        "dist/plugin-bundle.js": ["// the bundle\n", 0o644],
        "node/bin/node": [FAKE_NODE, 0o755],
        "package.json": ["{}\n", 0o644],
      }),
    );
    expect(path.basename(zip)).toBe(`terraform-provider-sender_${VERSION}_linux_amd64.zip`);
    expect(listing(zip)).toEqual([
      "-rw-r--r-- dist/plugin-bundle.js",
      "-rw-r--r-- dist/plugin.js",
      "-rw-r--r-- package.json",
      "-rwxr-xr-x node/bin/node",
      `-rwxr-xr-x terraform-provider-sender_v${VERSION}`,
    ]);
    const unpacked = path.join(dir, "linux-unpacked");
    expect(spawnSync("unzip", ["-q", zip, "-d", unpacked]).status).toBe(0);
    const exe = path.join(unpacked, `terraform-provider-sender_v${VERSION}`);
    const run = spawnSync(exe, ["-v"], {
      encoding: "utf8",
      env: { PATH: "/usr/bin:/bin", TF_PLUGIN_MAGIC_COOKIE: "c0" },
    });
    expect({ status: run.status, stdout: run.stdout }).toEqual({
      status: 3,
      stdout: `runtime: ${unpacked}/dist/plugin.js -v cookie=c0\n`,
    });
  });

  test("windows-amd64: an .exe of tools/tf-launcher instead of the .cmd, beside node\\node.exe", () => {
    const zip = terraformZip(
      "windows-amd64",
      archive("windows", {
        "pulumi-resource-sender.cmd": ["@echo off\r\n", 0o644],
        "dist/plugin.js": ["// the loader\n", 0o644],
        "node/node.exe": ["MZ stand-in\n", 0o755],
      }),
    );
    expect(path.basename(zip)).toBe(`terraform-provider-sender_${VERSION}_windows_amd64.zip`);
    expect(listing(zip)).toEqual([
      "-rw-r--r-- dist/plugin.js",
      "-rwxr-xr-x node/node.exe",
      `-rwxr-xr-x terraform-provider-sender_v${VERSION}.exe`,
    ]);
    const unpacked = path.join(dir, "windows-unpacked");
    spawnSync("unzip", ["-q", zip, "-d", unpacked]);
    const what = spawnSync("file", ["-b", path.join(unpacked, `terraform-provider-sender_v${VERSION}.exe`)], {
      encoding: "utf8",
    }).stdout;
    expect(what).toMatch(/^PE32\+ executable \(console\) x86-64, for MS Windows/);
  });

  test("an unknown platform: exit 2, one line naming the five", () => {
    const run = spawnSync(
      "bash",
      [path.join(ROOT, "scripts/terraform-zip.sh"), "--platform=plan9-386", __filename, dir],
      {
        encoding: "utf8",
      },
    );
    expect({ status: run.status, stderr: run.stderr }).toEqual({
      status: 2,
      stderr:
        "terraform-zip: unknown platform plan9-386 (linux-amd64, linux-arm64, darwin-amd64, darwin-arm64, windows-amd64)\n",
    });
  });
});

describe("tools/tf-launcher", () => {
  // Built for this machine, it runs node/bin/node (node\node.exe on Windows) as the .exe does.
  test("runs the runtime beside it with dist/plugin.js, its arguments and environment, and exits with its status", () => {
    const here = path.join(dir, "launcher");
    fs.mkdirSync(path.join(here, "node/bin"), { recursive: true });
    fs.writeFileSync(path.join(here, "node/bin/node"), FAKE_NODE, { mode: 0o755 });
    const built = spawnSync("go", ["build", "-o", path.join(here, "terraform-provider-sender"), "."], {
      cwd: path.join(ROOT, "tools/tf-launcher"),
      encoding: "utf8",
      env: { ...process.env, CGO_ENABLED: "0", GOFLAGS: "-mod=mod" },
    });
    expect(built.stderr).toBe("");
    const run = spawnSync(path.join(here, "terraform-provider-sender"), ["a b", "c"], {
      encoding: "utf8",
      env: { PATH: "/usr/bin:/bin", TF_PLUGIN_MAGIC_COOKIE: "c1" },
    });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 3,
      stdout: `runtime: ${here}/dist/plugin.js a b c cookie=c1\n`,
      stderr: "",
    });
    fs.rmSync(path.join(here, "node"), { recursive: true });
    const missing = spawnSync(path.join(here, "terraform-provider-sender"), [], { encoding: "utf8" });
    expect({ status: missing.status, stderr: missing.stderr }).toEqual({
      status: 1,
      stderr: `terraform-provider-sender: the Node.js runtime ${here}/node/bin/node is missing: unpack the whole archive, not the executable alone\n`,
    });
  });
});
