import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator/server";
import { SenderClient } from "../../../provider/client";
import { resetProviderContext } from "../../../provider/context";
import { configure, nativeProvider } from "../../../provider/plugin/server";
import { resetProgramClients } from "../../../sdk/program-client";

// The plugin's provider object in-process, against an emulator: the engine's Configure variables
// reach the resources and the functions, and a bad token is refused with the client's error.
const TOKEN = "plugin-unit-token-7Hq2";
const URN = (kind: string) => `urn:pulumi:dev::proj::sender:index:${kind}::x`;

let emu: RunningEmulator;
const provider = nativeProvider("{}", "0.0.0");

beforeAll(async () => {
  emu = await startEmulator({ port: 0, token: TOKEN });
});
afterAll(async () => {
  await emu?.close();
});
afterEach(() => {
  resetProviderContext();
  resetProgramClients();
});

const variables = (token: string) =>
  new Map([
    ["sender:config:apiToken", token],
    ["sender:config:baseUrl", emu.url],
  ]);

describe("nativeProvider", () => {
  test("a function runs the data source with the configured provider's client", async () => {
    configure(variables(TOKEN));
    const result = await provider.invoke!("sender:index:getPlan", { planId: 3 });
    expect((result.outputs as { name: string }).name).toBe("Professional");
    const plans = await provider.invoke!("sender:index:getPlans", {});
    expect((plans.outputs as { plans: { name: string }[] }).plans.map((p) => p.name)).toEqual([
      "Free",
      "Standard",
      "Professional",
    ]);
  });

  test("a function with another provider's token is refused by the service, and the token is not shown", async () => {
    configure(variables("not-the-token"));
    const error = await provider.invoke!("sender:index:getActiveSubscribers", {}).catch((e: Error) => e);
    expect(String(error)).toMatch(/^SenderFunctionError: getActiveSubscribers: .*401/);
    expect(String(error)).not.toContain("not-the-token");
  });

  test("a campaign read has the schema's shape; an argument left out as null counts as absent", async () => {
    configure(variables(TOKEN));
    const one = (await provider.invoke!("sender:index:getCampaign", { id: "snt001" })).outputs as any;
    expect([one.id, one.status, one.subject, one.contentType]).toEqual([
      "snt001",
      "SENT",
      "We have launched",
      "html",
    ]);
    const all = (
      await provider.invoke!("sender:index:getCampaigns", { status: null, limit: null, maxItems: 1 })
    ).outputs as any;
    expect([all.campaigns.map((c: any) => c.id), all.total]).toEqual([["snt001"], 1]);
  });

  test("an unknown function is an error naming it", async () => {
    configure(variables(TOKEN));
    await expect(provider.invoke!("sender:index:getNothing", {})).rejects.toThrow(
      "pulumi-resource-sender: unknown function sender:index:getNothing",
    );
  });

  test("import (read with no state) of a campaign returns the service's inputs", async () => {
    configure(variables(TOKEN));
    const read = await provider.read!("snt001", URN("Campaign"), {});
    expect(read.id).toBe("snt001");
    expect(read.inputs).toMatchObject({ subject: "We have launched", replyTo: "news@example.com" });
  });

  test("import (read with no state) of a webhook returns its inputs", async () => {
    configure(variables(TOKEN));
    const client = new SenderClient({ baseUrl: emu.url, apiToken: TOKEN });
    const made = await client.createWebhook({
      url: "https://hooks.example.com/import",
      topic: "groups/new-subscriber",
      relation_id: "grp001",
    });
    const read = await provider.read!(made.id, URN("Webhook"), {});
    expect([read.id, read.inputs]).toEqual([
      made.id,
      { url: "https://hooks.example.com/import", topic: "groups/new-subscriber", relationId: "grp001" },
    ]);
  });
});
