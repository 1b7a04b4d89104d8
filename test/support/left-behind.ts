// Vitest's globalSetup for the e2e lane: after every e2e file, no process the run started may be
// left. Each process of the run inherits PULUMI_SENDER_E2E_RUN from this one (the workers are forked
// after the global setup, and every spawn here passes process.env on); one still running at the end,
// not a descendant of this process, was left behind (a language host whose engine a test killed, for
// one). The teardown kills each and fails the run naming them, so that the leak is fixed where it starts.
import * as fs from "node:fs";

const MARK = "PULUMI_SENDER_E2E_RUN";

/** The process's parent pid, from /proc/<pid>/stat (after the command name, which may hold spaces). */
function parentOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

/** Whether `pid` runs under this process (a live worker, or what a live worker runs). */
function underUs(pid: number): boolean {
  for (let at: number | undefined = pid; at !== undefined && at > 1; at = parentOf(at))
    if (at === process.pid) return true;
  return false;
}

/** The processes whose environment carries `mark`, with their command lines, but this one and what it runs. */
export function leftBehind(mark: string): Array<{ pid: number; command: string }> {
  const found: Array<{ pid: number; command: string }> = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      if (!fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`${MARK}=${mark}`)) continue;
      if (underUs(pid)) continue;
      found.push({
        pid,
        command: fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim(),
      });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** Marks the run's processes, and returns the teardown that kills and names those left behind. */
export default function setup(): () => void {
  const mark = `${process.pid}-${Date.now()}`;
  process.env[MARK] = mark;
  return () => {
    const left = leftBehind(mark);
    for (const { pid } of left) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // ended meanwhile
      }
    }
    if (left.length > 0)
      throw new Error(
        `e2e: ${left.length} process(es) left behind by the run, now killed: ${left.map((p) => `${p.pid} ${p.command}`).join("; ")}`,
      );
  };
}
