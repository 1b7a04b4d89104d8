// The native plugin and the language hosts as the e2e tests put them in front of the engine.
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
