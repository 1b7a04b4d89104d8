import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readAccount } from "../../../provider/adopt/account";
import { ADOPT_WORDS, adoptClient, inAdoptTerms, MutationRefused } from "../../../provider/adopt/client";
import { readSettings } from "../../../provider/core/config";
import { SenderOperationError } from "../../../provider/core/operation-errors";
import { inDialect } from "../../../provider/words";
import { type Harness, startHarness, TOKEN } from "../kinds/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("adopt's client", () => {
  const client = () =>
    adoptClient(readSettings({ get: () => undefined }, { SENDER_API_TOKEN: TOKEN, SENDER_BASE_URL: h.url }));

  test("reading an account sends GETs only, each campaign record once, and no webhook's own", async () => {
    await h.client.createWebhook({ url: "https://hooks.example/adopt", topic: "bounces/new" });
    await h.clearRequests();
    const account = await readAccount(client(), {}, () => {});
    expect(account.objects.map((o) => o.kind)).toContain("Webhook");
    const lines = await h.lines();
    expect(lines.filter((line) => !line.startsWith("GET "))).toEqual([]);
    const records = lines.filter((line) => /^GET \/v2\/(campaigns|account\/webhooks)\/[^/?]+$/.test(line));
    expect(records).toEqual([...new Set(records)]);
    expect(records.some((line) => line.includes("/webhooks/"))).toBe(false);
  });

  test("a request refused inside a kind's read is said in adopt's words", async () => {
    const refused = await client()
      .deleteCampaigns(["c1"])
      .catch((error: unknown) => error);
    const error = inAdoptTerms(new SenderOperationError("read", "Campaign", "c1", refused));
    expect(error).toBeInstanceOf(MutationRefused);
    expect((error as Error).message).toBe(
      "pulumi-sender adopt sends no mutating request, and refused DELETE /v2/campaigns",
    );
    expect(await h.mutations()).toEqual([]);
    const other = new Error("not a refusal");
    expect(inAdoptTerms(other)).toBe(other);
  });

  test("a 401 names adopt's own token sources, not the stack's config", async () => {
    const wrong = adoptClient(
      readSettings({ get: () => undefined }, { SENDER_API_TOKEN: "tok-wrong", SENDER_BASE_URL: h.url }),
    );
    // As runAdopt reads: in adopt's words.
    const refused = await inDialect(ADOPT_WORDS, () => readAccount(wrong, {}, () => {})).catch(
      (error: unknown) => error,
    );
    const error = inAdoptTerms(refused) as Error;
    expect(error.message).toBe(
      "GET /v2/campaigns failed with 401: Unauthenticated. (the service refused the API token: check --token or SENDER_API_TOKEN (adopt reads no stack's config))",
    );
    expect(error).toBe(refused);
  });
});
