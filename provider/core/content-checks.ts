/**
 * The content checks: what a reviewer would catch in a campaign's subject, preheader and body
 * before it is sent (a body Gmail clips, no unsubscribe link, a misspelt personalization tag, an
 * image without alt text, a link no recipient can open, a subject longer than inboxes show), found
 * offline from the inputs alone. Pure: no request, no link fetched, no file read. Bounded: an html
 * body is parsed up to {@link PARSE_CAP} characters by a streaming parser (no tree, no recursion),
 * and each rule keeps a count and its first occurrence, never a list. Each rule's threshold and
 * source are in docs/content-checks.md; a rule whose basis no source shows is advisory: it warns,
 * and `error` leaves it a warning.
 */
import { fieldWord, say } from "../words";
import { knownFieldNames, PARSE_CAP, type ScanResult, scanHtml, scanText, type Tally } from "./content-scan";

export { PARSE_CAP } from "./content-scan";

/** What a provider does with the findings: nothing, warnings (the default), or check failures. */
export const CONTENT_CHECK_MODES = ["off", "warn", "error"] as const;

/** One of {@link CONTENT_CHECK_MODES}. */
export type ContentCheckMode = (typeof CONTENT_CHECK_MODES)[number];

/** The inputs a finding is on. */
export type ContentField = "subject" | "preheader" | "content";

/** The size at which Gmail clips a message ("[Message clipped] View entire message"): 102 KB. */
export const GMAIL_CLIP_BYTES = 102 * 1024;

/** The subject's characters Gmail's inbox list shows on a desktop. */
export const SUBJECT_SHOWN = 70;

/** The preheader's characters Gmail's inbox list shows after the subject. */
export const PREHEADER_SHOWN = 90;

/** What every finding's line is built from. */
interface Said {
  /** The field the finding is on. */
  readonly field: ContentField;
  /** How often the rule fired. */
  readonly count: number;
  /** The first occurrence, or the measure (a size). */
  readonly evidence: string;
  /** The input that says the body is plain text (`contentType`, `editor`). */
  readonly formatField: string;
}

/** One rule: whether it is advisory, its source, and its line. */
export interface ContentRule {
  /** True when no source shows its basis: it only warns, even under `error`. */
  readonly advisory: boolean;
  /** Where its threshold or syntax comes from (a URL), or why it is assumed. */
  readonly source: string;
  /** What it finds, in one sentence (docs/content-checks.md). */
  readonly summary: string;
  /** The finding's line, in the running door's words. */
  readonly line: (said: Said) => string;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);
const first = (count: number) => (count === 1 ? "" : "the first: ");

