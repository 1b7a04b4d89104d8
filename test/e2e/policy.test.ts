// The policy pack under the real engine, as users run it: the tarball scripts/policy-pack.sh packs,
// installed with npm in a folder outside the checkout (@pulumi/policy from the registry), named by
// `pulumi preview --policy-pack`. A TypeScript program on the dynamic resources, compliant and then
// carrying violations of each rule, and a Pulumi YAML program on the plugin (installed from its
// tarball) carrying them too; and the GitOps review running the pack. An http webhook is previewed
// apart: the provider's own check refuses it as well, and a failed check ends the preview before
// the stack rules run. Nine previews, none writing to the service. Then, on one stack, the ways a
// program used to get past the schedule rules, each refused before a schedule request is sent (with
// the pack, at preview and at up; and the provider's own sender:minScheduleLeadMinutes without it),
// the pack's config typos, the two-campaign targeting, and sender:scheduleNeedsAudience under
// `up --skip-preview`: seven previews and six ups.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runReview } from "../../examples/gitops/review";
import { npm } from "../package/packed";
import { outsideCheckout, removeUserFolders, userFolder } from "../support/folders";
import { pluginTarball, VERSION } from "../support/plugin";
import { cli, scriptOutput } from "../support/run";
import { copyProgram, createStack, type EmulatorHandle, emulator, type StackHandle } from "../support/stack";

const TOKEN = "tok-e2e-policy-Qm4Vx8Rb";
const HOUR = 3_600_000;

/** An ISO time `ms` from now, to the second. */
const fromNow = (ms: number) => `${new Date(Date.now() + ms).toISOString().slice(0, 19)}Z`;

let pack: string;
let configs: string;

/** Writes a `--policy-pack-config` file and returns its path. */
function configFile(name: string, config: object): string {
  const file = path.join(configs, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(config));
  return file;
}

/** `pulumi preview` of a stack with the pack (and a config file), its exit code and everything it printed. */
function preview(h: StackHandle, config?: string): Promise<{ code: number; output: string }> {
  return pulumi(h, ["preview"], { pack: true, config });
}

