import { describe, expect, test } from "vitest";
import { MISSING_SERVER_PACKAGES_MESSAGE, missingServerPackages } from "../../emulator/server-packages";

describe("the emulator's optional server packages", () => {
  test("this checkout has both", () => {
    expect(missingServerPackages()).toEqual([]);
  });

  test.each([
    [[], ["hono", "@hono/node-server"]],
    [["hono"], ["@hono/node-server"]],
    [["@hono/node-server"], ["hono"]],
    [["hono", "@hono/node-server"], []],
  ])("with %j installed, %j are missing", (installed, missing) => {
    const resolve = (name: string) => {
      if (!(installed as string[]).includes(name)) throw new Error(`Cannot find module '${name}'`);
      return `/node_modules/${name}/index.js`;
    };
    expect(missingServerPackages(resolve)).toEqual(missing);
  });

  test("the message names both packages and the command that installs them, on one line", () => {
    expect(MISSING_SERVER_PACKAGES_MESSAGE).toBe(
      "The pulumi-sender emulator needs hono and @hono/node-server, which a deploy-only install leaves out: npm i -D hono @hono/node-server",
    );
  });
});
