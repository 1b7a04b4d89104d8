/**
 * Reading an answer's body within bounds: a size cap enforced while the bytes arrive, a depth cap
 * checked before `JSON.parse`, and integers beyond 2^53 kept as their digits.
 */

/**
 * The most bytes of one answer the client reads: 16 MiB. The service takes campaign content of
 * up to 1,000,000 characters, at most 6 bytes each when JSON-escaped (`\u00e9`): 12 MB for a
 * record carrying that content and its text version. 16 MiB leaves room for any real answer,
 * while an endless or huge body stops long before it can exhaust memory.
 */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * The most bytes of an error answer (a status outside 2xx) the client reads: 1 MiB. An error
 * carries a message and field errors, never a record; what passes this is cut, so that a hostile
 * 8 MB message or 200,000 field errors never reach the parser whole.
 */
export const MAX_ERROR_BODY_BYTES = 1024 * 1024;

/**
 * The deepest nesting of arrays and objects an answer may have: 64. Our records nest a few
 * levels (envelope, record, list, item); a deeper body is hostile, and would otherwise overflow
 * the stack of `JSON.parse`'s reviver or of the schema check.
 */
export const MAX_JSON_DEPTH = 64;

/** `16 MiB` for a message. */
export function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** A body as read: its text, or how it was cut when it passed the cap. */
export interface BodyText {
  /** The text read (the first bytes of a cut body). */
  text: string;
  /** True when the body passed the cap and reading stopped. */
  tooLarge: boolean;
}

/**
 * Reads a body chunk by chunk, stopping (and destroying the stream, which closes the connection)
 * as soon as it passes `maxBytes`; a cut body's text is its first `maxBytes` bytes. An abort of
 * the request ends the read with the abort's error.
 */
export async function readCapped(
  body: AsyncIterable<Uint8Array> & { destroy(error?: Error): unknown },
  maxBytes: number,
  declaredLength?: string | string[],
): Promise<BodyText> {
  const declared = Number(Array.isArray(declaredLength) ? declaredLength[0] : declaredLength);
  if (Number.isFinite(declared) && declared > maxBytes) {
    body.destroy();
    return { text: "", tooLarge: true };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.length > maxBytes) {
      chunks.push(chunk.subarray(0, maxBytes - size));
      body.destroy();
      return { text: Buffer.concat(chunks).toString("utf8"), tooLarge: true };
    }
    size += chunk.length;
    chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks, size).toString("utf8"), tooLarge: false };
}

/**
 * Whether a JSON text nests arrays and objects deeper than `maxDepth`, by one iterative scan of
 * the brackets outside strings (no recursion, so any depth is safe to check).
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** A run of 16 digits or more: a number that may be beyond 2^53 (a cheap pre-test for the reviver). */
const LONG_DIGITS = /\d{16}/;
const INTEGER_TEXT = /^-?\d+$/;

/**
 * Keeps an integer beyond `Number.MAX_SAFE_INTEGER` as its digits (an id of 12345678901234567890123
 * would otherwise read as 1.2345678901234568e+22); the schemas read ids given as text or number
 * alike. Uses the reviver's source text (Node.js 21 and later).
 */
function keepLargeIntegers(_key: string, value: unknown, context?: { source?: string }): unknown {
  if (typeof value !== "number" || Number.isSafeInteger(value)) return value;
  const source = context?.source;
  return source !== undefined && INTEGER_TEXT.test(source) ? source : value;
}

/** Why a body could not be read as JSON. */
export type JsonProblem = "not-json" | "too-deep";

/** The result of {@link parseJsonBody}. */
export type ParsedJson = { ok: true; value: unknown } | { ok: false; problem: JsonProblem };

/**
 * Parses an answer's JSON within {@link MAX_JSON_DEPTH}, keeping large integers exact. An empty
 * body reads as undefined (a 204 delete), which acks take as success.
 */
export function parseJsonBody(text: string, maxDepth = MAX_JSON_DEPTH): ParsedJson {
  if (text.trim() === "") return { ok: true, value: undefined };
  if (nestsDeeperThan(text, maxDepth)) return { ok: false, problem: "too-deep" };
  try {
    const value = LONG_DIGITS.test(text)
      ? JSON.parse(text, keepLargeIntegers as (key: string, value: unknown) => unknown)
      : JSON.parse(text);
    return { ok: true, value };
  } catch {
    return { ok: false, problem: "not-json" };
  }
}
