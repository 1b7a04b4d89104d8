/**
 * The `check` every kind shares: inputs judged by a zod schema, failures named in the program's
 * camelCase, and the notice that a new resource takes over an existing object.
 */
import type { z } from "zod";
import { shorten } from "../client";
import { fieldWord, kindWord, say } from "../words";
import type { CheckFailure, CheckResult, ResourceProviderImpl } from "./contract";
import { notice } from "./diagnostics";
import { containsUnknown, UNKNOWN, userInputs } from "./engine-values";

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
export function checkWithSchema(schema: z.ZodType, news: object): CheckResult {
  const inputs = userInputs(news);
  const parsed = schema.safeParse(inputs);
  if (parsed.success) return { inputs: news };
  const failures: CheckFailure[] = [];
  const seen = new Set<string>();
  // The elements of one list refused, by the list's path: said in one line when there are several.
  const elements = new Map<string, CheckFailure[]>();
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
    const last = issue.path.at(-1);
    if (typeof last === "number") {
      const list = propertyPath(issue.path.slice(0, -1));
      elements.set(list, [...(elements.get(list) ?? []), { property, reason: issue.message }]);
      continue;
    }
    failures.push(failureOf(property, issue.message, hidesValue(issue)));
  }
  for (const [list, refused] of elements) {
    if (refused.length === 1) {
      failures.push(...refused);
      continue;
    }
    const shown = refused
      .slice(0, ELEMENTS_SHOWN)
      .map(({ property, reason }) => say`${fieldWord(property)} ${reason}`)
      .join("; ");
    const more = refused.length > ELEMENTS_SHOWN ? "; …" : "";
    failures.push({
      property: "",
      field: list,
      reason: say`${fieldWord(list)}: ${refused.length} elements are refused (${shown}${more})`,
    });
  }
  return failures.length > 0 ? { inputs: news, failures } : { inputs: news };
}

/** How many of a list's refused elements one failure line shows. */
const ELEMENTS_SHOWN = 3;

/**
 * True for an issue whose value must not be echoed: the engine prints a failure's value beside its
 * property (`property title value {…}`), and a control character would reach the terminal and logs.
 */
function hidesValue(issue: z.core.$ZodIssue): boolean {
  return issue.code === "custom" && (issue.params as { hideValue?: unknown } | undefined)?.hideValue === true;
}

/** One failure; one that hides its value names its property in the reason instead. */
function failureOf(property: string, reason: string, hideValue: boolean): CheckFailure {
  return hideValue
    ? { property: "", field: property, reason: say`${fieldWord(property)}: ${reason}` }
    : { property, reason };
}

/** The `check` of a kind whose inputs one schema judges: {@link checkWithSchema}. */
export function checker(schema: z.ZodType): ResourceProviderImpl["check"] {
  return async (_olds, news) => checkWithSchema(schema, news);
}

/**
 * Says that a resource new to the stack takes over an existing object (`adoptId`) rather than
 * creating one: the engine's preview counts it as a create, and cannot tell otherwise. Called from
 * `check` once the inputs pass (`olds` is empty only for a resource the stack does not have yet);
 * an id not yet known says nothing.
 */
export function noticeTakeover(
  kind: string,
  what: string,
  olds: object | undefined,
  result: CheckResult,
): CheckResult {
  const adoptId = result.inputs?.adoptId;
  if (Object.keys(userInputs(olds)).length > 0 || (result.failures?.length ?? 0) > 0) return result;
  if (typeof adoptId !== "string" || adoptId === "" || containsUnknown(adoptId)) return result;
  notice(
    say`${kindWord(kind)} adopts the existing ${what} ${shorten(adoptId)} (${fieldWord("adoptId")}) instead of creating one`,
  );
  return result;
}
