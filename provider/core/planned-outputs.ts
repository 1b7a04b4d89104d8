/**
 * What a change does to a resource's output-only fields, from its field table alone (a field's
 * `movedBy` and `planned`), so that every door can show a plan a reviewer can read: an output no
 * changed input moves keeps its value (the Terraform framework's `UseStateForUnknown`), an output
 * the provider sets to a value it knows offline is planned at that value, and only the rest is
 * unknown until the service answers. An output another kind moves (a campaign's `status`, which its
 * CampaignSchedule sets) is {@link movedElsewhere}: a door whose refresh reports every output's
 * change leaves it out, since that change would be the provider's own.
 */
import { changedFields } from "./diff";
import { containsUnknown, UNKNOWN } from "./engine-values";
import { computedNames, diffSpecOf, type Field, type FieldTable } from "./fields";

/** True for an output another kind's apply moves: its change after an apply is the provider's own. */
export function movedElsewhere(field: Field): boolean {
  return field.output === true && (field.movedBy?.kinds?.length ?? 0) > 0;
}

/** The inputs whose value differs between the state (`olds`) and the checked inputs: the table's rule of same inputs. */
export function changedInputs(
  table: FieldTable,
  olds: Readonly<Record<string, unknown>>,
  inputs: Readonly<Record<string, unknown>>,
): string[] {
  return changedFields(diffSpecOf(table), olds, inputs);
}

/**
 * The output-only fields an update of the `changed` inputs moves: those moved by every update, and
 * those moved by one of these inputs. Every other output keeps its value.
 */
export function outputsMovedBy(table: FieldTable, changed: readonly string[]): string[] {
  return computedNames(table).filter((name) => {
    const update = table[name]?.movedBy?.update;
    if (update === "any") return true;
    return update?.some((input) => changed.includes(input)) === true;
  });
}

/** The output-only fields an update from the state (`olds`) to the checked `inputs` moves. */
export function updateMoves(
  table: FieldTable,
  olds: Readonly<Record<string, unknown>>,
  inputs: Readonly<Record<string, unknown>>,
): string[] {
  return outputsMovedBy(table, changedInputs(table, olds, inputs));
}

/**
 * The planned value of each output in `moving`: the field's `planned` value of the checked inputs
 * when it is known, else `UNKNOWN`. A create or a replacement moves every output.
 */
export function plannedOutputs(
  table: FieldTable,
  inputs: Readonly<Record<string, unknown>>,
  moving: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of moving) {
    const planned = table[name]?.planned?.(inputs);
    out[name] = planned === undefined || containsUnknown(planned) ? UNKNOWN : planned;
  }
  return out;
}
