// Vitest's globalSetup: one temporary folder per test run and project, where test files share what
// one run needs only once (the packed tarball of test/package/packed.ts), removed at the end.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

declare module "vitest" {
  /** What this globalSetup provides to every test file of its project. */
  export interface ProvidedContext {
    /** The run's shared folder. */
    runFolder: string;
  }
}

/** Makes the run's folder, provides it as `runFolder`, and returns its removal. */
export default function setup(project: { provide(key: "runFolder", value: string): void }): () => void {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-run-"));
  project.provide("runFolder", folder);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
