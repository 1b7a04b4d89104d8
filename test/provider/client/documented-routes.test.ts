import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator/server";
import { SenderClient, type SenderHttpError } from "../../../provider/client";

// The client's methods for the routes the seed lacks, against the emulator, plain and in variance mode.
const TOKEN = "documented-routes-token-3Hq";
let emulator: RunningEmulator;
let client: SenderClient;
const admin = (method: string, route: string, body?: unknown) =>
  fetch(`${emulator.url}/__emulator/${route}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN });
  client = new SenderClient({ baseUrl: emulator.url, apiToken: TOKEN, retry: { maxAttempts: 1 } });
});
afterAll(async () => {
  await emulator.close();
});

describe.each([false, true])("documented routes (variance %s)", (variance) => {
  beforeEach(async () => {
    await admin("POST", "reset");
    await admin("PUT", "variance", { enabled: variance });
  });

  test("updateTransactional changes the record in place and returns it", async () => {
    const updated = await client.updateTransactional("trn001", {
      subject: "Updated in place",
      preheader: "New",
    });
    expect(updated).toMatchObject({ id: "trn001", subject: "Updated in place" });
    const read = await client.getTransactional("trn001");
    expect(read.subject).toBe("Updated in place");
    // Variance answers, like the docs, carry no preheader: absent, not wrong.
    expect(read.preheader).toBe(variance ? undefined : "New");
  });

  test("list, read and update a webhook; the group key goes with the topic", async () => {
    const created = await client.createWebhook({
      url: "https://hooks.example/in",
      topic: "groups/new-subscriber",
      relation_id: "grp001",
    });
    expect((await client.listWebhooks()).map((w) => w.id)).toEqual([created.id]);
    expect(await client.getWebhook(created.id)).toMatchObject({ id: created.id, group: "grp001" });
    const moved = await client.updateWebhook(created.id, { topic: "subscribers/new" });
    expect(moved).toMatchObject({
      id: created.id,
      topic: "subscribers/new",
      url: "https://hooks.example/in",
    });
    expect(moved.group).toBe(variance ? undefined : null);
    expect(await client.deleteWebhook(created.id)).toEqual(
      variance ? { success: true, message: "" } : { success: true, message: "Webhook deleted." },
    );
    const gone = await client.getWebhook(created.id).catch((e: unknown) => e);
    expect((gone as SenderHttpError).status).toBe(404);
  });

  test("copyCampaign returns the new campaign's id, which reads back as a DRAFT", async () => {
    const source = await client.createCampaign({
      subject: "Original",
      from: "Example News",
      reply_to: "news@example.com",
      content_type: "text",
      google_analytics: 1,
    });
    const copy = await client.copyCampaign(source.id);
    expect(copy.success).toBe(true);
    expect(copy.data.id).not.toBe(source.id);
    expect(await client.getCampaign(copy.data.id)).toMatchObject({ status: "DRAFT", subject: "Original" });
  });
});
