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

const isOurs = (type: string) => type !== "pulumi:pulumi:Stack" && !type.startsWith("pulumi:providers:");

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
      .filter((k) => k !== "__provider" && JSON.stringify(files[k]) !== JSON.stringify(service[k]))
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
          steps = (JSON.parse(stdout) as { steps?: PreviewStep[] }).steps ?? [];
        } catch {
          const last = stderr.trim().split("\n").slice(-3).join("\n");
          resolve({ code: 2, drifted: [], summary: `drift: the check failed: ${last}` });
          return;
        }
        const drifted = driftedResources(steps);
        const total = steps.filter((s) => s.op === "refresh" && isOurs(s.oldState?.type ?? "")).length;
        const stack = options.stack ?? "(selected)";
        // The engine's verdict and ours agree; if the engine failed for another reason, say so.
        if (error && drifted.length === 0) {
          const last = stderr.trim().split("\n").slice(-3).join("\n");
          resolve({ code: 2, drifted, summary: `drift: the check failed: ${last}` });
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
