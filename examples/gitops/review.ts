// `npm run review`: the review report of a pull request. Runs (or reads) `pulumi preview --json` for
// the stack and writes `<out>/review.md` with the rendered emails beside it in `<out>/images/`.
//
//   npm run review -- [--stack prod] [--out review] [--preview preview.json --state state.json]
//                      [--time-zone Europe/Paris] [--policy-pack <folder>]... [--policy-pack-config <file>]...
//
// The time zone defaults to the stack's `gitops:timeZone` config, else UTC. Tag names come from the
// service (the campaigns' current tags); ids it cannot name are shown as ids. Nothing secret is read
// into the report: the preview shows secrets as "[secret]", and the token is used only to ask for tag
// names. With `--policy-pack`, the preview runs the pack (e.g. pulumi-sender-policy) and the report
// lists its violations.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { SenderClient } from "pulumi-sender/client";
import { type CampaignImages, emailUnchanged, reviewMarkdown } from "./review-markdown";
import {
  type CampaignChange,
  campaignChanges,
  campaignIds,
  type PreviewJson,
  type StateResource,
  withUnchanged,
} from "./review-plan";
import { type PolicyViolation, policyViolations, stackRulesRan } from "./review-policy";
import { type RenderedCampaign, renderEmails } from "./review-render";

/** Where and how to review. */
export interface ReviewOptions {
  /** The Pulumi project's folder (this example). */
  cwd: string;
  /** The stack; default: the selected one. */
  stack?: string;
  /** The report's folder; `review.md` and `images/` are written there. */
  outDir: string;
  /** A saved `pulumi preview --json` to read instead of running one. */
  previewFile?: string;
  /** A saved `pulumi stack export` to read instead of exporting (with `previewFile`). */
  stateFile?: string;
  /** IANA time zone; default: the stack's `gitops:timeZone`, else UTC. */
  timeZone?: string;
  /** Chromium's executable; default: `PULUMI_SENDER_CHROMIUM`, else /usr/bin/chromium. */
  chromium?: string;
  /** Environment of the `pulumi` commands (backend, passphrase). Default: this process's. */
  env?: NodeJS.ProcessEnv;
  /** The time of the review (schedules within 24 hours of it are flagged). Default: now. */
  now?: Date;
  /** Policy pack folders the preview runs (`pulumi preview --policy-pack`); the report lists their violations. */
  policyPacks?: readonly string[];
  /** Their config files (`--policy-pack-config`), one per pack, in the same order. */
  policyPackConfigs?: readonly string[];
}

/** What a review wrote. */
export interface ReviewResult {
  file: string;
  markdown: string;
  changes: CampaignChange[];
  images: Map<string, RenderedCampaign>;
  /** What the policy packs reported (empty without packs). */
  policyViolations: PolicyViolation[];
  /** False when the packs ran but the preview failed before their stack rules: those were not evaluated. */
  stackRulesEvaluated: boolean;
}

