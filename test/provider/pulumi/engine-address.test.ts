import { describe, expect, test } from "vitest";
import { ContextHolder } from "../../../provider/core/context";
import { engineAddressOf, pluginEngineAddress } from "../../../provider/pulumi/engine-address";

describe("the engine's address", () => {
  test("finds the engine's address only in the dynamic-provider process", () => {
    expect(
      engineAddressOf([
        "node",
        "/x/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js",
        "127.0.0.1:40123",
      ]),
    ).toBe("127.0.0.1:40123");
    expect(engineAddressOf(["node", "/x/node_modules/@pulumi/pulumi/cmd/dynamic-provider", "[::1]:9"])).toBe(
      "[::1]:9",
    );
    expect(engineAddressOf(["node", "/x/program/index.js", "127.0.0.1:40123"])).toBeUndefined();
    expect(engineAddressOf(["node", "/x/cmd/dynamic-provider/index.js"])).toBeUndefined();
  });

  test.each([
    [["127.0.0.1:40123"], "127.0.0.1:40123"],
    [["--logtostderr", "-v=9", "--tracing", "file:/tmp/t.json", "127.0.0.1:40123"], "127.0.0.1:40123"],
    [["--logtostderr", "[::1]:9"], "[::1]:9"],
    [[], undefined],
    [["--tracing", "127.0.0.1:1"], undefined],
    [["not-an-address"], undefined],
  ])("finds the engine's address among the plugin's arguments %j: %s", (args, expected) => {
    expect(pluginEngineAddress(args)).toBe(expected);
  });

  test("a holder outside the dynamic-provider process watches nothing, nor stops on SIGTERM", () => {
    const holder = new ContextHolder();
    const before = process.listenerCount("SIGTERM");
    holder.watchEngine(engineAddressOf(["node", "/x/program/index.js", "127.0.0.1:40123"]));
    expect(process.listenerCount("SIGTERM")).toBe(before);
    holder.engineWatch.stop();
  });
});
