import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Activity, SenderClient } from "../../../provider/client";
import { type CannedServer, startCannedServer } from "./helpers/canned-server";
import * as f from "./helpers/fixtures";

let server: CannedServer;
let client: SenderClient;

// 25 opens over 3 pages of 10, like the seeded SENT campaign.
const opens: Activity[] = Array.from({ length: 25 }, (_, i) => ({
  subscriber_id: `sub${String(i + 1).padStart(3, "0")}`,
  email: `subscriber${i + 1}@example.com`,
  created_at: "2026-03-18 13:05:00",
  type: "open",
}));

function servePages(total: Activity[], perPage: number): void {
  server.handle((request) => {
    const query = new URL(request.url, "http://x").searchParams;
    const pageNumber = Number(query.get("page") ?? "1");
    const lastPage = Math.max(1, Math.ceil(total.length / perPage));
    const data = total.slice((pageNumber - 1) * perPage, pageNumber * perPage);
    return { body: f.page(data, pageNumber, lastPage, perPage) };
  });
}

beforeAll(async () => {
  server = await startCannedServer();
  client = new SenderClient({ baseUrl: server.url, apiToken: f.TOKEN });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe("iterators", () => {
  it("should walk 3 pages, following meta.last_page", async () => {
    servePages(opens, 10);
    const items = await collect(client.iterateActivity("snt001", "opens", { limit: 10 }));
    expect(items).toEqual(opens);
    expect(server.requests.map((r) => r.url)).toEqual([
      "/v2/campaigns/snt001/opens?page=1&limit=10",
      "/v2/campaigns/snt001/opens?page=2&limit=10",
      "/v2/campaigns/snt001/opens?page=3&limit=10",
    ]);
  });

  it("should stop at maxItems without fetching further pages", async () => {
    servePages(opens, 10);
    const items = await collect(client.iterateActivity("snt001", "opens", { limit: 10, maxItems: 12 }));
    expect(items).toEqual(opens.slice(0, 12));
    expect(server.requests).toHaveLength(2);
  });

  it("should fetch nothing for maxItems 0", async () => {
    servePages(opens, 10);
    expect(await collect(client.iterateActivity("snt001", "opens", { maxItems: 0 }))).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("should ask for 100 per page by default and stop on an empty list", async () => {
    servePages([], 100);
    expect(await collect(client.iterateCarts())).toEqual([]);
    expect(server.requests.map((r) => r.url)).toEqual(["/v2/carts?page=1&limit=100"]);
  });

  it("should stop when the iteration is broken off", async () => {
    servePages(opens, 10);
    for await (const item of client.iterateActivity("snt001", "opens", { limit: 10 })) {
      if (item.subscriber_id === "sub003") break;
    }
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    [
      "iterateCampaigns",
      (c: SenderClient) => c.iterateCampaigns({ status: "SENT", limit: 2 }),
      "/v2/campaigns?status=SENT&page=2&limit=2",
    ],
    [
      "iterateTransactional",
      (c: SenderClient) => c.iterateTransactional({ limit: 2 }),
      "/v2/transactional?page=2&limit=2",
    ],
    [
      "iterateHardBounces",
      (c: SenderClient) => c.iterateHardBounces("snt001", { limit: 2 }),
      "/v2/campaigns/snt001/hard_bounces?page=2&limit=2",
    ],
    ["iterateCarts", (c: SenderClient) => c.iterateCarts({ limit: 2 }), "/v2/carts?page=2&limit=2"],
  ] as const)("%s should page through its list", async (_name, iterate, secondUrl) => {
    const records: Record<string, unknown> = {
      iterateCampaigns: f.campaign,
      iterateTransactional: f.transactional,
      iterateHardBounces: { recipient_id: "sub002", message: null, created_at: "2026-03-18 13:05:00" },
      iterateCarts: f.cart,
    };
    const record = records[_name];
    server.handle((request) => {
      const pageNumber = Number(new URL(request.url, "http://x").searchParams.get("page"));
      return { body: { ...f.page([record, record], pageNumber, 2, 2), has_more_resources: pageNumber < 2 } };
    });
    const items = await collect(iterate(client) as AsyncIterable<unknown>);
    expect(items).toHaveLength(4);
    expect(server.requests[1]?.url).toBe(secondUrl);
  });
});
