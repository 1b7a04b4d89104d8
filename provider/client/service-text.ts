/**
 * Text that comes from the service (an error's `message`, its field names and field messages) is
 * shown to people on a terminal: it is made safe and short before it goes into an error line. A
 * hostile or broken service could otherwise print megabytes, move the cursor, set the window title
 * or plant a link (ANSI CSI and OSC sequences), or split one error into many lines.
 */

/** The most characters (code points) of one service text an error line shows: about 1 KB. */
export const SERVICE_TEXT_MAX_CHARS = 1000;

/** The most field errors of a 422 an error line lists; the rest are counted. */
export const MAX_FIELD_ERRORS_SHOWN = 10;

/** How much of a text is looked at, at most, in code units: a cut text never needs more. */
const SCAN_MAX_UNITS = 16 * SERVICE_TEXT_MAX_CHARS;

// ESC-introduced sequences: CSI (`ESC [` params, final byte), OSC/DCS/SOS/PM/APC strings (up to BEL
// or ST), and any other two-character escape. The 8-bit forms (C1 CSI 0x9b, OSC 0x9d...) likewise.
const ESCAPE_SEQUENCES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
  /\u001b\[[0-?]*[ -/]*[@-~]?|\u009b[0-?]*[ -/]*[@-~]?|[\u001b][\]PX^_][\s\S]*?(?:\u0007|\u001b\\|\u009c|$)|[\u009d\u0090\u0098\u009e\u009f][\s\S]*?(?:\u0007|\u001b\\|\u009c|$)|\u001b[\s\S]?/g;
// C0 controls (line breaks and tabs included: one error is one line), DEL, C1 controls, and the
// bidirectional overrides and isolates that can make a line read differently from its bytes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g;

/** `text` with escape sequences removed and every run of control characters made one space. */
export function stripControls(text: string): string {
  return text.replace(ESCAPE_SEQUENCES, "").replace(CONTROL_CHARACTERS, " ");
}

/** The number of code points of `text` (a surrogate pair counts once). */
function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** The first `max` code points of `text`. */
function firstCodePoints(text: string, max: number): string {
  let units = 0;
  for (let count = 0; count < max && units < text.length; count++) {
    const unit = text.charCodeAt(units);
    const pair =
      unit >= 0xd800 && unit <= 0xdbff && units + 1 < text.length && /[\udc00-\udfff]/.test(text[units + 1]!);
    units += pair ? 2 : 1;
  }
  return text.slice(0, units);
}

/**
 * A service text as an error line may show it: escape sequences and control characters removed
 * (see {@link stripControls}), trimmed, and cut to `max` code points (never half a surrogate pair),
 * saying how many were cut: `… [8388608 more characters cut]`. Only the first part of a long text
 * is read, so the cost does not grow with it; the count of what was cut is of the original's
 * code points past the shown part. With `countCut: false` (a text read only in part), the note
 * says `… [cut]`.
 */
export function serviceText(
  text: string,
  max: number = SERVICE_TEXT_MAX_CHARS,
  options: { countCut?: boolean } = {},
): string {
  const head = text.length > SCAN_MAX_UNITS ? text.slice(0, SCAN_MAX_UNITS) : text;
  const clean = stripControls(head).trim();
  const shown = firstCodePoints(clean, max);
  if (shown.length === clean.length && head.length === text.length) return shown;
  // Only part of the original was read: how much was cut is not known.
  if (options.countCut === false) return `${shown.trimEnd()}… [cut]`;
  // What is not shown: the cleaned head's rest plus everything past the head, in code points.
  const restOfHead = codePointLength(clean) - codePointLength(shown);
  const tail = head.length === text.length ? 0 : codePointLength(text.slice(head.length));
  return `${shown.trimEnd()}… [${restOfHead + tail} more characters cut]`;
}

/**
 * The field errors of a 422 as they are kept: at most {@link MAX_FIELD_ERRORS_SHOWN} fields with
 * their messages made safe ({@link serviceText}), and how many fields were left out.
 */
export interface BoundedFieldErrors {
  /** The first fields, keyed by the service's (cleaned) field name. */
  shown: Record<string, string[]>;
  /** Fields not kept. */
  more: number;
}

/** The most messages kept for one field. */
const MAX_MESSAGES_PER_FIELD = 3;

/**
 * Normalises the `errors` member of a Laravel-style 422 body, bounded: a value may be a list of
 * strings or a single string (observed); anything else is kept as its JSON text. Only the first
 * {@link MAX_FIELD_ERRORS_SHOWN} fields are kept (the rest counted, not copied), each with at
 * most 3 messages, every name and message made safe by {@link serviceText}.
 */
export function boundFieldErrors(errors: unknown): BoundedFieldErrors {
  const shown: Record<string, string[]> = {};
  let kept = 0;
  let more = 0;
  if (typeof errors !== "object" || errors === null || Array.isArray(errors)) return { shown, more };
  // for...in walks the keys without building a 200,000-entry array first.
  for (const field in errors) {
    if (!Object.hasOwn(errors, field)) continue;
    if (kept >= MAX_FIELD_ERRORS_SHOWN) {
      more++;
      continue;
    }
    const value = (errors as Record<string, unknown>)[field];
    const list = Array.isArray(value) ? value.slice(0, MAX_MESSAGES_PER_FIELD) : [value];
    const name = serviceText(field, 200);
    shown[name] = list.map((item) =>
      serviceText(typeof item === "string" ? item : (JSON.stringify(item) ?? String(item))),
    );
    kept++;
  }
  return { shown, more };
}

/**
 * The `message` of a JSON error body too large to read whole (cut at the cap): the start of its
 * top-level `"message"` string when the body opens with it, decoded; else undefined.
 */
export function leadingMessage(text: string): string | undefined {
  const match = /^\s*\{\s*"message"\s*:\s*"((?:[^"\\]|\\.){0,20000})/.exec(text.slice(0, 64 * 1024));
  if (!match) return undefined;
  // Drop a trailing half escape (`\`, `\u12`) left by the cut before decoding.
  const body = match[1]!.replace(/\\(u[0-9a-fA-F]{0,3})?$/, "");
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return undefined;
  }
}
