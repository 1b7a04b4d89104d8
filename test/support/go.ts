import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/**
 * The Go environment of a test that fetches this project's Go SDK from the file proxy at `proxy`:
 * a module cache of its own, so that no download left by an earlier build of the same version
 * shadows the module under test (the tests publish every build as the schema's version, and Go never
 * fetches a version it has cached). Nothing is deleted from the shared cache, which the release
 * rehearsal and other files use at the same time; its downloads serve as a proxy after ours, so
 * the test fetches nothing else anew.
 */
export function privateGoEnv(proxy: string): Record<string, string> {
  const shared = execFileSync("go", ["env", "GOMODCACHE"], { encoding: "utf8" }).trim();
  const usual = execFileSync("go", ["env", "GOPROXY"], { encoding: "utf8" }).trim();
  return {
    GOMODCACHE: fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-gomodcache-")),
    GOPROXY: `file://${proxy},file://${path.join(shared, "cache/download")},${usual}`,
    GONOSUMDB: "github.com/pulumi-sender/*",
    GOFLAGS: "-mod=mod -modcacherw",
  };
}
