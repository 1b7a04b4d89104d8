import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { SenderError, SenderHttpError } from "../client";
import type * as api from "../client/schemas";
import { getClient } from "../context";

/** The value the engine substitutes for an input not yet known during preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** The provider-internal keys the engine adds to every dynamic resource's inputs and outputs. */
const INTERNAL_KEYS = new Set(["__provider"]);

/** True when the value, or anything inside it, is not yet known (preview). */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/** The inputs without the engine's internal keys. */
export function userInputs(props: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props ?? {})) {
    if (!INTERNAL_KEYS.has(key)) out[key] = value;
  }
  return out;
}

/** Formats a schema path the way a program spells it: `tags[0]`, `from.email`. */
export function propertyPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const part of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

/**
 * Validates inputs with a zod schema and returns the engine's `CheckResult`: one failure per
 * problem, naming the property in the program's camelCase. Values still unknown during preview
 * pass, since they cannot be judged yet. Never throws and never calls the API.
 */
export function checkWithSchema(
  schema: z.ZodType,
  news: Record<string, unknown>,
): pulumi.dynamic.CheckResult {
  const inputs = userInputs(news);
  const parsed = schema.safeParse(inputs);
  if (parsed.success) return { inputs: news };
  const failures: pulumi.dynamic.CheckFailure[] = [];
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    // Skip problems that sit on (or under) a value the engine does not know yet.
    const unknownAlongPath = issue.path.some(
      (_, i) => valueAt(inputs, issue.path.slice(0, i + 1)) === UNKNOWN,
    );
    if (unknownAlongPath || containsUnknown(valueAt(inputs, issue.path))) continue;
    // Object-level refinements may carry their field in params; fall back to the path.
    const property = propertyPath(issue.path) || "(inputs)";
    const key = `${property}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    failures.push({ property, reason: issue.message });
  }
  return failures.length > 0 ? { inputs: news, failures } : { inputs: news };
}

/** True for the service's "no such object" answer. */
export function isNotFound(err: unknown): boolean {
  return err instanceof SenderHttpError && err.status === 404;
}

/**
 * Wraps a failure with the operation and the resource it concerns, keeping the service's own
 * message, e.g. `create Campaign failed: POST /v2/campaigns failed with 422: reply_to: ...`.
 * The client's messages never contain the token, so neither does this.
 */
export function operationError(operation: string, kind: string, id: string | undefined, err: unknown): Error {
  const subject = id ? `${kind} ${id}` : kind;
  const detail = err instanceof Error ? err.message : String(err);
  const wrapped = new Error(`${operation} ${subject} failed: ${detail}`);
  if (err instanceof Error && SenderError.is(err)) (wrapped as Error & { cause?: unknown }).cause = err;
  return wrapped;
}

/** Runs one provider operation, rethrowing failures through {@link operationError}. */
export async function withOperation<T>(
  operation: string,
  kind: string,
  id: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw operationError(operation, kind, id, err);
  }
}

/** Deep equality of JSON-like values; undefined and null both mean "not set". */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined || a === null) return b === undefined || b === null;
  if (b === undefined || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameValue(item, b[i]));
  }
  if (typeof a === "object" && typeof b === "object") {
    const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
    for (const key of keys) {
      if (!sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
    }
    return true;
  }
  return a === b;
}

/** Equality of two lists as sets: order and repeats do not matter. */
export function sameSet(
  a: readonly unknown[] | undefined | null,
  b: readonly unknown[] | undefined | null,
): boolean {
  const left = new Set((a ?? []).map((v) => JSON.stringify(v)));
  const right = new Set((b ?? []).map((v) => JSON.stringify(v)));
  return left.size === right.size && [...left].every((v) => right.has(v));
}

/** How one resource kind compares its inputs. */
export interface DiffSpec {
  /** Every input the resource manages. */
  readonly fields: readonly string[];
  /** The inputs the API cannot change in place. */
  readonly replaceOnChange: readonly string[];
  /** The inputs that are unordered sets. */
  readonly setFields?: readonly string[];
  /** Whether the old object must go before the new one is made (they would clash). */
  readonly deleteBeforeReplace?: boolean;
}

/** The inputs that differ between the previous outputs and the new inputs. */
export function changedFields(
  spec: DiffSpec,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): string[] {
  const setFields = new Set(spec.setFields ?? []);
  return spec.fields.filter((field) => {
    const before = olds[field];
    const after = news[field];
    if (containsUnknown(after)) return true;
    if (setFields.has(field)) return !sameSet(before as unknown[], after as unknown[]);
    return !sameValue(before, after);
  });
}

/**
 * The engine's `DiffResult` for a kind, always with `changes` set explicitly so that a change to
 * the provider's own code never shows as an update.
 */
export function diffBySpec(
  spec: DiffSpec,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): pulumi.dynamic.DiffResult {
  const changed = changedFields(spec, olds, news);
  const replaces = changed.filter((field) => spec.replaceOnChange.includes(field));
  return {
    changes: changed.length > 0,
    replaces,
    deleteBeforeReplace: replaces.length > 0 && spec.deleteBeforeReplace === true,
  };
}

/** The full provider contract of one resource kind, every method present. */
export type ResourceProviderImpl = Required<
  Pick<pulumi.dynamic.ResourceProvider, "check" | "diff" | "create" | "read" | "update" | "delete">
>;

/** True when a failed request may have been carried out by the service (timeout, reset, 5xx after sending). */
export function isAmbiguous(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { ambiguous?: unknown }).ambiguous === true;
}

/**
 * Creates an object without ever making two: after an ambiguous failure it first looks for the
 * object the failed request may have made and adopts it; only when none is found does it try again.
 */
export async function createOnce<T>(
  create: () => Promise<T>,
  findCreated: () => Promise<T | undefined>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (err) {
      if (!isAmbiguous(err) || attempt >= attempts) throw err;
      const found = await findCreated();
      if (found !== undefined) return found;
    }
  }
}

/**
 * The object without its undefined members. The engine's protobuf encoding throws "Unexpected
 * struct type" on an undefined value, so outputs and inputs handed back must not hold one.
 */
export function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

/** True once the service has started or finished sending. */
export function isSent(status: api.CampaignStatus): boolean {
  return status === "SENDING" || status === "SENT";
}

/**
 * The error that refuses a change to a sent campaign. `part` names what would change when it is
 * not the Campaign itself (e.g. its CampaignTargeting).
 */
export function sentCampaignError(
  campaignId: string,
  status: api.CampaignStatus,
  fields: readonly string[],
  part?: string,
): Error {
  const names = [...fields].sort().join(", ");
  if (part === undefined) {
    return new Error(
      `Campaign ${campaignId} has already been sent (status ${status}): refusing to change ${names}. ` +
        "Changing or replacing a sent campaign could send the mail again; remove it from the stack or revert the change.",
    );
  }
  return new Error(
    `Campaign ${campaignId} has already been sent (status ${status}): refusing to change its ${part} (${names}). ` +
      `The service freezes a sent campaign; remove the ${part} from the stack or revert the change.`,
  );
}

/**
 * The check `diff` makes when something changed (the only time it reads): throws
 * {@link sentCampaignError} when the service reports the campaign SENDING or SENT. A campaign the
 * service no longer has is left to `update` or a refresh.
 */
export async function refuseIfSent(
  kind: string,
  id: string,
  campaignId: string,
  fields: readonly string[],
  part?: string,
): Promise<void> {
  let campaign: api.Campaign;
  try {
    campaign = await getClient().getCampaign(campaignId);
  } catch (err) {
    if (isNotFound(err)) return;
    throw operationError("diff", kind, id, err);
  }
  if (isSent(campaign.status)) throw sentCampaignError(campaignId, campaign.status, fields, part);
}
