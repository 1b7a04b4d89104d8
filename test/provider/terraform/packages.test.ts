import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import {
  missingTerraformPackages,
  missingTerraformPackagesMessage,
  TERRAFORM_PACKAGES,
} from "../../../provider/terraform/packages";
import { ROOT } from "../../support/root";

describe("the Terraform server's libraries, which the npm package leaves to its bundle", () => {
  test("are the three package.json lists as devDependencies, not dependencies", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect([...TERRAFORM_PACKAGES]).toEqual(["@msgpack/msgpack", "node-forge", "protobufjs"]);
    expect(TERRAFORM_PACKAGES.filter((name) => name in pkg.dependencies)).toEqual([]);
    expect(TERRAFORM_PACKAGES.map((name) => pkg.devDependencies[name])).toEqual(["3.1.3", "1.4.3", "7.6.6"]);
  });

  test("this checkout has all three", () => {
    expect(missingTerraformPackages()).toEqual([]);
  });

  test.each([
    [[], ["@msgpack/msgpack", "node-forge", "protobufjs"]],
    [["protobufjs"], ["@msgpack/msgpack", "node-forge"]],
    [["@msgpack/msgpack", "node-forge", "protobufjs"], []],
  ])("with %j installed, %j are missing", (installed, missing) => {
    const resolve = (name: string) => {
      if (!(installed as string[]).includes(name)) throw new Error(`Cannot find module '${name}'`);
      return `/node_modules/${name}/index.js`;
    };
    expect(missingTerraformPackages(resolve)).toEqual(missing);
  });

  test("the message names what is missing and where Terraform takes the provider from, on one line", () => {
    expect(missingTerraformPackagesMessage(["@msgpack/msgpack", "node-forge"])).toBe(
      "pulumi-resource-sender: the npm package serves the Pulumi plugin only and lacks @msgpack/msgpack, node-forge; Terraform and OpenTofu take terraform-provider-sender from the release (its zips or filesystem mirror, see docs/terraform/index.md)",
    );
  });
});
