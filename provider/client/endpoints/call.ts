/**
 * What every endpoint area shares: the call through the client's transport, the paging options
 * and the page walk. The endpoint methods live on `SenderClient`'s prototype, so they find the
 * transport through `this`: a private field of the client's base class, never a property a caller
 * could read.
 */
import type { Route, RouteOutput } from "../routes";
import type * as s from "../schemas";
import type { CallSpec, Transport } from "../transport";

/** Paging of a list call. */
export interface PageQuery {
  /** 1-based page number. Default 1 (service). */
  page?: number;
  /** Records per page; the service caps it at 100. Default 10 (service). */
  limit?: number;
}

/** Options of the `iterate*` walks. */
export interface IterateOptions {
  /** Records per page. Default 100, the most the service allows, to spend fewer requests. */
  limit?: number;
  /** Stop after yielding this many records. */
  maxItems?: number;
}

const ITERATE_PAGE_SIZE = 100;

/**
 * The base of `SenderClient`: it holds the transport (and through it the token) in a private
 * field, which only {@link call} reads.
 */
export class TransportHolder {
  readonly #transport: Transport;

  /** @param transport the client's transport, for good. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Tells `listener` the ids each write of this client names, before it is sent and once it
   * answers (a create's new id), so that a cache of lists never serves what this client may have
   * changed. Reads (GET) tell nothing; a listener that throws is ignored.
   */
  watchWrites(listener: (ids: readonly string[]) => void): void {
    this.#transport.watchWrites(listener);
  }

  /**
   * See {@link call}: defined here, where the private field is in scope.
   * @internal Not part of the client's API: endpoint methods reach it through {@link call}.
   */
  static readonly call = <R extends Route>(
    client: object | undefined,
    route: R,
    spec?: CallSpec<R>,
  ): Promise<RouteOutput<R>> => {
    if (typeof client !== "object" || client === null || !(#transport in client)) {
      throw new TypeError(`SenderClient method for ${route} called without its client as \`this\``);
    }
    return (client as TransportHolder).#transport.call(route, spec);
  };
}

/**
 * Sends one call through the transport of `client` (an endpoint method's `this`).
 * @throws TypeError when the method was detached from its client.
 */
export const call: <R extends Route>(
  client: object,
  route: R,
  spec?: CallSpec<R>,
) => Promise<RouteOutput<R>> = TransportHolder.call;

/** Walks a paginated list page after page, until a short page, the last page or `maxItems`. */
export async function* walk<T>(
  fetchPage: (page: number, limit: number) => Promise<{ data: T[]; meta: s.PageMeta }>,
  options: IterateOptions,
): AsyncGenerator<T> {
  const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
  const limit = options.limit ?? ITERATE_PAGE_SIZE;
  let yielded = 0;
  if (maxItems <= 0) return;
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page, limit);
    for (const item of answer.data) {
      yield item;
      yielded++;
      if (yielded >= maxItems) return;
    }
    if (answer.data.length === 0 || page >= answer.meta.last_page) return;
  }
}
