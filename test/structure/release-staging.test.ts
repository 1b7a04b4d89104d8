import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { scratchGitEnv } from "../support/git-env";
import { ROOT } from "../support/root";

// What scripts/release.sh packs the npm package from (scripts/stage-tracked.sh): the tracked files
// only. A repository of its own with a stray bin/.env, an untracked file .gitignore does not name,
// an ignored build output and a tracked file deleted in the working tree.
let repo: string;
let dest: string;
// A scratch repository of its own, whatever git variables this process inherited.
const gitEnv = scratchGitEnv();
const git = (args: string[], cwd = repo) =>
  execFileSync("git", ["-c", "user.name=release-staging", "-c", "user.email=release@example.com", ...args], {
    cwd,
    encoding: "utf8",
    env: gitEnv,
  });

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

beforeAll(() => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-staging-"));
  repo = path.join(scratch, "repo");
  dest = path.join(scratch, "stage");
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    fs.writeFileSync(path.join(repo, file), text);
  };
  write(".gitignore", "dist/\n");
  write("bin/run.js", "#!/usr/bin/env node\n");
  write("package.json", "{}\n");
  write("docs/gone.md", "gone\n");
  git(["init", "--quiet"]);
  git(["add", "."]);
  git(["commit", "--quiet", "-m", "tracked"]);
  write("bin/.env", "SENDER_API_TOKEN=tok-stray\n");
  write("bin/notes.txt", "not for npm\n");
  write("dist/index.js", "built\n");
  write("package.json", '{ "changed": true }\n');
  fs.rmSync(path.join(repo, "docs/gone.md"));
});

afterAll(() => {
  fs.rmSync(path.dirname(repo), { recursive: true, force: true });
});

describe("scripts/stage-tracked.sh", () => {
  test("copies the tracked files as the working tree has them, and no untracked one, ignored or not", () => {
    execFileSync("bash", [path.join(ROOT, "scripts/stage-tracked.sh"), repo, dest]);
    expect(filesUnder(dest)).toEqual([".gitignore", "bin/run.js", "package.json"]);
    expect(fs.readFileSync(path.join(dest, "package.json"), "utf8")).toBe('{ "changed": true }\n');
  });
});

describe(".gitignore", () => {
  test.each(["bin/.env", ".env", "examples/x/.env.local"])("ignores %s", (file) => {
    expect(git(["check-ignore", "--no-index", file], ROOT).trim()).toBe(file);
  });
});
