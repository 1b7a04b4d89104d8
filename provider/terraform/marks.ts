/**
 * One mark, one resource: the ownership marks the plans of one provider process gave. Terraform's
 * marks come from the workspace's scope, the type and the title (a webhook's url, topic and
 * relation), so two blocks alike in those would carry one mark, and neither could prove which
 * object is its own. A plan refuses the second (docs/terraform/replace-and-forget.md).
 */

import { UNKNOWN } from "../core/engine-values";

/** Who holds a mark in a plan: `"new"` for a create, else the id the state holds. */
export type MarkHolder = "new" | { readonly id: string };

/** The marks planned in one provider process. */
export class PlannedMarks {
  readonly #holders = new Map<string, MarkHolder>();

  /**
   * The diagnostic refusing the plan of a resource of `type` whose mark (the one it would be
   * created with now) another resource of this process's plans holds; undefined when none does,
   * for an unknown mark, and for the second plan of a replacement (the first registered it).
   */
  refusal(
    type: string,
    mark: unknown,
    plan: { readonly creating: boolean; readonly replacement: boolean; readonly id: string },
  ): { severity: "ERROR"; summary: string; path: string[] } | undefined {
    if (typeof mark !== "string" || mark === UNKNOWN || plan.replacement) return undefined;
    const other = this.claim(mark, plan.creating ? "new" : { id: plan.id });
    if (other === undefined) return undefined;
    const webhook = type === "sender_webhook";
    return {
      severity: "ERROR",
      summary: sharedMarkLine(type, webhook ? "url, topic and relation_id" : "title", other),
      path: [webhook ? "url" : "title"],
    };
  }

  /** After a create of `mark` answered `id`: its resource now holds that object. */
  settle(mark: unknown, id: string): void {
    if (typeof mark === "string" && this.#holders.get(mark) === "new") this.#holders.set(mark, { id });
  }

  /**
   * Registers `holder` for `mark`: undefined when no other resource holds it (a plan of the same
   * object again is the same resource), else the other holder.
   */
  claim(mark: string, holder: MarkHolder): MarkHolder | undefined {
    const had = this.#holders.get(mark);
    if (had === undefined) {
      this.#holders.set(mark, holder);
      return undefined;
    }
    if (had !== "new" && holder !== "new" && had.id === holder.id) return undefined;
    return had;
  }
}

/** The one line a plan refuses a second resource of one mark with, naming what they share and the other. */
export function sharedMarkLine(type: string, shared: string, other: MarkHolder): string {
  const which = other === "new" ? "another resource to create" : `the resource whose state holds ${other.id}`;
  return `${type}: ${which} has the same ${shared} in this workspace's ownership_scope, so both would carry one ownership mark and neither could prove which object is its own; give each resource its own ${shared === "title" ? "title" : "url"}`;
}