/** Every rule, by id, in the order findings are given. */
export const CONTENT_RULES = {
  "gmail-clipping": {
    advisory: false,
    source: "https://shkspr.mobi/blog/2019/05/102kb-ought-to-be-enough-for-any-email/",
    summary:
      "An html body over 102 KB, the size at which Gmail clips a message and hides its end (the footer, the unsubscribe link).",
    line: ({ field, evidence }) =>
      say`${fieldWord(field)} is ${evidence} of html, over the 102 KB at which Gmail clips a message and hides its end (the footer and its unsubscribe link); make it smaller (less inline CSS, fewer blocks) (content check gmail-clipping)`,
  },
  "unsubscribe-link": {
    advisory: false,
    source: "https://www.sender.net/help/deliverability-compliance/unsubscribe-compliance-setup/",
    summary:
      "A regular campaign with no unsubscribe link: no `<a>` whose address or text says unsubscribe, and no `{{ … }}` tag naming one.",
    line: ({ field }) =>
      say`${fieldWord(field)} has no unsubscribe link, which every marketing email must carry; add a link whose address or text says unsubscribe (content check unsubscribe-link)`,
  },
  "personalization-tag": {
    advisory: false,
    source: "https://www.sender.net/help/email-campaigns/personalization-in-test-emails/",
    summary:
      "A `{{` with no `}}`, a `}}` with no `{{`, or a tag one or two letters from a field Sender's editor inserts (`firstname`, `lastname`, `email`, `phone`, `birthday`).",
    line: ({ field, count, evidence }) =>
      say`${fieldWord(field)} has ${plural(count, "personalization tag", "personalization tags")} Sender would not fill (${first(count)}${evidence}); write tags as {{ firstname }} (content check personalization-tag)`,
  },
  "image-alt": {
    advisory: false,
    source: "https://www.w3.org/WAI/WCAG21/Techniques/html/H37",
    summary: 'An `<img>` without an `alt` attribute (`alt=""` marks a decorative image and passes).',
    line: ({ field, count, evidence }) =>
      say`${fieldWord(field)} has ${plural(count, "image", "images")} without alt text (${first(count)}${evidence}); say what it shows in alt, or alt="" for decoration (content check image-alt)`,
  },
  "unreachable-link": {
    advisory: false,
    source:
      "https://www.rfc-editor.org/rfc/rfc1918 (private), https://www.rfc-editor.org/rfc/rfc6761 (localhost)",
    summary:
      "A link or image on a loopback, private or link-local host, `javascript:`, `file:`, or a relative address: no recipient's inbox can open it.",
    line: ({ field, count, evidence }) =>
      say`${fieldWord(field)} has ${plural(count, "link or image", "links or images")} no recipient can open (${first(count)}${evidence}); use a public https:// address (content check unreachable-link)`,
  },
  "empty-link": {
    advisory: true,
    source: "assumed: an empty or # href opens nothing from an inbox",
    summary: "An `<a>` whose `href` is empty or `#`.",
    line: ({ field, count, evidence }) =>
      say`${fieldWord(field)} has ${plural(count, "link", "links")} with an empty href (${first(count)}${evidence}); give each its address (content check empty-link)`,
  },
  "insecure-url": {
    advisory: true,
    source: "assumed: inboxes and browsers warn on, or block, plain http content",
    summary: "A link or image over plain `http://`.",
    line: ({ field, count, evidence }) =>
      say`${fieldWord(field)} has ${plural(count, "link or image", "links or images")} over plain http (${first(count)}${evidence}); use https:// (content check insecure-url)`,
  },
  "plain-text-link": {
    advisory: true,
    source: "assumed: a plain-text email shows markup as it is written",
    summary:
      "A plain-text body with a link written as html (`<a href=…>`), Markdown (`[text](…)`) or without a scheme (`www.…`).",
    line: ({ field, count, evidence, formatField }) =>
      say`${fieldWord(field)} is plain text (${fieldWord(formatField)}) but has ${plural(count, "link", "links")} written as markup or without a scheme (${first(count)}${evidence}); write each as a full https:// address (content check plain-text-link)`,
  },
  "subject-length": {
    advisory: true,
    source: "https://support.nestscale.com/nestsend/email-subject-preview-text-line/",
    summary:
      "A subject over 70 characters, what Gmail's inbox list shows on a desktop (phones show about 40).",
    line: ({ field, evidence }) =>
      say`${fieldWord(field)} is ${evidence} characters; inboxes show about ${SUBJECT_SHOWN} (Gmail) and phones about 40; put the point first or shorten it (content check subject-length)`,
  },
  "preheader-length": {
    advisory: true,
    source: "https://cf-newsletrix.pages.dev/newsletter-preheader-optimizer/",
    summary: "A preheader over 90 characters, what Gmail shows after the subject (Outlook about 55).",
    line: ({ field, evidence }) =>
      say`${fieldWord(field)} is ${evidence} characters; Gmail shows about ${PREHEADER_SHOWN} after the subject; shorten it (content check preheader-length)`,
  },
} as const satisfies Record<string, ContentRule>;

/** A rule's id: `gmail-clipping`, `unsubscribe-link`, … */
export type ContentRuleId = keyof typeof CONTENT_RULES;

/** Every rule's id, in the order findings are given. */
export const CONTENT_RULE_IDS = Object.keys(CONTENT_RULES) as readonly ContentRuleId[];

/** What a content check found: one per rule and field, however often the rule fired there. */
export interface ContentFinding {
  /** The rule: `gmail-clipping`, `unsubscribe-link`, … */
  readonly rule: ContentRuleId;
  /** The input it is on: `subject`, `preheader` or `content`. */
  readonly field: ContentField;
  /** How many times the rule fired in the field. */
  readonly count: number;
  /** The first occurrence (a tag, a link) or the measure (a size, a length). */
  readonly evidence: string;
  /** True when the rule only ever warns (its basis is assumed). */
  readonly advisory: boolean;
  /** The one line a door shows: the field, the evidence, what to do, the rule. */
  readonly message: string;
}

