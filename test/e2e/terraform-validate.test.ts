// `tofu validate` under the real OpenTofu CLI (scripts/tofu-cli.sh) with this checkout's plugin entry
// (test/support/tofu.ts's dev override) against the emulator: a bad enum and a control character in
// a title are refused, each on its attribute, and not one request reaches the service; a
// configuration whose values are other resources' ids (not known at validate) passes. Then the
// built entry run by hand, as a person types it: no argument, `--help`, `--version`.
import { execFile } from "node:child_process";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { byHandText } from "../../provider/commands";
import { VERSION } from "../support/plugin";
import { type EmulatorHandle, emulator } from "../support/stack";
import { openTofu, providerBlock, type Tofu } from "../support/tofu";

const TOKEN = "tok-e2e-terraform-validate-Kd3Vn8Qx";

let emu: EmulatorHandle;
let tf: Tofu;

beforeAll(async () => {
  emu = await emulator(TOKEN);
  tf = await openTofu(emu.url, TOKEN);
}, 900_000);

afterAll(async () => {
  await emu?.close();
  tf?.dispose();
});

/** Every request the emulator has had: reads and writes. */
const requests = async () => (await emu.requestCounts()).seq as number;

describe("tofu validate", () => {
  test("refuses a bad enum and a control character in a title, each on its attribute, with 0 requests", async () => {
    const dir = tf.workspace(
      "refused",
      `${providerBlock("e2e/terraform-validate/refused")}
resource "sender_campaign" "news" {
  title        = "News\\u0007"
  subject      = "Hello"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "pdf"
}
`,
    );
    const before = await requests();
    const validate = await tf.ok(dir, ["validate", "-no-color"], 1);
    const errors = validate.stderr.split(/^Error: /m).slice(1);
    // One error a rule, each naming the resource and showing its attribute's line.
    expect(errors.map((e) => e.split("\n")[0])).toEqual([
      "title: must not hold control characters (U+0007 at character 5): only tab and newline may be used",
      "content_type: must be one of editor, html, text",
    ]);
    expect(errors[0]).toContain("with sender_campaign.news,");
    expect(errors[0]).toContain('title        = "News\\u0007"');
    expect(errors[1]).toContain("with sender_campaign.news,");
    expect(errors[1]).toContain('content_type = "pdf"');
    expect(await requests()).toBe(before);
  });

  test("passes a configuration whose ids are other resources' (not known yet), with 0 requests", async () => {
    const dir = tf.workspace(
      "passed",
      `${providerBlock("e2e/terraform-validate/passed")}
resource "sender_campaign" "news" {
  title        = "News"
  subject      = "Hello"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
}

resource "sender_campaign_targeting" "news" {
  campaign_id = sender_campaign.news.id
  tag_ids     = [sender_campaign.news.id]
}
`,
    );
    const before = await requests();
    const validate = await tf.ok(dir, ["validate", "-no-color"]);
    expect(validate.stdout).toContain("Success! The configuration is valid");
    expect(await requests()).toBe(before);
  });
});

/** Runs the launcher the dev override names (the built entry, dist/provider/entry.js) as a person would. */
function byHand(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const launcher = path.join(tf.base, "bin", "terraform-provider-sender");
  return new Promise((resolve) => {
    execFile(launcher, args, { encoding: "utf8", timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe("terraform-provider-sender run by hand", () => {
  test.each([[[]], [["--help"]]])("%j says in two lines what it is, and exits 1", async (args) => {
    expect(await byHand(args)).toEqual({ code: 1, stdout: "", stderr: `${byHandText(VERSION)}\n` });
  });

  test("--version prints the version and exits 0", async () => {
    expect(await byHand(["--version"])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: "" });
  });
});
