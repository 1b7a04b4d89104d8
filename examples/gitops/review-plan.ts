// The review's model: what `pulumi preview --json` says will happen to each campaign of the stack,
// read from the steps' old state (outputs, as last applied or refreshed) and new state (inputs, from
// the files). A campaign, its CampaignTargeting and its CampaignSchedule make one entry.

/** One step of `pulumi preview --json`. Only the fields the review reads. */
export interface PreviewStep {
  op: string;
  urn: string;
  oldState?: {
    id?: string;
    type?: string;
    inputs?: Record<string, unknown>;
    outputs?: Record<string, unknown>;
  };
  newState?: {
    id?: string;
    type?: string;
    inputs?: Record<string, unknown>;
    propertyDependencies?: Record<string, string[]>;
  };
}

/** The output of `pulumi preview --json`. Only the fields the review reads. */
export interface PreviewJson {
  config?: Record<string, unknown>;
  steps?: PreviewStep[];
  changeSummary?: Record<string, number>;
  diagnostics?: Array<{ message?: string; severity?: string; urn?: string }>;
}

/** One resource of `pulumi stack export` (deployment.resources[]). Only the fields the review reads. */
export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  propertyDependencies?: Record<string, string[]>;
}

/**
 * The preview's steps plus a `same` step for every resource of the state the preview leaves out
 * (`pulumi preview --json` lists only what changes), so a campaign whose schedule alone moves is
 * still shown with its content.
 */
export function withUnchanged(preview: PreviewJson, state: readonly StateResource[]): PreviewJson {
  const listed = new Set((preview.steps ?? []).map((s) => s.urn));
  const same: PreviewStep[] = state
    .filter((r) => !listed.has(r.urn))
    .map((r) => ({
      op: "same",
      urn: r.urn,
      oldState: {
        type: r.type,
        ...(r.id ? { id: r.id } : {}),
        ...(r.inputs ? { inputs: r.inputs } : {}),
        ...(r.outputs ? { outputs: r.outputs } : {}),
      },
      newState: {
        type: r.type,
        ...(r.inputs ? { inputs: r.inputs } : {}),
        ...(r.propertyDependencies ? { propertyDependencies: r.propertyDependencies } : {}),
      },
    }));
  return { ...preview, steps: [...(preview.steps ?? []), ...same] };
}

/** What a reader sees of an email: its envelope and its content. */
export interface EmailSide {
  subject: string;
  from: string;
  replyTo: string;
  preheader?: string;
  title?: string;
  contentType: string;
  content: string;
}

/** What happens to a campaign as a whole. */
export type CampaignOp = "created" | "updated" | "replaced" | "deleted";

/** A campaign touched by the preview, with both sides of everything the review shows. */
export interface CampaignChange {
  /** The resource name (the file name without `.yaml`). */
  name: string;
  op: CampaignOp;
  /** The service's id, when the campaign exists already. */
  id?: string;
  /** The status last recorded in state (`DRAFT`, `SCHEDULED`, `SENDING`, `SENT`). */
  status?: string;
  before?: EmailSide;
  after?: EmailSide;
  /** Schedule instants as ISO 8601, UTC; undefined when unscheduled. */
  scheduleBefore?: string;
  scheduleAfter?: string;
  tagsBefore: string[];
  tagsAfter: string[];
  excludedBefore: string[];
  excludedAfter: string[];
  /** Who the merge sends a proof to (the CampaignProof's addresses); absent when it sends none. */
  proofTo?: string[];
}

const TYPE_PREFIX = "pulumi-nodejs:dynamic/sender:";
// The engine's placeholder for a value known only after apply.
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

const OPS: Record<string, CampaignOp | undefined> = {
  create: "created",
  update: "updated",
  replace: "replaced",
  "create-replacement": "replaced",
  "delete-replaced": "replaced",
  delete: "deleted",
};

function kindOf(step: PreviewStep): string | undefined {
  const type = step.newState?.type ?? step.oldState?.type ?? step.urn.split("::")[2];
  return type?.startsWith(TYPE_PREFIX) ? type.slice(TYPE_PREFIX.length) : undefined;
}

const nameOf = (urn: string) => urn.slice(urn.lastIndexOf("::") + 2);

const str = (value: unknown): string | undefined =>
  typeof value === "string" && value !== UNKNOWN ? value : undefined;

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").sort() : [];

function email(props: Record<string, unknown> | undefined): EmailSide | undefined {
  if (!props) return undefined;
  const preheader = str(props.preheader);
  const title = str(props.title);
  return {
    subject: str(props.subject) ?? "",
    from: str(props.from) ?? "",
    replyTo: str(props.replyTo) ?? "",
    ...(preheader ? { preheader } : {}),
    ...(title ? { title } : {}),
    contentType: str(props.contentType) ?? "html",
    content: str(props.content) ?? "",
  };
}

/** An ISO 8601 time with an offset as the same instant in UTC (`…Z`), or undefined. */
export function toUtcIso(value: unknown): string | undefined {
  const text = str(value);
  if (!text) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace(".000Z", "Z");
}

const STATUS_ORDER = ["DRAFT", "SCHEDULED", "SENDING", "SENT"];

// An unknown status ranks above all: it may be sending, and the provider refuses changes then.
const rank = (status: string) =>
  STATUS_ORDER.includes(status) ? STATUS_ORDER.indexOf(status) : STATUS_ORDER.length;

/** The furthest along of the statuses recorded (a campaign only moves forward). */
function latestStatus(statuses: Array<string | undefined>): string | undefined {
  let best: string | undefined;
  for (const s of statuses) {
    if (s !== undefined && (best === undefined || rank(s) > rank(best))) best = s;
  }
  return best;
}

