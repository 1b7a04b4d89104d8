// The processes an e2e test starts and must see end: found through Linux /proc, waited for by polling.
import * as fs from "node:fs";

/** A process found in /proc: its pid and its command line (arguments joined by spaces). */
export interface FoundProcess {
  readonly pid: number;
  readonly cmdline: string;
}

/** Every process (Linux /proc) whose command line or working folder holds one of `folders`. */
export function processesIn(folders: readonly string[]): FoundProcess[] {
  const found: FoundProcess[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      const cwd = fs.readlinkSync(`/proc/${entry}/cwd`);
      if (
        folders.some((folder) => cmdline.includes(folder) || cwd === folder || cwd.startsWith(`${folder}/`))
      )
        found.push({ pid: Number(entry), cmdline });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/**
 * Waits until `done` holds, checking every `everyMs` (50 unless told), for at most `limitMs`;
 * throws `gave up waiting for <what>` after that.
 */
export async function until(
  done: () => Promise<boolean> | boolean,
  limitMs: number,
  what: string,
  everyMs = 50,
): Promise<void> {
  const start = Date.now();
  while (!(await done())) {
    if (Date.now() - start > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
