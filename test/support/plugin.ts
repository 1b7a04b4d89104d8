// The native plugin and the language hosts as the e2e tests put them in front of the engine.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT } from "./root";
import { scriptOutput, sh } from "./run";
import { ensurePulumiOnPath } from "./stack";

/** The version of this checkout, which the plugin, its tarball and the SDKs carry. */
export const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;

/** PATH with the plugin's launcher (bin/pulumi-resource-sender) first, as a user's install puts it. */
export function pluginPath(): string {
  ensurePulumiOnPath();
  return `${path.join(ROOT, "bin")}:${process.env.PATH}`;
}

/** The folder of our language hosts (Go, Python) that scripts/langhosts.sh built or had cached. */
export function langhosts(): Promise<string> {
  return scriptOutput("scripts/langhosts.sh");
}

/** PATH with our language hosts, then the plugin's launcher, first. */
export async function pluginAndHosts(): Promise<string> {
  const hosts = await langhosts();
  return `${hosts}:${pluginPath()}`;
}

/**
 * The directories scripts/pulumi-cli.sh put on PATH, up to the one with `pulumi`, that hold
 * `pulumi` or the YAML language host: a PATH with no `node` on it.
 */
export function pulumiOnlyPath(): string {
  ensurePulumiOnPath();
  const has = (dir: string, file: string) => fs.existsSync(path.join(dir, file));
  const unique = [
    ...new Set(
      (process.env.PATH ?? "")
        .split(":")
        .filter((dir) => has(dir, "pulumi") || has(dir, "pulumi-language-yaml")),
    ),
  ];
  if (!unique.some((dir) => has(dir, "pulumi-language-yaml")))
    throw new Error(`no pulumi-language-yaml on PATH ${process.env.PATH}`);
  return unique.slice(0, unique.findIndex((dir) => has(dir, "pulumi")) + 1).join(":");
}

/**
 * Builds the plugin tarball (with its Node.js runtime) with scripts/plugin-tarball.sh into `dir`
 * (a fresh temporary folder by default) under the name `pulumi plugin install -f` expects.
 */
export async function pluginTarball(
  dir: string = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-plugin-")),
): Promise<string> {
  const file = path.join(dir, `pulumi-resource-sender-v${VERSION}-linux-amd64.tar.gz`);
  const { stdout } = await sh("bash", [path.join(ROOT, "scripts/plugin-tarball.sh"), file]);
  return stdout.trim();
}

/** What the plugin's bundle and its bun build are made from: the sources, the lock and the scripts. */
function bundleInputs(): string[] {
  const files = (dir: string): string[] =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .map((f) => path.join(dir, f))
      .filter((f) => fs.statSync(path.join(ROOT, f)).isFile());
  return [
    ...files("provider"),
    "package.json",
    "package-lock.json",
    "scripts/env.sh",
    "scripts/plugin-bundle.js",
    "scripts/plugin-tarball.sh",
  ].sort();
}

/**
 * The plugin archive compiled by bun for linux-amd64 (`scripts/plugin-tarball.sh --runtime=bun`, as
 * darwin-arm64's is), cached per user under `<cache>/plugin-bun/<version>-<hash of its inputs>/` as
 * the other artifacts are: built once per version and sources, about a minute, then reused.
 */
export async function bunPluginTarball(): Promise<string> {
  const hash = createHash("sha256");
  for (const file of bundleInputs())
    hash
      .update(file)
      .update("\0")
      .update(fs.readFileSync(path.join(ROOT, file)));
  // scripts/env.sh's PULUMI_SENDER_CACHE.
  const cache = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "pulumi-sender");
  const dir = path.join(cache, "plugin-bun", `${VERSION}-${hash.digest("hex").slice(0, 12)}`);
  const file = path.join(dir, `pulumi-resource-sender-v${VERSION}-linux-amd64.tar.gz`);
  if (fs.existsSync(file)) return file;
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-plugin-bun-"));
  const built = path.join(stage, path.basename(file));
  await sh("bash", [
    path.join(ROOT, "scripts/plugin-tarball.sh"),
    "--platform=linux-amd64",
    "--runtime=bun",
    built,
  ]);
  // Settled by a rename, so that a build cut short never leaves a half archive in the cache.
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(built, `${file}.${process.pid}`);
  fs.renameSync(`${file}.${process.pid}`, file);
  fs.rmSync(stage, { recursive: true, force: true });
  return file;
}

/**
 * The artifact scripts/sdk-packages.sh built (or had cached) for one language: the npm tarball,
 * the folder holding the wheel, the Go module proxy folder, or the Java SDK's Maven repository folder.
 */
export async function sdkArtifact(lang: "nodejs" | "python" | "go" | "java"): Promise<string> {
  const line = await scriptOutput("scripts/sdk-packages.sh", [lang]);
  if (!line.startsWith(`${lang} `)) throw new Error(`scripts/sdk-packages.sh ${lang} printed ${line}`);
  return line.slice(lang.length + 1);
}

/**
 * Makes `home` a Maven user home (Maven takes `~/.m2` from Java's `user.home`) as docs/installing.md
 * has it before publication: the Java SDK's repository folder `sdk` copied into the local
 * repository, and Maven Central served from `central` (scripts/maven-repo.sh's cached repository)
 * as a file:// mirror, so nothing comes from the network. Returns `home`.
 */
export function mavenUserHome(home: string, central: string, sdk: string): string {
  fs.mkdirSync(path.join(home, ".m2/repository"), { recursive: true });
  fs.cpSync(sdk, path.join(home, ".m2/repository"), { recursive: true });
  fs.writeFileSync(
    path.join(home, ".m2/settings.xml"),
    `<settings><mirrors><mirror><id>central</id><mirrorOf>central</mirrorOf><url>file://${central}</url></mirror></mirrors></settings>\n`,
  );
  return home;
}
