/**
 * `npm run smoke`: a live check of the client's reader against a real Sender account (or the
 * emulator). Read-only by default; `--write` also creates one DRAFT campaign with a unique
 * title, reads it back, changes its subject and deletes it. It never schedules or sends.
 * Every call is printed with its status and whether the reader accepted the answer; the exit
 * status is 1 when any call failed or was rejected.
 */
import { parseArgs } from "node:util";
import { type RequestEvent, SenderClient, SenderResponseValidationError } from "../provider/client";

/** What one step of the smoke run found. */
export interface SmokeStep {
  /** What was asked, e.g. `GET /v2/plans`. */
  call: string;
  /** HTTP status of the last attempt, or undefined when none answered. */
  status: number | undefined;
  /** `accepted`: read; `rejected`: the reader refused the answer; `failed`: an error status or no answer. */
  outcome: "accepted" | "rejected" | "failed";
  /** Why it was rejected or failed. */
  detail?: string;
}

/** Options of {@link runSmoke}. */
export interface SmokeOptions {
  /** API root, e.g. `https://api.sender.net`. */
  baseUrl: string;
  /** The API token; never printed. */
  apiToken: string;
  /** Also create, read, update and delete one DRAFT campaign. */
  write: boolean;
  /** Where lines go. */
  log: (line: string) => void;
  /** Clock for the unique title. */
  now?: () => Date;
}

/** Runs the smoke calls; resolves with each step (it never throws for a failed call). */
export async function runSmoke(options: SmokeOptions): Promise<SmokeStep[]> {
  // The last attempt the client reported, for the printed line.
  const seen: { last?: RequestEvent | undefined } = {};
  const client = new SenderClient({
    baseUrl: options.baseUrl,
    apiToken: options.apiToken,
    // A smoke run reports what the service says; it does not wait through long retry cycles.
    retry: { maxAttempts: 2, deadlineMs: 30_000 },
    userAgent: "pulumi-sender-smoke",
    onRequest: (event) => {
      seen.last = event;
    },
  });
  const steps: SmokeStep[] = [];

  async function step<T>(label: string, run: () => Promise<T>): Promise<T | undefined> {
    seen.last = undefined;
    let result: T | undefined;
    let outcome: SmokeStep["outcome"] = "accepted";
    let detail: string | undefined;
    try {
      result = await run();
    } catch (error) {
      outcome = error instanceof SenderResponseValidationError ? "rejected" : "failed";
      detail = error instanceof Error ? error.message : String(error);
    }
    const last = seen.last as RequestEvent | undefined;
    const call = last ? `${last.method} ${last.path}` : label;
    const status = last?.status;
    steps.push({ call, status, outcome, ...(detail === undefined ? {} : { detail }) });
    const shown = status === undefined ? "no answer" : String(status);
    options.log(`${call} -> ${shown} ${outcome}${detail === undefined ? "" : `: ${detail}`}`);
    return result;
  }

  await step("GET /v2/plans", () => client.listPlans());
  const page = await step("GET /v2/campaigns", () => client.listCampaigns({ limit: 10 }));
  const first = page?.data[0];
  if (first) await step(`GET /v2/campaigns/${first.id}`, () => client.getCampaign(first.id));
  else options.log("GET /v2/campaigns/{id} skipped: the account has no campaign");
  await step("GET /v2/active_subscribers", () => client.getActiveSubscribers());

  if (options.write) await writeSteps(client, step, options);
  return steps;
}

type Step = <T>(label: string, run: () => Promise<T>) => Promise<T | undefined>;

async function writeSteps(client: SenderClient, step: Step, options: SmokeOptions): Promise<void> {
  const prefill = await step("GET /v2/campaigns/prefill", () => client.getCampaignPrefill());
  const from = prefill?.from;
  const replyTo = prefill?.reply_to;
  if (!from || !replyTo) {
    options.log("write steps skipped: the prefill answer gave no sender name and reply-to address");
    return;
  }
  const stamp = (options.now ?? (() => new Date()))().toISOString();
  const title = `pulumi-sender smoke ${stamp} ${Math.random().toString(36).slice(2, 8)}`;
  const created = await step("POST /v2/campaigns", () =>
    client.createCampaign({
      title,
      subject: "pulumi-sender smoke test (never sent)",
      from,
      reply_to: replyTo,
      content_type: "text",
      content: "A smoke test of pulumi-sender. This draft is deleted at once and never sent.",
    }),
  );
  if (!created) return;
  try {
    const read = await step(`GET /v2/campaigns/${created.id}`, () => client.getCampaign(created.id));
    if (read && (read.title !== title || read.status !== "DRAFT")) {
      options.log(
        `the campaign read back is not the DRAFT just made (title ${JSON.stringify(read.title)}, status ${read.status})`,
      );
      throw new SmokeMismatch();
    }
    const subject = "pulumi-sender smoke test, updated (never sent)";
    await step(`PATCH /v2/campaigns/${created.id}`, () => client.updateCampaign(created.id, { subject }));
    const updated = await step(`GET /v2/campaigns/${created.id}`, () => client.getCampaign(created.id));
    if (updated && updated.subject !== subject) {
      options.log(`the subject read back is ${JSON.stringify(updated.subject)}, not the one sent`);
      throw new SmokeMismatch();
    }
  } catch (error) {
    if (!(error instanceof SmokeMismatch)) throw error;
  } finally {
    // Delete what this run made, whatever happened in between.
    await step(`DELETE /v2/campaigns?ids=[${created.id}]`, () => client.deleteCampaigns([created.id]));
  }
}

class SmokeMismatch extends Error {}

const USAGE =
  "usage: npm run smoke [-- --write]\n" +
  "Reads SENDER_API_TOKEN and SENDER_BASE_URL (default https://api.sender.net). Read-only unless --write,\n" +
  "which creates, reads, updates and deletes one DRAFT campaign; nothing is ever scheduled or sent.";

/** The command: parses argv and the environment, runs, and returns the exit status. */
export async function main(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  log: (line: string) => void,
): Promise<number> {
  let write = false;
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { write: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      strict: true,
    });
    if (values.help) {
      log(USAGE);
      return 0;
    }
    write = values.write === true;
  } catch (error) {
    log(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const apiToken = env.SENDER_API_TOKEN;
  if (!apiToken) {
    log(`SENDER_API_TOKEN is not set.\n${USAGE}`);
    return 2;
  }
  const baseUrl = env.SENDER_BASE_URL || "https://api.sender.net";
  let steps: SmokeStep[];
  try {
    log(`smoke run against ${baseUrl} (${write ? "read and write" : "read-only"})`);
    steps = await runSmoke({ baseUrl, apiToken, write, log });
  } catch (error) {
    log(`smoke run stopped: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const bad = steps.filter((s) => s.outcome !== "accepted");
  log(`${steps.length} calls, ${steps.length - bad.length} accepted, ${bad.length} failed or rejected`);
  return bad.length === 0 ? 0 : 1;
}

if (require.main === module) {
  void main(process.argv.slice(2), process.env, (line) => console.log(line)).then((code) => {
    process.exitCode = code;
  });
}
