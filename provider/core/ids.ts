/**
 * Validation of the ids a program passes (campaign, tag, group, filter ids, `adoptId`...), in
 * `check`: every id ends up as a path segment or a query value, and `.`, `..`, `/` or a control
 * character would send the request to another route. The client refuses them too, as a second
 * line of defence.
 */
import { z } from "zod";
import { shorten, unsafeSegmentReason } from "../client";

/** The longest id accepted. Sender's ids are a few characters; this only stops absurd values. */
export const ID_MAX_LENGTH = 128;

/** Why `value` cannot be an id, or undefined when it can. */
export function idProblem(value: string): string | undefined {
  if (value.length > ID_MAX_LENGTH) return `is ${value.length} characters long (at most ${ID_MAX_LENGTH})`;
  return unsafeSegmentReason(value);
}

/**
 * The one-line message for a bad id, quoting the value cut short; `check` puts the property's
 * name in front (`property campaignId … has a problem: must be a campaign id: ".." is ...`).
 */
export function idMessage(what: string, value: string, problem: string): string {
  return `must be a ${what} id: ${JSON.stringify(shorten(value, 40))} ${problem}`;
}

/** A zod schema of one id, `what` being the kind of object. */
export function idInput(what: string) {
  return z.string({ error: `must be a ${what} id (a string)` }).superRefine((value, ctx) => {
    const problem = idProblem(value);
    if (problem !== undefined) ctx.addIssue({ code: "custom", message: idMessage(what, value, problem) });
  });
}

/** A zod schema of a list of ids. */
export function idListInput(what: string) {
  return z.array(idInput(what), { error: `must be a list of ${what} ids` });
}

/**
 * A zod refinement that adds {@link idMessage} to a non-empty id that {@link idProblem} refuses
 * (an empty one is left to the schema's own `min(1)` message).
 */
export function safeId(what: string) {
  return (value: string, ctx: z.RefinementCtx) => {
    if (value === "") return;
    const problem = idProblem(value);
    if (problem !== undefined) ctx.addIssue({ code: "custom", message: idMessage(what, value, problem) });
  };
}
