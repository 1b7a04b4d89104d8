// Arguments several data sources share, with the rules their messages state.
import { z } from "zod";
import type { ArgDecl } from "./declare";

/** The rule of an id or hash argument. */
export const ID_RULE = "must be a non-empty string";
/** The rule of `limit`. */
export const LIMIT_RULE = "must be a whole number from 1 to 100";
/** The rule of `maxItems`. */
export const MAX_ITEMS_RULE = "must be a whole number of at least 1";

/** An id or hash: any non-blank text. */
export const idCheck = z.string().refine((value) => value.trim() !== "");

/** A required id argument with this doc. */
export function idArg(doc: string): ArgDecl<string, false> {
  return { type: "string", doc, check: idCheck, rule: ID_RULE };
}

/** Records per page of a paginated read, with this doc; the service refuses more than 100. */
export function limitArg(doc: string): ArgDecl<number | undefined, true> {
  return { type: "integer", doc, optional: true, check: z.number().int().min(1).max(100), rule: LIMIT_RULE };
}

/** The page size of a read that walks every page. */
export const PAGE_LIMIT = limitArg(
  "Records per request, 1 to 100 (default 100). Every page is read whatever the size.",
);

/** The `maxItems` cap of a paginated read, with this doc. */
export function maxItemsArg(doc: string): ArgDecl<number | undefined, true> {
  return { type: "integer", doc, optional: true, check: z.number().int().min(1), rule: MAX_ITEMS_RULE };
}

/** The doc of `total` in a paginated result. */
export const TOTAL_DOC = "even when `maxItems` stopped the read early.";
