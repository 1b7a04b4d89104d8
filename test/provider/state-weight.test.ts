// The weight of one representative resource's state through each Pulumi door (issue 56, state
// weight): an autonamed Campaign as bench/programs/autonamed declares it, made against the
// emulator, its inputs and outputs as the engine records them (compact JSON). A new key, or a
// longer value, is a conscious change: it moves these figures, and BENCHMARKS.md's state figures
// with them. The engine's own part of the entry (URN, stack trace, timestamps) is not ours to weigh here.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ContextHolder } from "../../provider/core/context";
import { providerFor } from "../../provider/index";
import { NONCE_INPUT, nativeProvider } from "../../provider/plugin/server";
import { Campaign } from "../../sdk";
import { installMocks, registration, resolved } from "../sdk/mocks";
import { type Harness, startHarness, TOKEN } from "./kinds/harness";

const ARGS = {
  subject: "Bench subject 0",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<p>bench</p>",
} as const;

/** Compact JSON's bytes of a bag, as the state holds it under `inputs` or `outputs`. */
const bytes = (bag: object) => Buffer.byteLength(JSON.stringify(bag));

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
  await installMocks();
});
afterAll(async () => {
  await harness?.close();
});

describe("one autonamed Campaign's state", () => {
  test("the dynamic package: the SDK's registration, then the runtime's check and create", async () => {
    const campaign = new Campaign("c0", { ...ARGS });
    await resolved(campaign.id);
    const registered = registration("c0").inputs;
    const provider = providerFor("Campaign", new ContextHolder(harness.context));
    const checked = await provider.check!({}, registered);
    expect(checked.failures ?? []).toEqual([]);
    const inputs = checked.inputs!;
    const created = await provider.create(inputs);
    // The engine's dynamic-provider process adds `__provider` to the outputs (resultIncludingProvider).
    const outputs = { ...created.outs, __provider: inputs.__provider };
    expect(Object.keys(inputs).sort()).toEqual([
      "__provider",
      "__senderPlace",
      "autonamed",
      "content",
      "contentType",
      "from",
      "ownershipMark",
      "replyTo",
      "subject",
      "title",
    ]);
    expect(Object.keys(outputs).sort()).toEqual([
      "__provider",
      "__senderBackend",
      "__senderPlace",
      "autonamed",
      "content",
      "contentHash",
      "contentType",
      "created",
      "domainId",
      "from",
      "lastAction",
      "modified",
      "ownershipMark",
      "recipientCount",
      "replyTo",
      "status",
      "subject",
      "title",
    ]);
    expect([bytes(inputs), bytes(outputs), inputs.__provider.length]).toEqual([439, 699, 196]);
  });

  test("the native plugin: its check and create", async () => {
    const provider = nativeProvider("{}", "0.0.0");
    provider.configure(
      new Map([
        ["sender:config:apiToken", TOKEN],
        ["sender:config:baseUrl", harness.url],
        [`sender:config:${NONCE_INPUT}`, "0123456789abcdef0123456789abcdef"],
      ]),
    );
    const urn = `urn:pulumi:${pulumi.getStack()}::bench-native::sender:index:Campaign::c0`;
    const checked = await provider.check!(urn, {}, { ...ARGS });
    expect(checked.failures ?? []).toEqual([]);
    const inputs = checked.inputs!;
    const outputs = (await provider.create!(urn, inputs)).outs;
    expect(Object.keys(inputs).sort()).toEqual([
      "autonamed",
      "content",
      "contentType",
      "from",
      "ownershipMark",
      "replyTo",
      "subject",
      "title",
    ]);
    expect(Object.keys(outputs).sort()).toEqual([
      "autonamed",
      "content",
      "contentHash",
      "contentType",
      "created",
      "domainId",
      "from",
      "lastAction",
      "modified",
      "ownershipMark",
      "recipientCount",
      "replyTo",
      "status",
      "subject",
      "title",
    ]);
    expect([bytes(inputs), bytes(outputs)]).toEqual([192, 415]);
  });
});
