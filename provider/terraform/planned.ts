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
 * A create's plan: what the configuration sets, the defaults `check` gave what it leaves out, the
 * outputs the provider will set to a value it knows (`outputs`, from the core's
 * `plannedOutputs`: a schedule's `status`), and every other value only the service knows (the id,
 * the rest of the outputs) unknown.
 */
export function plannedCreate(
  attributes: readonly TfAttribute[],
  proposed: TfValue,
  checked: Record<string, unknown>,
  outputs: Record<string, unknown> = {},
): TfObject {
  const given = isObject(proposed) ? proposed : {};
  const defaults = fromCore(attributes, checked);
  const planned = fromCore(attributes, outputs);
  const out: Record<string, TfValue> = {};
  for (const a of attributes) {
    const value = given[a.name] ?? null;
    if (!a.computed || value !== null) out[a.name] = value;
    else if (a.optional)
      out[a.name] =
        defaults[a.name] !== null && !hasUnknown(defaults[a.name])
          ? (defaults[a.name] as TfValue)
          : TF_UNKNOWN;
    else out[a.name] = planned[a.name] ?? TF_UNKNOWN;
  }
  return out;
}

/**
 * An update's plan: the configuration's values (an input it leaves out that `check` defaults, at
 * the default), and of the outputs only those in `outputs` moved (from the core's
 * `plannedOutputs`: a known value, or unknown); every other output keeps the state's value, as no
 * changed input moves it. A replacement makes a new object: its id and every output not planned
 * are unknown.
 */
export function plannedUpdate(
  attributes: readonly TfAttribute[],
  change: {
    readonly prior: TfValue;
    readonly proposed: TfValue;
    readonly config: TfValue;
    readonly checked: Record<string, unknown>;
    readonly outputs: Record<string, unknown>;
    readonly replacing: boolean;
  },
): TfObject {
  const before = isObject(change.prior) ? change.prior : {};
  const given = isObject(change.proposed) ? change.proposed : {};
  const configured = isObject(change.config) ? change.config : {};
  const defaults = fromCore(attributes, change.checked);
  const planned = fromCore(attributes, change.outputs);
  const out: Record<string, TfValue> = {};
  for (const a of attributes) {
    const value = given[a.name] ?? null;
    if (a.name === "id") out[a.name] = change.replacing ? TF_UNKNOWN : value;
    else if (a.required || a.optional) {
      const byDefault = a.computed && (configured[a.name] ?? null) === null;
      const fallback = defaults[a.name] ?? null;
      out[a.name] = byDefault && fallback !== null && !hasUnknown(fallback) ? fallback : value;
    } else if (Object.hasOwn(change.outputs, a.camel)) out[a.name] = planned[a.name] ?? TF_UNKNOWN;
    else out[a.name] = change.replacing ? TF_UNKNOWN : (before[a.name] ?? null);
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
 * The planned values of the output attributes an update does not move (their camelCase names not
 * in `moving`): what the state after it keeps ({@link newState}).
 */
export function keptOutputs(
  attributes: readonly TfAttribute[],
  planned: TfValue,
  moving: readonly string[],
): TfObject {
  const plan = isObject(planned) ? planned : {};
  return Object.fromEntries(
    outputAttributes(attributes)
      .filter((a) => !moving.includes(a.camel) && Object.hasOwn(plan, a.name))
      .map((a) => [a.name, plan[a.name] as TfValue]),
  );
}

/**
 * The state after a create or update: what the configuration set, exactly (Terraform holds a
 * provider to it), the planned value of each output in `kept` (an update keeps what it did not
 * move: the plan promised it), and what the service answered for the rest.
 */
export function newState(
  attributes: readonly TfAttribute[],
  config: TfValue,
  outs: Record<string, unknown>,
  kept: TfObject = {},
): TfObject {
  const given = isObject(config) ? config : {};
  const answered = fromCore(attributes, outs);
  const out: Record<string, TfValue> = {};
  for (const a of attributes) {
    const value = a.required || a.optional ? (given[a.name] ?? null) : null;
    if (value !== null || !a.computed) out[a.name] = value;
    else if (Object.hasOwn(kept, a.name) && kept[a.name] !== TF_UNKNOWN)
      out[a.name] = kept[a.name] as TfValue;
    else out[a.name] = answered[a.name] ?? null;
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
