/**
 * The pack's rules as @pulumi/policy policies: each one's name, description, default enforcement
 * level and config schema, wired to its logic in rules.ts. The engine's `--policy-pack-config`
 * sets any rule's enforcement level and config.
 */
import type { ReportViolation, ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import {
  type AudienceOptions,
  addressesOutsideDomains,
  type ContentOptions,
  contentViolations,
  schedulesWithoutAudience,
  schedulesWithoutProof,
  scheduleTooSoon,
  type Violation,
  webhookNotHttps,
} from "./rules";

/** The default of `schedule-lead-time`'s `hours`. */
export const DEFAULT_LEAD_HOURS = 2;

const report = (reportViolation: ReportViolation, violations: readonly Violation[]) => {
  for (const v of violations) reportViolation(v.message, v.urn);
};

/** `schedule-needs-audience`: a schedule's campaign has a CampaignTargeting. */
export const scheduleNeedsAudience: StackValidationPolicy = {
  name: "schedule-needs-audience",
  description: "A CampaignSchedule's campaign must have a CampaignTargeting in the stack.",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      campaignGroups: {
        type: "boolean",
        default: true,
        description: "Whether a campaign's own groups count as its audience.",
      },
    },
  },
  remediationSteps:
    "Add a CampaignTargeting whose campaignId is the scheduled campaign's id, with tagIds, filterIds or sendToAll: true.",
  validateStack: (args, reportViolation) => {
    const config = args.getConfig<Partial<AudienceOptions>>();
    report(
      reportViolation,
      schedulesWithoutAudience(args.resources, { campaignGroups: config.campaignGroups ?? true }),
    );
  },
};

/**
 * `schedule-needs-proof`: a schedule's campaign has a CampaignProof of its current subject and
 * content. A stack rule, advisory by default: in `pulumi up` the engine runs it after the changes
 * are applied, so as a mandatory rule its guarantee is the preview's (see docs/policy.md).
 */
export const scheduleNeedsProof: StackValidationPolicy = {
  name: "schedule-needs-proof",
  description:
    "A CampaignSchedule's campaign must have a CampaignProof in the stack whose proofedHash is the campaign's current contentHash.",
  enforcementLevel: "advisory",
  remediationSteps:
    "Add a CampaignProof whose campaignId is the scheduled campaign's id, with contentHash: campaign.contentHash, and read the proof before the schedule is applied.",
  validateStack: (args, reportViolation) => {
    report(reportViolation, schedulesWithoutProof(args.resources));
  },
};

/**
 * `schedule-lead-time`: a new or moved schedule is at least `hours` away. A resource rule: the
 * engine runs it on each schedule's checked inputs before the create or update reaches the
 * service, at `up` with every value known, so a time unknown at preview is judged once known.
 */
export const scheduleLeadTime: ResourceValidationPolicy = {
  name: "schedule-lead-time",
  description: "A new or moved CampaignSchedule must be at least `hours` (default 2) from now.",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      hours: {
        type: "number",
        minimum: 0,
        default: DEFAULT_LEAD_HOURS,
        description: "The least time, in hours, between a preview and the send it schedules.",
      },
    },
  },
  remediationSteps: "Move scheduleTime later, to at least `hours` from now.",
  validateResource: (args, reportViolation) => {
    const hours = args.getConfig<{ hours?: number }>().hours ?? DEFAULT_LEAD_HOURS;
    const violation = scheduleTooSoon(args, { hours, now: new Date() });
    if (violation) reportViolation(violation.message, violation.urn);
  },
};

/** `sender-domain`: reply-to (and from, when it is an address) on the company's own domains. */
export const senderDomain: ResourceValidationPolicy = {
  name: "sender-domain",
  description:
    "A campaign's replyTo, and its from where that is an address, must be on one of the configured domains (no domains: no check).",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      domains: {
        type: "array",
        items: { type: "string", minLength: 1 },
        default: [],
        description: 'The domains replies may go to, e.g. ["example.org"].',
      },
    },
  },
  remediationSteps: "Use an address on one of the configured domains.",
  validateResource: (args, reportViolation) => {
    const domains = args.getConfig<{ domains?: string[] }>().domains ?? [];
    report(reportViolation, addressesOutsideDomains(args, domains));
  },
};

/** `webhook-https`: webhooks deliver over https only. */
export const webhookHttps: ResourceValidationPolicy = {
  name: "webhook-https",
  description: "A Webhook's url must be https.",
  enforcementLevel: "mandatory",
  remediationSteps: "Serve the endpoint over TLS and give its https:// URL.",
  validateResource: (args, reportViolation) => {
    const violation = webhookNotHttps(args);
    if (violation) reportViolation(violation.message, violation.urn);
  },
};

/**
 * `content-checks`: the provider's content checks (docs/content-checks.md) on each campaign's
 * subject, preheader and content. Advisory by default, as the provider only warns by default;
 * `{"content-checks": "mandatory"}` stops a preview on a finding.
 */
export const contentChecks: ResourceValidationPolicy = {
  name: "content-checks",
  description:
    "A Campaign's or TransactionalCampaign's subject, preheader and content pass the provider's content checks (docs/content-checks.md).",
  enforcementLevel: "advisory",
  configSchema: {
    properties: {
      advisoryFindings: {
        type: "boolean",
        default: true,
        description:
          "Whether the findings of the checks' advisory rules (their basis assumed) are reported too.",
      },
    },
  },
  remediationSteps: "Fix the content as each finding says (its rule is named in the line).",
  validateResource: (args, reportViolation) => {
    const config = args.getConfig<Partial<ContentOptions>>();
    report(reportViolation, contentViolations(args, { advisoryFindings: config.advisoryFindings ?? true }));
  },
};

/** Every rule of the pack, in the order docs/policy.md describes them. */
export const policies: (ResourceValidationPolicy | StackValidationPolicy)[] = [
  scheduleNeedsAudience,
  scheduleNeedsProof,
  scheduleLeadTime,
  senderDomain,
  webhookHttps,
  contentChecks,
];
