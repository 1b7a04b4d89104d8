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

/** Encodes one path segment, so that an email or an id with `/` stays one segment. */
export function encodePathSegment(value: string | number): string {
  return encodeURIComponent(String(value));
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
 * Formats a date as the service's `YYYY-MM-DD HH:MM:SS` in UTC (spec §8: `Y-m-d H:i:s`).
 */
export function formatTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}
