import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { isSupportedNode, MINIMUM_NODE_VERSION } from "../../provider/client/node-version";
import { oldNode, ROOT } from "./packed";

const MESSAGE_START = `pulumi-sender needs Node.js ${MINIMUM_NODE_VERSION} or later (undici 8 does); this is Node.js `;

describe("the Node.js version the package needs", () => {
  test("is what undici, the dependency that needs the newest Node, declares, and what engines says", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    const undici = JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/undici/package.json"), "utf8"));
    expect(undici.engines.node).toBe(`>=${MINIMUM_NODE_VERSION}`);
    expect(pkg.engines.node).toBe(`>=${MINIMUM_NODE_VERSION}`);
  });

  test.each([
    ["20.20.2", false],
    ["22.18.9", false],
    ["v22.19.0", true],
    ["22.19.1", true],
    ["23.0.0", true],
    ["24.21.0", true],
    ["21.99.99", false],
  ])("Node.js %s is supported: %s", (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
  });

  test.each([
    ["pulumi-sender", "dist/sdk/index.js"],
    ["pulumi-sender/provider", "dist/provider/index.js"],
    ["pulumi-sender/client", "dist/provider/client/index.js"],
    ["pulumi-sender/emulator", "dist/emulator/index.js"],
  ])("require(%s) on an older Node.js fails at once with one line naming the version", (_name, file) => {
    const node = oldNode();
    const version = execFileSync(node, ["-p", "process.versions.node"], { encoding: "utf8" }).trim();
    const run = spawnSync(node, ["-e", `require(${JSON.stringify(path.join(ROOT, file))})`], {
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    // Node prints the thrown error's stack, which the guard reduced to its message (Node puts a
    // stack without frames in brackets).
    const lines = run.stderr.split("\n").filter((line) => line.trim() !== "");
    expect(lines.filter((line) => line.includes("Error"))).toEqual([`Error: ${MESSAGE_START}${version}]`]);
    expect(lines.filter((line) => line.startsWith("    at "))).toEqual([]);
  });
});
