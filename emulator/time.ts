/** Timestamps are `YYYY-MM-DD HH:MM:SS` in UTC on the wire (observed). */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Formats a date as the API's `YYYY-MM-DD HH:MM:SS` (UTC). */
export function formatTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

/** Parses `YYYY-MM-DD HH:MM:SS` (UTC); null when malformed or not a real calendar date. */
export function parseTimestamp(text: string): Date | null {
  const match = TIMESTAMP.exec(text);
  if (!match) return null;
  const date = new Date(`${text.replace(" ", "T")}Z`);
  // A round trip rejects dates such as 2026-02-30 that Date silently rolls over.
  return Number.isNaN(date.getTime()) || formatTimestamp(date) !== text ? null : date;
}

/** ISO date-time without milliseconds, as in `X-RateLimit-Reset: 2026-03-18T13:02:00Z` (observed). */
export function formatIsoSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** Adds milliseconds to a date. */
export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
