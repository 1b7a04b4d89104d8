import { describe, expect, test } from "vitest";
import { ack, START_TS, testEmulator } from "./helpers";

describe("webhooks", () => {
  test("should create a bare webhook with 201 and delete it", async () => {
    const emu = testEmulator();
    const answer = await emu.call("POST", "/v2/account/webhooks", {
      url: "https://hooks.example.com/sender",
      topic: "groups/new-subscriber",
      relation_id: "grp001",
    });
    expect(answer.status).toBe(201);
    const id = answer.body.id;
    expect(answer.body).toEqual({
      id,
      account_id: "acc001",
      url: "https://hooks.example.com/sender",
      topic: "groups/new-subscriber",
      group: "grp001",
      total_deliveries: 0,
      total_failures: 0,
      response_time: 0,
      status: "ACTIVE",
    });
    expect((await emu.state()).webhooks).toEqual([answer.body]);
    expect(await emu.call("DELETE", `/v2/account/webhooks/${id}`)).toMatchObject({
      status: 200,
      body: ack("Webhook deleted."),
    });
    expect(await emu.call("DELETE", `/v2/account/webhooks/${id}`)).toMatchObject({
      status: 404,
      body: { message: `Webhook ${id} not found.` },
    });
  });

  test("should answer group null for a topic without relation", async () => {
    const emu = testEmulator();
    const answer = await emu.call("POST", "/v2/account/webhooks", {
      url: "https://h.example.com/",
      topic: "campaigns/new",
    });
    expect(answer.body).toMatchObject({ status: "ACTIVE", group: null, topic: "campaigns/new" });
  });
});

describe("carts", () => {
  const cart = {
    external_id: 1001,
    email: "buyer@example.org",
    url: "https://shop.example.com/cart/1001",
    currency: "EUR",
    order_total: "42.50",
    tax_total: 8.5,
    products: [{ sku: "TEA-1", name: "Green tea", price: "12.00", qty: 2 }],
  };

  test("should create, read, list, convert and delete a cart", async () => {
    const emu = testEmulator();
    const created = await emu.call("POST", "/v2/carts", cart);
    expect(created.status).toBe(201);
    const hash = created.body.data.cart_hash;
    expect(hash).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(created.body).toEqual({
      data: {
        cart_hash: hash,
        external_id: 1001,
        email: "buyer@example.org",
        url: "https://shop.example.com/cart/1001",
        currency: "EUR",
        order_total: "42.50",
        tax_total: "8.5",
        products: [{ sku: "TEA-1", name: "Green tea", price: "12.00", qty: 2 }],
        status: "ACTIVE",
        created: START_TS,
      },
    });
    expect(await emu.call("GET", `/v2/carts/${hash}`)).toMatchObject({ status: 200, body: created.body });
    expect((await emu.call("GET", "/v2/carts")).body).toMatchObject({
      data: [created.body.data],
      meta: { total: 1 },
    });
    expect(await emu.call("POST", "/v2/carts", cart)).toMatchObject({
      status: 422,
      body: { errors: { external_id: ["The external id has already been taken."] } },
    });
    expect(await emu.call("POST", "/v2/carts/1001/convert")).toMatchObject({
      status: 200,
      body: ack("Cart converted."),
    });
    expect((await emu.call("GET", `/v2/carts/${hash}`)).body.data.status).toBe("CONVERTED");
    expect(await emu.call("POST", "/v2/carts/1001/convert")).toMatchObject({
      status: 400,
      body: { success: false, message: "Cart 1001 is already converted." },
    });
    expect(await emu.call("DELETE", "/v2/carts/1001")).toMatchObject({
      status: 200,
      body: ack("Cart deleted."),
    });
    expect(await emu.call("DELETE", "/v2/carts/1001")).toMatchObject({
      status: 404,
      body: { message: "Cart 1001 not found." },
    });
    expect(await emu.call("GET", `/v2/carts/${hash}`)).toMatchObject({
      status: 404,
      body: { message: `Cart ${hash} not found.` },
    });
    expect(await emu.call("POST", "/v2/carts/abc/convert")).toMatchObject({ status: 404 });
  });
});

