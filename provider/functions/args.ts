// Arguments several data sources share, with the rules their messages state (their docs are the
// TSDoc of each data source's argument interface).
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

/** A required id or hash argument. */
export const ID_ARG: ArgDecl<string, false> = { type: "string", check: idCheck, rule: ID_RULE };

/** Records per page of a paginated read; the service refuses more than 100. */
export const LIMIT_ARG: ArgDecl<number | undefined, true> = {
  type: "integer",
  optional: true,
  check: z.number().int().min(1).max(100),
  rule: LIMIT_RULE,
};

/** The `maxItems` cap of a paginated read. */
export const MAX_ITEMS_ARG: ArgDecl<number | undefined, true> = {
  type: "integer",
  optional: true,
  check: z.number().int().min(1),
  rule: MAX_ITEMS_RULE,
};
