/**
 * The Terraform door's plans and states: from Terraform's proposed object, its configuration and
 * the core's answers, the object a plan shows and the state an apply or a refresh records. Pure
 * functions of their arguments; `door.ts` calls them.
 */
import type { FieldTable } from "../core/fields";
import { sameInput } from "../core/fields";
import type { TfAttribute } from "./schema";
import { fromCore, hasUnknown, isObject, TF_UNKNOWN, type TfObject, type TfValue, toCore } from "./values";

/** The attributes only the provider sets (`id` aside): a configuration's value for one is refused. */
export function outputAttributes(attributes: readonly TfAttribute[]): TfAttribute[] {
  return attributes.filter((a) => a.computed && !a.required && !a.optional && a.name !== "id");
}

/** The attributes a configuration may set. */
export function inputAttributes(attributes: readonly TfAttribute[]): TfAttribute[] {
  return attributes.filter((a) => a.required || a.optional);
}

/**
 * A create's plan: what the configuration sets, the defaults `check` gave what it leaves out, and
 * every value only the service knows (the id, the outputs) unknown.
 */
export function plannedCreate(
  attributes: readonly TfAttribute[],
  proposed: TfValue,
  checked: Record<string, unknown>,
): TfObject {
  const given = isObject(proposed) ? proposed : {};
  const defaults = fromCore(attributes, checked);
  const out: Record<string, TfValue> = {};
  for (const a of attributes) {
    const value = given[a.name] ?? null;
    if (!a.computed || value !== null) out[a.name] = value;
    else
      out[a.name] =
        a.optional && defaults[a.name] !== null && !hasUnknown(defaults[a.name])
          ? (defaults[a.name] as TfValue)
          : TF_UNKNOWN;
  }
  return out;
}

/** An update's plan: the configuration's values, and the outputs unknown (the service recomputes them). */
export function plannedUpdate(
  attributes: readonly TfAttribute[],
  proposed: TfValue,
  replacing: boolean,
): TfObject {
  const given = isObject(proposed) ? proposed : {};
  const out: Record<string, TfValue> = {};
  for (const a of attributes) {
    const value = given[a.name] ?? null;
    const outputOnly = a.computed && !a.optional;
    out[a.name] = outputOnly && (replacing || a.name !== "id") ? TF_UNKNOWN : value;
  }
  return out;
}

/** The plan of no change: the configuration's values, the outputs as the state has them. */
export function plannedSame(attributes: readonly TfAttribute[], prior: TfValue, proposed: TfValue): TfObject {
  const before = isObject(prior) ? prior : {};
  const given = isObject(proposed) ? proposed : {};
  const out: Record<string, TfValue> = {};
  for (const a of attributes)
    out[a.name] = a.computed && !a.optional ? (before[a.name] ?? null) : (given[a.name] ?? null);
  return out;
}

/**
 * The state after a create or update: what the configuration set, exactly (Terraform holds a
 * provider to it), and what the service answered for the rest.
 */
export function newState(
  attributes: readonly TfAttribute[],
  config: TfValue,
  outs: Record<string, unknown>,
): TfObject {
  const given = isObject(config) ? config : {};
  const answered = fromCore(attributes, outs);
  const out: Record<string, TfValue> = {};
  for (const a of attributes) {
    const value = a.required || a.optional ? (given[a.name] ?? null) : null;
    out[a.name] = value !== null || !a.computed ? value : (answered[a.name] ?? null);
  }
  return out;
}

/**
 * The state a refresh reads: the service's values, except an input whose value in the state means
 * the same as the service's (the core's `sameInput`: unset alike, `""` where the service holds
 * null, a set's members, a title the service trimmed), which keeps the state's: no drift.
 */
export function readState(
  attributes: readonly TfAttribute[],
  table: FieldTable,
  current: TfValue,
  outs: Record<string, unknown>,
): TfObject {
  const before = isObject(current) ? current : {};
  const answered = fromCore(attributes, outs);
  const known = toCore(attributes, current);
  const out: Record<string, TfValue> = {};
  for (const a of attributes) {
    const read = answered[a.name] ?? null;
    const had = before[a.name] ?? null;
    const field = table[a.camel];
    if (a.required || a.optional) {
      if (field !== undefined && sameInput(field, known[a.camel], outs[a.camel])) out[a.name] = had;
      else out[a.name] = read === null && !field?.api ? had : read;
    } else out[a.name] = read;
  }
  return out;
}
