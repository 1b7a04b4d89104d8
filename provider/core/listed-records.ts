/**
 * The account's lists (its campaigns, its transactional campaigns, its webhooks, its groups) read a
 * page at a time and shared by a whole context, for what a page can serve in place of one read per
 * object: the sent check of `diff`, and the reads of a plan, a preview or a refresh whose objects a
 * page proves current (each kind says what proves it: `read` of Campaign, its parts, Webhook, Group).
 */

/** Records per page of a paged list: the most the service allows (`limit`, wire contract). */
export const LISTED_PAGE_SIZE = 100;

/** One page of a list: its records and, when the service pages it, the last page's number. */
export interface ListedPage<T> {
  /** The records of this page. */
  data: T[];
  /** The page's position; absent, the answer is the whole list. */
  meta?: { last_page: number } | undefined;
}

/**
 * One list, read lazily and at most once per page, shared by every lookup of a context. Page `n`
 * is read only once `n` lookups have been asked for, so that a few lookups in a long list read
 * the first pages only; a record it does not show (on a page not worth reading, created since,
 * or when a page failed) is left to the caller's own read.
 */
export class ListedRecords<T extends { id: string }> {
  readonly #readPage: (page: number, limit: number) => Promise<ListedPage<T>>;
  readonly #pages: Promise<void>[] = [];
  #firstAnswer: Promise<ListedPage<T>> | undefined;
  readonly #byId = new Map<string, T>();
  #lastPage: number | undefined;
  #lookups = 0;

  /** @param readPage reads one page of the list (a list the service does not page: the whole of it). */
  constructor(readPage: (page: number, limit: number) => Promise<ListedPage<T>>) {
    this.#readPage = readPage;
  }

  /** The record as listed; undefined when the list, within its cost, does not show it. */
  async find(id: string): Promise<T | undefined> {
    this.#lookups++;
    for (let page = 1; ; page++) {
      const found = this.#byId.get(id);
      if (found !== undefined) return found;
      if (this.#lastPage !== undefined && page > this.#lastPage) return undefined;
      if (page > this.#pages.length) {
        if (page > this.#lookups) return undefined;
        this.#pages.push(this.#read(page));
      }
      await this.#pages[page - 1];
    }
  }

  /** The answer of page 1 as it came (rejected when the read failed); undefined until it is asked for. */
  firstAnswer(): Promise<ListedPage<T>> | undefined {
    return this.#firstAnswer;
  }

  async #read(page: number): Promise<void> {
    try {
      const reading = this.#readPage(page, LISTED_PAGE_SIZE);
      if (page === 1) this.#firstAnswer = reading;
      const answer = await reading;
      for (const record of answer.data) if (!this.#byId.has(record.id)) this.#byId.set(record.id, record);
      if (answer.meta === undefined || answer.data.length === 0 || page >= answer.meta.last_page)
        this.#lastPage = page;
    } catch {
      // A failed page ends the list here: each lookup it would have served reads its record.
      this.#lastPage = Math.min(this.#lastPage ?? page - 1, page - 1);
    }
  }
}

/** The lists a context reads in pages. */
export type ListedKind = "campaigns" | "transactional" | "webhooks" | "groups";

/**
 * The lists of one context and of its read-only view, with the ids their client wrote: a read
 * never takes a record from a page once a write naming its id has begun (a create, an update, a
 * rename, a schedule, a targeting...), whether before the page was requested or while it was read,
 * since the page may show it as it was before; it reads it on its own, fresh. (The sent check of
 * `diff` takes the page's status as it did; what writes reads each campaign itself.)
 */
export class ListedReads {
  readonly #written = new Set<string>();
  readonly #lists = new Map<ListedKind, ListedRecords<{ id: string }>>();

  /** Records that a write naming `ids` began (or answered with them). */
  wrote(ids: readonly string[]): void {
    for (const id of ids) this.#written.add(id);
  }

  /** True once a write naming `id` began: a read of it is its own GET, never a page's record. */
  written(id: string): boolean {
    return this.#written.has(id);
  }

  /**
   * The answer of the first page of list `kind` (rejected when that read failed), or undefined
   * when no lookup asked for it yet.
   */
  firstAnswer(kind: ListedKind): Promise<unknown> | undefined {
    return this.#lists.get(kind)?.firstAnswer();
  }

  /**
   * The record `id` as a page of list `kind` shows it, the list read with `readPage` when first
   * asked for; undefined when the list does not show it. A read checks {@link ListedReads.written}
   * before and after.
   */
  find<T extends { id: string }>(
    kind: ListedKind,
    id: string,
    readPage: (page: number, limit: number) => Promise<ListedPage<T>>,
  ): Promise<T | undefined> {
    let list = this.#lists.get(kind) as ListedRecords<T> | undefined;
    if (list === undefined) {
      list = new ListedRecords(readPage);
      this.#lists.set(kind, list as ListedRecords<{ id: string }>);
    }
    return list.find(id);
  }
}
