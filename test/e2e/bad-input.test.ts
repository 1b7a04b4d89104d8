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

// Bad input is summarized: 5,000 unknown tag ids are one line for the field, shown once, and a
// control character in a title is refused at check naming the field; through both Pulumi doors.
const TOKEN = "tok-e2e-bad-input-Hq3Wd9Ys";
const UNKNOWN_IDS = Array.from({ length: 5000 }, (_, i) => `nope${String(i + 1).padStart(4, "0")}`);
const TAGS_LINE =
  'tagIds: 5000 ids are not tags of this account ("nope0001", "nope0002", "nope0003", …): use the ids of its tags (tag001, tag002, tag003, tag004), or create the tags in Sender first';

let emu: EmulatorHandle;

beforeAll(async () => {
  emu = await emulator(TOKEN);
});
afterAll(async () => {
  await emu?.close();
});

/**
 * Every line the engine printed for a failed preview (its progress, then its summary), but the
 * engine's warning that the plugin comes from PATH, which only this test's set-up causes.
 */
async function failedPreview(h: StackHandle): Promise<string[]> {
  h.output.length = 0;
  await failure(() => h.stack.preview({ onOutput: h.onOutput, color: "never" }));
  const fromPath =
    /warning: using pulumi-resource-sender from \$PATH|^\s*pulumi:pulumi:Stack .*(warning|messages)/;
  return h.output
    .join("")
    .split("\n")
    .filter((line) => !fromPath.test(line));
}

/**
 * The lines of the preview's `Diagnostics:` section, up to `Resources:`, without a resource's
 * heading left with no line under it (the Stack's, once the PATH warnings are taken out).
 */
function diagnostics(lines: string[]): string[] {
  const start = lines.findIndex((line) => line.trim() === "Diagnostics:");
  const end = lines.findIndex((line) => line.trim() === "Resources:");
  if (start < 0) return [];
  const section = lines
    .slice(start + 1, end < 0 ? undefined : end)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const heading = (line: string | undefined) => line === undefined || line.endsWith("):");
  return section.filter((line, i) => !(heading(line) && heading(section[i + 1])));
}

/** Writes a value into the stack's config file as YAML, so that it may hold what argv cannot (a NUL). */
function setConfigYaml(h: StackHandle, key: string, yamlValue: string): void {
  const file = path.join(h.dir, "Pulumi.e2e.yaml");
  const text = fs.readFileSync(file, "utf8");
  fs.writeFileSync(file, text.replace(/^config:\n/m, `config:\n  ${key}: ${yamlValue}\n`));
}

describe.each([
  {
    door: "the dynamic package",
    program: "test/e2e/programs/preview-checks",
    type: "pulumi-nodejs:dynamic/sender:CampaignTargeting",
    campaignType: "pulumi-nodejs:dynamic/sender:Campaign",
    resourceLine: "pulumi-nodejs:dynamic/sender:CampaignTargeting (audience):",
    campaignLine: "pulumi-nodejs:dynamic/sender:Campaign (news):",
    config: "preview-checks:",
    env: {},
  },
  {
    door: "the plugin (YAML)",
    program: "test/e2e/programs/yaml-bad-input",
    type: "sender:index:CampaignTargeting",
    campaignType: "sender:index:Campaign",
    resourceLine: "sender:index:CampaignTargeting (audience):",
    campaignLine: "sender:index:Campaign (news):",
    config: "yaml-bad-input:",
    env: { PATH: pluginPath() },
  },
])("bad input through $door", ({ program, type, campaignType, resourceLine, campaignLine, config, env }) => {
  let h: StackHandle;
  beforeAll(async () => {
    h = await createStack(copyProgram(program, `bad-input-${path.basename(program)}`), emu, {}, env);
  });
  afterAll(async () => {
    await h?.dispose();
  });

  test("5,000 unknown tag ids: one line for the field, and two lines of diagnostics in all", async () => {
    await h.stack.setConfig("tagIds", { value: UNKNOWN_IDS.join(",") });
    const lines = await failedPreview(h);
    await h.stack.removeConfig("tagIds");
    const line = `error: ${type} resource 'audience' has a problem: ${TAGS_LINE}`;
    expect(diagnostics(lines)).toEqual([resourceLine, line]);
    // Besides the summary, the engine's progress view shows each diagnostic on its resource's row
    // as it happens: that is the one other place, and nothing else mentions the ids.
    expect(lines.filter((printed) => printed.includes("nope")).map((printed) => printed.trim())).toEqual([
      `${type} audience  ${line}`,
      line,
    ]);
  });

  test("a NUL in a title: refused with one line naming title", async () => {
    setConfigYaml(h, config.replace(/:$/, ":title"), '"Bad\\0title"');
    const lines = await failedPreview(h);
    expect(diagnostics(lines)).toEqual([
      campaignLine,
      `error: ${campaignType} resource 'news' has a problem: title: must not hold control characters (U+0000 at character 4): only tab and newline may be used`,
    ]);
  });
});
