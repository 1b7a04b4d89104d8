import { inspect } from "node:util";
import * as pulumi from "@pulumi/pulumi";
import { afterEach, beforeEach, describe, expect } from "vitest";
import { missingTokenMessage } from "../../../provider/core/context";
import { PULUMI_WORDS } from "../../../provider/pulumi/words";
import { getCampaign, getPlans, SenderFunctionError } from "../../../sdk/functions";
import { ProgramContext, useProgramContext } from "../../../sdk/program-client";
import { test } from "../../support/pulumi-words";
import { TOKEN, useEmulator } from "./helpers";

// Settings come from stack config here, so the env fallbacks are left unset by default.
const emulator = useEmulator({ viaEnv: false });

const config = (extra: Record<string, string> = {}) =>
  pulumi.runtime.setAllConfig({ "sender:apiToken": TOKEN, "sender:baseUrl": emulator.url, ...extra });

let context: ProgramContext;
const programClient = () => context.client();

async function failure(call: () => Promise<unknown>): Promise<SenderFunctionError> {
  const error = await call().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SenderFunctionError);
  return error as SenderFunctionError;
}

beforeEach(async () => {
  pulumi.runtime.setAllConfig({});
  delete process.env.SENDER_API_TOKEN;
  delete process.env.SENDER_BASE_URL;
  // Each test is a new program: its own clients and configuration failures.
  context = new ProgramContext();
  useProgramContext(context);
  await emulator.clearRequests();
});

afterEach(() => {
  pulumi.runtime.setAllConfig({});
  delete process.env.SENDER_API_TOKEN;
  delete process.env.SENDER_BASE_URL;
});

describe("program settings", () => {
  test("should fail with the provider's message when no token is configured", async () => {
    const error = await failure(() => getPlans());
    expect(error.message).toBe(missingTokenMessage(PULUMI_WORDS));
    expect(error.reason).toBe("config");
  });

  test("should read sender:apiToken and sender:baseUrl from stack config", async () => {
    config();
    expect((await getPlans()).plans).toHaveLength(3);
  });

  test("should prefer stack config over the environment", async () => {
    config();
    process.env.SENDER_API_TOKEN = "not-the-token";
    process.env.SENDER_BASE_URL = "http://127.0.0.1:9";
    expect((await getPlans()).plans).toHaveLength(3);
  });

  test("should fall back to SENDER_API_TOKEN and SENDER_BASE_URL", async () => {
    process.env.SENDER_API_TOKEN = TOKEN;
    process.env.SENDER_BASE_URL = emulator.url;
    expect((await getPlans()).plans).toHaveLength(3);
  });

  test("should name a malformed config key", async () => {
    config({ "sender:maxAttempts": "three" });
    const error = await failure(() => getPlans());
    expect(error.message).toBe(
      'Invalid config sender:maxAttempts: sender:maxAttempts must be a whole number (got "three"), e.g. `pulumi config set sender:maxAttempts 5`',
    );
    expect(error.reason).toBe("config");
  });

  test("should refuse plain http to a host that is not loopback", async () => {
    config({ "sender:baseUrl": "http://api.example.com" });
    const error = await failure(() => getPlans());
    expect(error.message).toBe(
      "Invalid config sender:baseUrl (or SENDER_BASE_URL): must use https (got http://api.example.com); plain http is only allowed for a loopback host, e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator",
    );
    expect(error.reason).toBe("config");
  });

  test("should apply sender:maxAttempts to the function's requests", async () => {
    config({ "sender:maxAttempts": "2" });
    await fetch(`${emulator.url}/__emulator/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rules: [{ path: "^/v2/plans$", kind: "status", status: 503, count: 5 }] }),
    });
    try {
      const error = await failure(() => getPlans());
      expect(error.reason).toBe("request");
      expect(error.message).toMatch(/^getPlans: GET \/v2\/plans failed with 503/);
      // Two attempts, not the default five.
      expect((await emulator.requests()).map((r) => r.status)).toEqual([503, 503]);
    } finally {
      await fetch(`${emulator.url}/__emulator/faults`, { method: "DELETE" });
    }
  });

  test("should report a rejected token without showing any token", async () => {
    config({ "sender:apiToken": "wrong-token-5e1f" });
    const error = await failure(() => getPlans());
    expect(error.message).toBe(
      "getPlans: GET /v2/plans failed with 401: Unauthenticated. (the service refused the API token: check `sender:apiToken` (set it with `pulumi config set --secret sender:apiToken <token>`) or SENDER_API_TOKEN)",
    );
    expect(error.reason).toBe("request");
  });
});

describe("programClient", () => {
  test("should share one client per settings and build another when they change", () => {
    config();
    const first = programClient();
    expect(programClient()).toBe(first);
    config({ "sender:maxAttempts": "2" });
    const second = programClient();
    expect(second).not.toBe(first);
    config();
    expect(programClient()).toBe(first);
  });

  test("should never show the token when printed", () => {
    config();
    const client = programClient();
    expect(JSON.stringify(client)).not.toContain(TOKEN);
    expect(inspect(client)).not.toContain(TOKEN);
  });
});

describe("how a program reports a function's failure", () => {
  test("a failure is a pulumi.RunError, which the program prints as its message alone", async () => {
    config();
    const error = await failure(() => getCampaign({ id: "nope1" }));
    expect(pulumi.RunError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(pulumi.RunError);
    expect(pulumi.ResourceError.isInstance(error)).toBe(false);
    expect(error.message).toBe('getCampaign: no campaign with id "nope1"');
    // Given to the program by the SDK, it keeps the stack of where provider/functions failed.
    expect(error.stack?.split("\n")[0]).toBe(`SenderFunctionError: ${error.message}`);
    expect(error.stack).toContain("provider/functions/");
  });

  test("a configuration failure is one error object, whichever function meets it, so it is printed once", async () => {
    const first = await failure(() => getPlans());
    const second = await failure(() => getCampaign({ id: "cmp001" }));
    expect(second).toBe(first);
    expect(first.message).toBe(missingTokenMessage(PULUMI_WORDS));
    expect(pulumi.RunError.isInstance(first)).toBe(true);
  });

  test("with opts.parent, a failure is reported on that resource, without its stack", async () => {
    config();
    const parent = new pulumi.ComponentResource("test:index:Reads", "reads");
    const error = await failure(() => getCampaign({ id: "nope2" }, { parent }));
    expect(pulumi.ResourceError.isInstance(error)).toBe(true);
    expect(pulumi.RunError.isInstance(error)).toBe(false);
    const asResourceError = error as unknown as pulumi.ResourceError;
    expect(asResourceError.resource).toBe(parent);
    expect(asResourceError.hideStack).toBe(true);
  });

  test("with opts.parent, a configuration failure stays on the stack", async () => {
    const parent = new pulumi.ComponentResource("test:index:Reads", "reads-config");
    const error = await failure(() => getPlans({ parent }));
    expect(pulumi.RunError.isInstance(error)).toBe(true);
    expect(pulumi.ResourceError.isInstance(error)).toBe(false);
  });
});
