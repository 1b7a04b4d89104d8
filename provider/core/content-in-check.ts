/**
 * The content checks ({@link checkContent}) in a campaign kind's `check`, the step every door runs
 * at preview and plan: a new resource, or one whose subject, preheader, content or format changes,
 * is checked; each finding is a warning on its field, or, under `sender:contentChecks: error`, a
 * check failure when its rule is not advisory. Values not yet known are not judged. No request.
 */
import { shorten } from "../client/query";
import { kindWord, say } from "../words";
import { type ContentCheckMode, type ContentToCheck, checkContent } from "./content-checks";
import type { CheckFailure, CheckResult } from "./contract";
import { warn } from "./diagnostics";
import { containsUnknown, userInputs } from "./engine-values";

/** How a kind's inputs hold a campaign's text. */
export interface ContentKind {
  /** The kind, as the lines name it. */
  readonly kind: string;
  /** The input that says how the body is read (`contentType`, `editor`). */
  readonly formatField: string;
  /** Its values that mean plain text (`text`, `plain`); every other is html. */
  readonly plain: readonly string[];
  /** A regular campaign (marketing mail, which needs an unsubscribe link). */
  readonly marketing: boolean;
}

/** The inputs the checks read, besides the format. */
const TEXT_FIELDS = ["subject", "preheader", "content"] as const;

/** The input `name` when it is text whose value is known, else undefined. */
function knownText(inputs: Record<string, unknown>, name: string): string | undefined {
  const value = inputs[name];
  return typeof value === "string" && !containsUnknown(value) ? value : undefined;
}

/**
 * What the checks read of a kind's inputs: its subject, preheader and content, the body read as
 * plain text when the format input says so. A value not yet known is left out, and so is the
 * content while its format is unknown.
 */
export function contentToCheck(spec: ContentKind, inputs: Record<string, unknown>): ContentToCheck {
  const known = (name: string) => knownText(inputs, name);
  const format = known(spec.formatField);
  return {
    subject: known("subject"),
    preheader: known("preheader"),
    // How the body reads is not known: it is not judged yet.
    content: format === undefined ? undefined : known("content"),
    format: format !== undefined && spec.plain.includes(format) ? "text" : "html",
    marketing: spec.marketing,
    formatField: spec.formatField,
  };
}

/**
 * The kind's `check` result with the content findings of `news` added: as warnings (returned as
 * is), or as failures under `error`. Nothing is added when `mode` is `off`, when the schema already
 * refused the inputs, or when neither the text nor its format changed from `olds`.
 */
export function withContentChecks(
  spec: ContentKind,
  mode: ContentCheckMode,
  olds: object | undefined,
  news: object,
  checked: CheckResult,
): CheckResult {
  if (mode === "off" || (checked.failures?.length ?? 0) > 0) return checked;
  const now = userInputs(news) as Record<string, unknown>;
  const before = userInputs(olds) as Record<string, unknown>;
  const watched = [...TEXT_FIELDS, spec.formatField];
  const isNew = Object.keys(before).length === 0;
  if (!isNew && watched.every((name) => (before[name] ?? "") === (now[name] ?? ""))) return checked;
  const input = contentToCheck(spec, now);
  const title = knownText(now, "title");
  const prefix =
    title === undefined
      ? say`${kindWord(spec.kind)}: `
      : say`${kindWord(spec.kind)} ${JSON.stringify(shorten(title))}: `;
  const failures: CheckFailure[] = [];
  for (const finding of checkContent(input)) {
    const line = `${prefix}${finding.message}`;
    if (mode === "error" && !finding.advisory)
      failures.push({ property: "", field: finding.field, reason: line });
    else warn(line, finding.field);
  }
  return failures.length > 0 ? { ...checked, failures } : checked;
}
