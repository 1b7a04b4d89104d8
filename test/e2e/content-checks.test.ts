// Issue 57 under the real engines: a campaign whose html is over Gmail's 102 KB and has no
// unsubscribe link. A Pulumi preview (TypeScript on the dynamic package, YAML on the plugin) and a
// `tofu plan` show exactly the two warnings, on the content field; with the setting `error` the
// preview and the plan fail naming them; no request writes, and no link is fetched.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pluginPath } from "../support/plugin";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  failure,
  type StackHandle,
} from "../support/stack";
import { openTofu, type Tofu } from "../support/tofu";

const TOKEN = "tok-e2e-content-checks-Wq6Rt3Zy";
// 104,807 bytes: 102.4 KB, and no unsubscribe link.
const BODY = `<p>${"Spring. ".repeat(13_100)}</p>`;
const CLIPPED =
  "content is 102.4 KB of html, over the 102 KB at which Gmail clips a message and hides its end (the footer and its unsubscribe link); make it smaller (less inline CSS, fewer blocks) (content check gmail-clipping)";
const NO_UNSUBSCRIBE =
  "content has no unsubscribe link, which every marketing email must carry; add a link whose address or text says unsubscribe (content check unsubscribe-link)";

let emu: EmulatorHandle;

beforeAll(async () => {
  emu = await emulator(TOKEN);
});
afterAll(async () => {
  await emu?.close();
});

/** The requests that write, as `METHOD path`: a preview or a plan must send none. */
async function writes(): Promise<string[]> {
  return (await emu.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

/** The distinct trimmed lines that start with `prefix` and are a content check's. */
function lines(printed: string, prefix: string): string[] {
  return [
    ...new Set(
      printed
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line.startsWith(prefix) && line.includes("(content check ")),
    ),
  ];
}

describe.each([
  {
    door: "TypeScript on the dynamic package",
    program: "test/e2e/programs/content-checks",
    type: "pulumi-nodejs:dynamic/sender:Campaign",
    // The engine puts a dynamic provider's stderr on the Stack: the line names the campaign.
    heading: "pulumi:pulumi:Stack (content-checks-e2e):",
    env: {},
  },
  {
    door: "YAML on the plugin",
    program: "test/e2e/programs/yaml-content-checks",
    type: "sender:index:Campaign",
    heading: "sender:index:Campaign (news):",
    env: { PATH: pluginPath() },
  },
])("a Pulumi preview, $door", ({ program, type, heading, env }) => {
  let h: StackHandle;
  beforeAll(async () => {
    const dir = copyProgram(program, `content-checks-${path.basename(program)}`);
    fs.writeFileSync(path.join(dir, "body.html"), BODY);
    // The harness turns the checks off for the other files' programs: the default here.
    h = await createStack(dir, emu, {}, { ...env, SENDER_CONTENT_CHECKS: "" });
  });
  afterAll(async () => {
    await h?.dispose();
  });

  test("warns exactly the two findings on the campaign's content, and writes nothing", async () => {
    await emu.clearRequests();
    h.output.length = 0;
    const preview = await h.stack.preview({ onOutput: h.onOutput, color: "never" });
    expect(preview.changeSummary).toEqual(type.startsWith("pulumi-nodejs") ? { create: 3 } : { create: 2 });
    const printed = h.output.join("");
    // Sorted: the plugin hands each line to the engine's Log as it comes, in the engine's order.
    expect(lines(printed, "warning: ").sort()).toEqual([
      `warning: Campaign "Content checks": ${NO_UNSUBSCRIBE}`,
      `warning: Campaign "Content checks": ${CLIPPED}`,
    ]);
    // Under their heading in the engine's Diagnostics.
    const section = printed.slice(printed.indexOf("Diagnostics:"));
    expect(section).toContain(`  ${heading}\n    warning: Campaign "Content checks": content `);
    expect(await writes()).toEqual([]);
  });

  test("sender:contentChecks error: the preview fails naming both, and writes nothing", async () => {
    await h.stack.setConfig("sender:contentChecks", { value: "error" });
    await emu.clearRequests();
    h.output.length = 0;
    const text = await failure(() => h.stack.preview({ onOutput: h.onOutput, color: "never" }));
    await h.stack.removeConfig("sender:contentChecks");
    expect(lines(`${h.output.join("")}\n${text}`, "error: ").sort()).toEqual([
      `error: ${type} resource 'news' has a problem: Campaign "Content checks": ${NO_UNSUBSCRIBE}`,
      `error: ${type} resource 'news' has a problem: Campaign "Content checks": ${CLIPPED}`,
    ]);
    expect(await writes()).toEqual([]);
  });
});

describe("tofu plan", () => {
  let tf: Tofu;
  beforeAll(async () => {
    tf = await openTofu(emu.url, TOKEN);
  }, 900_000);
  afterAll(() => {
    tf?.dispose();
  });

  /** A workspace of the campaign, its provider block with `settings` lines. */
  function workspace(name: string, settings: string): string {
    const dir = tf.workspace(
      name,
      `terraform {
  required_providers {
    sender = { source = "pulumi-sender/sender" }
  }
}

provider "sender" {
  ownership_scope = "e2e/content-checks/${name}"
${settings}}

resource "sender_campaign" "news" {
  title        = "Content checks"
  subject      = "Spring is here"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = file("\${path.module}/body.html")
}
`,
    );
    fs.writeFileSync(path.join(dir, "body.html"), BODY);
    return dir;
  }

  /** Each content check's diagnostic of `severity` as its first line and the attribute line it shows. */
  function diagnostics(text: string, severity: "Warning" | "Error"): string[][] {
    return text
      .split(new RegExp(`^(?:│ )?${severity}: `, "m"))
      .slice(1)
      .filter((block) => block.split("\n")[0]!.includes("(content check "))
      .map((block) => [
        block.split("\n")[0]!.trim(),
        block.includes("with sender_campaign.news,") ? "with sender_campaign.news" : "",
        /content\s+= file/.test(block) ? "content" : "",
      ]);
  }

  test("warns exactly the two findings on content, and writes nothing", async () => {
    const dir = workspace("warn", "");
    await emu.clearRequests();
    const plan = await tf.ok(dir, ["plan", "-no-color"]);
    expect(diagnostics(`${plan.stdout}\n${plan.stderr}`, "Warning")).toEqual([
      [`sender_campaign "Content checks": ${CLIPPED}`, "with sender_campaign.news", "content"],
      [`sender_campaign "Content checks": ${NO_UNSUBSCRIBE}`, "with sender_campaign.news", "content"],
    ]);
    expect(plan.stdout).toContain("Plan: 1 to add, 0 to change, 0 to destroy.");
    expect(await writes()).toEqual([]);
  });

  test('content_checks = "error": the plan fails naming both on content, and writes nothing', async () => {
    const dir = workspace("error", '  content_checks  = "error"\n');
    await emu.clearRequests();
    const plan = await tf.ok(dir, ["plan", "-no-color"], 1);
    expect(diagnostics(plan.stderr, "Error")).toEqual([
      [`sender_campaign "Content checks": ${CLIPPED}`, "with sender_campaign.news", "content"],
      [`sender_campaign "Content checks": ${NO_UNSUBSCRIBE}`, "with sender_campaign.news", "content"],
    ]);
    expect(await writes()).toEqual([]);
  });
});
