import { Hono } from "hono";
import { z } from "zod";
import { ack, type EmulatorEnv, type RouteDeps } from "../context";
import { badRequest, invalid, notFound } from "../errors";
import { paginate } from "../pagination";
import type { Cart } from "../types";
import { httpUrl, integer, parseBody } from "../validation";

/** Prices are strings in the spec; numbers are accepted and kept as strings (assumed). */
const money = z.union([z.string(), z.number()]).transform(String);

const productSchema = z.object({
  sku: z.string().optional(),
  name: z.string().optional(),
  price: money.optional(),
  price_display: money.optional(),
  qty: z.number().int().min(0).optional(),
  image: z.string().optional(),
});

// spec 2.4
const createSchema = z.object({
  external_id: integer,
  email: z.email(),
  url: httpUrl,
  products: z.array(productSchema).optional(),
  currency: z.string().max(10).nullish(),
  order_total: money.nullish(),
  tax_total: money.nullish(),
});

/** Carts (spec 4.7): read by the generated `cart_hash`, deleted and converted by `external_id`. */
export function cartRoutes({ store }: RouteDeps) {
  const app = new Hono<EmulatorEnv>();

  const byExternalId = (raw: string): Cart => {
    const cart = /^\d+$/.test(raw)
      ? store.data.carts.find((candidate) => candidate.external_id === Number(raw))
      : undefined;
    if (!cart) throw notFound("Cart", raw);
    return cart;
  };

  app.post("/carts", async (c) => {
    const body = await parseBody(c, createSchema);
    if (store.data.carts.some((cart) => cart.external_id === body.external_id)) {
      throw invalid({ external_id: ["The external id has already been taken."] }); // assumed
    }
    const cart: Cart = {
      cart_hash: store.newId(12),
      external_id: body.external_id,
      email: body.email,
      url: body.url,
      currency: body.currency ?? null,
      order_total: body.order_total ?? null,
      tax_total: body.tax_total ?? null,
      products: body.products ?? [],
      status: "ACTIVE",
      created: store.timestamp(),
    };
    store.data.carts.push(cart);
    store.markDirty();
    return c.json({ data: cart }, 201);
  });

  app.get("/carts", (c) => c.json(paginate(c, [...store.data.carts].reverse())));

  app.get("/carts/:cartHash", (c) => {
    const hash = c.req.param("cartHash");
    const cart = store.data.carts.find((candidate) => candidate.cart_hash === hash);
    if (!cart) throw notFound("Cart", hash);
    return c.json({ data: cart });
  });

  app.delete("/carts/:externalId", (c) => {
    const cart = byExternalId(c.req.param("externalId"));
    store.data.carts = store.data.carts.filter((candidate) => candidate !== cart);
    store.markDirty();
    return ack(c, "Cart deleted.");
  });

  app.post("/carts/:externalId/convert", (c) => {
    const cart = byExternalId(c.req.param("externalId"));
    if (cart.status === "CONVERTED") throw badRequest(`Cart ${cart.external_id} is already converted.`);
    cart.status = "CONVERTED";
    store.markDirty();
    return ack(c, "Cart converted.");
  });

  return app;
}
