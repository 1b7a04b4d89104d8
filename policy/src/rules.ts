/**
 * The logic of each rule, apart from @pulumi/policy's plumbing (policies.ts): plain functions of
 * the resources, the rule's config and the time, each returning the violations it finds, so that
 * the tests can give them any stack and any clock.
 */
import { checkContent } from "./content-checks.generated";
import { kindOf, label, read, type SenderKind } from "./resources";

/** One violation: the message, and the URN of the resource it is reported on. */
export interface Violation {
  /** The resource the violation is about. */
  urn: string;
  /** Names the resource, the field, the value, and what to do. */
  message: string;
}

/** A resource as a stack rule sees it: @pulumi/policy's `PolicyResource`, as far as the rules read it. */
export interface StackResource {
  /** The type token. */
  type: string;
  /** The name in the program. */
  name: string;
  /** The URN. */
  urn: string;
  /** The properties (in a stack rule, the outputs the resource has, or will have, after the change). */
  props: object;
  /** The resources each property's value came from, by property name. */
  propertyDependencies: Readonly<Record<string, readonly { urn: string }[]>>;
}

/** A resource of pulumi-sender, its kind known. */
interface SenderResource extends StackResource {
  kind: SenderKind;
}

function senderResources(resources: readonly StackResource[]): SenderResource[] {
  return resources.flatMap((r) => {
    const kind = kindOf(r.type);
    return kind ? [{ ...r, kind }] : [];
  });
}

const knownText = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/** Config of `schedule-needs-audience`. */
export interface AudienceOptions {
  /**
   * Whether a campaign's own `groups` count as an audience, as the service counts them when it
   * sends (docs/wire-contract.md, `POST /campaigns/{id}/send`): ids it lists, or a Group resource of
   * the stack they come from. Default true.
   */
  campaignGroups: boolean;
}

/** Where a schedule's or a targeting's campaign comes from: its known id, and the Campaign resources its value came from. */
interface CampaignRef {
  /** The campaign id, when known (at `up`, or a literal). */
  id: string | undefined;
  /** The URNs of the stack's Campaign resources the `campaignId` value depends on. */
  urns: string[];
}

/**
 * Whether a targeting serves a schedule's campaign. Known ids (every id at `up`, literal ids in a
 * preview) are compared as they are. While either is unknown (a preview of a new campaign), they
 * are matched through the one Campaign resource each came from; a value computed from several
 * Campaigns (`all([a.id, b.id]).apply(...)`) cannot be told apart there, so it matches none.
 */
function sameCampaign(schedule: CampaignRef, targeting: CampaignRef): boolean {
  if (schedule.id !== undefined && targeting.id !== undefined) return schedule.id === targeting.id;
  return schedule.urns.length === 1 && targeting.urns.length === 1 && schedule.urns[0] === targeting.urns[0];
}

/**
 * `schedule-needs-audience`: every CampaignSchedule's campaign has a CampaignTargeting in the stack
 * (or, with `campaignGroups`, groups of its own). A schedule and a targeting are matched by their
 * campaign ids where both are known, else through the one Campaign resource their `campaignId` came
 * from (the engine's property dependencies, known in a preview where the campaign's id is not):
 * see {@link sameCampaign}.
 */
