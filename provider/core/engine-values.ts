/**
 * What the engine hands a provider and takes back: the placeholder of a value not yet known
 * (preview), the internal keys it adds to every bag, and the rule that nothing handed back holds
 * an undefined member.
 */
/**
 * The hidden input of every resource of the dynamic package that records the stack's place, kept
 * as the same output: the engine hands a dynamic provider's delete the resource's own outputs
 * only (no URN, no stack, no nonce), so the place must travel with each resource for a delete to
 * tell a copy from the original (docs/reliability.md, "Copied and moved stacks"). Input and output
 * are equal, so a tool that compares a resource's inputs with its outputs sees no difference.
 * Named here, below the doors, because {@link userInputs} leaves it out of every bag; the place
 * record itself is the Pulumi doors' (provider/pulumi/stack-place.ts).
 */
export const PLACE_RECORD_KEY = "__senderPlace";

/** The hidden output beside {@link PLACE_RECORD_KEY}: the backend the provider made or changed the resource on. */
export const PLACE_BACKEND_KEY = "__senderBackend";

/**
 * The core's value of an input not yet known (a preview, a plan): its own, whatever marker the
 * engine uses. Each door turns its engine's marker into this one and back (provider/pulumi/values.ts,
 * provider/terraform/values.ts); a check or a diff never decides on it.
 */
export const UNKNOWN = "\u0000sender:unknown\u0000";

/**
 * The provider-internal keys of every dynamic resource's inputs and outputs: the engine's
 * `__provider`, and the place record the dynamic package adds (provider/pulumi/stack-place.ts).
 */
const INTERNAL_KEYS = new Set(["__provider", PLACE_RECORD_KEY, PLACE_BACKEND_KEY]);

/** True when the value, or anything inside it, is not yet known (preview). */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/** The inputs without the engine's internal keys. */
export function userInputs<P extends object>(props: P | undefined): P {
  // Only engine keys go: what remains is still the bag the caller typed.
  return Object.fromEntries(Object.entries(props ?? {}).filter(([key]) => !INTERNAL_KEYS.has(key))) as P;
}

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
