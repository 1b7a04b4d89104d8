// A program's folder made ready for the engine on this checkout's generated SDK, one function per
// language, offline: what several e2e files did, each writing the same go.mod, venv or pom.
import * as fs from "node:fs";
import * as path from "node:path";
import { GO_MODULE } from "../../provider/plugin/schema";
import { mavenUserHome, sdkArtifact } from "./plugin";
import { ROOT } from "./root";
import { scriptOutput, sh } from "./run";

/**
 * Writes `dir`'s go.mod and go.sum for module `name`: the requirements of tools/sdkgen (the same
 * versions as its cached build) plus the Go SDK, replaced by this checkout's sdks/go.
 */
export function goOnCheckoutSdk(dir: string, name: string): void {
  const sdkgen = path.join(ROOT, "tools/sdkgen");
  const requires = fs.readFileSync(path.join(sdkgen, "go.mod"), "utf8").replace(/^module .*$/m, "");
  fs.writeFileSync(
    path.join(dir, "go.mod"),
    `module ${name}\n${requires}\nrequire ${GO_MODULE} v0.0.0\n\nreplace ${GO_MODULE} => ${path.join(ROOT, "sdks/go")}\n`,
  );
  fs.copyFileSync(path.join(sdkgen, "go.sum"), path.join(dir, "go.sum"));
}

/**
 * Makes `dir` the Python project `name` on the cached venv (scripts/python-venv.sh, pulumi from
 * PyPI), its Pulumi.yaml rewritten to use it, with this checkout's sdks/python installed beside the
 * program (`<dir>/.sdk`, no network). Returns what the stack's environment adds: PYTHONPATH.
 */
export async function pythonOnCheckoutSdk(dir: string, name: string): Promise<{ PYTHONPATH: string }> {
  const venvPython = await scriptOutput("scripts/python-venv.sh");
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: ${name}\nruntime:\n  name: python\n  options:\n    virtualenv: ${path.dirname(path.dirname(venvPython))}\n`,
  );
  const site = path.join(dir, ".sdk");
  fs.cpSync(path.join(ROOT, "sdks/python"), path.join(site, "src"), { recursive: true });
  await sh(venvPython, [
    ...["-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation"],
    ...["--target", path.join(site, "site"), path.join(site, "src")],
  ]);
  return { PYTHONPATH: path.join(site, "site") };
}

/**
 * Writes `dir`'s pom.xml from templates/java/pom.xml for project `name` and `mainClass`, and makes
 * `<dir>/.maven-home` its Maven user home (the Java SDK installed, Maven Central a file:// mirror:
 * {@link mavenUserHome}). Returns what the stack's environment adds: MAVEN_OPTS naming that home.
 */
export async function javaOnSdkArtifact(
  dir: string,
  name: string,
  mainClass: string,
): Promise<{ MAVEN_OPTS: string }> {
  fs.writeFileSync(
    path.join(dir, "pom.xml"),
    fs
      .readFileSync(path.join(ROOT, "templates/java/pom.xml"), "utf8")
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the template's placeholder
      .replace("${PROJECT}", name)
      .replace("<mainClass>myproject.App</mainClass>", `<mainClass>${mainClass}</mainClass>`),
  );
  const home = mavenUserHome(
    path.join(dir, ".maven-home"),
    await scriptOutput("scripts/maven-repo.sh"),
    await sdkArtifact("java"),
  );
  return { MAVEN_OPTS: `-Duser.home=${home}` };
}