function pulumi(
  args: string[],
  options: ReviewOptions,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stackArgs = options.stack ? ["--stack", options.stack] : [];
  return new Promise((resolve) => {
    execFile(
      "pulumi",
      [...args, ...stackArgs, "--non-interactive"],
      { cwd: options.cwd, env: options.env ?? process.env, maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function readPreview(
  options: ReviewOptions,
): Promise<{ preview: PreviewJson; violations: PolicyViolation[]; stackRulesEvaluated: boolean }> {
  if (options.previewFile) {
    return {
      preview: JSON.parse(fs.readFileSync(options.previewFile, "utf8")) as PreviewJson,
      violations: [],
      stackRulesEvaluated: true,
    };
  }
  const packs = options.policyPacks ?? [];
  // `--json` leaves policy events out; the engine's event log of the same preview has them.
  const logDir = packs.length > 0 ? fs.mkdtempSync(path.join(os.tmpdir(), "review-events-")) : undefined;
  const eventLog = logDir ? path.join(logDir, "events.jsonl") : undefined;
  const policyArgs = [
    ...packs.flatMap((p) => ["--policy-pack", p]),
    ...(options.policyPackConfigs ?? []).flatMap((c) => ["--policy-pack-config", c]),
    ...(eventLog ? ["--event-log", eventLog] : []),
  ];
  try {
    // `--event-log` is one of the CLI's debug flags, offered only with PULUMI_DEBUG_COMMANDS set.
    const env = eventLog ? { ...(options.env ?? process.env), PULUMI_DEBUG_COMMANDS: "true" } : options.env;
    const run = await pulumi(["preview", "--json", ...policyArgs], { ...options, ...(env ? { env } : {}) });
    let preview: PreviewJson;
    try {
      // A failed preview still prints its JSON, with the engine's diagnostics: the report shows them.
      preview = JSON.parse(run.stdout) as PreviewJson;
    } catch {
      const last = run.stderr.trim().split("\n").slice(-3).join("\n");
      throw new Error(`pulumi preview --json failed (exit ${run.code}): ${last}`);
    }
    const log = eventLog && fs.existsSync(eventLog) ? fs.readFileSync(eventLog, "utf8") : "";
    // A preview that passed ran every rule; one that failed ran the stack rules only if the log says so.
    return {
      preview,
      violations: policyViolations(log),
      stackRulesEvaluated: run.code === 0 || stackRulesRan(log),
    };
  } finally {
    if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
  }
}

/** How the report names a policy pack: its package's name and version, else its folder's name. */
function packName(folder: string): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8")) as {
      name?: string;
      version?: string;
    };
    if (pkg.name && pkg.version) return `${pkg.name}@v${pkg.version}`;
  } catch {
    // No package.json: the folder's name.
  }
  return path.basename(path.resolve(folder));
}

function checkTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
  } catch {
    throw new Error(`timeZone ${JSON.stringify(timeZone)} is not an IANA time zone (e.g. Europe/Paris)`);
  }
  return timeZone;
}

/** Names of the tags the stack's campaigns carry, asked of the service; empty when it cannot be asked. */
async function tagNames(preview: PreviewJson, options: ReviewOptions): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const env = options.env ?? process.env;
  const configured = preview.config?.["sender:baseUrl"];
  const baseUrl =
    (typeof configured === "string" ? configured : undefined) ||
    env.SENDER_BASE_URL ||
    "https://api.sender.net";
  let token = env.SENDER_API_TOKEN;
  if (!token) {
    const got = await pulumi(["config", "get", "sender:apiToken"], options);
    if (got.code === 0) token = got.stdout.trim();
  }
  if (!token) return names;
  const client = new SenderClient({ baseUrl, apiToken: token, retry: { maxAttempts: 2 } });
  for (const id of campaignIds(preview)) {
    for (const read of [() => client.getCampaignTags(id), () => client.getCampaignExcludedTags(id)]) {
      try {
        for (const tag of await read()) if (tag.name) names.set(tag.id, tag.name);
      } catch {
        // A campaign gone from the service, or no access: its tags stay shown as ids.
      }
    }
  }
  return names;
}

/** The state's resources (`pulumi stack export`; secrets stay encrypted and are never read). */
async function readState(options: ReviewOptions): Promise<StateResource[]> {
  if (options.stateFile) {
    return (JSON.parse(fs.readFileSync(options.stateFile, "utf8")).deployment?.resources ??
      []) as StateResource[];
  }
  const run = await pulumi(["stack", "export"], options);
  if (run.code !== 0) {
    const last = run.stderr.trim().split("\n").slice(-3).join("\n");
    throw new Error(`pulumi stack export failed (exit ${run.code}): ${last}`);
  }
  return (JSON.parse(run.stdout).deployment?.resources ?? []) as StateResource[];
}

