// How the one executable chooses what to run (provider/commands.ts): the built entry run by hand is
// test/e2e/terraform-door.test.ts's, the bun-compiled one terraform-bun.test.ts's.
import { describe, expect, test } from "vitest";
import { byHandText, entryRoute } from "../../provider/commands";
import { TF_MAGIC_COOKIE_KEY, TF_MAGIC_COOKIE_VALUE } from "../../provider/terraform/handshake";

const COOKIE = { [TF_MAGIC_COOKIE_KEY]: TF_MAGIC_COOKIE_VALUE };

describe("the executable's route", () => {
  test.each([
    // go-plugin starts a Terraform or OpenTofu provider with its cookie and no argument.
    ["go-plugin's cookie", [], COOKIE, "terraform"],
    // The engine's arguments, as sdk/go/common/resource/plugin's buildPluginArguments writes them.
    ["the engine's address", ["127.0.0.1:50123"], {}, "plugin"],
    [
      "the engine's flags, then its address",
      ["--logtostderr", "-v=9", "--tracing", "127.0.0.1:6007", "127.0.0.1:50123"],
      {},
      "plugin",
    ],
    ["an IPv6 engine address", ["[::1]:50123"], {}, "plugin"],
    ["emulator", ["emulator", "--port", "4010"], {}, "emulator"],
    ["adopt", ["adopt", "--format", "hcl", "--out", "adopted"], {}, "adopt"],
    ["--version", ["--version"], {}, "version"],
    ["-version", ["-version"], {}, "version"],
    // A person typing its name, or asking for help.
    ["no argument", [], {}, "by-hand"],
    ["--help", ["--help"], {}, "by-hand"],
    ["-h", ["-h"], {}, "by-hand"],
    ["an unknown word", ["serve"], {}, "by-hand"],
    ["the engine's flags without its address", ["--logtostderr", "-v=9"], {}, "by-hand"],
  ] as const)("%s: %s", (_, argv, env, route) => {
    expect(entryRoute(argv, env)).toBe(route);
  });

  test("the cookie wins over any argument: go-plugin's start is never a person's", () => {
    expect(entryRoute(["--help"], COOKIE)).toBe("terraform");
  });
});

describe("the lines said to a person", () => {
  test("say in two lines what it is, who starts it and what it does by hand", () => {
    expect(byHandText("1.2.3").split("\n")).toEqual([
      "This is the Sender provider plugin 1.2.3 for Terraform, OpenTofu and Pulumi, which start it themselves (Terraform and OpenTofu from `required_providers`, Pulumi from the sender package).",
      "Run by hand, it takes `adopt --format hcl --out <dir>` (import blocks of a Sender account; `adopt --help`), `emulator` (a local Sender API) or `--version`.",
    ]);
  });
});
