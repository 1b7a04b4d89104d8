/**
 * What `check` can learn from the account before anything is written, so that a preview tells the
 * truth: whether the token and the address work (one read per provider configuration and run),
 * what a kind's own `accountCheck` reads (a CampaignProof's campaign is not sent),
 * and whether the ids a CampaignTargeting names are the account's (one read per list and run,
 * shared by every resource). Only reads; values not yet known (preview) are skipped; an id the
 * stack already had is not judged again, so that an unrelated `up` is never blocked by it. It sits
 * beside the registry, whose entry of a kind (its provider, `accountCheck`, `accountIdLists`) it
 * reads: the core below never reads the kinds.
 */
import { serviceText, shorten } from "../client";
import type { PropertyBag } from "../core/bag";
import type { ProviderContext } from "../core/context";
import type { CheckFailure, CheckResult } from "../core/contract";
import { containsUnknown, userInputs } from "../core/engine-values";
import { fieldWord, say } from "../words";
import { type ResourceKind, registry } from "./registry";

/** How many of the account's ids a failure lists as examples. */
const EXAMPLES_SHOWN = 5;

/** How many of a list's unknown ids a failure quotes. */
const UNKNOWN_SHOWN = 3;

/** The ids that could be meant, for the message: `tag001, tag002, … (12 in all)`. */
function examples(ids: ReadonlySet<string>): string {
  const all = [...ids];
  if (all.length === 0) return "the account has none yet";
  const shown = all.slice(0, EXAMPLES_SHOWN).map((id) => serviceText(id, 40));
  return all.length > EXAMPLES_SHOWN ? `${shown.join(", ")}, … (${all.length} in all)` : shown.join(", ");
}

/**
 * The check failures the account can tell for one resource, after its inputs passed the local
 * rules. Throws (one line) when the token or the address does not work, for the first resource
 * that asks; the others then skip their account checks, so the failure is said once.
 */
export async function accountCheckFailures(
  context: ProviderContext,
  kind: ResourceKind,
  olds: PropertyBag,
  news: PropertyBag,
): Promise<CheckFailure[]> {
  const probe = await context.probeAccount();
  if (probe.error) {
    if (probe.report) throw probe.error;
    return [];
  }
  const failures: CheckFailure[] = [...((await registry[kind].accountCheck?.(context, olds, news)) ?? [])];
  for (const input of registry[kind].accountIdLists) {
    const value = news[input.property];
    if (!Array.isArray(value)) continue;
    const before = new Set(Array.isArray(olds[input.property]) ? (olds[input.property] as unknown[]) : []);
    // Only ids the stack did not have before, and known ones.
    const fresh = value
      .map((id, index) => ({ id, index }))
      .filter(({ id }) => typeof id === "string" && !containsUnknown(id) && !before.has(id));
    if (fresh.length === 0) continue;
    const known = await context.accountIds(input.list);
    if (known === undefined) continue; // the service does not list them: nothing to judge by
    const unknown = fresh.filter(({ id }) => !known.has(id as string));
    const [first] = unknown;
    if (first === undefined) continue;
    const { noun } = input;
    if (unknown.length === 1) {
      failures.push({
        property: "",
        field: `${input.property}[${first.index}]`,
        reason:
          say`${fieldWord(`${input.property}[${first.index}]`)} ${JSON.stringify(shorten(first.id as string))} is not a ${noun} of this account: ` +
          `use the id of one of its ${noun}s (${examples(known)}), or create the ${noun} in Sender first`,
      });
      continue;
    }
    // Many: one line with the count and the first few, not a line per id.
    const shown = unknown.slice(0, UNKNOWN_SHOWN).map(({ id }) => JSON.stringify(shorten(id as string)));
    const more = unknown.length > UNKNOWN_SHOWN ? ", …" : "";
    failures.push({
      property: "",
      field: input.property,
      reason:
        say`${fieldWord(input.property)}: ${unknown.length} ids are not ${noun}s of this account (${shown.join(", ")}${more}): ` +
        `use the ids of its ${noun}s (${examples(known)}), or create the ${noun}s in Sender first`,
    });
  }
  return failures;
}

/**
 * The `check` of a kind as the engine calls it, in the dynamic provider and the plugin alike: the
 * kind's own rules, then, when they pass, what the account can tell (see
 * {@link accountCheckFailures}): whether the token and address work, and whether the ids exist.
 */
export async function checkInContext(
  kind: ResourceKind,
  context: ProviderContext,
  olds: PropertyBag,
  news: PropertyBag,
): Promise<CheckResult> {
  const result = await registry[kind].provider(context).check(olds, news);
  if ((result.failures ?? []).length > 0) return result;
  const failures = await accountCheckFailures(
    context,
    kind,
    userInputs(olds),
    userInputs((result.inputs ?? news) as PropertyBag),
  );
  return failures.length > 0 ? { ...result, failures } : result;
}