/** Runs the review: preview, state, tag names, rendering, Markdown. */
export async function runReview(options: ReviewOptions): Promise<ReviewResult> {
  const { preview: planned, violations, stackRulesEvaluated } = await readPreview(options);
  const preview = withUnchanged(planned, await readState(options));
  const configuredZone = preview.config?.["gitops:timeZone"];
  const timeZone = checkTimeZone(
    options.timeZone ?? (typeof configuredZone === "string" ? configuredZone : undefined) ?? "UTC",
  );
  const changes = campaignChanges(preview);
  const errors = (preview.diagnostics ?? [])
    .filter((d) => d.severity === "error" && d.message)
    .map((d) => (d.message as string).trim());
  const imageDir = path.join(options.outDir, "images");
  fs.rmSync(imageDir, { recursive: true, force: true });
  const chromium = options.chromium ?? process.env.PULUMI_SENDER_CHROMIUM ?? "/usr/bin/chromium";
  const [names, images] = await Promise.all([
    tagNames(preview, options),
    renderEmails(
      changes.filter((c) => !emailUnchanged(c)),
      imageDir,
      { chromium },
    ),
  ]);
  const links = new Map<string, CampaignImages>();
  const rel = (file: string) => path.relative(options.outDir, file).split(path.sep).join("/");
  for (const [name, rendered] of images) {
    const entry: CampaignImages = rendered.error ? { error: rendered.error } : {};
    for (const side of ["before", "after"] as const) {
      const r = rendered[side];
      if (r) entry[side] = { desktop: rel(r.desktop.file), mobile: rel(r.mobile.file) };
    }
    links.set(name, entry);
  }
  const stack =
    options.stack ?? (await pulumi(["stack", "--show-name"], { ...options, stack: "" })).stdout.trim();
  const markdown = reviewMarkdown(changes, {
    stack,
    timeZone,
    now: options.now ?? new Date(),
    tagNames: names,
    images: links,
    errors,
    ...(options.policyPacks && options.policyPacks.length > 0
      ? { policy: { packs: options.policyPacks.map(packName), violations, stackRulesEvaluated } }
      : {}),
  });
  const file = path.join(options.outDir, "review.md");
  fs.writeFileSync(file, markdown);
  return { file, markdown, changes, images, policyViolations: violations, stackRulesEvaluated };
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      stack: { type: "string" },
      out: { type: "string", default: "review" },
      preview: { type: "string" },
      state: { type: "string" },
      "time-zone": { type: "string" },
      "policy-pack": { type: "string", multiple: true },
      "policy-pack-config": { type: "string", multiple: true },
    },
  });
  const started = Date.now();
  const result = await runReview({
    cwd: process.cwd(),
    outDir: path.resolve(values.out as string),
    ...(values.stack ? { stack: values.stack } : {}),
    ...(values.preview ? { previewFile: path.resolve(values.preview) } : {}),
    ...(values.state ? { stateFile: path.resolve(values.state) } : {}),
    ...(values["time-zone"] ? { timeZone: values["time-zone"] } : {}),
    ...(values["policy-pack"] ? { policyPacks: values["policy-pack"].map((p) => path.resolve(p)) } : {}),
    ...(values["policy-pack-config"]
      ? { policyPackConfigs: values["policy-pack-config"].map((c) => path.resolve(c)) }
      : {}),
  });
  const images = [...result.images.values()].reduce((n, r) => n + (r.before ? 2 : 0) + (r.after ? 2 : 0), 0);
  // The report says which rendering failed and why; so does the log, and the report is still written.
  const failed = [...result.images].filter(([, r]) => r.error);
  for (const [name, r] of failed) console.error(`review: ${name}: rendering failed: ${r.error}`);
  const policy = values["policy-pack"] ? `, ${result.policyViolations.length} policy violation(s)` : "";
  console.log(
    `review: ${result.changes.length} campaign(s), ${images} image(s)${policy}${failed.length > 0 ? `, ${failed.length} rendering(s) failed` : ""} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${path.relative(process.cwd(), result.file)}`,
  );
  // The report is written and shows them; the command fails so that CI does too.
  const mandatory = result.policyViolations.filter((v) => v.level === "mandatory").length;
  if (mandatory > 0) {
    console.error(`review: ${mandatory} mandatory policy violation(s): pulumi up would fail; see the report`);
    process.exitCode = 1;
  }
  if (values["policy-pack"] && !result.stackRulesEvaluated) {
    console.error(
      "review: the preview failed before the policy packs' stack rules ran: they were not evaluated; see the report",
    );
    process.exitCode = 1;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err: Error) => {
    console.error(`review: ${err.message}`);
    process.exit(1);
  });
}