export function schedulesWithoutAudience(
  resources: readonly StackResource[],
  options: AudienceOptions,
): Violation[] {
  const sender = senderResources(resources);
  const byUrn = new Map(sender.map((r) => [r.urn, r]));
  const campaignOf = (r: SenderResource): CampaignRef => ({
    urns: [
      ...new Set(
        (r.propertyDependencies.campaignId ?? [])
          .map((d) => d.urn)
          .filter((urn) => byUrn.get(urn)?.kind === "Campaign"),
      ),
    ],
    id: knownText(read(r.props, "campaignId")),
  });
  const targetings = sender.filter((r) => r.kind === "CampaignTargeting").map(campaignOf);
  // Groups of the campaign's own: ids it lists, or, in a preview where they are not known yet, a
  // Group resource of the stack its `groups` come from (a group made by name in the same program).
  const hasGroups = (urn: string) => {
    const campaign = byUrn.get(urn) as SenderResource;
    const groups = read(campaign.props, "groups");
    if (Array.isArray(groups) && groups.length > 0) return true;
    return dependencyUrns(campaign, "groups").some((dep) => byUrn.get(dep)?.kind === "Group");
  };
  const violations: Violation[] = [];
  for (const schedule of sender.filter((r) => r.kind === "CampaignSchedule")) {
    const campaign = campaignOf(schedule);
    const targeted = targetings.some((targeting) => sameCampaign(campaign, targeting));
    // A campaign's own groups count when the schedule's campaign is that one Campaign resource.
    const ownGroups =
      options.campaignGroups && campaign.urns.length === 1 && hasGroups(campaign.urns[0] as string);
    if (targeted || ownGroups) continue;
    const names = campaign.urns.map((urn) => JSON.stringify((byUrn.get(urn) as SenderResource).name));
    const which =
      names.length > 0
        ? `campaign ${names.join(", ")}`
        : campaign.id !== undefined
          ? `campaign id ${JSON.stringify(campaign.id)}`
          : "a campaign that no Campaign resource of this stack provides";
    const fix = options.campaignGroups
      ? "add a CampaignTargeting with the same campaignId and tagIds, filterIds or sendToAll: true (or give the campaign groups)"
      : "add a CampaignTargeting with the same campaignId and tagIds, filterIds or sendToAll: true";
    violations.push({
      urn: schedule.urn,
      message:
        `${label("CampaignSchedule", schedule.name)}: campaignId is ${which}, which no CampaignTargeting of this ` +
        `stack targets, so the schedule would send it to no one or to an audience nobody reviewed: ${fix}.`,
    });
  }
  return violations;
}

/** The resources a property's value came from, by URN. */
const dependencyUrns = (r: StackResource, property: string): string[] =>
  (r.propertyDependencies[property] ?? []).map((d) => d.urn);

/** A hash as a violation shows it: its first 12 hex digits. */
const shortHash = (hash: string) => `${hash.slice(0, 12)}…`;

/**
 * `schedule-needs-proof`: every CampaignSchedule's campaign has, in the stack, a CampaignProof of
 * the same campaign (matched as {@link schedulesWithoutAudience} matches a targeting) whose
 * `proofedHash` is the campaign's `contentHash`, the hash of its current subject and content.
 * While either hash is not known (unknown in a preview of a change, or absent from the outputs a
 * preview gives a dynamic resource to create), a proof counts when it follows the campaign: its `contentHash` input comes from that Campaign, so the `up` proofs the new content.
 * A schedule of a campaign no Campaign resource of the stack provides (a literal id) needs a proof
 * of that id: there is no hash to compare.
 */
export function schedulesWithoutProof(resources: readonly StackResource[]): Violation[] {
  const sender = senderResources(resources);
  const byUrn = new Map(sender.map((r) => [r.urn, r]));
  const campaignOf = (r: SenderResource): CampaignRef => ({
    urns: [...new Set(dependencyUrns(r, "campaignId").filter((urn) => byUrn.get(urn)?.kind === "Campaign"))],
    id: knownText(read(r.props, "campaignId")),
  });
  const proofs = sender
    .filter((r) => r.kind === "CampaignProof")
    .map((r) => ({ r, campaign: campaignOf(r) }));
  const violations: Violation[] = [];
  for (const schedule of sender.filter((r) => r.kind === "CampaignSchedule")) {
    const campaign = campaignOf(schedule);
    const campaignResource = campaign.urns.length === 1 ? byUrn.get(campaign.urns[0] as string) : undefined;
    const current = campaignResource === undefined ? undefined : read(campaignResource.props, "contentHash");
    const ofCampaign = proofs.filter((proof) => sameCampaign(campaign, proof.campaign));
    const isCurrent = ({ r }: { r: SenderResource }) => {
      if (campaignResource === undefined) return true;
      const proofed = read(r.props, "proofedHash");
      if (typeof current === "string" && proofed === current) return true;
      if (typeof current === "string" && typeof proofed === "string") return false;
      // Not yet known: unknown, or absent from a preview's outputs (a dynamic resource to create).
      return (
        dependencyUrns(r, "contentHash").includes(campaignResource.urn) ||
        (typeof current === "string" && read(r.props, "contentHash") === current)
      );
    };
    if (ofCampaign.some(isCurrent)) continue;
    const which =
      campaignResource !== undefined
        ? `campaign ${JSON.stringify(campaignResource.name)}`
        : campaign.id !== undefined
          ? `campaign id ${JSON.stringify(campaign.id)}`
          : "a campaign that no Campaign resource of this stack provides";
    const why =
      ofCampaign.length === 0
        ? "has no CampaignProof in this stack"
        : typeof current === "string"
          ? `has no CampaignProof of its current subject and content (contentHash ${shortHash(current)}) in this stack`
          : "has no CampaignProof that follows its coming subject and content in this stack";
    violations.push({
      urn: schedule.urn,
      message:
        `${label("CampaignSchedule", schedule.name)}: ${which} ${why}, so it would go out with nobody having ` +
        "seen it: add a CampaignProof with the same campaignId and contentHash: <campaign>.contentHash, " +
        "and read the proof before the schedule is applied.",
    });
  }
  return violations;
}