/** A `pulumi` command on a stack (with the pack, and a config file), its exit code and everything it printed. */
function pulumi(
  h: StackHandle,
  command: string[],
  options: { pack?: boolean; config?: string | undefined } = {},
): Promise<{ code: number; output: string }> {
  const args = [...command, "--non-interactive", "--stack", "e2e"];
  if (options.pack) args.push("--policy-pack", pack);
  if (options.config) args.push("--policy-pack-config", options.config);
  return new Promise((resolve) => {
    execFile(
      "pulumi",
      args,
      { cwd: h.dir, env: { ...process.env, ...h.env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** The lines of the engine's Policies section: `- [level]  rule  (type: name)` and the message under it. */
function policyLines(output: string): string[] {
  return output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^- \[(mandatory|advisory)\]/.test(line));
}

beforeAll(async () => {
  const tarball = await scriptOutput("scripts/policy-pack.sh");
  const folder = userFolder("policy-pack");
  fs.writeFileSync(
    path.join(folder, "package.json"),
    JSON.stringify({ name: "sender-policy", private: true }),
  );
  npm(["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", tarball], folder);
  pack = path.join(folder, "node_modules", "pulumi-sender-policy");
  configs = userFolder("policy-config");
});
afterAll(() => removeUserFolders());

test("the pack is installed from its tarball outside the checkout, with @pulumi/policy 1.21.0 from the registry", async () => {
  expect(outsideCheckout(pack)).toBe(true);
  expect(fs.existsSync(path.join(pack, "PulumiPolicy.yaml"))).toBe(true);
  const { stdout } = await new Promise<{ stdout: string }>((resolve, reject) =>
    execFile(
      process.execPath,
      [
        "-p",
        "const r = require.resolve('@pulumi/policy/package.json');" +
          "[r, require(r).version, require.resolve('@pulumi/pulumi/cmd/run-policy-pack')].join(' ')",
      ],
      { cwd: pack },
      (error, out) => (error ? reject(error) : resolve({ stdout: out })),
    ),
  );
  const [resolved, version, runner] = stdout.trim().split(" ");
  expect(outsideCheckout(resolved as string)).toBe(true);
  expect(version).toBe("v1.21.0");
  // What the language host starts the pack with: the pack's own @pulumi/pulumi, not the checkout's.
  expect(outsideCheckout(runner as string)).toBe(true);
});

describe("a TypeScript program on the dynamic resources", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;
  let domains: string;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    h = await createStack(copyProgram("test/e2e/programs/policy", "policy"), emu, {
      sendAt: fromNow(24 * HOUR),
    });
    domains = configFile("domains-org", { "sender-domain": { domains: ["example.org"] } });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("a compliant program passes, its sender domain configured", async () => {
    const run = await preview(h, domains);
    expect([run.code, policyLines(run.output)]).toEqual([0, []]);
    expect(run.output).toContain(`pulumi-sender-policy@v${VERSION} (local: ${pack})`);
    expect((await emu.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  test("a schedule 30 minutes ahead fails schedule-lead-time; as advisory it is a warning and the preview passes", async () => {
    await h.stack.setConfig("sendAt", { value: fromNow(HOUR / 2) });
    const mandatory = await preview(h);
    expect(mandatory.code).not.toBe(0);
    expect(policyLines(mandatory.output)).toEqual([
      "- [mandatory]  schedule-lead-time  (pulumi-nodejs:dynamic/sender:CampaignSchedule: welcome-send)",
    ]);
    expect(mandatory.output).toMatch(
      /CampaignSchedule "welcome-send": scheduleTime \S+ \(\S+\) is 0\.5 hours from now, less than the 2 hours this pack requires before a send: move scheduleTime to \S+ or later/,
    );
    const advisory = await preview(h, configFile("lead-advisory", { "schedule-lead-time": "advisory" }));
    expect(advisory.code).toBe(0);
    expect(policyLines(advisory.output)).toEqual([
      "- [advisory]  schedule-lead-time  (pulumi-nodejs:dynamic/sender:CampaignSchedule: welcome-send)",
    ]);
  });

  test("a body without an unsubscribe link and with a misspelt tag: content-checks names both, advisory; mandatory it fails", async () => {
    // The schedule as the compliant program has it (the test before this one moved it nearer).
    await h.stack.setConfig("sendAt", { value: fromNow(24 * HOUR) });
    await h.stack.setConfig("content", { value: "<p>Hello {{ frstname }}</p>" });
    const advisory = await preview(h, domains);
    const line = "- [advisory]  content-checks  (pulumi-nodejs:dynamic/sender:Campaign: welcome)";
    expect([advisory.code, policyLines(advisory.output)]).toEqual([0, [line, line]]);
    expect(advisory.output).toContain(
      'Campaign "welcome": content has no unsubscribe link, which every marketing email must carry; add a link whose address or text says unsubscribe (content check unsubscribe-link)',
    );
    expect(advisory.output).toContain(
      'Campaign "welcome": content has 1 personalization tag Sender would not fill ({{ frstname }}, did you mean {{ firstname }}?); write tags as {{ firstname }} (content check personalization-tag)',
    );
    const mandatory = await preview(h, configFile("content-mandatory", { "content-checks": "mandatory" }));
    await h.stack.removeConfig("content");
    expect(mandatory.code).not.toBe(0);
    expect(policyLines(mandatory.output)).toEqual([
      "- [mandatory]  content-checks  (pulumi-nodejs:dynamic/sender:Campaign: welcome)",
      "- [mandatory]  content-checks  (pulumi-nodejs:dynamic/sender:Campaign: welcome)",
    ]);
    expect((await emu.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  test("a schedule with no targeting and a reply-to outside the domains fail, each line naming the rule and the resource", async () => {
    await h.stack.setConfig("sendAt", { value: fromNow(24 * HOUR) });
    await h.stack.setConfig("violations", { value: "true" });
    const run = await preview(h, domains);
    expect(run.code).not.toBe(0);
    expect(policyLines(run.output).sort()).toEqual([
      "- [mandatory]  schedule-needs-audience  (pulumi-nodejs:dynamic/sender:CampaignSchedule: promo-send)",
      "- [mandatory]  sender-domain  (pulumi-nodejs:dynamic/sender:Campaign: promo)",
    ]);
    expect(run.output).toContain(
      'CampaignSchedule "promo-send": campaignId is campaign "promo", which no CampaignTargeting of this stack targets',
    );
    expect(run.output).toContain(
      'Campaign "promo": replyTo "news@example.com" is on example.com, outside the sender domains this pack allows (example.org)',
    );
    expect((await emu.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  test("the GitOps review runs the pack in its preview and lists each violation in its Policy section", async () => {
    const out = userFolder("policy-review");
    const review = await runReview({
      cwd: h.dir,
      stack: "e2e",
      outDir: out,
      env: { ...process.env, ...h.env },
      policyPacks: [pack],
      policyPackConfigs: [domains],
      // No browser here: each email's section says its rendering failed, and the report is still written.
      chromium: path.join(out, "no-chromium"),
    });
    // Its stack rules ran (schedule-needs-audience is one): the preview failed on their violations.
    expect(review.stackRulesEvaluated).toBe(true);
    expect(review.policyViolations.map((v) => [v.level, v.rule, v.resource])).toEqual([
      ["mandatory", "schedule-needs-audience", "promo-send"],
      ["mandatory", "sender-domain", "promo"],
    ]);
    const start = review.markdown.indexOf("\n## Policy\n");
    const section = review.markdown.slice(start, review.markdown.indexOf("\n## ", start + 1));
    expect(section.split("\n").filter((line) => line.startsWith("- ") || /^\d+ policy/.test(line))).toEqual([
      `2 policy violations, 2 mandatory: \`pulumi up\` fails until they are fixed. Policy packs: pulumi-sender-policy\\@v${VERSION}.`,
      expect.stringMatching(
        /^- ⛔ \*\*mandatory\*\* schedule-needs-audience on promo-send: .*CampaignSchedule "promo-send"\\: campaignId is campaign "promo", which/,
      ),
      expect.stringMatching(
        /^- ⛔ \*\*mandatory\*\* sender-domain on promo: .*Campaign "promo"\\: replyTo "news\\@example.com" is on example.com/,
      ),
    ]);
    expect(fs.readFileSync(review.file, "utf8")).toBe(review.markdown);
  });

  test("a webhook over http fails webhook-https (and the provider's own check)", async () => {
    await h.stack.setConfig("violations", { value: "false" });
    await h.stack.setConfig("httpWebhook", { value: "true" });
    const run = await preview(h);
    expect(run.code).not.toBe(0);
    expect(policyLines(run.output)).toEqual([
      "- [mandatory]  webhook-https  (pulumi-nodejs:dynamic/sender:Webhook: plain-hook)",
    ]);
    expect(run.output).toContain(
      'Webhook "plain-hook": url http://hooks.example.org/… is not https, so Sender would deliver subscriber data in clear text: serve the endpoint over TLS and give its https:// URL.',
    );
  });

  test("the GitOps review of that preview, which failed before the stack rules, says they were not evaluated", async () => {
    const out = userFolder("policy-review-failed");
    const review = await runReview({
      cwd: h.dir,
      stack: "e2e",
      outDir: out,
      env: { ...process.env, ...h.env },
      policyPacks: [pack],
      chromium: path.join(out, "no-chromium"),
    });
    expect(review.stackRulesEvaluated).toBe(false);
    expect(review.policyViolations.map((v) => [v.level, v.rule, v.resource])).toEqual([
      ["mandatory", "webhook-https", "plain-hook"],
    ]);
    const start = review.markdown.indexOf("\n## Policy\n");
    const section = review.markdown.slice(start, review.markdown.indexOf("\n## ", start + 1));
    expect(section).toContain(
      `⛔ **Not evaluated:** the preview failed before the policy packs' stack rules ran, so those rules were not evaluated, nor the resource rules of what the preview did not reach. Fix the preview errors and review again. Policy packs: pulumi-sender-policy\\@v${VERSION}.`,
    );
    expect(section).not.toContain("No policy violations");
    expect((await emu.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });
});

describe("schedule-needs-proof on the dynamic resources", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;
  const line =
    "- [advisory]  schedule-needs-proof  (pulumi-nodejs:dynamic/sender:CampaignSchedule: welcome-send)";
  const message =
    'CampaignSchedule "welcome-send": campaign "welcome" has no CampaignProof in this stack, so it would go out with nobody having seen it';

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    h = await createStack(copyProgram("test/e2e/programs/policy", "policy-proof"), emu, {
      sendAt: fromNow(24 * HOUR),
      noProof: "true",
      // This row runs an up: the reply-to on a domain the service has verified.
      replyTo: "news@example.com",
    });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("a schedule without a proof is flagged, advisory by default and failing as mandatory; with its proof it passes, before and after up", async () => {
    const domains = configFile("proof-domains", { "sender-domain": { domains: ["example.com"] } });
    const mandatory = configFile("proof-mandatory", {
      "sender-domain": { domains: ["example.com"] },
      "schedule-needs-proof": "mandatory",
    });
    const advisory = await preview(h, domains);
    expect([advisory.code, policyLines(advisory.output)]).toEqual([0, [line]]);
    expect(advisory.output).toContain(message);
    const refused = await preview(h, mandatory);
    expect([refused.code === 0, policyLines(refused.output)]).toEqual([
      false,
      [line.replace("advisory", "mandatory")],
    ]);

    await h.stack.setConfig("noProof", { value: "false" });
    const proofed = await preview(h, mandatory);
    expect([proofed.code, policyLines(proofed.output)]).toEqual([0, []]);
    const up = await pulumi(h, ["up", "--yes"], { pack: true, config: mandatory });
    expect([up.code, policyLines(up.output)]).toEqual([0, []]);
    // Applied: both hashes known, and equal.
    const again = await preview(h, mandatory);
    expect([again.code, policyLines(again.output)]).toEqual([0, []]);
    await pulumi(h, ["destroy", "--yes"]);
  });
});

describe("a Pulumi YAML program on the plugin", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;

  beforeAll(async () => {
    const tarball = await pluginTarball();
    emu = await emulator(TOKEN);
    h = await createStack(
      copyProgram("test/e2e/programs/policy-yaml", "policy-yaml"),
      { url: "http://127.0.0.1:9", token: "unused" },
      { baseUrl: emu.url, sendAt: fromNow(HOUR / 2) },
    );
    await h.stack.setConfig("apiToken", { value: TOKEN, secret: true });
    await cli(h, h.dir, ["plugin", "install", "resource", "sender", VERSION, "-f", tarball]);
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("a schedule with no targeting fails on schedule-needs-audience; the lead time and the domain hold on the plugin's types too", async () => {
    const run = await preview(
      h,
      configFile("domains-org", { "sender-domain": { domains: ["example.org"] } }),
    );
    expect(run.code).not.toBe(0);
    expect(policyLines(run.output).sort()).toEqual([
      "- [mandatory]  schedule-lead-time  (sender:index:CampaignSchedule: promoSend)",
      "- [mandatory]  schedule-needs-audience  (sender:index:CampaignSchedule: promoSend)",
      "- [mandatory]  sender-domain  (sender:index:Campaign: promo)",
    ]);
    expect(run.output).toContain(
      'CampaignSchedule "promoSend": campaignId is campaign "promo", which no CampaignTargeting of this stack targets',
    );
    expect((await emu.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  test("a webhook over http fails webhook-https on the plugin's type", async () => {
    await h.stack.setConfig("hookUrl", { value: "http://hooks.example.org/sender" });
    const run = await preview(h);
    expect(run.code).not.toBe(0);
    // The provider's check refuses the webhook too, which ends the preview before the stack rules.
    expect(policyLines(run.output)).toEqual([
      "- [mandatory]  webhook-https  (sender:index:Webhook: plainHook)",
    ]);
    expect(run.output).toContain('Webhook "plainHook": url http://hooks.example.org/… is not https');
    expect((await emu.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });
});

describe("the schedule rules cannot be skipped from the program (dynamic resources)", () => {
  let emu: EmulatorHandle;
  let h: StackHandle;
  /** The schedule requests the emulator received: none may reach it when a rule refuses. */
  const scheduled = async () =>
    (await emu.requests())
      .filter((r) => r.method === "POST" && r.path.endsWith("/schedule"))
      .map((r) => r.path);
  const soon = () => fromNow(HOUR / 2);

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    const at = soon();
    h = await createStack(copyProgram("test/e2e/programs/policy-bypass", "policy-bypass"), emu, {
      scenario: "outputs",
      soon: at,
      soonUtc: at.slice(0, 19).replace("T", " "),
      later: fromNow(24 * HOUR),
    });
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("outputs passed as inputs (sent, scheduleTimeUtc) are refused by check, at preview and at up", async () => {
    const lines = (output: string) => [
      ...new Set(
        output
          .split("\n")
          .map((line) => line.trim())
          .filter((line) => line.startsWith("error: ") && line.includes("is an output the provider records")),
      ),
    ];
    const expected = ["scheduleTimeUtc", "sent"].map((field) =>
      expect.stringMatching(
        new RegExp(
          `^error: pulumi-nodejs:dynamic/sender:CampaignSchedule resource 'c-1-send': property ${field} value \\{.+\\} has a problem: ${field} is an output the provider records, never an input: remove it from the resource's arguments$`,
        ),
      ),
    );
    for (const command of [["preview"], ["up", "--yes", "--skip-preview"]]) {
      const run = await pulumi(h, command, { pack: true });
      expect(run.code).not.toBe(0);
      expect(lines(run.output).sort()).toEqual(expected);
    }
    // Without a preview, `up` creates the campaign and its targeting while the schedule's check fails.
    expect(await scheduled()).toEqual([]);
  });

  test("a time computed from the campaign's id passes the preview (unknown), and the pack refuses it at up, before the schedule reaches the service", async () => {
    // A new campaign, whose id is unknown at preview.
    await h.stack.setConfig("scenario", { value: "computed" });
    await h.stack.setConfig("round", { value: "2" });
    await h.stack.setConfig("soon", { value: soon() });
    // `up` previews first: the time is unknown there, and the rule judges it at the schedule's create.
    const up = await pulumi(h, ["up", "--yes"], { pack: true });
    expect(up.code).not.toBe(0);
    expect(up.output).toContain("Updating (e2e):");
    expect(policyLines(up.output)).toEqual([
      "- [mandatory]  schedule-lead-time  (pulumi-nodejs:dynamic/sender:CampaignSchedule: c-2-send)",
    ]);
    expect(up.output).toMatch(
      /CampaignSchedule "c-2-send": scheduleTime \S+ \(\S+\) is 0\.5 hours from now, less than the 2 hours this pack requires before a send/,
    );
    expect(await scheduled()).toEqual([]);
    // Scheduled without the pack, the schedule is the stack's as it is: the rule leaves it alone from then on.
    expect((await pulumi(h, ["up", "--yes"])).code).toBe(0);
    expect((await scheduled()).length).toBe(1);
    const kept = await preview(h);
    expect([kept.code, policyLines(kept.output)]).toEqual([0, []]);
  });

  test("without the pack, sender:minScheduleLeadMinutes refuses the computed time at up, naming the field and the limit", async () => {
    await h.stack.setConfig("round", { value: "3" });
    await h.stack.setConfig("soon", { value: soon() });
    await h.stack.setConfig("sender:minScheduleLeadMinutes", { value: "120" });
    const before = await scheduled();
    const up = await pulumi(h, ["up", "--yes"]);
    expect(up.code).not.toBe(0);
    expect(up.output).toMatch(
      /error: create CampaignSchedule \w+ failed: scheduleTime \S+ \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\) is (29|30) minutes from now, less than the 120 minutes sender:minScheduleLeadMinutes requires: move scheduleTime to \d{4}-\d\d-\d\d \d\d:\d\d:00 UTC or later/,
    );
    expect(await scheduled()).toEqual(before);
  });

  test("the pack's config: an unknown property or rule is named, with what the pack has", async () => {
    const rules =
      '"schedule-needs-audience", "schedule-needs-proof", "schedule-lead-time", "sender-domain", "webhook-https", "content-checks"';
    const cases: Array<[object, string]> = [
      [
        { "schedule-lead-time": { hour: 48 } },
        'rule "schedule-lead-time" has no config property "hour": its properties are "hours" (and enforcementLevel)',
      ],
      [
        { "schedule-lead-tme": "advisory" },
        `unknown rule "schedule-lead-tme" in the config of the pulumi-sender-policy pack: its rules are ${rules}`,
      ],
      // Properties without a level never reach the pack: the engine refuses the file first, as docs/policy.md says.
      [
        { "schedule-lead-tme": { hours: 4 } },
        `configuring policy pack "pulumi-sender-policy" at "${pack}": invalid enforcement level ""`,
      ],
    ];
    for (const [index, [config, line]] of cases.entries()) {
      const run = await preview(h, configFile(`typo-${index}`, config));
      expect(run.code).not.toBe(0);
      const prefix = `error: configuring policy pack "pulumi-sender-policy" at "${pack}": `;
      expect(run.output.split("\n").filter((l) => l.startsWith("error: "))).toEqual([
        line.startsWith("configuring") ? `error: ${line}` : `${prefix}${line}`,
      ]);
    }
  });

  test("a targeting whose campaignId comes from two campaigns counts for the one whose id it is, not for both", async () => {
    await h.stack.setConfig("scenario", { value: "audience" });
    // Preview: the ids are unknown and the value came from both campaigns, so it counts for neither.
    const unknown = await preview(h);
    expect(policyLines(unknown.output).sort()).toEqual([
      "- [mandatory]  schedule-needs-audience  (pulumi-nodejs:dynamic/sender:CampaignSchedule: e-3-send)",
      "- [mandatory]  schedule-needs-audience  (pulumi-nodejs:dynamic/sender:CampaignSchedule: f-3-send)",
    ]);
    // Applied without the pack, the ids are known: the targeting is f's, and e has no audience.
    const up = await pulumi(h, ["up", "--yes"]);
    expect(up.code).toBe(0);
    const known = await preview(h);
    expect(known.code).not.toBe(0);
    expect(policyLines(known.output)).toEqual([
      "- [mandatory]  schedule-needs-audience  (pulumi-nodejs:dynamic/sender:CampaignSchedule: e-3-send)",
    ]);
    expect(known.output).toContain(
      'CampaignSchedule "e-3-send": campaignId is campaign "e-3", which no CampaignTargeting of this stack targets',
    );
  });

  test("up --skip-preview with the pack and sender:scheduleNeedsAudience refuses a schedule of a campaign with no targeting, before the schedule request", async () => {
    await h.stack.setConfig("scenario", { value: "bare" });
    await h.stack.setConfig("round", { value: "4" });
    await h.stack.setConfig("sender:scheduleNeedsAudience", { value: "true" });
    const before = await scheduled();
    const up = await pulumi(h, ["up", "--yes", "--skip-preview"], { pack: true });
    expect(up.code).not.toBe(0);
    const refusals = [
      ...new Set(
        up.output
          .split("\n")
          .map((line) => line.trim())
          // The engine's own lines; its progress display repeats each after the resource's name.
          .filter(
            (line) =>
              line.startsWith("error: ") && line.includes("sender:scheduleNeedsAudience requires one"),
          ),
      ),
    ];
    expect(refusals).toEqual([
      expect.stringMatching(
        /^error: create CampaignSchedule (\w+) failed: campaignId \1 has no audience in Sender \(no tags, saved filters or groups, and not sendToAll\), and sender:scheduleNeedsAudience requires one: add a CampaignTargeting with this campaignId and make the schedule depend on it \(dependsOn\), or give the campaign groups$/,
      ),
    ]);
    // The campaign was made (nothing stops a draft); its schedule never reached the service.
    expect(await scheduled()).toEqual(before);
  });
});
