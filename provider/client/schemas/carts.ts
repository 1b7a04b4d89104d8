/** Schemas of carts. Mirrors `emulator/routes/carts.ts`. */
import { z } from "zod";
import { need, opt, record, Timestamp } from "./core";

/** A product line of a cart (wire contract "Carts"); every field is optional. */
export const CartProduct = z.looseObject({
  sku: z.string().nullish().catch(undefined),
  name: z.string().nullish().catch(undefined),
  price: z.union([z.string(), z.number()]).nullish().catch(undefined),
  price_display: z.string().nullish().catch(undefined),
  qty: z.number().nullish().catch(undefined),
  image: z.string().nullish().catch(undefined),
});

/** A product line of a cart (wire contract "Carts"). */
export type CartProduct = z.infer<typeof CartProduct>;

/**
 * A stored cart (wire contract "Carts": fields of a returned cart not shown; assumed). `cart_hash`
 * reads it.
 */
export const CART_FIELDS = {
  cart_hash: need(z.string(), "observed"),
  external_id: opt(z.union([z.number(), z.string()]), "assumed"),
  email: opt(z.string(), "assumed"),
  url: opt(z.string(), "assumed"),
  currency: opt(z.string(), "assumed"),
  order_total: opt(z.union([z.string(), z.number()]), "assumed"),
  tax_total: opt(z.union([z.string(), z.number()]), "assumed"),
  products: opt(z.array(CartProduct), "assumed"),
  status: opt(z.string(), "assumed"),
  created: opt(Timestamp, "assumed"),
} as const;

/** A stored cart (assumed shape). */
export const Cart = record(CART_FIELDS);

/** A stored cart (assumed shape). */
export type Cart = z.infer<typeof Cart>;

/** Body of `POST /carts` (wire contract "Carts"). */
export interface CreateCartBody {
  /** The caller's own cart id. */
  external_id: number;
  /** Customer address. */
  email: string;
  /** Location of the cart. */
  url: string;
  /** Product lines. */
  products?: CartProduct[];
  /** Currency abbreviation. */
  currency?: string;
  /** Order total, as text. */
  order_total?: string;
  /** Tax total, as text. */
  tax_total?: string;
}
