/**
 * Encoders for the request line. The service reads two list forms that URLSearchParams cannot
 * produce, so the query is assembled here by hand.
 */

/** A query value that is already encoded and must be sent as is. */
export interface RawQueryValue {
  /** The encoded text. */
  readonly raw: string;
}

/** Query parameters in sending order; `undefined` values are left out. */
export type QueryParams = Record<string, string | number | boolean | RawQueryValue | undefined>;

/** The longest value an error message quotes in full; longer ones are cut (see {@link shorten}). */
export const SHOWN_VALUE_MAX = 80;

/**
 * A value cut for an error message: at most about {@link SHOWN_VALUE_MAX} characters, with the
 * full length said, so that a 100 KB id never makes a 100 KB error line.
 */
export function shorten(value: string, max = SHOWN_VALUE_MAX): string {
  if (value.length <= max) return value;
  return `${value.slice(0, Math.max(8, max - 24))}…(${value.length} chars)`;
}

/** A request path for a message: every overlong segment cut with {@link shorten}. */
export function shortenPath(path: string): string {
  return path
    .split("/")
    .map((segment) => shorten(segment, 64))
    .join("/");
}

// C0 controls and DEL: a header or log line must never carry them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Why a value cannot be a path segment, or undefined when it can. `.` and `..` would be
 * normalised away by URL handling and move the request to another route; an empty segment or a
 * `/` changes the route too; control characters have no business in an id.
 */
export function unsafeSegmentReason(value: string): string | undefined {
  if (value === "") return "is empty";
  if (value === "." || value === "..")
    return `is "${value}", which URL normalisation would turn into another path`;
  if (value.includes("/")) return 'contains "/"';
  if (CONTROL_CHARACTERS.test(value)) return "contains a control character";
  return undefined;
}

/** A path segment the client refuses to send; see {@link unsafeSegmentReason}. */
export class UnsafePathSegmentError extends RangeError {
  /** Why the value was refused. */
  readonly reason: string;

  constructor(value: string, reason: string) {
    super(`${JSON.stringify(shorten(value))} is not a safe path segment: it ${reason}`);
    this.name = "UnsafePathSegmentError";
    this.reason = reason;
  }
}

/**
 * Encodes one path segment. The last line of defence for ids: `.`, `..`, empty values, `/` and
 * control characters are refused with {@link UnsafePathSegmentError} (they would reach another
 * route), everything else is percent-encoded.
 */
export function encodePathSegment(value: string | number): string {
  const text = String(value);
  const reason = unsafeSegmentReason(text);
  if (reason !== undefined) throw new UnsafePathSegmentError(text, reason);
  return encodeURIComponent(text);
}

/**
 * The id list of `DELETE /v2/campaigns?ids=[id1,id2]`: literal brackets and commas, ids unquoted
 * (observed). Each id is percent-encoded, so an id can never break out of the list.
 */
export function encodeBracketList(ids: readonly (string | number)[]): RawQueryValue {
  return { raw: `[${ids.map((id) => encodeURIComponent(String(id))).join(",")}]` };
}

/**
 * A JSON array literal as a query value, e.g. `actions=["opened","clicked"]` (observed).
 * Brackets and commas stay literal; quotes and anything else unsafe are percent-encoded, which
 * the service decodes back to the same JSON text.
 */
export function encodeJsonArray(values: readonly string[]): RawQueryValue {
  const encoded = encodeURIComponent(JSON.stringify(values))
    .replaceAll("%5B", "[")
    .replaceAll("%5D", "]")
    .replaceAll("%2C", ",");
  return { raw: encoded };
}

/** Builds `?a=1&b=2` (or the empty string) from parameters, in their insertion order. */
export function buildQuery(params: QueryParams | undefined): string {
  if (!params) return "";
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const text = typeof value === "object" ? value.raw : encodeURIComponent(String(value));
    parts.push(`${encodeURIComponent(name)}=${text}`);
  }
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

/**
 * Formats a date as the service's `YYYY-MM-DD HH:MM:SS` in UTC (wire contract "Common shapes":
 * `Y-m-d H:i:s`).
 */
export function formatTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}
