/**
 * What every endpoint area shares: the call through the client's transport, the paging options
 * and the page walk. The endpoint methods live on `SenderClient`'s prototype, so they find the
 * transport through `this`: a private map, never a property a caller could read.
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

// Keyed by client: the transport (which holds the token) stays out of reach of callers.
const transports = new WeakMap<object, Transport>();

/** Gives `client` its transport; the `SenderClient` constructor calls it once. */
export function attachTransport(client: object, transport: Transport): void {
  transports.set(client, transport);
}

/**
 * Sends one call through the transport of `client` (an endpoint method's `this`).
 * @throws TypeError when the method was detached from its client.
 */
export function call<R extends Route>(client: object, route: R, spec?: CallSpec<R>): Promise<RouteOutput<R>> {
  const transport = transports.get(client);
  if (transport === undefined) {
    throw new TypeError(`SenderClient method for ${route} called without its client as \`this\``);
  }
  return transport.call(route, spec);
}

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
