// Running commands from the e2e tests: asynchronously, because the emulator runs in the test's own
// process and a synchronous child would keep it from answering.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./root";
import type { StackHandle } from "./stack";

const exec = promisify(execFile);

/**
 * Runs a command and returns what it printed. On failure the error names the command line and
 * carries its whole output (stdout, then stderr, or the spawn error when there is no stderr).
 */
export async function sh(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await exec(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(" ")} failed:\n${e.stdout ?? ""}${e.stderr || e.message}`);
  }
}

/** The last line a script of this repository (a path relative to the root) printed. */
export async function scriptOutput(script: string, args: string[] = []): Promise<string> {
  const { stdout } = await sh("bash", [path.join(ROOT, script), ...args]);
  const line = stdout.trim().split("\n").pop();
  if (!line) throw new Error(`${script} ${args.join(" ")} printed nothing`);
  return line;
}

/**
 * Type-checks `files` with the checkout's tsc under strict settings (ES2022, node16 modules, the
 * checkout's @types/node, libraries' declarations skipped), from a tsconfig.json written into `dir`;
 * returns what tsc printed (it fails, with its output, on any error).
 */
export async function typeCheckStrict(dir: string, files: readonly string[]): Promise<string> {
  const config = {
    compilerOptions: {
      target: "ES2022",
      module: "node16",
      moduleResolution: "node16",
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ["node"],
      typeRoots: [path.join(ROOT, "node_modules/@types")],
    },
    files,
  };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(config));
  const { stdout } = await sh(path.join(ROOT, "node_modules/.bin/tsc"), ["-p", dir]);
  return stdout;
}

/**
 * Runs the Pulumi CLI in `cwd` with a stack's environment (its backend, home, passphrase and extra
 * variables such as PATH) and then `env`; returns stdout.
 */
export async function cli(
  h: StackHandle,
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  const { stdout } = await sh("pulumi", args, { cwd, env: { ...process.env, ...h.env, ...env } });
  return stdout;
}

/**
 * Runs the Pulumi CLI non-interactively in `cwd` with a throwaway file backend and home under
 * `scratch` (`scratch/backend` must exist), as `pulumi new` users run it; returns stdout.
 */
export async function scratchCli(
  scratch: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<string> {
  const { stdout } = await sh("pulumi", [...args, "--non-interactive"], {
    cwd,
    env: {
      ...process.env,
      PULUMI_BACKEND_URL: `file://${path.join(scratch, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "templates",
      PULUMI_HOME: path.join(scratch, "home"),
      ...env,
    },
  });
  return stdout;
}
