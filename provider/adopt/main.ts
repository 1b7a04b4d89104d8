import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { CAMPAIGN_STATUSES } from "../client/schemas/campaigns";
import { readSettings } from "../core/config";
import { inDialect } from "../words";
import { type AccountFilters, managedLine, readAccount, splitManaged } from "./account";
import { ADOPT_WORDS, adoptClient, inAdoptTerms } from "./client";
import {
  IMPORTS_FILE,
  importBlocks,
  importFile,
  nameObjects,
  program,
  SECRETS_SCRIPT,
  secretInputs,
  secretsScript,
} from "./render";

/** A usage error: printed with the usage, exit status 2. */
export class AdoptUsageError extends Error {
  constructor(message: string) {
    super(`${message}\n${USAGE}`);
    this.name = "AdoptUsageError";
  }
}

/** What `--help` prints. */
export const USAGE = `usage: pulumi-sender adopt --out <dir> [options]

Reads a Sender account and writes what brings every object of it under a Pulumi stack:
  <dir>/import.json  for \`pulumi import --file import.json\` with the plugin (YAML, Python, Go, TypeScript)
  <dir>/index.ts     a program for the pulumi-sender package, with adoptId on every object
  <dir>/config-secrets.sh  when a webhook URL has a path or query: index.ts reads it from config as a
                     secret, and this script (mode 0600, the URLs in clear) sets it; run it once, delete it
With --format hcl, for Terraform or OpenTofu (1.5 or later) instead:
  <dir>/imports.tf   an import block per object; \`tofu plan -generate-config-out=generated.tf\` then
                     writes their resource blocks
Every campaign of any status with its targeting, follow-up, pending schedule and attachments, every
transactional campaign and every webhook. Only GET requests are sent, paced to the rate limit.
A campaign or transactional campaign whose title ends in -<8 hex> (autonamed) or carries [<8 hex>]
(an ownership mark) was made by a Pulumi stack, which may still manage it: it is listed with its
parts and left out, unless --include-managed is given.

options:
  --out <dir>              where to write the files (made if missing)
  --token <token>          the API token; default: SENDER_API_TOKEN
  --base-url <url>         the API's base URL; default: SENDER_BASE_URL, else https://api.sender.net
  --status <list>          only campaigns of these statuses (comma-separated: DRAFT,SCHEDULED,SENDING,SENT)
  --title <pattern>        only campaigns and transactional campaigns whose title matches (* and ?, any case)
  --created-after <date>   only campaigns and transactional campaigns created after this date (UTC)
  --format <pulumi|hcl>    what to write (default pulumi: import.json and index.ts; hcl: imports.tf)
  --include-managed        adopt the objects a Pulumi stack made too (see above)
  --dry-run                print what would be written (not the secrets), and write nothing
  -h, --help               this text
Webhooks have no title, status or date: a filter leaves them out. Progress goes to stderr.`;

/** What the command talks to; injectable so that tests run it in-process. */
export interface AdoptIo {
  readonly env: NodeJS.ProcessEnv;
  /** Standard output: the help, or the files of a dry run. */
  out(text: string): void;
  /** Progress lines (stderr). */
  progress(line: string): void;
}

