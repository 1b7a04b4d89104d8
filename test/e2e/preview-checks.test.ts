import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { freePort } from "../provider/client/helpers/canned-server";
import { pluginPath } from "../support/plugin";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  failure,
  type StackHandle,
} from "../support/stack";

// A preview tells the truth before anything is written: each mistake the account can reveal is one
// error line naming the resource, the program's field, the value and what to do, and the preview
// sends no request that writes. One stack, its config changed between the cases.
const TOKEN = "tok-e2e-preview-Qm4Tx8Lc";
const ESC = "\u001b";
const MISSING_TOKEN =
  "No Sender API token: set it with `pulumi config set --secret sender:apiToken <token>` or the SENDER_API_TOKEN environment variable";

let emu: EmulatorHandle;
let h: StackHandle;

beforeAll(async () => {
  emu = await emulator(TOKEN);
  h = await createStack(copyProgram("test/e2e/programs/preview-checks", "preview-checks"), emu);
});
afterAll(async () => {
  await h?.dispose();
  await emu?.close();
});
beforeEach(async () => {
  h.output.length = 0;
  await h.stack.setConfig("sender:apiToken", { value: TOKEN, secret: true });
  await h.stack.setConfig("sender:baseUrl", { value: emu.url });
  for (const key of ["tagIds", "scheduleTime", "withDataSource"]) await h.stack.removeConfig(key);
  await emu.admin("DELETE", "faults");
  await emu.clearRequests();
});

