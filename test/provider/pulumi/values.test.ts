// The engine marks a value not yet known with Pulumi's string; the core with its own (UNKNOWN).
// Both Pulumi doors turn the one into the other on the way in and back on the way out.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator/server";
import { ContextHolder } from "../../../provider/core/context";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { providerFor } from "../../../provider/dynamic/runtime";
import { NONCE_INPUT, nativeProvider } from "../../../provider/plugin/server";
import { fromPulumi, PULUMI_UNKNOWN, toPulumi } from "../../../provider/pulumi/values";

const TOKEN = "pulumi-values-token-4Kd8";
const URN = "urn:pulumi:dev::proj::sender:index:CampaignTargeting::audience";
let emu: RunningEmulator;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, token: TOKEN });
});
afterAll(async () => {
  await emu?.close();
});

describe("Pulumi's unknown and the core's", () => {
  test("are different strings, swapped at any depth of arrays and plain objects, and nowhere else", () => {
    expect(UNKNOWN).not.toBe(PULUMI_UNKNOWN);
    const engine = { a: PULUMI_UNKNOWN, b: [1, PULUMI_UNKNOWN, { c: PULUMI_UNKNOWN }], d: "x" };
    const core = { a: UNKNOWN, b: [1, UNKNOWN, { c: UNKNOWN }], d: "x" };
    expect(fromPulumi(engine)).toEqual(core);
    expect(toPulumi(core)).toEqual(engine);
    const date = new Date(0);
    expect(fromPulumi({ date }).date).toBe(date);
    expect(fromPulumi(`${PULUMI_UNKNOWN}-suffix`)).toBe(`${PULUMI_UNKNOWN}-suffix`);
  });

  test("the plugin's check passes an input the engine does not know yet, and answers it as the engine's unknown", async () => {
    const provider = nativeProvider("{}", "0.0.0");
    provider.configure(
      new Map([
        ["sender:config:apiToken", TOKEN],
        ["sender:config:baseUrl", emu.url],
        [`sender:config:${NONCE_INPUT}`, "0123456789abcdef0123456789abcdef"],
      ]),
    );
    const result = await provider.check(
      URN,
      {},
      { campaignId: "cmp001", tagIds: ["tag001", PULUMI_UNKNOWN] },
    );
    expect(result).toEqual({ inputs: { campaignId: "cmp001", tagIds: ["tag001", PULUMI_UNKNOWN] } });
  });

  test("the dynamic provider's check does the same", async () => {
    const holder = new ContextHolder();
    const provider = providerFor("CampaignTargeting", holder);
    await provider.configure!({
      config: { get: (key: string) => ({ "sender:apiToken": TOKEN, "sender:baseUrl": emu.url })[key] },
    } as never);
    const result = await provider.check!({}, { campaignId: "cmp001", tagIds: ["tag001", PULUMI_UNKNOWN] });
    expect(result).toEqual({ inputs: { campaignId: "cmp001", tagIds: ["tag001", PULUMI_UNKNOWN] } });
  });
});
