import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pluginPath } from "../support/plugin";
import { copyProgram, createStack, type EmulatorHandle, emulator, type StackHandle } from "../support/stack";

// The engine's gRPC log (PULUMI_DEBUG_GRPC) of a YAML stack on the plugin: the engine's own requests
// carry the token (the config it hands the plugin), but no answer of the plugin may. Distinctive
// token, so that a leak is found by a search; both providers (the default one and the explicit one)
// are given it.
const TOKEN = "tok-e2e-debug-grpc-Qm4Wz8Lc";

/** One entry of the engine's gRPC log: a call, its request and the plugin's answer or error. */
interface LoggedCall {
  method: string;
  request?: unknown;
  response?: unknown;
  errors?: unknown;
}

let emu: EmulatorHandle;
let h: StackHandle;
let logFile: string;

beforeAll(async () => {
  emu = await emulator(TOKEN);
  const dir = copyProgram("test/e2e/programs/debug-grpc", "debug-grpc");
  logFile = path.join(dir, "grpc.log");
  h = await createStack(dir, emu, { url: emu.url }, { PATH: pluginPath(), PULUMI_DEBUG_GRPC: logFile });
  await h.stack.setConfig("apiToken", { value: TOKEN, secret: true });
});
afterAll(async () => {
  await h?.dispose();
  await emu?.close();
});

/** The plugin's calls in the log. */
function providerCalls(): LoggedCall[] {
  return fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as LoggedCall)
    .filter((call) => call.method.startsWith("/pulumirpc.ResourceProvider/"));
}

/** A value with every Pulumi secret in it replaced by `"[secret]"`. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== "object" || value === null) return value;
  if (SECRET_KEY in value) return "[secret]";
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutSecrets(v)]));
}

const SECRET_KEY = "4dabf18193072939515e22adb298388d";
const SECRET = { [SECRET_KEY]: "1b47061264138c4ac30d75fd1eb44270", value: TOKEN };

describe("PULUMI_DEBUG_GRPC of a YAML stack on the plugin", () => {
  test("no answer of the plugin holds the token but as a secret, through up, update, refresh and destroy", async () => {
    await h.stack.up({ onOutput: h.onOutput });
    await h.stack.setConfig("subject", { value: "Second subject" });
    const update = await h.stack.up({ onOutput: h.onOutput });
    expect(update.summary.resourceChanges).toEqual({ same: 2, update: 2 });
    await h.stack.refresh({ onOutput: h.onOutput });
    await h.stack.destroy({ onOutput: h.onOutput });
    const calls = providerCalls().filter((call) => call.response !== undefined || call.errors !== undefined);
    const methods = new Set(calls.map((call) => call.method.replace("/pulumirpc.ResourceProvider/", "")));
    for (const method of [
      "CheckConfig",
      "Configure",
      "Check",
      "Diff",
      "Create",
      "Read",
      "Update",
      "Delete",
      "Invoke",
    ])
      expect(methods).toContain(method);
    // The engine's requests hand the plugin its config (Configure's variables): only the answers are judged.
    expect(calls.some((call) => JSON.stringify(call.request).includes(TOKEN))).toBe(true);
    const leaks = calls.filter((call) =>
      JSON.stringify(withoutSecrets([call.response, call.errors])).includes(TOKEN),
    );
    expect(leaks.map((call) => call.method)).toEqual([]);
    // Each provider's CheckConfig answers the token as the secret it is.
    const checked = calls.filter((call) => call.method.endsWith("/CheckConfig"));
    expect(
      checked.map((call) => (call.response as { inputs: { apiToken: unknown } }).inputs.apiToken),
    ).toEqual(checked.map(() => SECRET));
  });
});