/** The requests that write, as `METHOD path`: a preview must send none. */
async function mutatingRequests(): Promise<string[]> {
  return (await emu.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

/** Runs a preview that must fail; returns every line the engine printed. */
async function failedPreview(): Promise<string[]> {
  const text = await failure(() => h.stack.preview({ onOutput: h.onOutput, color: "never" }));
  return [...h.output.join("").split("\n"), ...text.split("\n")];
}

/** The distinct error lines (the progress view and the summary repeat them). */
function errors(lines: string[]): string[] {
  return [...new Set(lines.map((line) => line.trim()).filter((line) => line.startsWith("error: ")))];
}

describe("preview checks what it can read, and writes nothing", () => {
  test("a valid program previews with one probe and one read of the tags, and no write", async () => {
    const preview = await h.stack.preview({ onOutput: h.onOutput, color: "never" });
    expect(preview.changeSummary).toEqual({ create: 4 }); // the Stack, the campaign, its targeting, the stack's nonce
    // The checks' reads, once each for the whole program: the probe, then the tags.
    expect((await emu.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v2/campaigns?limit=1",
      "GET /v2/tags?page=1&limit=100",
    ]);
  });

  test("a wrong token: one line, at preview", async () => {
    await h.stack.setConfig("sender:apiToken", { value: "tok-wrong-e2e-Vb7", secret: true });
    const lines = await failedPreview();
    expect(errors(lines)).toEqual([
      "error: GET /v2/campaigns failed with 401: Unauthenticated. (the service refused the API token: check `sender:apiToken` (set it with `pulumi config set --secret sender:apiToken <token>`) or SENDER_API_TOKEN)",
    ]);
    expect(await mutatingRequests()).toEqual([]);
  });

  test("a tag the account does not have: one line naming the resource, tagIds[1] and the value", async () => {
    await h.stack.setConfig("tagIds", { value: "tag001,tag999" });
    const lines = await failedPreview();
    expect(errors(lines)).toEqual([
      "error: pulumi-nodejs:dynamic/sender:CampaignTargeting resource 'audience' has a problem: tagIds[1] \"tag999\" is not a tag of this account: use the id of one of its tags (tag001, tag002, tag003, tag004), or create the tag in Sender first",
    ]);
    expect(await mutatingRequests()).toEqual([]);
  });

  test("a schedule in the past: one line naming scheduleTime, its value and what to do", async () => {
    await h.stack.setConfig("scheduleTime", { value: "2020-01-01T09:00:00+01:00" });
    const lines = await failedPreview();
    const found = errors(lines);
    expect(found.length, found.join("\n")).toBe(1);
    // `now` is the time of the run: the rest of the line is exact.
    expect(found[0]).toMatch(
      /^error: pulumi-nodejs:dynamic\/sender:CampaignSchedule resource 'when': property scheduleTime value \{2020-01-01T09:00:00\+01:00\} has a problem: 2020-01-01 08:00:00 UTC is in the past \(now \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\): give a later time, or leave out the CampaignSchedule to keep the campaign a draft$/,
    );
    expect(await mutatingRequests()).toEqual([]);
  });

  test("an unreachable service: one line saying what was tried and what to check, without retry noise", async () => {
    const port = await freePort();
    await h.stack.setConfig("sender:baseUrl", { value: `http://127.0.0.1:${port}` });
    const lines = await failedPreview();
    expect(errors(lines)).toEqual([
      `error: Cannot reach the Sender API at http://127.0.0.1:${port}: the connection was refused (GET /v2/campaigns, ECONNREFUSED, 2 attempts). Check sender:baseUrl (or SENDER_BASE_URL) and the network.`,
    ]);
    expect(await mutatingRequests()).toEqual([]);
  });

  test("a missing token in a program that also reads a data source: one line", async () => {
    await h.stack.removeConfig("sender:apiToken");
    await h.stack.setConfig("withDataSource", { value: "true" });
    const lines = await failedPreview();
    expect(errors(lines)).toEqual([`error: ${MISSING_TOKEN}`]);
    expect(await emu.requests()).toEqual([]);
  });
});

describe("the reads of a preview do not grow with the change", () => {
  let bulk: StackHandle;
  beforeAll(async () => {
    // Its own title: the test below counts the campaigns titled "Preview checks".
    bulk = await createStack(copyProgram("test/e2e/programs/preview-checks", "preview-reads"), emu, {
      bulk: "30",
      title: "Preview reads",
    });
  });
  afterAll(async () => {
    await bulk?.dispose();
  });

  test("30 changed campaigns and a tag on page 2: four reads (probe, the campaign list, two pages of tags), and up takes the tag", async () => {
    await bulk.stack.up({ onOutput: bulk.onOutput });
    // 101 more tags: with the seeded four, the last ones are on page 2 at 100 a page.
    const tags = Array.from({ length: 101 }, (_, i) => ({
      id: `tgx${String(i + 1).padStart(4, "0")}`,
      name: `Tag ${i + 1}`,
    }));
    await emu.admin("POST", "tags", { tags });
    await bulk.stack.setConfig("bulkSubject", { value: "Changed" });
    await bulk.stack.setConfig("tagIds", { value: "tag001,tgx0101" });
    await emu.clearRequests();
    const preview = await bulk.stack.preview({ onOutput: bulk.onOutput, color: "never" });
    expect(preview.changeSummary).toEqual({ same: 3, update: 31 });
    expect((await emu.requests()).map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      "GET /v2/campaigns?limit=1",
      "GET /v2/campaigns?page=1&limit=100",
      "GET /v2/tags?page=1&limit=100",
      "GET /v2/tags?page=2&limit=100",
    ]);
    const up = await bulk.stack.up({ onOutput: bulk.onOutput });
    expect(up.summary.resourceChanges).toEqual({ same: 3, update: 31 });
    const state = await emu.state();
    const audience = up.outputs.audienceId?.value as string;
    expect(state.targeting[audience].tags.map((t: { id: string }) => t.id)).toEqual(["tag001", "tgx0101"]);
    expect(state.campaigns.filter((c: any) => c.subject.startsWith("Changed ")).length).toBe(30);
  });
});

describe("service text is bounded and safe", () => {
  test("an 8 MB message full of escape sequences, then 20,000 field errors: short lines, no ESC byte", async () => {
    await emu.admin("POST", "faults", {
      rules: [
        { method: "POST", path: "^/v2/campaigns$", kind: "hostile", status: 400, count: 1 },
        {
          method: "POST",
          path: "^/v2/campaigns$",
          kind: "hostile",
          status: 422,
          messageBytes: 100,
          fieldErrors: 20_000,
          count: 1,
        },
      ],
    });
    const first = await failure(() => h.stack.up({ onOutput: h.onOutput, color: "never" }));
    const second = await failure(() => h.stack.up({ onOutput: h.onOutput, color: "never" }));
    const printed = [h.output.join(""), first, second].join("\n");
    expect(printed).not.toContain(ESC);
    expect(printed).not.toContain(TOKEN);
    // Two failed runs, every line of both: a few kilobytes, not 24 MB.
    expect(printed.length).toBeLessThan(40_000);
    const found = errors(printed.split("\n"));
    expect(found).toContain(
      `error: create Campaign "Preview checks" failed: click${"X".repeat(995)}… [cut] (the answer passed 1 MiB, the most the client reads of an error; the rest was not read) (POST /v2/campaigns answered 400; the request carried title, subject, from, replyTo, contentType, content)`,
    );
    expect(found.some((line) => line.includes("… and "))).toBe(true);
    // Nothing was created: both POSTs were refused.
    expect((await emu.state()).campaigns.filter((c: any) => c.title.startsWith("Preview checks"))).toEqual(
      [],
    );
  });
});

describe("the plugin's config check (Pulumi YAML)", () => {
  let yaml: StackHandle;
  beforeAll(async () => {
    yaml = await createStack(
      copyProgram("test/e2e/programs/yaml-typo", "preview-yaml-typo"),
      emu,
      {},
      {
        PATH: pluginPath(),
      },
    );
  });
  afterAll(async () => {
    await yaml?.dispose();
  });

  test("sender:apitoken: one line with the hint the dynamic package gives, and no request", async () => {
    await yaml.stack.removeConfig("sender:apiToken");
    await yaml.stack.setConfig("sender:apitoken", { value: TOKEN, secret: true });
    await emu.clearRequests();
    const text = await failure(() => yaml.stack.preview({ onOutput: yaml.onOutput, color: "never" }));
    const lines = [...yaml.output.join("").split("\n"), ...text.split("\n")];
    expect(errors(lines)).toEqual([
      `error: pulumi:providers:sender resource 'default' has a problem: ${MISSING_TOKEN} (sender:apitoken is set: did you mean sender:apiToken?)`,
    ]);
    expect(await emu.requests()).toEqual([]);
  });

  test("a misspelt optional key: the preview goes on, and its warning shows on the provider, not lost on stderr", async () => {
    await yaml.stack.removeConfig("sender:apitoken");
    await yaml.stack.setConfig("sender:apiToken", { value: TOKEN, secret: true });
    await yaml.stack.setConfig("sender:maxAttempt", { value: "3" });
    await emu.clearRequests();
    yaml.output.length = 0;
    const preview = await yaml.stack.preview({ onOutput: yaml.onOutput, color: "never" });
    expect(preview.changeSummary).toEqual({ create: 2 });
    const printed = yaml.output.join("");
    // The provider's own block of the Diagnostics (the engine adds one on the Stack for a plugin on PATH).
    const block = printed.slice(printed.indexOf("  pulumi:providers:sender (default):")).split("\n\n")[0];
    expect(block).toBe(
      [
        "  pulumi:providers:sender (default):",
        "    warning: Unknown config key sender:maxAttempt (did you mean sender:maxAttempts?); it is ignored",
      ].join("\n"),
    );
    expect(await mutatingRequests()).toEqual([]);
  });
});
