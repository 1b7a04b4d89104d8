// The review report's Markdown: one section per campaign touched, the fields that change, a safety
// line, and the rendered email before and after. Pure: every input (the time, the tag names, the
// image paths) is given, so the same preview gives the same text.
import { checkContent } from "pulumi-sender/provider";
import type { CampaignChange, EmailSide } from "./review-plan";
import type { PolicyViolation } from "./review-policy";

/** The images of one campaign, as paths relative to the report (absent sides are left out). */
export interface CampaignImages {
  before?: { desktop: string; mobile: string };
  after?: { desktop: string; mobile: string };
  /** Why the email could not be rendered (then there are no images). */
  error?: string;
}

/** Everything the Markdown needs besides the changes. */
export interface MarkdownOptions {
  stack: string;
  /** IANA time zone the schedule is also shown in, e.g. `Europe/Paris`. */
  timeZone: string;
  /** The time of the review; a schedule within 24 hours of it is flagged. */
  now: Date;
  /** Tag id → name, for the ids the service could name. */
  tagNames: ReadonlyMap<string, string>;
  images: ReadonlyMap<string, CampaignImages>;
  /** Error diagnostics of the preview (the engine's own words). */
  errors?: readonly string[];
  /**
   * The policy packs the preview ran and what they reported; no section without packs.
   * `stackRulesEvaluated: false`: the preview failed before the packs' stack rules ran.
   */
  policy?: {
    packs: readonly string[];
    violations: readonly PolicyViolation[];
    stackRulesEvaluated?: boolean;
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `2030-11-29 07:00 UTC (2030-11-29 08:00 Europe/Paris, GMT+01:00)`. */
export function formatSchedule(iso: string, timeZone: string): string {
  const date = new Date(iso);
  const utc = `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "longOffset",
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const local = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  return `${utc} (${local} ${timeZone}, ${parts.timeZoneName})`;
}

/**
 * Text from a file name, the YAML or the service as inline Markdown that shows exactly that text and
 * nothing live, in any place of the report (table cell, heading, list item, sentence): one line
 * (every line break and control character becomes a space), every character that can start
 * Markdown or HTML backslash-escaped (links, images, tags, entities, code spans, emphasis, table
 * pipes), GFM's autolinks broken (`:` and `@` escaped, and the dot of `www.`), and what could start
 * a block (a list number or marker, indentation) neutralized at the start.
 */
export function escapeMarkdown(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
      .replace(/\r\n|[\u0000-\u001f\u007f\u0085\u2028\u2029]/g, " ")
      .replace(/[\\`*_[\]()<>#!|~&:@$]/g, "\\$&")
      .replace(/(www)\./gi, "$1\\.")
      .replace(/^(\d+)\./, "$1\\.")
      .replace(/^[-+=]/, "\\$&")
      // Leading and trailing spaces kept, and never read as indentation.
      .replace(/^ +| +$/g, (spaces) => "&#32;".repeat(spaces.length))
  );
}

const value = (text: string) => (text === "" ? "(none)" : escapeMarkdown(text));

function tagList(ids: readonly string[], names: ReadonlyMap<string, string>): string {
  if (ids.length === 0) return "(none)";
  return ids
    .map((id) =>
      names.has(id) ? `${escapeMarkdown(names.get(id) ?? "")} (${escapeMarkdown(id)})` : escapeMarkdown(id),
    )
    .join(", ");
}

/** The table rows of the fields that change, `[field, before, after]`, each cell Markdown already. */
export function fieldRows(change: CampaignChange, options: MarkdownOptions): Array<[string, string, string]> {
  const rows: Array<[string, string, string]> = [];
  const b = change.before;
  const a = change.after;
  const text = (field: keyof EmailSide, label: string) => {
    const before = b?.[field] ?? "";
    const after = a?.[field] ?? "";
    if (before !== after) rows.push([label, b ? value(before) : "", a ? value(after) : ""]);
  };
  text("subject", "subject");
  text("from", "from");
  text("replyTo", "reply-to");
  text("preheader", "preheader");
  text("title", "title");
  text("contentType", "content type");
  if ((b?.content ?? "") !== (a?.content ?? "")) {
    rows.push(["content", b ? "see the rendering" : "", a ? "see the rendering" : ""]);
  }
  if (change.scheduleBefore !== change.scheduleAfter) {
    const show = (iso: string | undefined) => (iso ? formatSchedule(iso, options.timeZone) : "not scheduled");
    rows.push(["schedule", show(change.scheduleBefore), show(change.scheduleAfter)]);
  }
  const sameSet = (x: readonly string[], y: readonly string[]) => x.join() === y.join();
  if (!sameSet(change.tagsBefore, change.tagsAfter)) {
    rows.push([
      "audience tags",
      tagList(change.tagsBefore, options.tagNames),
      tagList(change.tagsAfter, options.tagNames),
    ]);
  }
  if (!sameSet(change.excludedBefore, change.excludedAfter)) {
    rows.push([
      "excluded tags",
      tagList(change.excludedBefore, options.tagNames),
      tagList(change.excludedAfter, options.tagNames),
    ]);
  }
  return rows;
}

/**
 * Whether this change can send mail, in one line: a new or moved schedule can, a schedule within
 * 24 hours is flagged, and a change to a campaign recorded as sent (or sending, or in a status not
 * known to be safe) is one the provider refuses.
 */
export function safetyLine(change: CampaignChange, options: MarkdownOptions): string {
  // As the provider does: any status but DRAFT and SCHEDULED may be sending (an unknown one too).
  if (change.status !== undefined && change.status !== "DRAFT" && change.status !== "SCHEDULED") {
    if (change.op === "deleted") {
      return `**Safety:** sends no mail. The campaign was already sent (status ${escapeMarkdown(change.status)}); deleting it removes it from the account.`;
    }
    return (
      `**Safety:** ⛔ refused. Campaign ${escapeMarkdown(change.id ?? "")} is recorded as ${escapeMarkdown(change.status)}, so it may have gone out: ` +
      "the provider refuses to change or replace it, and `pulumi up` fails. Revert the change or remove the campaign from the files."
    );
  }
  if (change.op === "deleted") {
    return change.scheduleBefore
      ? "**Safety:** sends no mail. The campaign is deleted and its schedule cancelled."
      : "**Safety:** sends no mail. The campaign is deleted.";
  }
  const after = change.scheduleAfter;
  if (!after) {
    return change.scheduleBefore
      ? "**Safety:** sends no mail. The schedule is cancelled; the campaign goes back to a draft."
      : "**Safety:** sends no mail. The campaign stays a draft (no schedule).";
  }
  const when = formatSchedule(after, options.timeZone);
  const soon = Date.parse(after) - options.now.getTime() < DAY_MS ? " **within the next 24 hours**" : "";
  if (!change.scheduleBefore)
    return `**Safety:** ⚠️ can send mail: a new schedule sends it at ${when}${soon}.`;
  if (change.scheduleBefore !== after) {
    return `**Safety:** ⚠️ can send mail: the schedule moves, and it goes out at ${when}${soon}.`;
  }
  return `**Safety:** ⚠️ can send mail: it stays scheduled for ${when}${soon}; what changes here is what goes out then.`;
}

/** Whether both sides exist and show the same email (then nothing is rendered). */
export function emailUnchanged(change: CampaignChange): boolean {
  return (
    change.before !== undefined &&
    change.after !== undefined &&
    JSON.stringify(change.before) === JSON.stringify(change.after)
  );
}

function imagesTable(images: CampaignImages | undefined): string[] {
  if (images?.error) return ["", `**Rendering failed:** ${escapeMarkdown(images.error)}`];
  if (!images || (!images.before && !images.after)) return [];
  const img = (alt: string, path: string | undefined) => (path ? `![${alt}](${path})` : "(none)");
  return [
    "",
    "| width | before | after |",
    "| --- | --- | --- |",
    `| desktop | ${img("before, desktop", images.before?.desktop)} | ${img("after, desktop", images.after?.desktop)} |`,
    `| mobile | ${img("before, mobile", images.before?.mobile)} | ${img("after, mobile", images.after?.mobile)} |`,
  ];
}

/**
 * The policy section: each violation on one line (level, rule, resource, the pack's message), the
 * mandatory ones first, or that the packs found nothing. A preview that failed before the stack
 * rules says first that they were not evaluated, and never that nothing was found.
 */
export function policySection(policy: NonNullable<MarkdownOptions["policy"]>): string[] {
  const lines = ["", "## Policy", ""];
  const packs = policy.packs.map((p) => escapeMarkdown(p)).join(", ");
  if (policy.stackRulesEvaluated === false) {
    lines.push(
      `⛔ **Not evaluated:** the preview failed before the policy packs' stack rules ran, so those rules were not evaluated, nor the resource rules of what the preview did not reach. Fix the preview errors and review again. Policy packs: ${packs}.`,
    );
    if (policy.violations.length === 0) return lines;
    lines.push("");
  } else if (policy.violations.length === 0)
    return [...lines, `No policy violations (policy packs: ${packs}).`];
  const mandatory = policy.violations.filter((v) => v.level === "mandatory").length;
  const count = policy.violations.length;
  lines.push(
    `${count} policy violation${count === 1 ? "" : "s"}` +
      (mandatory > 0
        ? `, ${mandatory} mandatory: \`pulumi up\` fails until they are fixed.`
        : ", all advisory.") +
      ` Policy packs: ${packs}.`,
    "",
  );
  for (const v of policy.violations) {
    const on = v.resource !== undefined ? ` on ${escapeMarkdown(v.resource)}` : "";
    const icon = v.level === "mandatory" ? "⛔" : "⚠️";
    lines.push(
      `- ${icon} **${escapeMarkdown(v.level)}** ${escapeMarkdown(v.rule)}${on}: ${escapeMarkdown(v.message)}`,
    );
  }
  return lines;
}

/**
 * The content section: the content checks' findings (pulumi-sender's, the lines a preview warns)
 * of every campaign whose email changes, as the merge would leave it, or that none has any.
 */
export function contentSection(changes: readonly CampaignChange[]): string[] {
  const lines = ["", "## Content", ""];
  const checked = changes.filter((change) => change.after !== undefined && !emailUnchanged(change));
  const found: string[] = [];
  for (const change of checked) {
    const after = change.after as EmailSide;
    for (const finding of checkContent({
      subject: after.subject,
      preheader: after.preheader,
      content: after.content,
      format: after.contentType === "text" ? "text" : "html",
      marketing: true,
      formatField: "contentType",
    })) {
      const advisory = finding.advisory ? " (advisory)" : "";
      found.push(`- ⚠️ **${escapeMarkdown(change.name)}**${advisory}: ${escapeMarkdown(finding.message)}`);
    }
  }
  const campaigns = `${checked.length} campaign${checked.length === 1 ? "" : "s"} whose email changes`;
  if (found.length === 0) return [...lines, `No content findings in the ${campaigns}.`];
  return [
    ...lines,
    `${found.length} finding${found.length === 1 ? "" : "s"} of the content checks in the ${campaigns} (docs/content-checks.md): the preview warns each, and \`sender:contentChecks: error\` fails it on all but the advisory ones.`,
    "",
    ...found,
  ];
}

/** The whole report. */
export function reviewMarkdown(changes: readonly CampaignChange[], options: MarkdownOptions): string {
  const counts = (["created", "updated", "replaced", "deleted"] as const)
    .map((op) => [op, changes.filter((c) => c.op === op).length] as const)
    .filter(([, n]) => n > 0)
    .map(([op, n]) => `${n} ${op}`);
  const lines = [`# Campaign review: stack ${escapeMarkdown(options.stack)}`, ""];
  lines.push(
    changes.length === 0
      ? "No campaign changes."
      : `${changes.length} campaign${changes.length === 1 ? "" : "s"} touched: ${counts.join(", ")}. ` +
          `Times are shown in UTC and in ${options.timeZone}. Changed regions of the rendered emails are outlined in red.`,
  );
  if (options.errors && options.errors.length > 0) {
    lines.push("", "## Preview errors", "", ...options.errors.map((e) => `- ${escapeMarkdown(e)}`));
  }
  if (options.policy) lines.push(...policySection(options.policy));
  if (changes.length > 0) lines.push(...contentSection(changes));
  for (const change of changes) {
    lines.push("", `## ${escapeMarkdown(change.name)}: ${change.op}`, "");
    lines.push(
      change.id
        ? `Campaign id ${escapeMarkdown(change.id)}${change.status ? `, status ${escapeMarkdown(change.status)}` : ""}.`
        : "New campaign.",
      "",
    );
    const rows = fieldRows(change, options);
    if (rows.length > 0) {
      lines.push("| field | before | after |", "| --- | --- | --- |");
      for (const [field, before, after] of rows) lines.push(`| ${field} | ${before} | ${after} |`);
      lines.push("");
    }
    lines.push(safetyLine(change, options));
    if (change.proofTo) {
      const to = change.proofTo.map(escapeMarkdown).join(", ");
      lines.push("", `**Proof:** the merge sends a proof (a test email) to ${to}, and to no one else.`);
    }
    if (emailUnchanged(change)) lines.push("", "The email itself does not change.");
    else lines.push(...imagesTable(options.images.get(change.name)));
  }
  return `${lines.join("\n")}\n`;
}
