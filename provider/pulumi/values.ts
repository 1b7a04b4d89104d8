/**
 * Pulumi's unknown and the core's: the engine marks a value not yet known (preview) with its own
 * string, the core with its own (`UNKNOWN`, provider/core/engine-values.ts). Both Pulumi doors hand
 * the core the engine's values with the one turned into the other, and the core's answers back.
 */
import { UNKNOWN } from "../core/engine-values";

/** The value the Pulumi engine substitutes for an input not yet known during preview. */
export const PULUMI_UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** `value` with every `from` (at any depth of its arrays and plain objects) replaced by `to`. */
function swapped(value: unknown, from: unknown, to: unknown): unknown {
  if (value === from) return to;
  if (Array.isArray(value)) return value.map((item) => swapped(item, from, to));
  if (value === null || typeof value !== "object") return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, swapped(item, from, to)]));
}

/** An engine's value as the core takes it: Pulumi's unknown as the core's. */
export function fromPulumi<T>(value: T): T {
  return swapped(value, PULUMI_UNKNOWN, UNKNOWN) as T;
}

/** A core's answer as the engine takes it: the core's unknown as Pulumi's. */
export function toPulumi<T>(value: T): T {
  return swapped(value, UNKNOWN, PULUMI_UNKNOWN) as T;
}

/** `operation` with its arguments taken from the engine and its answer given back to it. */
export function withPulumiValues<A extends unknown[], R>(
  operation: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return async (...args: A) => toPulumi(await operation(...fromPulumi(args)));
}