// An ISO 8601 time with an offset, as CampaignSchedule's check accepts it; anything else is the
// provider's check's to report.
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The instant of a schedule time, or undefined when it is not an ISO 8601 time with an offset. */
export function scheduleInstant(value: string): Date | undefined {
  if (!ISO_WITH_OFFSET.test(value)) return undefined;
  const ms = Date.parse(value.replace(",", "."));
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

/** `YYYY-MM-DD HH:MM:SS` UTC, to the nearest second (a half up), as the provider records `scheduleTimeUtc`. */
export function apiTime(instant: Date): string {
  const rounded = new Date(Math.round(instant.getTime() / 1000) * 1000);
  return rounded.toISOString().slice(0, 19).replace("T", " ");
}

const isoSeconds = (instant: Date) => `${instant.toISOString().slice(0, 19)}Z`;
const HOUR_MS = 3_600_000;

/**
 * The input the provider's `check` adds to a CampaignSchedule the stack already has as it is (the
 * same campaign and time as before), and refuses from a program: `SCHEDULE_KEPT_INPUT` of
 * provider/kinds/campaign-schedule.ts.
 */
export const SCHEDULE_KEPT_INPUT = "scheduleKept";

/**
 * `schedule-lead-time`: a CampaignSchedule's `scheduleTime` is at least `hours` after `now`, so the
 * change can be reviewed and applied before the campaign goes out. It judges the resource's checked
 * inputs, which the engine hands a resource rule before the create or update (at `up` every value
 * is known, so a time computed with `apply` is judged there); never outputs, which a program could
 * pass as inputs. A schedule the stack already has as it is (the provider's check marks it,
 * {@link SCHEDULE_KEPT_INPUT}) is left alone: the rule is about new and moved schedules, and a sent
 * campaign's time stays in the past for good.
 */
export function scheduleTooSoon(
  resource: Pick<StackResource, "type" | "name" | "urn" | "props">,
  options: { hours: number; now: Date },
): Violation | undefined {
  if (kindOf(resource.type) !== "CampaignSchedule") return undefined;
  const value = read(resource.props, "scheduleTime");
  if (typeof value !== "string") return undefined;
  const instant = scheduleInstant(value);
  if (!instant) return undefined;
  if (read(resource.props, SCHEDULE_KEPT_INPUT) === true) return undefined;
  const lead = instant.getTime() - options.now.getTime();
  if (lead >= options.hours * HOUR_MS) return undefined;
  const when =
    lead >= 0
      ? `${(lead / HOUR_MS).toFixed(1)} hours from now`
      : `in the past (${(-lead / HOUR_MS).toFixed(1)} hours ago)`;
  // The earliest time allowed, up to the next whole minute.
  const earliest = new Date(Math.ceil((options.now.getTime() + options.hours * HOUR_MS) / 60_000) * 60_000);
  return {
    urn: resource.urn,
    message:
      `${label("CampaignSchedule", resource.name)}: scheduleTime ${value} (${isoSeconds(instant)}) is ${when}, ` +
      `less than the ${options.hours} hours this pack requires before a send: move scheduleTime to ` +
      `${isoSeconds(earliest)} or later, so the change is reviewed and applied before the campaign goes out.`,
  };
}

// `Name <address>` or a bare address.
const ADDRESS = /^[^\s@<>]+@([^\s@<>]+)$/;
const NAMED_ADDRESS = /<([^\s@<>]+@([^\s@<>]+))>\s*$/;

/** The domain of an address (lower case, no final dot), or undefined when the text holds no address. */
export function addressDomain(text: string): string | undefined {
  const trimmed = text.trim();
  const domain = ADDRESS.exec(trimmed)?.[1] ?? NAMED_ADDRESS.exec(trimmed)?.[2];
  return domain?.toLowerCase().replace(/\.$/, "");
}

/** The kinds whose fields carry sender addresses, and those fields. */
const ADDRESS_FIELDS: Partial<Record<SenderKind, readonly string[]>> = {
  Campaign: ["replyTo", "from"],
  TransactionalCampaign: ["replyTo", "from"],
};

/**
 * `sender-domain`: a campaign's `replyTo`, and its `from` where that is an address (the field is
 * a sender *name*), is on one of `domains`. No domains configured: nothing to check.
 */
export function addressesOutsideDomains(
  resource: Pick<StackResource, "type" | "name" | "urn" | "props">,
  domains: readonly string[],
): Violation[] {
  const kind = kindOf(resource.type);
  const fields = kind ? ADDRESS_FIELDS[kind] : undefined;
  if (!kind || !fields || domains.length === 0) return [];
  const allowed = domains.map((d) => d.trim().toLowerCase().replace(/\.$/, ""));
  const violations: Violation[] = [];
  for (const field of fields) {
    const value = read(resource.props, field);
    if (typeof value !== "string") continue;
    const domain = addressDomain(value);
    if (domain === undefined || allowed.includes(domain)) continue;
    violations.push({
      urn: resource.urn,
      message:
        `${label(kind, resource.name)}: ${field} ${JSON.stringify(value)} is on ${domain}, outside the sender ` +
        `domains this pack allows (${allowed.join(", ")}): use an address on one of those domains, or add ` +
        `${domain} to the "sender-domain" domains of the pack's config if the company owns it.`,
    });
  }
  return violations;
}

/**
 * A URL as a violation shows it: scheme and host only. @pulumi/policy hands the rules secrets in
 * plain text, and a webhook's path or query is where its own secret usually lives.
 */
export function shownUrl(url: URL): string {
  const rest = url.pathname !== "/" || url.search !== "" || url.hash !== "" ? "/…" : "";
  return `${url.protocol}//${url.host}${rest}`;
}

/** `webhook-https`: a Webhook's `url` is https, so that deliveries never cross the network in clear text. */
export function webhookNotHttps(
  resource: Pick<StackResource, "type" | "name" | "urn" | "props">,
): Violation | undefined {
  if (kindOf(resource.type) !== "Webhook") return undefined;
  const value = read(resource.props, "url");
  if (typeof value !== "string") return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url?.protocol === "https:") return undefined;
  const shown = url ? `${shownUrl(url)} is not https` : "is not a URL";
  return {
    urn: resource.urn,
    message:
      `${label("Webhook", resource.name)}: url ${shown}, so Sender would deliver subscriber data in clear ` +
      "text: serve the endpoint over TLS and give its https:// URL.",
  };
}

