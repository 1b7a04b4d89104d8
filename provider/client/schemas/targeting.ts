/** Schemas of a campaign's tags and filters. Mirrors `emulator/routes/targeting.ts`. */
import { z } from "zod";
import { Id } from "./core";

/** A tag of the account (assumed shape). */
export const Tag = z.looseObject({ id: Id, name: z.string().nullish().catch(undefined) });

/** A tag of the account. */
export type Tag = z.infer<typeof Tag>;

/** A saved filter of the account (assumed shape). */
export const Filter = z.looseObject({ id: Id, name: z.string().nullish().catch(undefined) });

/** A saved filter of the account. */
export type Filter = z.infer<typeof Filter>;
