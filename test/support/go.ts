import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

/**
 * Drops this project's Go SDK module from Go's module cache. The tests publish every build of the
 * SDK as the same version (the schema's), and Go never fetches a version it has cached, so a
 * download left by an earlier build would shadow the module under test.
 */
export function forgetCachedSdkModule(): void {
  const cache = execFileSync("go", ["env", "GOMODCACHE"], { encoding: "utf8" }).trim();
  for (const dir of [
    path.join(cache, "github.com/pulumi-sender"),
    path.join(cache, "cache/download/github.com/pulumi-sender"),
  ]) {
    if (!fs.existsSync(dir)) continue;
    // Go writes its module cache read-only.
    execFileSync("chmod", ["-R", "u+w", dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
