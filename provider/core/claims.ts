import { PartWrites } from "./part-writes";

/**
 * What the creates of one provider context remember: the ids they reclaimed or made, per kind, so
 * that no id is ever reclaimed by two resources; and the lists taken once per client and kind
 * ({@link Claims.sharedList}); and the campaign parts written ({@link Claims.parts}). A provider
 * context holds one; a new process starts with none.
 */
export class Claims {
  /** The campaign parts this process wrote: their queues and last writers. */
  readonly parts = new PartWrites();
  readonly #claimed = new Map<string, Set<string>>();
  readonly #lists = new Map<object, Map<string, Promise<unknown[]>>>();
  readonly #taken = new Map<string, Set<string>>();

  /**
   * The ids the creates of this process reclaimed for `kind` (found as their own, made by an
   * earlier run): a state names each now, so no delete of this process removes one.
   */
  taken(kind: string): Set<string> {
    let set = this.#taken.get(kind);
    if (!set) {
      set = new Set();
      this.#taken.set(kind, set);
    }
    return set;
  }

  /** The ids claimed for `kind`. */
  of(kind: string): Set<string> {
    let set = this.#claimed.get(kind);
    if (!set) {
      set = new Set();
      this.#claimed.set(kind, set);
    }
    return set;
  }

  /**
   * The list of a kind's objects, taken once per client (`owner`) when first needed; concurrent
   * callers share the same request. Creates look here before their first attempt, so that an
   * `up` of 200 campaigns lists them once rather than before each POST; after an ambiguous
   * failure they look again with a fresh request. A failed list is forgotten, so the next caller
   * tries again.
   */
  sharedList<T>(owner: object, kind: string, load: () => Promise<T[]>): Promise<T[]> {
    let byKind = this.#lists.get(owner);
    if (!byKind) {
      byKind = new Map();
      this.#lists.set(owner, byKind);
    }
    const cached = byKind.get(kind) as Promise<T[]> | undefined;
    if (cached) return cached;
    const loading = load();
    byKind.set(kind, loading);
    loading.catch(() => {
      if (byKind.get(kind) === loading) byKind.delete(kind);
    });
    return loading;
  }
}