/**
 * Who a CampaignProof step sends to: every address when it is created or replaced, or updated
 * with its content (`contentHash`, unknown until the campaign's change applies) or `triggers`
 * changed; else (an update of its addresses) the ones it did not have. None when it stays or goes.
 */
function proofRecipients(step: PreviewStep | undefined): string[] {
  if (!step || step.op === "same" || step.op === "delete" || step.op === "delete-replaced") return [];
  const after = ids(step.newState?.inputs?.addresses);
  if (step.op !== "update") return after;
  const old = step.oldState?.outputs;
  const news = step.newState?.inputs;
  const resent =
    news?.contentHash === UNKNOWN ||
    (typeof news?.contentHash === "string" && news.contentHash !== old?.proofedHash) ||
    JSON.stringify(news?.triggers ?? null) !== JSON.stringify(old?.triggers ?? null);
  if (resent) return after;
  const before = new Set(ids(old?.addresses).map((a) => a.toLowerCase()));
  return after.filter((address) => !before.has(address.toLowerCase()));
}

/** The ids of every campaign the stack holds (touched or not), from the preview's old states. */
export function campaignIds(preview: PreviewJson): string[] {
  const ids = new Set<string>();
  for (const step of preview.steps ?? []) {
    if (kindOf(step) === "Campaign" && step.oldState?.id) ids.add(step.oldState.id);
  }
  return [...ids].sort();
}

/**
 * The campaigns a preview touches, in file-name order. Targeting and schedules are joined to their
 * campaign by the `campaignId` property dependency (or the campaign id once known), so a change to
 * only the audience or the time still shows under its campaign.
 */
export function campaignChanges(preview: PreviewJson): CampaignChange[] {
  const steps = (preview.steps ?? []).filter((s) => kindOf(s) !== undefined);
  // A replacement shows as several steps of one URN; the `replace` step holds both sides.
  const byUrn = new Map<string, PreviewStep>();
  for (const step of steps) {
    const seen = byUrn.get(step.urn);
    if (!seen || step.op === "replace" || seen.op === "same") byUrn.set(step.urn, step);
  }
  const campaigns = [...byUrn.values()].filter((s) => kindOf(s) === "Campaign");
  const campaignOf = (step: PreviewStep): PreviewStep | undefined => {
    const dep = step.newState?.propertyDependencies?.campaignId?.[0];
    if (dep && byUrn.get(dep)) return byUrn.get(dep);
    const id = str(step.newState?.inputs?.campaignId) ?? str(step.oldState?.outputs?.campaignId);
    return campaigns.find((c) => id !== undefined && c.oldState?.id === id);
  };
  const parts = new Map<string, { targeting?: PreviewStep; schedule?: PreviewStep; proof?: PreviewStep }>();
  for (const step of byUrn.values()) {
    const kind = kindOf(step);
    if (kind !== "CampaignTargeting" && kind !== "CampaignSchedule" && kind !== "CampaignProof") continue;
    const campaign = campaignOf(step);
    if (!campaign) continue;
    const entry = parts.get(campaign.urn) ?? {};
    if (kind === "CampaignTargeting") entry.targeting = step;
    else if (kind === "CampaignProof") entry.proof = step;
    else entry.schedule = step;
    parts.set(campaign.urn, entry);
  }

  const changes: CampaignChange[] = [];
  for (const step of campaigns) {
    const { targeting, schedule, proof } = parts.get(step.urn) ?? {};
    const touched = [step, targeting, schedule, proof].some((s) => s !== undefined && s.op !== "same");
    if (!touched) continue;
    const old = step.oldState?.outputs;
    const gone = step.op === "delete";
    const oldOf = (s: PreviewStep | undefined) => (s && s.op !== "create" ? s.oldState?.outputs : undefined);
    const newOf = (s: PreviewStep | undefined) => (s && s.op !== "delete" ? s.newState?.inputs : undefined);
    const id = step.oldState?.id ?? str(old?.id);
    // The campaign's status is as of its last change; its schedule's read may be later (SCHEDULED, sent).
    const status = latestStatus([
      str(old?.status),
      str(oldOf(schedule)?.status),
      oldOf(schedule)?.sent === true ? "SENT" : undefined,
    ]);
    const before = step.op === "create" ? undefined : email(old);
    const after = gone ? undefined : step.op === "same" ? email(old) : email(step.newState?.inputs);
    const scheduleBefore = toUtcIso(oldOf(schedule)?.scheduleTime);
    const scheduleAfter = gone ? undefined : toUtcIso(newOf(schedule)?.scheduleTime);
    const proofTo = proofRecipients(proof);
    changes.push({
      name: nameOf(step.urn),
      op: OPS[step.op] ?? "updated",
      ...(id ? { id } : {}),
      ...(status ? { status } : {}),
      ...(before ? { before } : {}),
      ...(after ? { after } : {}),
      ...(scheduleBefore ? { scheduleBefore } : {}),
      ...(scheduleAfter ? { scheduleAfter } : {}),
      tagsBefore: ids(oldOf(targeting)?.tagIds),
      tagsAfter: gone ? [] : ids(newOf(targeting)?.tagIds),
      excludedBefore: ids(oldOf(targeting)?.excludedTagIds),
      excludedAfter: gone ? [] : ids(newOf(targeting)?.excludedTagIds),
      ...(proofTo.length > 0 ? { proofTo } : {}),
    });
  }
  return changes.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