/** A campaign's text as the checks read it. */
export interface ContentToCheck {
  /** The subject line. */
  readonly subject?: string | undefined;
  /** The preview text. */
  readonly preheader?: string | undefined;
  /** The body. */
  readonly content?: string | undefined;
  /** How the body is read: html (`html`, `editor`) or plain text. */
  readonly format: "html" | "text";
  /** A regular campaign, which must carry an unsubscribe link; a transactional one need not. */
  readonly marketing: boolean;
  /** The input that says how the body is read, as a finding names it (`contentType`, `editor`). */
  readonly formatField: string;
  /**
   * The account's personalization fields besides the editor's five (getFields' tags or names):
   * a tag naming one is known, a tag one or two letters from one is taken as its misspelling.
   */
  readonly fields?: readonly string[] | undefined;
}

/** Characters as a reader counts them (code points, so an emoji is one). */
function characters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** Whether "unsubscribe" occurs in `text` at or after `from` (no copy of the rest). */
function mentionsAfter(text: string, from: number): boolean {
  const word = /unsubscribe/gi;
  word.lastIndex = from;
  return word.test(text);
}

/** `150.3 KB` (of 1024 bytes). */
function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * The findings of a campaign's subject, preheader and content, in rule order, one per rule and
 * field. Never throws, never sends a request: every value is judged as text.
 */
export function checkContent(input: ContentToCheck): ContentFinding[] {
  const found: ContentFinding[] = [];
  const finding = (rule: ContentRuleId, field: ContentField, count: number, evidence: string) => {
    const { advisory, line } = CONTENT_RULES[rule];
    found.push({
      rule,
      field,
      count,
      evidence,
      advisory,
      message: line({ field, count, evidence, formatField: input.formatField }),
    });
  };
  const fromTally = (rule: ContentRuleId, field: ContentField, tally: Tally | undefined) => {
    if (tally) finding(rule, field, tally.count, tally.first);
  };
  const known = knownFieldNames(input.fields);
  const scans: [ContentField, ScanResult][] = [];
  for (const field of ["subject", "preheader"] as const) {
    const text = input[field];
    if (typeof text === "string" && text !== "") scans.push([field, scanText(text, known)]);
  }
  const { content } = input;
  const body = typeof content === "string" && content !== "" ? content : undefined;
  const bodyScan =
    body === undefined ? undefined : input.format === "html" ? scanHtml(body, known) : scanText(body, known);
  if (body !== undefined && bodyScan !== undefined) {
    if (input.format === "html") {
      const bytes = Buffer.byteLength(body, "utf8");
      if (bytes > GMAIL_CLIP_BYTES) finding("gmail-clipping", "content", 1, kilobytes(bytes));
    }
    // Past the parsed part, any mention may be the link: absence is not proven then.
    const unsubscribe = bodyScan.unsubscribe || (bodyScan.cut && mentionsAfter(body, PARSE_CAP));
    if (input.marketing && !unsubscribe) finding("unsubscribe-link", "content", 1, "none");
  }
  for (const [field, scan] of scans) fromTally("personalization-tag", field, scan.badTags);
  if (bodyScan) {
    fromTally("personalization-tag", "content", bodyScan.badTags);
    fromTally("image-alt", "content", bodyScan.missingAlt);
    fromTally("unreachable-link", "content", bodyScan.unreachable);
    fromTally("empty-link", "content", bodyScan.emptyLinks);
    fromTally("insecure-url", "content", bodyScan.insecure);
    if (input.format === "text") fromTally("plain-text-link", "content", bodyScan.markupLinks);
  }
  const { subject, preheader } = input;
  if (typeof subject === "string" && characters(subject) > SUBJECT_SHOWN)
    finding("subject-length", "subject", 1, String(characters(subject)));
  if (typeof preheader === "string" && characters(preheader) > PREHEADER_SHOWN)
    finding("preheader-length", "preheader", 1, String(characters(preheader)));
  return found;
}
