// Folders the e2e tests make for users' projects, and where the files they resolve lie.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT } from "./root";

const made: string[] = [];

/** A fresh folder under the system's temporary directory (outside the checkout), for removeUserFolders. */
export function userFolder(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pulumi-sender-${name}-`));
  made.push(dir);
  return dir;
}

/** Removes every folder userFolder made in this test file. */
export function removeUserFolders(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** A fresh folder under `.e2e/` (inside the checkout, so that its programs resolve our packages), not yet made. */
export function freshDir(name: string): string {
  const dir = path.join(ROOT, ".e2e", name);
  fs.rmSync(dir, { recursive: true, force: true });
  return dir;
}

/** True when a path, symlinks resolved, lies outside this checkout. */
export function outsideCheckout(file: string): boolean {
  return path.relative(fs.realpathSync(ROOT), fs.realpathSync(file)).startsWith("..");
}