describe("account and misc", () => {
  test("should list plans and read one", async () => {
    const emu = testEmulator();
    const plans = (await emu.call("GET", "/v2/plans")).body.data;
    expect(plans.map((plan: { id: number; name: string }) => [plan.id, plan.name])).toEqual([
      [1, "Free"],
      [2, "Standard"],
      [3, "Professional"],
    ]);
    expect(await emu.call("GET", "/v2/plans/2")).toMatchObject({
      status: 200,
      body: {
        data: {
          id: 2,
          name: "Standard",
          price: 15,
          currency: "USD",
          period: "month",
          subscribers_limit: 10000,
          emails_limit: 120000,
          features: ["campaigns", "automation", "transactional", "webhooks"],
        },
      },
    });
    expect(await emu.call("GET", "/v2/plans/9")).toMatchObject({
      status: 404,
      body: { message: "Plan 9 not found." },
    });
  });

  test("should count the active subscribers", async () => {
    const emu = testEmulator();
    expect((await emu.call("GET", "/v2/active_subscribers")).body).toEqual({
      data: { active_subscribers: 23 },
    });
  });

  test("should record delete_me and additional_info without other effect", async () => {
    const emu = testEmulator();
    expect(await emu.call("POST", "/v2/delete_me")).toMatchObject({
      status: 200,
      body: ack("Account deletion requested."),
    });
    expect(await emu.call("POST", "/v2/additional_info", { company: "Example" })).toMatchObject({
      status: 200,
      body: ack("Additional info saved."),
    });
    expect((await emu.state()).account_requests).toEqual([
      { kind: "delete_me", body: {}, created: START_TS },
      { kind: "additional_info", body: { company: "Example" }, created: START_TS },
    ]);
    expect((await emu.call("GET", "/v2/campaigns/snt001")).status).toBe(200);
  });

  test("should read product data from a URL", async () => {
    const emu = testEmulator();
    const answer = await emu.call(
      "GET",
      "/v2/EditorImports/getProductData?url=https://shop.example.com/p/green-tea",
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      title: "Green Tea",
      url: "https://shop.example.com/p/green-tea",
    });
    expect(answer.body.data.price).toMatch(/^\d+\.\d{2}$/);
    expect(await emu.call("GET", "/v2/EditorImports/getProductData")).toMatchObject({
      status: 422,
      body: { errors: { url: ["The url field is required."] } },
    });
  });

  test("should upload images to a folder, count them, and bulk-delete them", async () => {
    const emu = testEmulator();
    const upload = await emu.call("POST", "/v2/upload/v2/1/fld002", { file: "https://example.com/a.png" });
    expect(upload.status).toBe(200);
    const id = upload.body.data.id;
    expect(upload.body).toEqual({
      data: { id, url: `https://cdn.emulator.sender.test/images/${id}.png`, folder_id: "fld002" },
    });
    expect((await emu.call("GET", "/v2/imageFolders")).body).toEqual({
      data: [
        { id: "fld001", name: "Brand", images_count: 2 },
        { id: "fld002", name: "Products", images_count: 4 },
      ],
    });
    expect(await emu.call("POST", "/v2/userImages/bulkDelete", { ids: [id, "img001"] })).toMatchObject({
      status: 200,
      body: ack("2 image(s) deleted."),
    });
    expect(
      (await emu.call("GET", "/v2/imageFolders")).body.data.map(
        (f: { images_count: number }) => f.images_count,
      ),
    ).toEqual([1, 3]);
    expect(
      await emu.call("POST", "/v2/upload/v2/1/fld999", { file: "https://example.com/a.png" }),
    ).toMatchObject({
      status: 404,
      body: { message: "Folder fld999 not found." },
    });
  });
});
