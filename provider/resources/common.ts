import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { SenderError, type SenderHttpError, shorten } from "../client";
import { hasBrand, setBrand } from "../client/errors/brand";
import type * as api from "../client/schemas";
import type { ProviderContext } from "../context";
import { notice, warn } from "../diagnostics";
import type { PropertyBag } from "./bag";
import { inProgramTerms, type WireMap } from "./program-errors";

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

/** The engine's untyped property bag (see `bag.ts`). */
export type { PropertyBag };

/** The inputs without the engine's internal keys. */
export function userInputs<P extends object>(props: P | undefined): P {
  // Only engine keys go: what remains is still the bag the caller typed.
  return Object.fromEntries(Object.entries(props ?? {}).filter(([key]) => !INTERNAL_KEYS.has(key))) as P;
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
export function checkWithSchema(schema: z.ZodType, news: object): pulumi.dynamic.CheckResult {
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

/**
 * Says that a resource new to the stack takes over an existing object (`adoptId`) rather than
 * creating one: the engine's preview counts it as a create, and cannot tell otherwise. Called from
 * `check` once the inputs pass (`olds` is empty only for a resource the stack does not have yet);
 * an id not yet known says nothing.
 */
export function noticeAdoption(
  kind: string,
  what: string,
  olds: object | undefined,
  result: pulumi.dynamic.CheckResult,
): pulumi.dynamic.CheckResult {
  const adoptId = result.inputs?.adoptId;
  if (Object.keys(userInputs(olds)).length > 0 || (result.failures?.length ?? 0) > 0) return result;
  if (typeof adoptId !== "string" || adoptId === "" || containsUnknown(adoptId)) return result;
  notice(`${kind} adopts the existing ${what} ${shorten(adoptId)} (adoptId) instead of creating one`);
  return result;
}

/** The HTTP status of a client error, from this or any other copy of the package. */
export function httpStatusOf(err: unknown): number | undefined {
  return SenderError.is(err) && err.kind === "http" ? (err as SenderHttpError).status : undefined;
}

/** The `check` of a kind whose inputs one schema judges: {@link checkWithSchema}. */
export function checker(schema: z.ZodType): ResourceProviderImpl["check"] {
  return async (_olds, news) => checkWithSchema(schema, news);
}

/** True for the service's "no such object" answer. */
export function isNotFound(err: unknown): boolean {
  return httpStatusOf(err) === 404;
}

/** The operations of a resource provider, as its errors name them. */
export type Operation = "check" | "diff" | "create" | "read" | "update" | "delete";

// Brand shared by every copy of this module in a process (see SenderError.is).
const OPERATION_ERROR_BRAND: unique symbol = Symbol.for("pulumi-sender.SenderOperationError") as never;

/**
 * The one error a resource operation fails with. Its message always names the operation, the
 * kind, the object (its id, or the title or adoptId when there is none yet) and the cause's own
 * message, e.g. `create Campaign "Welcome" failed: POST /v2/campaigns failed with 422: ...`.
 * The client's messages never contain the token, so neither does this.
 */
export class SenderOperationError extends Error {
  /** The provider operation that failed. */
  readonly operation: Operation;
  /** The resource kind. */
  readonly resourceKind: string;
  /** What names the object: its id, or the title or adoptId before it has one. */
  readonly subject: string;

  constructor(operation: Operation, kind: string, subject: string | undefined, cause: unknown) {
    let detail = cause instanceof Error ? cause.message : String(cause);
    if (operation === "update" && isNotFound(cause)) {
      detail = `${detail.replace(/\.?$/, ".")} The ${kind} no longer exists in Sender: run \`pulumi refresh\` to drop it from the stack, then \`pulumi up\` to make it again`;
    }
    // Ids and labels come from the program: a 100 KB value must still give a short line.
    super(`${operation} ${kind}${subject ? ` ${shorten(subject)}` : ""} failed: ${detail}`, { cause });
    this.name = "SenderOperationError";
    this.operation = operation;
    this.resourceKind = kind;
    this.subject = subject ?? "";
    setBrand(this, OPERATION_ERROR_BRAND);
  }

  /** Whether `value` is a {@link SenderOperationError}, from this or any other copy of the package. */
  static is(value: unknown): value is SenderOperationError {
    return hasBrand(value, OPERATION_ERROR_BRAND);
  }
}

/** Wraps a failure in a {@link SenderOperationError}, unless it already is one. */
export function operationError(
  operation: Operation,
  kind: string,
  subject: string | undefined,
  err: unknown,
): SenderOperationError {
  return SenderOperationError.is(err) ? err : new SenderOperationError(operation, kind, subject, err);
}

/**
 * Runs one provider operation, rethrowing failures through {@link operationError}; with `wire`
 * (what the request's wire keys stand for), the service's refusals are said in the program's terms
 * ({@link inProgramTerms}).
 */
export async function withOperation<T>(
  operation: Operation,
  kind: string,
  subject: string | undefined,
  run: () => Promise<T>,
  wire?: WireMap,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw operationError(operation, kind, subject, wire ? inProgramTerms(err, wire) : err);
  }
}

/**
 * The one `read` style of every kind: fetch the record; the service's 404 means the object is
 * gone (`{ id: "" }`, so the engine drops it); any other failure is a {@link SenderOperationError}.
 */
export async function readOrGone<T, R>(
  kind: string,
  id: string,
  fetch: () => Promise<T>,
  toResult: (record: T) => R,
): Promise<R | { readonly id: "" }> {
  let record: T;
  try {
    record = await fetch();
  } catch (err) {
    if (isNotFound(err)) return { id: "" };
    throw operationError("read", kind, id, err);
  }
  return withOperation("read", kind, id, async () => toResult(record));
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
      if (!sameValue((a as PropertyBag)[key], (b as PropertyBag)[key])) return false;
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
  /** The inputs kept in the state only: never sent, and free to change on a sent campaign. */
  readonly stateOnly?: readonly string[];
  /** Whether the old object must go before the new one is made (they would clash). */
  readonly deleteBeforeReplace?: boolean;
}

/** The inputs that differ between the previous outputs and the new inputs. */
export function changedFields(spec: DiffSpec, olds: PropertyBag, news: PropertyBag): string[] {
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
export function diffBySpec(spec: DiffSpec, olds: PropertyBag, news: PropertyBag): pulumi.dynamic.DiffResult {
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

/** How a kind's provider is made: from the context its operations work in. */
export type ResourceProviderOf = (context: ProviderContext) => ResourceProviderImpl;

export { journalForget, journalKey } from "./create-journal";
export {
  type CreateOnceOptions,
  type CreateOnceSpec,
  createOnce,
  createOptionsOf,
  isAmbiguous,
  keepAutoname,
  mayExistError,
  removeLeftovers,
  settleWindowMs,
} from "./create-once";

/**
 * The object without its undefined members. The engine's protobuf encoding throws "Unexpected
 * struct type" on an undefined value, so outputs and inputs handed back must not hold one.
 */
export function compact<T extends object>(value: T): Compact<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Compact<T>;
}

/** An object type without undefined members: a member that may be undefined becomes optional. */
export type Compact<T> = {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
} & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** The statuses a campaign has before any mail goes out; any other, unknown ones included, may be sending. */
const UNSENT_STATUSES: ReadonlySet<string> = new Set(["DRAFT", "SCHEDULED"]);

/**
 * True unless the service reports the campaign as DRAFT or SCHEDULED. The status is an open set:
 * a status this code does not know may mean mail is going out, so it counts as sent.
 */
export function isSent(status: string): boolean {
  return !UNSENT_STATUSES.has(status);
}

/**
 * The error that refuses a change to a sent campaign. `part` names what would change when it is
 * not the Campaign itself (e.g. its CampaignTargeting).
 */
export function sentCampaignError(
  campaignId: string,
  status: string,
  fields: readonly string[],
  part?: string,
): Error {
  const names = [...fields].sort().join(", ");
  const what = part === undefined ? names : `its ${part} (${names})`;
  const advice =
    part === undefined
      ? "Changing or replacing a sent campaign could send the mail again; remove it from the stack or revert the change."
      : `The service freezes a sent campaign; remove the ${part} from the stack or revert the change.`;
  return new Error(
    `Campaign ${campaignId} has already been sent (status ${status}): refusing to change ${what}. ${advice}`,
  );
}

/** What a kind's operation is about to do to the campaign(s) it belongs to. */
export interface SentGuard {
  /** `diff` and `update` refuse a change; `delete` leaves the service untouched. */
  readonly operation: "diff" | "update" | "delete";
  /** The resource kind. */
  readonly kind: string;
  /** The resource's id. */
  readonly id: string;
  /**
   * The campaigns concerned: the one the object belongs to now (the old `campaignId`), and the new
   * one when it moves. Values not yet known (preview) or not strings are skipped.
   */
  readonly campaignIds: readonly unknown[];
  /** True when the object guarded is the campaign itself, not one of its parts (the message names no part). */
  readonly itself?: boolean;
  /** The inputs that change (for the message). */
  readonly fields?: readonly string[];
}

/**
 * The one sent-campaign guard of every kind that belongs to a campaign. It reads each campaign
 * concerned (in `diff` from the context's shared campaign list when it shows the campaign:
 * {@link ProviderContext.listedCampaign}) and, when the service reports one as possibly sending ({@link isSent}):
 * - in `diff` and `update`, throws a {@link SenderOperationError} that names the campaign and its
 *   status, so nothing changes (a campaign the service no longer has is left to the operation);
 * - in `delete`, writes a warning ({@link warn}) and returns `sent: true`:
 *   the caller must then leave the service untouched and let the object drop from the stack.
 *
 * Returns the last campaign read, so that a caller needing its status reads it only once.
 */
export async function guardSentCampaign(
  context: ProviderContext,
  guard: SentGuard,
): Promise<{ sent: boolean; campaign: api.Campaign | undefined }> {
  const ids = [...new Set(guard.campaignIds)].filter(
    (value): value is string => typeof value === "string" && value !== "" && !containsUnknown(value),
  );
  let campaign: api.Campaign | undefined;
  for (const campaignId of ids) {
    try {
      // diff may judge by the shared campaign list (one read for many campaigns); what writes
      // reads the campaign itself, so a campaign sent since the list was read is still refused.
      const listed = guard.operation === "diff" ? await context.listedCampaign(campaignId) : undefined;
      campaign = listed ?? (await context.client().getCampaign(campaignId));
    } catch (err) {
      if (isNotFound(err)) {
        campaign = undefined;
        continue;
      }
      throw operationError(guard.operation, guard.kind, guard.id, err);
    }
    if (!isSent(campaign.status)) continue;
    const part = guard.itself ? undefined : guard.kind;
    if (guard.operation === "delete") {
      warn(
        `${guard.kind} ${guard.id} was removed from the stack, but campaign ${campaignId} has already ` +
          `been sent (status ${campaign.status}): the service was left untouched.`,
      );
      return { sent: true, campaign };
    }
    throw operationError(
      guard.operation,
      guard.kind,
      guard.id,
      sentCampaignError(campaignId, campaign.status, guard.fields ?? [], part),
    );
  }
  return { sent: false, campaign };
}

/** The campaigns a change concerns: their ids, or `"itself"` for the campaign's own change. */
export type CampaignIds = readonly unknown[] | "itself";

/**
 * The changed inputs, once {@link guardSentCampaign} has let them through: it refuses a change
 * to a sent campaign. `campaignIds` defaults to the campaign a part belongs to (the old
 * `campaignId`) and the one it moves to (the new one); the campaign itself passes `"itself"`, which
 * guards its own id. Nothing is read when nothing changed.
 */
export async function guardChange(
  context: ProviderContext,
  operation: "diff" | "update",
  spec: DiffSpec,
  kind: string,
  id: string,
  olds: PropertyBag,
  news: PropertyBag,
  campaignIds: CampaignIds = [olds.campaignId, news.campaignId],
): Promise<string[]> {
  const fields = changedFields(spec, olds, news);
  // A state-only input changes nothing on the service: a sent campaign may take it.
  const touching = fields.filter((field) => !spec.stateOnly?.includes(field));
  if (touching.length > 0) {
    const itself = campaignIds === "itself";
    await guardSentCampaign(context, {
      operation,
      kind,
      id,
      campaignIds: itself ? [id] : campaignIds,
      itself,
      fields: touching,
    });
  }
  return fields;
}

/** The `diff` of a kind that belongs to a campaign: {@link diffBySpec}, guarded by {@link guardChange}. */
export async function guardedDiff(
  context: ProviderContext,
  spec: DiffSpec,
  kind: string,
  id: string,
  olds: PropertyBag,
  news: PropertyBag,
  campaignIds?: CampaignIds,
): Promise<pulumi.dynamic.DiffResult> {
  const result = diffBySpec(spec, olds, news);
  if (result.changes) await guardChange(context, "diff", spec, kind, id, olds, news, campaignIds);
  return result;
}

/**
 * True when `delete` must leave the service untouched because the campaign has been sent (a
 * warning says so); see {@link guardSentCampaign}.
 */
export async function sentBeforeDelete(
  context: ProviderContext,
  kind: string,
  id: string,
  campaignId: string,
): Promise<boolean> {
  return (await guardSentCampaign(context, { operation: "delete", kind, id, campaignIds: [campaignId] }))
    .sent;
}
