import { beforeAll, describe, expect, test } from "vitest";
import { type GetCartResult, getCart, getCarts } from "../../../sdk/functions";
import { NOW_TS, useEmulator } from "./helpers";

const emulator = useEmulator();

// The emulator seeds no carts: the file creates three through the API.
const expected: GetCartResult[] = [];

beforeAll(async () => {
  const full = await emulator.client.createCart({
    external_id: 101,
    email: "subscriber1@example.com",
    url: "https://shop.example.com/cart/101",
    currency: "EUR",
    order_total: "42.50",
    tax_total: "7.38",
    products: [
      {
        sku: "TSHIRT-M",
        name: "T-shirt",
        price: "20.00",
        price_display: "€20.00",
        qty: 2,
        image: "https://shop.example.com/t.png",
      },
      // A product line with only a name: the other fields read as null.
      { name: "Sticker" },
    ],
  });
  const bare = await emulator.client.createCart({
    external_id: 102,
    email: "subscriber2@example.com",
    url: "https://shop.example.com/cart/102",
  });
  const converted = await emulator.client.createCart({
    external_id: 103,
    email: "subscriber3@example.com",
    url: "https://shop.example.com/cart/103",
  });
  await emulator.client.convertCart(103);
  expected.push(
    {
      cartHash: converted.cart_hash,
      externalId: 103,
      email: "subscriber3@example.com",
      url: "https://shop.example.com/cart/103",
      currency: null,
      orderTotal: null,
      taxTotal: null,
      products: [],
      status: "CONVERTED",
      created: NOW_TS,
    },
    {
      cartHash: bare.cart_hash,
      externalId: 102,
      email: "subscriber2@example.com",
      url: "https://shop.example.com/cart/102",
      currency: null,
      orderTotal: null,
      taxTotal: null,
      products: [],
      status: "ACTIVE",
      created: NOW_TS,
    },
    {
      cartHash: full.cart_hash,
      externalId: 101,
      email: "subscriber1@example.com",
      url: "https://shop.example.com/cart/101",
      currency: "EUR",
      orderTotal: "42.50",
      taxTotal: "7.38",
      products: [
        {
          sku: "TSHIRT-M",
          name: "T-shirt",
          price: "20.00",
          priceDisplay: "€20.00",
          qty: 2,
          image: "https://shop.example.com/t.png",
        },
        { sku: null, name: "Sticker", price: null, priceDisplay: null, qty: null, image: null },
      ],
      status: "ACTIVE",
      created: NOW_TS,
    },
  );
});

describe("getCarts", () => {
  test("should list every cart, newest first", async () => {
    expect(await getCarts()).toEqual({ carts: expected, total: 3 });
  });

  test("should read three pages with limit 1", async () => {
    await emulator.clearRequests();
    expect(await getCarts({ limit: 1 })).toEqual({ carts: expected, total: 3 });
    expect((await emulator.requests()).map((r) => r.path)).toEqual([
      "/v2/carts?page=1&limit=1",
      "/v2/carts?page=2&limit=1",
      "/v2/carts?page=3&limit=1",
    ]);
  });

  test("should stop at maxItems", async () => {
    expect(await getCarts({ maxItems: 2 })).toEqual({ carts: expected.slice(0, 2), total: 3 });
  });
});

describe("getCart", () => {
  test("should read each cart by its hash", async () => {
    for (const cart of expected) {
      expect(await getCart({ cartHash: cart.cartHash })).toEqual(cart);
    }
  });
});
