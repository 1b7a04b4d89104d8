// `npm run drift`: the nightly drift check. Refreshes the stack in memory and compares what the
// service holds with what the files say, without writing the state (`pulumi preview --refresh
// --expect-no-changes --json`), then prints what differs, e.g. a campaign edited in the Sender
// dashboard. Exit status: 0 no drift, 1 drift, 2 the check itself failed.
//
//   npm run drift -- [--stack prod]
//
// (`pulumi refresh --preview-only --json` of the CLI built here reports the refreshed resources with
// their old outputs, so it cannot say what changed; a refreshing preview can.)
import { execFile } from "node:child_process";
import { parseArgs } from "node:util";

/** One value that differs between the service and the files. */
export interface DriftedField {
  field: string;
  service: unknown;
  files: unknown;
}

/** One resource that differs. `gone` when the service no longer has it. */
export interface DriftedResource {
  kind: string;
  name: string;
  id?: string;
  gone: boolean;
  fields: DriftedField[];
  /** What `pulumi up` would do about it (`update`, `replace`, `delete`), when not `gone`. */
  op?: string;
}

/** The outcome of a drift check. */
export interface DriftResult {
  /** 0 no drift, 1 drift, 2 the check failed. */
  code: number;
  drifted: DriftedResource[];
  /** What the check prints. */
  summary: string;
}

interface PreviewStep {
  op: string;
  urn: string;
  oldState?: { id?: string; type?: string; outputs?: Record<string, unknown> };
  newState?: { type?: string; inputs?: Record<string, unknown> };
}

const show = (value: unknown) => (value === undefined ? "(none)" : JSON.stringify(value));

// The stack's hidden ownership nonce (pulumi-sender's StackNonce) holds nothing of the service's.
const isOurs = (type: string) =>
  type !== "pulumi:pulumi:Stack" && !type.startsWith("pulumi:providers:") && !type.endsWith(":StackNonce");

/**
 * The resources where the refreshed state (the service) and the program (the files) disagree, from
 * `pulumi preview --refresh --json`: the fields of the files' inputs whose values differ.
 */
export function driftedResources(steps: readonly PreviewStep[]): DriftedResource[] {
  const drifted: DriftedResource[] = [];
  for (const step of steps) {
    if (step.op === "same" || step.op === "refresh" || step.op === "read") continue;
    const type = step.newState?.type ?? step.oldState?.type ?? step.urn.split("::")[2] ?? "";
    if (!isOurs(type)) continue;
    const kind = type.slice(type.lastIndexOf(":") + 1);
    const name = step.urn.slice(step.urn.lastIndexOf("::") + 2);
    const id = step.oldState?.id;
    if (step.op === "create") {
      drifted.push({ kind, name, gone: true, fields: [] });
      continue;
    }
    const service = step.oldState?.outputs ?? {};
    const files = step.newState?.inputs ?? {};
    const fields = Object.keys(files)
      // `__` keys are the engine's and the provider's own (`__provider`, `__senderPlace`), never a field.
      .filter((k) => !k.startsWith("__") && JSON.stringify(files[k]) !== JSON.stringify(service[k]))
      .sort()
      .map((field) => ({ field, service: service[field], files: files[field] }));
    drifted.push({ kind, name, ...(id ? { id } : {}), gone: false, fields, op: step.op });
  }
  return drifted;
}

/** The readable summary of a drift check. */
export function driftSummary(stack: string, drifted: readonly DriftedResource[], total: number): string {
  if (drifted.length === 0) return `drift: none. The ${total} resources of stack ${stack} match the service.`;
  const lines = [
    `drift: ${drifted.length} of the ${total} resources of stack ${stack} differ from the service (edited outside Pulumi):`,
  ];
  for (const r of drifted) {
    const head = `  ${r.kind} ${r.name}${r.id ? ` (id ${r.id})` : ""}`;
    if (r.gone) lines.push(`${head}: deleted in the service`);
    else if (r.op === "delete") lines.push(`${head}: in the state but no longer in the files`);
    else {
      lines.push(`${head}:`);
      for (const f of r.fields) {
        lines.push(`    ${f.field}: ${show(f.service)} in the service, ${show(f.files)} in the files`);
      }
    }
  }
  lines.push(
    "To put back what the files say: pulumi up --refresh --yes. To keep the service's values: copy them into the files first.",
  );
  return lines.join("\n");
}