function parseDate(raw: string): Date {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw}T00:00:00Z` : raw;
  const time = Date.parse(iso);
  if (Number.isNaN(time))
    throw new AdoptUsageError(
      `--created-after ${JSON.stringify(raw)}: not a date (2026-01-31 or an ISO 8601 time)`,
    );
  return new Date(time);
}

function parseStatuses(raw: string): string[] {
  const statuses = raw
    .split(",")
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s !== "");
  const unknown = statuses.filter((s) => !(CAMPAIGN_STATUSES as readonly string[]).includes(s));
  if (statuses.length === 0 || unknown.length > 0)
    throw new AdoptUsageError(
      `--status ${JSON.stringify(raw)}: each must be one of ${CAMPAIGN_STATUSES.join(", ")}`,
    );
  return statuses;
}

/** Runs `pulumi-sender <argv>`; the only subcommand is `adopt`. Resolves with the exit status. */
export async function runAdopt(argv: readonly string[], io: AdoptIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "-h" || command === "--help" || command === "help") {
    io.out(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command !== "adopt")
    throw new AdoptUsageError(`pulumi-sender: unknown command ${JSON.stringify(command)}`);
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        out: { type: "string" },
        token: { type: "string" },
        "base-url": { type: "string" },
        status: { type: "string" },
        title: { type: "string" },
        "created-after": { type: "string" },
        format: { type: "string" },
        "dry-run": { type: "boolean" },
        "include-managed": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new AdoptUsageError((err as Error).message);
  }
  if (values.help) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  const outDir = values.out as string | undefined;
  if (!outDir) throw new AdoptUsageError("--out <dir> is required");
  const format = (values.format as string | undefined) ?? "pulumi";
  if (format !== "pulumi" && format !== "hcl")
    throw new AdoptUsageError(`--format ${JSON.stringify(format)}: must be pulumi or hcl`);
  const filters: AccountFilters = {
    statuses: typeof values.status === "string" ? parseStatuses(values.status) : undefined,
    title: values.title as string | undefined,
    createdAfter:
      typeof values["created-after"] === "string" ? parseDate(values["created-after"]) : undefined,
  };
  const flags: Record<string, string | undefined> = {
    "sender:apiToken": values.token as string | undefined,
    "sender:baseUrl": values["base-url"] as string | undefined,
  };
  const settings = readSettings({ get: (key) => flags[key] }, io.env);
  if (!settings.apiToken)
    throw new AdoptUsageError("no API token: set SENDER_API_TOKEN or pass --token (it is never printed)");
  const client = adoptClient(settings);
  const started = performance.now();
  io.progress(`adopt: reading ${client.baseUrl}`);
  const account = await inDialect(ADOPT_WORDS, () =>
    readAccount(client, filters, (line) => io.progress(`adopt: ${line}`)),
  ).catch((error: unknown) => {
    throw inAdoptTerms(error);
  });
  // What a stack of this package made is another stack's until the user says otherwise.
  const { kept, managed } = splitManaged(account.objects);
  const includeManaged = values["include-managed"] === true;
  for (const entry of managed)
    io.progress(
      includeManaged
        ? `adopt: kept with --include-managed: ${managedLine(entry)}`
        : `adopt: left out: ${managedLine(entry)}; a stack may still manage it (--include-managed adopts it)`,
    );
  const objects = nameObjects(includeManaged ? account : { objects: kept });
  // HCL imports hold ids only: no input, so no secret, is written.
  const secrets = format === "hcl" ? [] : secretInputs(objects);
  const script = secretsScript(secrets);
  const files =
    format === "hcl"
      ? [{ file: path.join(outDir, IMPORTS_FILE), text: importBlocks(objects, client.baseUrl) }]
      : [
          { file: path.join(outDir, "import.json"), text: importFile(objects) },
          { file: path.join(outDir, "index.ts"), text: program(objects, client.baseUrl) },
        ];
  const scriptFile = path.join(outDir, SECRETS_SCRIPT);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (values["dry-run"]) {
    for (const { file, text } of files) io.out(`--- ${file} (not written)\n${text}`);
    // Its values are secrets: a dry run, whose output may land in a log, names only the keys.
    if (script !== undefined)
      io.out(`--- ${scriptFile} (not written, not shown: it sets ${secrets.map((s) => s.key).join(", ")})\n`);
    io.progress(`adopt: ${objects.length} objects in ${seconds} s; dry run, nothing written`);
    return 0;
  }
  fs.mkdirSync(outDir, { recursive: true });
  for (const { file, text } of files) fs.writeFileSync(file, text);
  if (script !== undefined) {
    // It holds the values in clear: readable by its owner only, from the first byte.
    fs.rmSync(scriptFile, { force: true });
    fs.writeFileSync(scriptFile, script, { mode: 0o600 });
    // A stale script of an earlier run goes; --format hcl writes none and leaves it.
  } else if (format === "pulumi") fs.rmSync(scriptFile, { force: true });
  const written = [...files.map((f) => f.file), ...(script === undefined ? [] : [scriptFile])];
  io.progress(`adopt: ${objects.length} objects in ${seconds} s; wrote ${written.join(" and ")}`);
  if (script !== undefined)
    io.progress(
      `adopt: ${secrets.length} webhook URL(s) with a path or query are read from config as secrets: ` +
        `run \`sh ${scriptFile}\` once with the project's stack selected (index.ts calls it \`sh ${SECRETS_SCRIPT}\`, beside it; it holds them in clear), then delete it`,
    );
  return 0;
}
