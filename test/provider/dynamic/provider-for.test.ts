import { afterEach, beforeEach, describe, expect } from "vitest";
import { SenderConfigError, SenderHttpError } from "../../../provider/client";
import { missingTokenMessage } from "../../../provider/core/config";
import { ContextHolder } from "../../../provider/core/context";
import { cleanError, providerFor } from "../../../provider/index";
import { PULUMI_WORDS } from "../../../provider/pulumi/words";
import { test } from "../../support/pulumi-words";

// What the engine's dynamic-provider process does with a failed check, diff, read or delete:
// it prints `${error}: ${error.stack}` with console.error, then hands the error to the engine.
const engineEcho = (error: Error) => console.error(`${error}: ${error.stack}`);

let printed: unknown[][];
const saved = { error: console.error, token: process.env.SENDER_API_TOKEN };

beforeEach(() => {
  printed = [];
  console.error = (...args: unknown[]) => {
    printed.push(args);
  };
  delete process.env.SENDER_API_TOKEN;
});
afterEach(() => {
  console.error = saved.error;
  if (saved.token !== undefined) process.env.SENDER_API_TOKEN = saved.token;
});

describe("providerFor", () => {
  test("a configuration failure fails configure and every operation, as one line the engine does not echo", async () => {
    const provider = providerFor("Campaign", new ContextHolder());
    const configure = await provider.configure!({
      config: { get: () => undefined, require: () => "" },
    }).catch((error: Error) => error);
    expect(SenderConfigError.is(configure)).toBe(true);
    expect((configure as Error).stack).toBe(`SenderConfigError: ${missingTokenMessage(PULUMI_WORDS)}`);
    engineEcho(configure as Error);
    for (const run of [
      () => provider.check!({}, {}),
      () => provider.read!("cmp001", {}),
      () => provider.delete!("cmp001", {}),
    ]) {
      const error = (await run().catch((caught: Error) => caught)) as Error;
      expect(error.message).toBe(missingTokenMessage(PULUMI_WORDS));
      expect(error.stack).not.toContain("    at ");
      engineEcho(error);
    }
    expect(printed).toEqual([]);
  });

  test("other lines still reach the console", () => {
    providerFor("Webhook");
    console.error("something else");
    console.error("Error: a: Error: a");
    expect(printed).toEqual([["something else"], ["Error: a: Error: a"]]);
  });
});

describe("cleanError", () => {
  test.each([
    ["a plain error", new Error("update Campaign cmp001 failed: refused")],
    [
      "a client error",
      new SenderHttpError({
        status: 422,
        method: "POST",
        path: "/v2/campaigns",
        apiMessage: "reply_to is invalid",
      }),
    ],
  ])("%s keeps its message, loses its trace, and is not echoed", (_name, error) => {
    providerFor("Campaign");
    const message = error.message;
    expect(cleanError(error)).toBe(error);
    expect(error.message).toBe(message);
    expect(error.stack).toBe(`${error.name}: ${message}`);
    engineEcho(error);
    expect(printed).toEqual([]);
  });

  test.each([new TypeError("x is undefined"), new ReferenceError("y is not defined"), new RangeError("bad")])(
    "a bug ($name) keeps its trace and is echoed",
    (error) => {
      providerFor("Campaign");
      const stack = error.stack;
      expect(cleanError(error)).toBe(error);
      expect(error.stack).toBe(stack);
      engineEcho(error);
      expect(printed).toHaveLength(1);
    },
  );
});
