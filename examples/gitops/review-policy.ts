// The review's policy part: the violations the policy packs (`--policy-pack`, e.g.
// pulumi-sender-policy) reported in the review's preview. `pulumi preview --json` leaves policy
// events out, so the review asks the same preview for its engine event log (`--event-log`) and
// reads them from there.

/** One violation a policy pack reported. */
export interface PolicyViolation {
  /** The pack and its version, e.g. `pulumi-sender-policy@v0.1.0`. */
  pack: string;
  /** The rule, e.g. `schedule-needs-audience`. */
  rule: string;
  /** `mandatory` (the preview and `pulumi up` fail) or `advisory` (a warning). */
  level: string;
  /** The resource's name in the program; absent for a violation of the stack as a whole. */
  resource?: string;
  /** The pack's message (its rule's description, then what it found). */
  message: string;
}

// The engine's event log names advisory violations "warning".
const LEVELS: Record<string, string> = {
  warning: "advisory",
  mandatory: "mandatory",
  remediate: "remediated",
};

/** The policy violations of an engine event log (`pulumi preview --event-log <file>`: one JSON event a line). */
export function policyViolations(eventLog: string): PolicyViolation[] {
  const violations: PolicyViolation[] = [];
  for (const line of eventLog.split("\n")) {
    if (!line.includes('"policyEvent"')) continue;
    const event = (JSON.parse(line) as { policyEvent?: Record<string, unknown> }).policyEvent;
    if (!event) continue;
    const text = (key: string) => (typeof event[key] === "string" ? (event[key] as string) : "");
    const urn = text("resourceUrn");
    const level = text("enforcementLevel");
    violations.push({
      pack: `${text("policyPackName")}@v${text("policyPackVersion")}`,
      rule: text("policyName"),
      level: LEVELS[level] ?? level,
      ...(urn ? { resource: urn.slice(urn.lastIndexOf("::") + 2) } : {}),
      message: text("message").trim(),
    });
  }
  // Mandatory first, then by rule and resource: the same preview gives the same report.
  const rank = (v: PolicyViolation) => (v.level === "mandatory" ? 0 : 1);
  return violations.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      a.rule.localeCompare(b.rule) ||
      (a.resource ?? "").localeCompare(b.resource ?? "") ||
      a.message.localeCompare(b.message),
  );
}

/**
 * Whether the policy packs ran their stack rules in the preview of this event log. The engine logs
 * a `policyAnalyzeStackSummaryEvent` per pack once it has; a preview that failed first (a
 * provider's own check, a program error) ends before them, and its log has none.
 */
export function stackRulesRan(eventLog: string): boolean {
  return eventLog.split("\n").some((line) => line.includes('"policyAnalyzeStackSummaryEvent"'));
}
