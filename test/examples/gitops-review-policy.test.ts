// The review report's policy section: the violations read from the preview's engine event log,
// ordered and shown one per line, escaped like everything else that comes from the stack.
import { describe, expect, test } from "vitest";
import { policySection, reviewMarkdown } from "../../examples/gitops/review-markdown";
import { policyViolations, stackRulesRan } from "../../examples/gitops/review-policy";

const URN = "urn:pulumi:prod::gitops::pulumi-nodejs:dynamic/sender:CampaignSchedule::";

/** One line of `pulumi preview --event-log`, as apitype.EngineEvent has it. */
const event = (policyEvent: Record<string, unknown>, sequence = 1) =>
  JSON.stringify({ sequence, timestamp: 1_764_000_000, policyEvent });

const violation = (rule: string, level: string, name: string | undefined, message: string) => ({
  ...(name ? { resourceUrn: `${URN}${name}` } : {}),
  message,
  color: "never",
  policyName: rule,
  policyPackName: "pulumi-sender-policy",
  policyPackVersion: "0.1.0",
  policyPackVersionTag: "0.1.0",
  enforcementLevel: level,
});

describe("policyViolations", () => {
  test("reads the policy events of the log, mandatory first, then by rule and resource; other events are skipped", () => {
    const log = [
      JSON.stringify({ sequence: 0, timestamp: 1, preludeEvent: { config: {} } }),
      event(
        violation("schedule-lead-time", "warning", "b-send", 'Too soon.\nCampaignSchedule "b-send": ...'),
      ),
      event(violation("webhook-https", "mandatory", "hook", "Not https.")),
      event(violation("schedule-needs-audience", "mandatory", "a-send", "No audience.")),
      JSON.stringify({
        sequence: 9,
        timestamp: 2,
        summaryEvent: { policyPacks: { "pulumi-sender-policy": "0.1.0" } },
      }),
      "",
    ].join("\n");
    expect(policyViolations(log)).toEqual([
      {
        pack: "pulumi-sender-policy@v0.1.0",
        rule: "schedule-needs-audience",
        level: "mandatory",
        resource: "a-send",
        message: "No audience.",
      },
      {
        pack: "pulumi-sender-policy@v0.1.0",
        rule: "webhook-https",
        level: "mandatory",
        resource: "hook",
        message: "Not https.",
      },
      {
        pack: "pulumi-sender-policy@v0.1.0",
        rule: "schedule-lead-time",
        level: "advisory",
        resource: "b-send",
        message: 'Too soon.\nCampaignSchedule "b-send": ...',
      },
    ]);
  });

  test("a violation of the stack as a whole has no resource; an empty log has no violations", () => {
    expect(policyViolations(event(violation("x", "mandatory", undefined, "m")))).toEqual([
      { pack: "pulumi-sender-policy@v0.1.0", rule: "x", level: "mandatory", message: "m" },
    ]);
    expect(policyViolations("")).toEqual([]);
  });
});

describe("stackRulesRan", () => {
  test("true once the log has a pack's stack summary; false for a preview that stopped before it", () => {
    const resourceSummary = JSON.stringify({
      sequence: 3,
      timestamp: 1,
      policyAnalyzeSummaryEvent: { resourceUrn: `${URN}a`, policyPackName: "p", passed: ["webhook-https"] },
    });
    const stackSummary = JSON.stringify({
      sequence: 4,
      timestamp: 2,
      policyAnalyzeStackSummaryEvent: {
        policyPackName: "p",
        policyPackVersion: "0.1.0",
        passed: ["schedule-needs-audience"],
      },
    });
    expect(stackRulesRan([resourceSummary, stackSummary, ""].join("\n"))).toBe(true);
    expect(
      stackRulesRan(
        [resourceSummary, event(violation("webhook-https", "mandatory", "h", "m")), ""].join("\n"),
      ),
    ).toBe(false);
    expect(stackRulesRan("")).toBe(false);
  });
});

describe("policySection", () => {
  test("one line per violation, with the counts and the packs; text from the stack escaped", () => {
    expect(
      policySection({
        packs: ["pulumi-sender-policy@v0.1.0"],
        violations: [
          {
            pack: "pulumi-sender-policy@v0.1.0",
            rule: "sender-domain",
            level: "mandatory",
            resource: "promo",
            message: 'Campaign "promo": replyTo "news@example.com" is on example.com',
          },
          {
            pack: "p",
            rule: "schedule-lead-time",
            level: "advisory",
            resource: "x<b>",
            message: "Soon\nreally",
          },
        ],
      }),
    ).toEqual([
      "",
      "## Policy",
      "",
      "2 policy violations, 1 mandatory: `pulumi up` fails until they are fixed. Policy packs: pulumi-sender-policy\\@v0.1.0.",
      "",
      '- ⛔ **mandatory** sender-domain on promo: Campaign "promo"\\: replyTo "news\\@example.com" is on example.com',
      "- ⚠️ **advisory** schedule-lead-time on x\\<b\\>: Soon really",
    ]);
  });

  test("no violations, or advisory ones only, say so", () => {
    expect(policySection({ packs: ["a@v1", "b"], violations: [] }).at(-1)).toBe(
      "No policy violations (policy packs: a\\@v1, b).",
    );
    expect(
      policySection({
        packs: ["a"],
        violations: [{ pack: "a", rule: "r", level: "advisory", message: "m" }],
      })[3],
    ).toBe("1 policy violation, all advisory. Policy packs: a.");
  });

  test("a preview that failed before the stack rules says they were not evaluated, never that nothing was found", () => {
    const notEvaluated =
      "⛔ **Not evaluated:** the preview failed before the policy packs' stack rules ran, so those rules were not evaluated, nor the resource rules of what the preview did not reach. Fix the preview errors and review again. Policy packs: p.";
    expect(policySection({ packs: ["p"], violations: [], stackRulesEvaluated: false })).toEqual([
      "",
      "## Policy",
      "",
      notEvaluated,
    ]);
    expect(
      policySection({
        packs: ["p"],
        violations: [
          { pack: "p", rule: "webhook-https", level: "mandatory", resource: "hook", message: "m" },
        ],
        stackRulesEvaluated: false,
      }),
    ).toEqual([
      "",
      "## Policy",
      "",
      notEvaluated,
      "",
      "1 policy violation, 1 mandatory: `pulumi up` fails until they are fixed. Policy packs: p.",
      "",
      "- ⛔ **mandatory** webhook-https on hook: m",
    ]);
  });

  test("the report has the section after the summary when packs ran, and none without", () => {
    const options = {
      stack: "prod",
      timeZone: "UTC",
      now: new Date("2026-11-26T12:00:00Z"),
      tagNames: new Map<string, string>(),
      images: new Map(),
    };
    expect(reviewMarkdown([], { ...options, policy: { packs: ["p"], violations: [] } })).toBe(
      "# Campaign review: stack prod\n\nNo campaign changes.\n\n## Policy\n\nNo policy violations (policy packs: p).\n",
    );
    expect(reviewMarkdown([], options)).toBe("# Campaign review: stack prod\n\nNo campaign changes.\n");
  });
});
