import type { Context } from "hono";
import { invalid } from "./errors";

/** The paginated envelope (spec 2.8, observed). */
export interface Envelope<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    path: string;
    per_page: number;
    to: number | null;
    total: number;
    links: { url: string | null; label: string; active: boolean }[];
  };
}

/** Default page size: 10 in the spec's examples. */
export const DEFAULT_LIMIT = 10;
/** Largest accepted `limit` (assumed; clients commonly use 100). */
export const MAX_LIMIT = 100;

function positiveInteger(c: Context, name: string, fallback: number, max?: number): number {
  const raw = c.req.query(name);
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) throw invalid({ [name]: [`The ${name} must be an integer.`] });
  const value = Number(raw);
  if (value < 1) throw invalid({ [name]: [`The ${name} must be at least 1.`] });
  if (max !== undefined && value > max)
    throw invalid({ [name]: [`The ${name} may not be greater than ${max}.`] });
  return value;
}

/** Reads `page` and `limit` from the query; 422 when malformed or `limit` > 100 (assumed). */
export function readPaging(c: Context): { page: number; limit: number } {
  return {
    page: positiveInteger(c, "page", 1),
    limit: positiveInteger(c, "limit", DEFAULT_LIMIT, MAX_LIMIT),
  };
}

/**
 * Builds the Laravel envelope for one page of `items`. Page links keep the other query
 * parameters (as Laravel's `withQueryString`: assumed) so that following `next` keeps `limit`.
 */
export function paginate<T>(c: Context, items: readonly T[]): Envelope<T> {
  const { page, limit } = readPaging(c);
  const url = new URL(c.req.url);
  const path = `${url.origin}${url.pathname}`;
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / limit));
  const start = (page - 1) * limit;
  const data = items.slice(start, start + limit);
  const pageUrl = (n: number) => {
    const query = new URLSearchParams(url.search);
    query.set("page", String(n));
    return `${path}?${query.toString()}`;
  };
  const prev = page > 1 ? pageUrl(Math.min(page - 1, lastPage)) : null;
  const next = page < lastPage ? pageUrl(page + 1) : null;
  const pageLinks = Array.from({ length: lastPage }, (_, i) => ({
    url: pageUrl(i + 1),
    label: String(i + 1),
    active: i + 1 === page,
  }));
  return {
    data,
    links: { first: pageUrl(1), last: pageUrl(lastPage), prev, next },
    meta: {
      current_page: page,
      from: data.length > 0 ? start + 1 : null,
      last_page: lastPage,
      path,
      per_page: limit,
      to: data.length > 0 ? start + data.length : null,
      total,
      links: [
        { url: prev, label: "&laquo; Previous", active: false },
        ...pageLinks,
        { url: next, label: "Next &raquo;", active: false },
      ],
    },
  };
}