/** What `pulumi preview --json` prints: the steps, and the diagnostics that stderr lacks under `--json`. */
interface PreviewJson {
  steps?: PreviewStep[];
  diagnostics?: { urn?: string; message?: string; severity?: string }[];
}

/**
 * Why the check failed, on one line: under `--json` the engine's errors are in the output's
 * diagnostics (stderr is empty), e.g. `read Campaign abc123 failed: GET /v2/campaigns/abc123 failed:
 * ECONNREFUSED ...`. A resource's error comes first, with the count of any others; the engine's closing `preview failed` only when
 * there is nothing else; stderr when the output is not JSON at all (the CLI could not start).
 */
export function failureReason(stdout: string, stderr: string): string {
  let diagnostics: NonNullable<PreviewJson["diagnostics"]> = [];
  try {
    diagnostics = (JSON.parse(stdout) as PreviewJson).diagnostics ?? [];
  } catch {
    // not JSON: the CLI failed before the engine ran
  }
  const messages = diagnostics
    .filter((d) => d.severity === "error" && d.message)
    .sort((a, b) => Number(!a.urn) - Number(!b.urn))
    .map((d) =>
      (d.message as string)
        .trim()
        .replace(/^error: /, "")
        .replace(/^Preview failed: /, "")
        .replace(/\s*\n\s*/g, " "),
    );
  const reasons = [...new Set(messages)];
  const own = reasons.filter((m) => m !== "preview failed");
  // One line: the first resource's error, and how many others failed (often for the same cause).
  if (own.length > 0) return own.length === 1 ? own[0]! : `${own[0]} (and ${own.length - 1} more errors)`;
  const last = stderr
    .trim()
    .split("\n")
    .pop()
    ?.trim()
    .replace(/^error: /, "");
  return last || reasons[0] || "the engine gave no reason";
}

/** Runs the check in a Pulumi project folder. */
export function runDriftCheck(options: {
  cwd: string;
  stack?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<DriftResult> {
  const stackArgs = options.stack ? ["--stack", options.stack] : [];
  const args = ["preview", "--refresh", "--expect-no-changes", "--json", "--non-interactive", ...stackArgs];
  return new Promise((resolve) => {
    execFile(
      "pulumi",
      args,
      { cwd: options.cwd, env: options.env ?? process.env, maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        let steps: PreviewStep[];
        try {
          steps = (JSON.parse(stdout) as PreviewJson).steps ?? [];
        } catch {
          resolve({
            code: 2,
            drifted: [],
            summary: `drift: the check failed: ${failureReason(stdout, stderr)}`,
          });
          return;
        }
        const drifted = driftedResources(steps);
        const total = steps.filter((s) => s.op === "refresh" && isOurs(s.oldState?.type ?? "")).length;
        const stack = options.stack ?? "(selected)";
        // The engine's verdict and ours agree; if the engine failed for another reason, say so.
        if (error && drifted.length === 0) {
          resolve({ code: 2, drifted, summary: `drift: the check failed: ${failureReason(stdout, stderr)}` });
          return;
        }
        resolve({ code: drifted.length > 0 ? 1 : 0, drifted, summary: driftSummary(stack, drifted, total) });
      },
    );
  });
}

if (require.main === module) {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { stack: { type: "string" } } });
  runDriftCheck({ cwd: process.cwd(), ...(values.stack ? { stack: values.stack } : {}) }).then((result) => {
    (result.code === 0 ? console.log : console.error)(result.summary);
    process.exit(result.code);
  });
}
