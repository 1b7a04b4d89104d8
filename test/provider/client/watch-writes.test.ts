import { afterAll, beforeAll, expect } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator/server";
import { SenderClient } from "../../../provider/client";
import { it } from "../../support/pulumi-words";

// What a client tells of its writes: the ids each one names, as it begins and as it answers, so
// that a cache of lists (core/listed-records.ts) never serves what the client may have changed.

const TOKEN = "t0ken-secret";

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN });
});
afterAll(() => emulator.close());

it("tells the ids of each write (path, bracket list, a create's answer), nothing of a read", async () => {
  const client = new SenderClient({ baseUrl: emulator.url, apiToken: TOKEN, retry: { maxAttempts: 1 } });
  const told: string[][] = [];
  client.watchWrites((ids) => told.push([...ids]));
  const made = await client.createCampaign({
    subject: "Hello",
    from: "Example News",
    reply_to: "news@example.com",
    content_type: "html",
  });
  await client.getCampaign(made.id);
  await client.listCampaigns({ limit: 1 });
  await client.updateCampaign(made.id, { subject: "Changed" });
  await client.addTag(made.id, "tag001");
  await client.deleteCampaigns([made.id, "nope00"]);
  expect(told).toEqual([[made.id], [made.id], [made.id, "tag001"], [made.id, "nope00"]]);
});

it("tells a write that fails too, before it is sent; a listener that throws fails nothing", async () => {
  const client = new SenderClient({ baseUrl: emulator.url, apiToken: TOKEN, retry: { maxAttempts: 1 } });
  const told: string[][] = [];
  client.watchWrites(() => {
    throw new Error("a broken listener");
  });
  client.watchWrites((ids) => told.push([...ids]));
  await expect(client.updateCampaign("nope00", { subject: "Changed" })).rejects.toMatchObject({
    status: 404,
  });
  expect(told).toEqual([["nope00"]]);
});
