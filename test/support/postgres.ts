import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT } from "./stack";

/** What scripts/setup-gitops.sh found (and installed when missing): Chromium and PostgreSQL's binaries. */
export interface GitopsTools {
  chromium: string;
  pgBin: string;
  /** util-linux's runuser, found outside PATH too (it lives in /usr/sbin); "" when not root. */
  runuser: string;
}

let tools: GitopsTools | undefined;

/** Runs scripts/setup-gitops.sh once per process. Fails, never skips, when a tool cannot be provided. */
export function gitopsTools(): GitopsTools {
  if (tools) return tools;
  const out = execFileSync("bash", [path.join(ROOT, "scripts/setup-gitops.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const value = (key: string) => {
    const line = out.split("\n").find((l) => l.startsWith(`${key}=`));
    if (!line) throw new Error(`scripts/setup-gitops.sh printed no ${key}=`);
    return line.slice(key.length + 1);
  };
  tools = { chromium: value("chromium"), pgBin: value("pg_bin"), runuser: value("runuser") };
  return tools;
}

/** A free loopback TCP port (asked of the kernel, then released). */
async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A throwaway PostgreSQL cluster. */
export interface PostgresCluster {
  /** `postgres://pulumi:<password>@127.0.0.1:<port>/pulumi_state?sslmode=disable` */
  url: string;
  password: string;
  /** Runs one SQL statement with psql and returns its unaligned, tuples-only output. */
  sql(statement: string): string;
  stop(): Promise<void>;
}

/**
 * Starts a PostgreSQL cluster of Debian's server binaries in a temporary directory, on a free
 * loopback port, with password authentication: `initdb` and `pg_ctl`, no system service. The
 * server refuses to run as root, so under root it runs as the `postgres` user the package creates.
 */
export async function startPostgres(): Promise<PostgresCluster> {
  const { pgBin, runuser } = gitopsTools();
  const asRoot = process.getuid?.() === 0;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-pg-"));
  const data = path.join(scratch, "data");
  const password = `pg-${Math.random().toString(36).slice(2, 12)}`;
  fs.writeFileSync(path.join(scratch, "pwfile"), `${password}\n`);
  const run = (bin: string, args: string[]) => {
    const [cmd, argv] = asRoot
      ? [runuser, ["-u", "postgres", "--", path.join(pgBin, bin), ...args]]
      : [path.join(pgBin, bin), args];
    return execFileSync(cmd, argv, { encoding: "utf8", cwd: scratch, stdio: ["ignore", "pipe", "pipe"] });
  };
  if (asRoot) {
    fs.chmodSync(scratch, 0o755);
    execFileSync("chown", ["-R", "postgres", scratch]);
  }
  run("initdb", [
    "-D",
    data,
    "-U",
    "pulumi",
    "--pwfile",
    path.join(scratch, "pwfile"),
    "--auth=scram-sha-256",
    "--no-sync",
    "--no-instructions",
  ]);
  const port = await freePort();
  const options = `-p ${port} -k ${scratch} -c listen_addresses=127.0.0.1 -c fsync=off`;
  run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(scratch, "server.log"), "-w", "start"]);
  const psql = (database: string, statement: string) =>
    execFileSync(
      path.join(pgBin, "psql"),
      ["-h", "127.0.0.1", "-p", String(port), "-U", "pulumi", "-d", database, "-At", "-c", statement],
      { encoding: "utf8", env: { ...process.env, PGPASSWORD: password } },
    );
  psql("postgres", "CREATE DATABASE pulumi_state");
  return {
    url: `postgres://pulumi:${password}@127.0.0.1:${port}/pulumi_state?sslmode=disable`,
    password,
    sql: (statement) => psql("pulumi_state", statement),
    stop: async () => {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(scratch, { recursive: true, force: true });
      }
    },
  };
}