/** A finding of the content checks, as far as the rule reads it (the core's `ContentFinding`). */
interface ContentFindingSeen {
  /** Whether the rule is advisory (its basis assumed). */
  readonly advisory: boolean;
  /** The line: the field, the evidence, what to do, the rule. */
  readonly message: string;
}

/** Config of `content-checks`. */
export interface ContentOptions {
  /** Whether the findings of the checks' advisory rules (their basis assumed) are reported too. Default true. */
  advisoryFindings: boolean;
}

/**
 * `content-checks`: the findings of the provider's content checks (docs/content-checks.md: a body
 * Gmail clips, no unsubscribe link, a misspelt personalization tag, a link no recipient can open…)
 * of a Campaign's or a TransactionalCampaign's subject, preheader and content, one violation each,
 * naming the resource. The checks are the core's, copied into the pack by `npm run generate`
 * (content-checks.generated.ts); a value the preview does not know is not judged.
 */
export function contentViolations(
  resource: Pick<StackResource, "type" | "name" | "urn" | "props">,
  options: ContentOptions,
): Violation[] {
  const kind = kindOf(resource.type);
  if (kind !== "Campaign" && kind !== "TransactionalCampaign") return [];
  const text = (key: string) => {
    const value = read(resource.props, key);
    return typeof value === "string" ? value : undefined;
  };
  const formatField = kind === "Campaign" ? "contentType" : "editor";
  const format = text(formatField);
  const findings = checkContent({
    subject: text("subject"),
    preheader: text("preheader"),
    // How the body reads is not known: it is not judged.
    content: format === undefined ? undefined : text("content"),
    format: format === "text" || format === "plain" ? "text" : "html",
    marketing: kind === "Campaign",
    formatField,
  }) as ContentFindingSeen[];
  return findings
    .filter((finding) => options.advisoryFindings || !finding.advisory)
    .map((finding) => ({ urn: resource.urn, message: `${label(kind, resource.name)}: ${finding.message}` }));
}
