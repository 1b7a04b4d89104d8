/**
 * How a kind compares its previous outputs with its new inputs: deep and set equality, the
 * `DiffSpec` a field table derives, and the engine's `DiffResult` made from it.
 */
import type { PropertyBag } from "./bag";
import type { DiffResult } from "./contract";
import { containsUnknown } from "./engine-values";

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
  /**
   * How an input's old and new values compare, where a field table says (`sameInput` of
   * fields.ts: `""` and absent are one, a normalized title); else set or deep equality.
   */
  readonly same?: Readonly<Record<string, (before: unknown, after: unknown) => boolean>>;
}

/** The inputs that differ between the previous outputs and the new inputs. */
export function changedFields(spec: DiffSpec, olds: PropertyBag, news: PropertyBag): string[] {
  const setFields = new Set(spec.setFields ?? []);
  return spec.fields.filter((field) => {
    const before = olds[field];
    const after = news[field];
    if (containsUnknown(after)) return true;
    const same = spec.same?.[field];
    if (same !== undefined) return !same(before, after);
    if (setFields.has(field)) return !sameSet(before as unknown[], after as unknown[]);
    return !sameValue(before, after);
  });
}

/**
 * The engine's `DiffResult` for a kind, always with `changes` set explicitly so that a change to
 * the provider's own code never shows as an update.
 */
export function diffBySpec(spec: DiffSpec, olds: PropertyBag, news: PropertyBag): DiffResult {
  const changed = changedFields(spec, olds, news);
  const replaces = changed.filter((field) => spec.replaceOnChange.includes(field));
  return {
    changes: changed.length > 0,
    replaces,
    deleteBeforeReplace: replaces.length > 0 && spec.deleteBeforeReplace === true,
  };
}
