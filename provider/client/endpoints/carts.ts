/**
 * The endpoints of abandoned-cart records. Mirrors `emulator/routes/carts.ts`. Installed on
 * `SenderClient`'s prototype; `call` finds the client's transport through `this`.
 */
import type * as s from "../schemas";
import { call, type IterateOptions, type PageQuery, walk } from "./call";

/** The carts endpoints of `SenderClient`. */
export const cartEndpoints = {
  /** `POST /v2/carts` (201). Not retried after an ambiguous failure. */
  createCart(body: s.CreateCartBody): Promise<s.Cart> {
    return call(this, "POST /carts", { body });
  },

  /** `GET /v2/carts`: one page. */
  listCarts(page: PageQuery = {}): Promise<s.Page<s.Cart>> {
    return call(this, "GET /carts", {
      query: { page: page.page, limit: page.limit },
    });
  },

  /** Walks every cart. */
  iterateCarts(options: IterateOptions = {}): AsyncGenerator<s.Cart> {
    return walk((page, limit) => this.listCarts({ page, limit }), options);
  },

  /** `GET /v2/carts/{cart_hash}`. */
  getCart(cartHash: string): Promise<s.Cart> {
    return call(this, "GET /carts/{cartHash}", { params: { cartHash } });
  },

  /** `DELETE /v2/carts/{external_id}`. */
  deleteCart(externalId: number | string): Promise<s.Ack> {
    return call(this, "DELETE /carts/{externalId}", { params: { externalId } });
  },

  /** `POST /v2/carts/{external_id}/convert`: 400 when already converted. */
  convertCart(externalId: number | string): Promise<s.Ack> {
    return call(this, "POST /carts/{externalId}/convert", { params: { externalId } });
  },
};

/** The carts methods of `SenderClient`. */
export type CartEndpoints = typeof cartEndpoints;
