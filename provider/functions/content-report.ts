// The content checks as a data source: getContentReport, which reads nothing (no request, no link
// fetched) and answers the findings of the text it is given (docs/content-checks.md).
import { z } from "zod";
import { checkContent } from "../core/content-checks";
import { type DataSource, objectType } from "./declare";
import { dataSourceDocs, objectTypeDocs } from "./docs.generated";

/** How a body is read: `html` and `editor` (a campaign's html), `text` (a campaign's plain text), `plain` (a transactional campaign's). */
const FORMATS = ["html", "editor", "text", "plain"] as const;

/** Arguments of {@link getContentReport}. */
export interface GetContentReportArgs {
  /** The subject line. */
  subject?: string | undefined;
  /** The text inboxes show after the subject (the preheader). */
  preheader?: string | undefined;
  /** The body: html, or plain text when `contentType` is `text` or `plain`. */
  content?: string | undefined;
  /** How `content` is read: `html` (the default), `editor`, `text` or `plain`. */
  contentType?: string | undefined;
  /** Whether it is a transactional campaign's, which needs no unsubscribe link. Default `false`. */
  transactional?: boolean | undefined;
  /**
   * The account's personalization fields beside the five Sender's editor inserts, as {@link getFields}
   * gives their tags (`{$company}`) or as names (`company`): a tag naming one passes, a tag one or
   * two letters from one is reported as its misspelling.
   */
  fields?: string[] | undefined;
}

/** One finding of the content checks: a rule that fired on a field, however often. */
export interface ContentFindingInfo {
  /** The rule, e.g. `gmail-clipping`, `unsubscribe-link` (docs/content-checks.md lists each). */
  rule: string;
  /** The field it is on: `subject`, `preheader` or `content`. */
  field: string;
  /** How many times the rule fired in the field. */
  count: number;
  /** The first occurrence (a tag, a link) or the measure (a size, a length). */
  evidence: string;
  /** Whether the rule is advisory (its basis assumed): it never fails a `{@preview}`, even under `error`. */
  advisory: boolean;
  /** The line a `{@preview}` shows: the field, the evidence, what to do, the rule. */
  message: string;
}

/** Result of {@link getContentReport}. */
export interface GetContentReportResult {
  /** Every finding, in the rules' order; empty when the content passes. */
  findings: ContentFindingInfo[];
  /** How many findings would fail a `{@preview}` under `contentChecks` `error` (those not advisory). */
  errors: number;
}

const finding = objectType<ContentFindingInfo>("ContentFinding", objectTypeDocs.ContentFinding, {
  rule: { type: "string" },
  field: { type: "string" },
  count: { type: "integer" },
  evidence: { type: "string" },
  advisory: { type: "boolean" },
  message: { type: "string" },
});

const text = { type: "string", optional: true, check: z.string(), rule: "must be a string" } as const;

/** The report of {@link getContentReport}, computed from its arguments alone. */
export function contentReport(args: GetContentReportArgs): GetContentReportResult {
  const format = args.contentType ?? "html";
  const findings = checkContent({
    subject: args.subject,
    preheader: args.preheader,
    content: args.content,
    format: format === "text" || format === "plain" ? "text" : "html",
    marketing: args.transactional !== true,
    formatField: "contentType",
    fields: args.fields,
  }).map((f): ContentFindingInfo => ({ ...f }));
  return { findings, errors: findings.filter((f) => !f.advisory).length };
}

/**
 * The content checks' findings of a subject, preheader and body, as a {@preview} shows them on a
 * campaign (a body Gmail clips, no unsubscribe link, a misspelt personalization tag, an image
 * without alt text, a link no recipient can open; docs/content-checks.md). Reads nothing: no
 * request, no link fetched, no API token needed. The provider's `contentChecks` setting does not
 * apply here: every finding is returned, and `errors` counts those it would make failures.
 *
 * @example const report = await sender.getContentReport({ subject: "Spring", content: html });
 */
export const getContentReport: DataSource<GetContentReportArgs, GetContentReportResult> = {
  name: "getContentReport",
  docs: dataSourceDocs.getContentReport,
  args: {
    subject: text,
    preheader: text,
    content: text,
    contentType: {
      type: "string",
      optional: true,
      check: z.enum(FORMATS),
      rule: `must be one of ${FORMATS.join(", ")}`,
    },
    transactional: { type: "boolean", optional: true, check: z.boolean(), rule: "must be true or false" },
    fields: {
      type: "stringList",
      optional: true,
      check: z.array(z.string().max(255)).max(500),
      rule: "must be a list of at most 500 field names",
    },
  },
  result: {
    findings: { type: { objectList: finding } },
    errors: { type: "integer" },
  },
  local: contentReport,
  run: async (_client, args) => contentReport(args),
};
