/**
 * The service's refusals said in the program's words: a 422's wire keys (`tags_arr.0`,
 * `reply_to`) become the program's fields and values (`tagIds[0] "tag999"`, `replyTo`), so that
 * a user reads what to change in their program, not in the API.
 */
import { SenderHttpError, shorten } from "../client";
import type { PropertyBag } from "./bag";

/** What one wire key of a request body stands for in the program. */
export interface WireField {
  /** The program's property, e.g. `tagIds`. */
  readonly property: string;
  /** The value the program gave it (what was sent). */
  readonly value: unknown;
  /** What one id of it is, for an id list (`tag`): "The selected … is invalid" then reads as "not a tag of this account". */
  readonly noun?: string;
}

/** The wire keys of one request, each with what it stands for in the program. */
export type WireMap = Readonly<Record<string, WireField>>;

/**
 * What the wire map reads of a field table (`core/fields.ts`), declared here so that this
 * module, which `operation-errors.ts` and the kinds import, stays a leaf that imports no table.
 */
export type WireNamedTable = Readonly<
  Record<string, { readonly type: unknown; readonly api?: string; readonly output?: boolean }>
>;

/** The wire map of a request built from a field table (`api:` names) and the program's inputs. */
export function wireMapOf(
  table: WireNamedTable,
  inputs: PropertyBag,
  nouns: Readonly<Record<string, string>> = {},
): WireMap {
  const map: Record<string, WireField> = {};
  for (const [name, spec] of Object.entries(table)) {
    const api = spec.api;
    if (api === undefined || spec.output === true) continue;
    const noun = nouns[name];
    map[api] = { property: name, value: inputs[name], ...(noun ? { noun } : {}) };
  }
  return map;
}

/** A refusal restated in the program's terms; the service's own error is its `cause`. */
export class ProgramTermsError extends Error {
  /** The HTTP status of the refusal. */
  readonly status: number;

  constructor(message: string, cause: SenderHttpError) {
    super(message, { cause });
    this.name = "ProgramTermsError";
    this.status = cause.status;
  }
}

/** A program value as a line shows it: JSON, short. */
function shown(value: unknown): string {
  if (value === undefined) return "";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return ` ${typeof value === "string" ? JSON.stringify(shorten(text)) : shorten(text ?? "")}`;
}

const SELECTED_INVALID = /^The selected .* is invalid\.?$/i;

/** One field error in the program's words, or undefined when the key is not one of the request's. */
function fieldLine(key: string, message: string, wire: WireMap): string | undefined {
  const [base, ...rest] = key.split(".");
  const field = wire[base ?? ""];
  if (!field) return undefined;
  let path = field.property;
  let value: unknown = field.value;
  for (const part of rest) {
    path += /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
    value = value !== null && typeof value === "object" ? (value as PropertyBag)[part] : undefined;
  }
  if (field.noun && rest.length > 0 && SELECTED_INVALID.test(message)) {
    return `${path}${shown(value)} is not a ${field.noun} of this account`;
  }
  return `${path}${shown(value)}: ${message}`;
}

/**
 * `error` restated in the program's terms when it is the service refusing the request's content
 * (400, 422), else `error` itself: each field error names the program's field and value; where the
 * service names no field of the request, the line names the fields the request carried. The
 * request itself ends the line: `(POST /v2/campaigns answered 422)`.
 */
export function inProgramTerms(error: unknown, wire: WireMap): unknown {
  if (!SenderHttpError.is(error) || (error.status !== 422 && error.status !== 400)) return error;
  const carried = Object.values(wire)
    .filter((field) => field.value !== undefined)
    .map((field) => field.property);
  const parts: string[] = [];
  let unnamed = false;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    for (const message of messages) {
      const line = fieldLine(key, message, wire);
      if (line === undefined) unnamed = true;
      parts.push(line ?? `${key}: ${message}`);
    }
  }
  if (error.moreFieldErrors > 0) parts.push(`… and ${error.moreFieldErrors} more`);
  if (parts.length === 0) {
    unnamed = true;
    parts.push(error.apiMessage ?? "the service refused the request");
  }
  const request = unnamed && carried.length > 0 ? `; the request carried ${carried.join(", ")}` : "";
  return new ProgramTermsError(
    `${parts.join("; ")} (${error.method} ${error.path} answered ${error.status}${request})`,
    error,
  );
}
