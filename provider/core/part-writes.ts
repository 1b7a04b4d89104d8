/**
 * The per-process record behind `campaignPart` (`campaign-parts.ts`, which says what it promises):
 * a leaf module, so that `Claims` can hold one without an import cycle.
 */

/**
 * The per-process record of the campaign parts written (`Claims.parts` holds one): a queue
 * per part, and the outputs of the last create or update of each part.
 */
export class PartWrites {
  readonly #tails = new Map<string, Promise<unknown>>();
  readonly #last = new Map<string, object>();

  /**
   * Runs `run` once every earlier call for `part` has settled (a failed one too), so that two
   * writes to one part never interleave.
   */
  serialize<T>(part: string, run: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(part) ?? Promise.resolve();
    const result = before.then(run, run);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(part, tail);
    // The queue of a part nobody waits on is dropped, so that a long run keeps no idle entries.
    void tail.then(() => {
      if (this.#tails.get(part) === tail) this.#tails.delete(part);
    });
    return result;
  }

  /** Records `outs`, what a create or update of `part` returned, as its last writer. */
  wrote(part: string, outs: object): void {
    this.#last.set(part, outs);
  }

  /**
   * The outputs of the last write of `part` in this process when they are not `props` (another
   * resource set it last); undefined when nobody wrote it or `props` are the last writer's own.
   */
  supersededBy(part: string, props: object | undefined): object | undefined {
    const last = this.#last.get(part);
    return last === undefined || last === props ? undefined : last;
  }

  /** Forgets the last writer of `part`: a delete cleared it. */
  cleared(part: string): void {
    this.#last.delete(part);
  }
}
