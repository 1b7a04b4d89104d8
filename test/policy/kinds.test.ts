import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { SENDER_KINDS } from "../../policy/src/resources";
import { RESOURCE_KINDS } from "../../provider/kinds/registry";
import { ROOT } from "../support/root";

// The pack's list of kinds is a copy of the registry's, written by `npm run policy:kinds` (a step of
// `npm run generate`): the pack is a package of its own and imports nothing from the provider.
const policyKinds = require(path.join(ROOT, "scripts/policy-kinds.js")) as {
  generate(kinds: readonly string[]): string;
  FILE: string;
};

describe("the policy pack's kinds", () => {
  test("are the registry's, in its order", () => {
    expect(SENDER_KINDS).toEqual(RESOURCE_KINDS);
  });

  test("policy/src/resources.ts is what the generator writes from the registry", () => {
    expect(fs.readFileSync(policyKinds.FILE, "utf8")).toBe(policyKinds.generate(RESOURCE_KINDS));
  });

  test("a kind added to the registry changes the file", () => {
    const added = policyKinds.generate([...RESOURCE_KINDS, "Newsletter"]);
    expect(added).not.toBe(fs.readFileSync(policyKinds.FILE, "utf8"));
    expect(added).toContain(`  "${RESOURCE_KINDS.at(-1)}",\n  "Newsletter",\n] as const;`);
  });

  test("no file of the pack imports from outside policy/src", () => {
    const dir = path.join(ROOT, "policy/src");
    const outside = fs.readdirSync(dir).flatMap((name) =>
      [...fs.readFileSync(path.join(dir, name), "utf8").matchAll(/from\s+"(\.[^"]*)"/g)]
        .map((match) => match[1]!)
        .filter((spec) => !path.resolve(dir, spec).startsWith(`${dir}${path.sep}`))
        .map((spec) => `${name}: ${spec}`),
    );
    expect(outside).toEqual([]);
  });
});
