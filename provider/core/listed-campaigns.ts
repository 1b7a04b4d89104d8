/**
 * The account's campaigns as the campaign list shows them, for the sent check of `diff`: a preview
 * that changes many campaigns reads a page of 100 where it read each campaign on its own.
 */
import type * as api from "../client/schemas";

/** Records per page of the list: the most the service allows (`limit`, wire contract). */
export const LISTED_PAGE_SIZE = 100;

/**
 * The campaign list, read lazily and at most once per page, shared by every lookup of a context.
 * Page `n` is read only once `n` lookups have been asked for, so the list never costs more than
 * one request beyond what reading each campaign would (the rate limit is spent no faster); a
 * campaign it does not show (on a page not worth reading, created since, or when a page failed)
 * is left to the caller's own read.
 */
export class ListedCampaigns {
  readonly #readPage: (page: number, limit: number) => Promise<api.Page<api.Campaign>>;
  readonly #pages: Promise<void>[] = [];
  readonly #byId = new Map<string, api.Campaign>();
  #lastPage: number | undefined;
  #lookups = 0;

  /** @param readPage reads one page of `GET /campaigns` (`listCampaigns`). */
  constructor(readPage: (page: number, limit: number) => Promise<api.Page<api.Campaign>>) {
    this.#readPage = readPage;
  }

  /** The campaign as listed; undefined when the list, within its cost, does not show it. */
  async find(id: string): Promise<api.Campaign | undefined> {
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

  async #read(page: number): Promise<void> {
    try {
      const answer = await this.#readPage(page, LISTED_PAGE_SIZE);
      for (const campaign of answer.data)
        if (!this.#byId.has(campaign.id)) this.#byId.set(campaign.id, campaign);
      if (answer.data.length === 0 || page >= answer.meta.last_page) this.#lastPage = page;
    } catch {
      // A failed page ends the list here: each lookup it would have served reads its campaign.
      this.#lastPage = Math.min(this.#lastPage ?? page - 1, page - 1);
    }
  }
}
