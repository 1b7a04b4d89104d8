import { spawn } from "node:child_process";
import * as fs from "node:fs";
import type { CliOptions } from "./cli-main";

/** What the background emulator tells the command that started it, over the IPC channel. */
export type DetachMessage = { url: string } | { error: string };

/**
 * `pulumi-sender-emulator --detach`: runs the command again in the background (the runtime's
 * executable with `rerun`, then the same arguments; its own session, stdout and stderr to `--log`
 * or nowhere) and waits for it to report. Resolves with the line to print once it listens, after
 * writing its pid to `--pid-file`; rejects with its own one-line reason (a port in use names the
 * port) when it cannot, so that a script stops there.
 */
export function runDetached(
  rerun: readonly string[],
  argv: readonly string[],
  options: CliOptions,
): Promise<string> {
  const out = options.log === undefined ? "ignore" : fs.openSync(options.log, "a");
  const child = spawn(process.execPath, [...rerun, ...argv], {
    detached: true,
    stdio: ["ignore", out, out, "ipc"],
    env: process.env,
  });
  if (typeof out === "number") fs.closeSync(out);
  return new Promise<string>((resolve, reject) => {
    const exited = (code: number | null, signal: NodeJS.Signals | null) =>
      reject(
        new Error(
          `pulumi-sender-emulator: the background emulator stopped (${signal ?? `status ${code}`}) before it listened${options.log === undefined ? "" : `; see ${options.log}`}`,
        ),
      );
    child.once("exit", exited);
    child.once("error", reject);
    child.once("message", (message: DetachMessage) => {
      child.off("exit", exited);
      if ("error" in message) {
        reject(new Error(message.error));
        return;
      }
      if (options.pidFile !== undefined) fs.writeFileSync(options.pidFile, `${child.pid}\n`);
      child.disconnect();
      child.unref();
      resolve(
        `pulumi-sender emulator listening on ${message.url} in the background (pid ${child.pid}${options.log === undefined ? "" : `, its log in ${options.log}`}); kill ${child.pid} stops it`,
      );
    });
  });
}
