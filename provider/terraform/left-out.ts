/**
 * The outputs the Terraform door leaves out of a resource type: those another resource of this
 * provider moves (`movedElsewhere`, core/planned-outputs.ts: a campaign's `status`, `modified`,
 * `schedule_time`, `sent_time` and `recipient_count`, which its schedule, targeting, follow-up and
 * attachments change). Terraform compares every attribute a refresh reads with the state, so right
 * after an apply that targets and schedules a campaign, `plan -refresh-only` would report as made
 * outside Terraform what the provider itself did, and a later change of the campaign would show
 * them in its plan. The kind's data source (`sender_campaign`) reads them fresh at every plan; a
 * schedule's own `status`, `schedule_time_utc` and `sent` stay on `sender_campaign_schedule`.
 *
 * The Pulumi doors keep them: Pulumi's refresh reports changes of the inputs a read returns, not of
 * outputs, so the promise holds there as it is (test/e2e/upgrade.test.ts refreshes with
 * `--expect-no-changes` a recorded stack whose campaign is DRAFT with 0 recipients in its state and
 * SCHEDULED with 21 in the service).
 */
import type { DocumentedTable, Field } from "../core/fields";
import { movedElsewhere } from "../core/planned-outputs";
import { dataSources } from "../functions";
import type { ResourceKind } from "../kinds/registry";
import { resourceTypeOf, snakeCase } from "./names";
import { TERRAFORM_WORDS } from "./words";

/** True for a table field the door shows as an attribute: every field but those other resources move. */
export function shownField(field: Field): boolean {
  return !movedElsewhere(field);
}

/**
 * Each resource type's state schema version where it is not 0: the state upgrade (door.ts `upgrade`)
 * keeps the current schema's attributes of an older state and drops the rest.
 * - `Campaign` 1: `status`, `modified`, `schedule_time`, `sent_time` and `recipient_count` left out.
 */
export const STATE_VERSIONS: Readonly<Partial<Record<ResourceKind, number>>> = { Campaign: 1 };

/**
 * The sentence a resource type's description ends with when the door leaves fields out: which,
 * which resources move them, and the data source that reads them. Empty when none is left out.
 */
export function leftOutNote(kind: ResourceKind, table: DocumentedTable): string {
  const left = Object.entries(table).filter(([, field]) => !shownField(field));
  if (left.length === 0) return "";
  const names = left.map(([name]) => `\`${snakeCase(name)}\``);
  const movers = [...new Set(left.flatMap(([, field]) => field.movedBy?.kinds ?? []))].map(
    (mover) => `\`${resourceTypeOf(mover as ResourceKind)}\``,
  );
  const source = Object.hasOwn(dataSources, `get${kind}`)
    ? ` Read them with ${TERRAFORM_WORDS.lookup(`get${kind}`)}.`
    : "";
  return (
    ` ${list(names)} are not attributes of this resource: ${list(movers)} change them, and a refresh ` +
    `would report each of their changes as made outside the configuration.${source}`
  );
}

const list = (items: readonly string[]): string =>
  items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
