/**
 * What a field table derives for the requests and the read-back: the inputs picked from a bag, the
 * request bodies (whole or partial), and the inputs, outputs and computed fields read from the
 * service's answer, each value compared by the core's one rule ({@link sameInput}).
 */
import { sameSet } from "./diff";
import { compact } from "./engine-values";
import {
  type BodyOf,
  type ComputedOf,
  type ComputedRecordOf,
  computedNames,
  type Field,
  type FieldTable,
  type InputRecordOf,
  type InputsOf,
  inputNames,
  type OutputsOf,
  type PropsOf,
  sameInput,
} from "./fields";

/** A bag keyed by field or API names at run time, as the helpers below build it before typing it. */
type Bag = Record<string, unknown>;

/**
 * The table's inputs from a property bag (engine keys and extras left out, undefined dropped). The
 * bag is one `check` validated (or outputs made from such inputs), so the result is typed.
 */
export function pickInputs<T extends FieldTable>(table: T, props: PropsOf<T> | undefined): InputsOf<T> {
  const picked: Bag = {};
  for (const name of inputNames(table)) picked[name] = props?.[name];
  return compact(picked) as InputsOf<T>;
}

/**
 * The request body (API names) of the given inputs: every input with an API name that is set;
 * with `only`, just those inputs (a partial update that sends nothing for a dropped input).
 */
export function bodyOf<T extends FieldTable>(table: T, inputs: InputsOf<T>): BodyOf<T>;
export function bodyOf<T extends FieldTable>(
  table: T,
  inputs: InputsOf<T>,
  only: readonly string[],
): Partial<BodyOf<T>>;
export function bodyOf<T extends FieldTable>(
  table: T,
  inputs: InputsOf<T>,
  only?: readonly string[],
): Partial<BodyOf<T>> {
  const values: PropsOf<T> = inputs;
  const body: Bag = {};
  for (const name of inputNames(table)) {
    const api = table[name]?.api;
    if (only !== undefined && !only.includes(name)) continue;
    if (api !== undefined && values[name] !== undefined) body[api] = values[name];
  }
  return body as BodyOf<T>;
}

/** The body of a partial update: only `fields`, and a field the program dropped sends its cleared value. */
export function patchBodyOf<T extends FieldTable>(
  table: T,
  fields: readonly string[],
  inputs: PropsOf<T>,
): Partial<BodyOf<T>> {
  const values: Partial<Bag> = inputs;
  const body: Bag = {};
  for (const name of fields) {
    const field = table[name];
    if (field?.api !== undefined) body[field.api] = values[name] ?? field.cleared;
  }
  return body as Partial<BodyOf<T>>;
}

/** The service's list, but in the previous order when it holds the same ids, so refresh shows no reordering. */
export function stableSet(previous: unknown, current: readonly string[]): string[] {
  return Array.isArray(previous) && sameSet(previous, current) ? (previous as string[]) : [...current];
}

/**
 * The inputs as the service now has them, from a record keyed by API names (the resource maps an
 * irregular answer to that shape first). A value that means the same as the known one
 * ({@link sameInput}) keeps the known one: `""` where the service holds null, a set's order, a
 * title's spelling before the service trimmed it; so an optional input the program left out stays
 * out while the service holds its empty value. A refresh then shows no false change. Fields with
 * no API name keep their previous value.
 */
export function readInputs<T extends FieldTable>(
  table: T,
  answer: InputRecordOf<T>,
  known: PropsOf<T>,
): InputsOf<T> {
  const record: Partial<Bag> = answer;
  const previous: Partial<Bag> = known;
  const out: Bag = {};
  for (const name of inputNames(table)) {
    const field = table[name] as Field;
    if (field.api === undefined) {
      out[name] = previous[name];
      continue;
    }
    const value = record[field.api];
    // The answer lacks the field (the tolerant reader lets it): nothing to compare, the known value stands.
    if (value === undefined) {
      out[name] = previous[name];
      continue;
    }
    if (sameInput(field, previous[name], value)) {
      out[name] = previous[name];
      continue;
    }
    if (value === null) {
      out[name] = field.required === true ? previous[name] : undefined;
    } else {
      out[name] = field.set === true && Array.isArray(value) ? stableSet(previous[name], value) : value;
    }
  }
  return compact(out) as InputsOf<T>;
}

/** The output-only fields from a record keyed by API names (null becomes absent). */
export function readComputed<T extends FieldTable>(table: T, answer: ComputedRecordOf<T>): ComputedOf<T> {
  const record: Partial<Bag> = answer;
  const out: Bag = {};
  for (const name of computedNames(table)) {
    const api = table[name]?.api;
    if (api !== undefined) out[name] = record[api] ?? undefined;
  }
  return compact(out) as ComputedOf<T>;
}

/** The outputs of a kind whose outputs are its inputs, echoed, and what the service computes. */
export function outputsOf<T extends FieldTable>(
  table: T,
  inputs: InputsOf<T>,
  record: ComputedRecordOf<T>,
): OutputsOf<T> {
  // An input is an output of the same type; the computed ones are read from the record.
  const outputs: Bag = { ...inputs, ...readComputed(table, record) };
  return outputs as OutputsOf<T>;
}
