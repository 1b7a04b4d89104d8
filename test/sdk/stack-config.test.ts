import * as pulumi from "@pulumi/pulumi";
// The store the program's config is read from (internal to @pulumi/pulumi, hence the cast):
// `setAllConfig` can only write an object into it, never the `null` of a stack with no config.
import * as state from "@pulumi/pulumi/runtime/state";
import { afterEach, describe, expect, test } from "vitest";
import { programSettings, stackConfig } from "../../sdk/program-client";

const store = (state as unknown as { getStore(): { config: Record<string, string> } }).getStore;

afterEach(() => {
  pulumi.runtime.setAllConfig({});
});

describe("the stack config as the program reads it", () => {
  test("a stack with no config at all (PULUMI_CONFIG=null) reads as none, and the environment applies", () => {
    store().config.PULUMI_CONFIG = "null";
    expect(() => pulumi.runtime.allConfig()).toThrow(TypeError);
    expect(stackConfig()).toEqual({});
    expect(programSettings({ SENDER_API_TOKEN: "tok-env", SENDER_BASE_URL: "http://127.0.0.1:9" })).toEqual({
      apiToken: "tok-env",
      baseUrl: "http://127.0.0.1:9",
      maxAttempts: undefined,
      deadlineMs: undefined,
      maxInFlight: undefined,
      minScheduleLeadMinutes: undefined,
      scheduleNeedsAudience: false,
      contentChecks: "warn",
      timeoutMs: undefined,
    });
  });

  test("a stack with config reads its keys", () => {
    pulumi.runtime.setAllConfig({ "sender:apiToken": "tok-config", "sender:maxAttempts": "2" });
    expect(stackConfig()).toEqual({ "sender:apiToken": "tok-config", "sender:maxAttempts": "2" });
    expect(programSettings({})).toMatchObject({ apiToken: "tok-config", maxAttempts: 2 });
  });
});
