import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  failure,
  type StackHandle,
} from "../support/stack";

// Configuration mistakes fail `pulumi preview`, before anything is created, with exactly one
// error line naming the setting, on the resource, without a stack trace and without colour codes.
const TOKEN = "tok-e2e-config-Tz8Nq2Vb";
const MISSING_TOKEN =
  "No Sender API token: set it with `pulumi config set --secret sender:apiToken <token>` or the SENDER_API_TOKEN environment variable";

let emu: EmulatorHandle;
let h: StackHandle;

beforeAll(async () => {
  emu = await emulator(TOKEN);
  h = await createStack(copyProgram("test/e2e/programs/single-campaign", "config-errors"), emu);
});
afterAll(async () => {
  await h?.dispose();
  await emu?.close();
});
beforeEach(async () => {
  h.output.length = 0;
  await h.stack.setConfig("sender:apiToken", { value: TOKEN, secret: true });
  await h.stack.setConfig("sender:baseUrl", { value: emu.url });
  await h.stack.removeConfig("sender:apitoken");
  await emu.clearRequests();
});

/** Runs a preview that must fail; returns every line the engine printed. */
async function failedPreview(): Promise<string[]> {
  const text = await failure(() => h.stack.preview({ onOutput: h.onOutput, color: "never" }));
  return [...h.output.join("").split("\n"), ...text.split("\n")];
}

/** The distinct diagnostic lines of a severity (the progress view and the summary repeat them). */
function diagnostics(lines: string[], severity: "error" | "warning"): string[] {
  const prefix = `${severity}: `;
  return [...new Set(lines.map((line) => line.trim()).filter((line) => line.startsWith(prefix)))];
}

/** What every expected failure must look like: one error line and nothing of a stack trace or colour. */
function expectOneCleanError(lines: string[], message: string) {
  expect(diagnostics(lines, "error")).toEqual([`error: ${message}`]);
  expect(lines.filter((line) => line.includes("    at "))).toEqual([]);
  expect(lines.filter((line) => line.includes("\u001b["))).toEqual([]);
  expect(lines.join("\n")).not.toContain(TOKEN);
}

/** The engine's Diagnostics section, as printed: each heading and its lines, up to the summary. */
function diagnosticsSection(lines: string[]): string[] {
  const start = lines.indexOf("Diagnostics:");
  const end = lines.findIndex((line, i) => i > start && /^(Resources|Outputs):/.test(line));
  return lines.slice(start, end).filter((line) => line.trim() !== "");
}

describe("preview with a configuration mistake", () => {
  test("no token: one error naming sender:apiToken, and no request is sent", async () => {
    await h.stack.removeConfig("sender:apiToken");
    const lines = await failedPreview();
    expectOneCleanError(lines, MISSING_TOKEN);
    // Exactly one line, on the resource; the Stack does not repeat it, and Node prints no warning.
    expect(diagnosticsSection(h.output.join("").split("\n"))).toEqual([
      "Diagnostics:",
      "  pulumi-nodejs:dynamic/sender:Campaign (solo):",
      `    error: ${MISSING_TOKEN}`,
    ]);
    expect(lines.filter((line) => line.includes("(node:"))).toEqual([]);
    expect(await emu.requests()).toEqual([]);
  });

  test("no token under up: the same one line on the resource, nothing created", async () => {
    await h.stack.removeConfig("sender:apiToken");
    const text = await failure(() => h.stack.up({ onOutput: h.onOutput, color: "never" }));
    const lines = h.output.join("").split("\n");
    expect(diagnosticsSection(lines)).toEqual([
      "Diagnostics:",
      "  pulumi-nodejs:dynamic/sender:Campaign (solo):",
      `    error: ${MISSING_TOKEN}`,
    ]);
    expect([...lines, ...text.split("\n")].filter((line) => line.includes("(node:"))).toEqual([]);
    expect(lines.filter((line) => line.includes("    at "))).toEqual([]);
    expect(await emu.requests()).toEqual([]);
  });

  test("plain http to a host that is not loopback: one error naming sender:baseUrl", async () => {
    await h.stack.setConfig("sender:baseUrl", { value: "http://api.example.com" });
    const lines = await failedPreview();
    expectOneCleanError(
      lines,
      "Invalid config sender:baseUrl (or SENDER_BASE_URL): must use https (got http://api.example.com); plain http is only allowed for a loopback host, e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator",
    );
  });

  test("a misspelt key: one error that names the key meant, and a warning naming the closest key", async () => {
    await h.stack.removeConfig("sender:apiToken");
    await h.stack.setConfig("sender:apitoken", { value: TOKEN, secret: true });
    const lines = await failedPreview();
    expectOneCleanError(lines, `${MISSING_TOKEN} (sender:apitoken is set: did you mean sender:apiToken?)`);
    expect(diagnostics(lines, "warning")).toEqual([
      "warning: Unknown config key sender:apitoken (did you mean sender:apiToken?); it is ignored",
    ]);
    expect(await emu.requests()).toEqual([]);
  });
});

describe("up with a request the service refuses", () => {
  test("a 4xx answer is one error line on the resource, without a stack trace", async () => {
    await h.stack.setConfig("replyTo", { value: "news@not-verified.example" });
    try {
      const text = await failure(() => h.stack.up({ onOutput: h.onOutput, color: "never" }));
      const lines = [...h.output.join("").split("\n"), ...text.split("\n")];
      // The engine closes every failed update with its own "update failed" on the Stack.
      expect(diagnostics(lines, "error").sort()).toEqual([
        'error: create Campaign "Solo campaign" failed: replyTo "news@not-verified.example": The reply to must be an address on a verified domain. (POST /v2/campaigns answered 422)',
        "error: update failed",
      ]);
      expect(lines.filter((line) => line.includes("    at "))).toEqual([]);
      expect(lines.filter((line) => line.includes("\u001b["))).toEqual([]);
    } finally {
      await h.stack.removeConfig("replyTo");
    }
  });
});

describe("a stack with no config at all", () => {
  // The README's environment variables in place of config: with no `pulumi config` key, the
  // language host passes PULUMI_CONFIG=null, which `@pulumi/pulumi`'s allConfig() cannot read.
  let bare: StackHandle;
  beforeAll(async () => {
    bare = await createStack(
      copyProgram("test/e2e/programs/env-only", "config-env-only"),
      emu,
      {},
      { SENDER_API_TOKEN: TOKEN, SENDER_BASE_URL: emu.url },
    );
    await bare.stack.removeConfig("sender:apiToken");
    await bare.stack.removeConfig("sender:baseUrl");
  });
  afterAll(async () => {
    await bare?.dispose();
  });

  test("runs up and destroy with the token and base URL from the environment only", async () => {
    expect(await bare.stack.getAllConfig()).toEqual({});
    const up = await bare.stack.up({ onOutput: bare.onOutput, color: "never" });
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    expect(up.outputs.plans!.value).toBe(3);
    const id = up.outputs.campaignId!.value as string;
    expect((await emu.state()).campaigns.filter((c: any) => c.id === id).map((c: any) => c.subject)).toEqual([
      "Configured by the environment only",
    ]);
    await bare.stack.destroy({ onOutput: bare.onOutput, color: "never" });
    expect((await emu.state()).campaigns.map((c: any) => c.id).includes(id)).toBe(false);
    const lines = bare.output.join("").split("\n");
    expect(diagnostics(lines, "error")).toEqual([]);
    expect(diagnostics(lines, "warning")).toEqual([]);
    expect(bare.output.join("")).not.toContain(TOKEN);
  });
});
