// The core writes each line once, from its parts; each door spells them (provider/words). Every
// line below is made by the core's own code, once in each door's dialect: the Terraform door's
// lines hold no word of Pulumi's (`pulumi`, the stack, `getTag`, a kind or a field as a program
// spells it), and the Pulumi doors' lines name the settings as stack config keys (`sender:…`).
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SenderClient } from "../../../provider/client";
import { missingTokenError, readSettings } from "../../../provider/core/config";
import { forResource } from "../../../provider/core/diagnostics";
import { servedFunctions } from "../../../provider/functions/served";
import { providersOf } from "../../../provider/index";
import { PULUMI_WORDS } from "../../../provider/pulumi/words";
import { TERRAFORM_WORDS } from "../../../provider/terraform/words";
import { type Dialect, inDialect } from "../../../provider/words";
import { ROOT } from "../../support/root";
import { type Harness, startHarness, TOKEN } from "../kinds/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** What an operation run in `dialect` wrote: its warnings and notices, then its error, if any. */
async function linesOf(dialect: Dialect, run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  try {
    await forResource(
      undefined,
      () => inDialect(dialect, run),
      (_severity, message) => {
        lines.push(message);
      },
    );
  } catch (error) {
    lines.push((error as Error).message);
  }
  return lines;
}

const providers = () => providersOf(h.context);
const PAST = "2020-01-01T00:00:00Z";

/** Each case: the core's code that writes the line, and the line as each door's user reads it. */
const CASES: {
  name: string;
  run: () => Promise<unknown>;
  pulumi: string[];
  terraform: string[];
}[] = [
  {
    name: "a wrong token",
    run: () => new SenderClient({ apiToken: `${TOKEN}-wrong`, baseUrl: h.url }).listCampaigns(),
    pulumi: [
      "GET /v2/campaigns failed with 401: Unauthenticated. (the service refused the API token: check `sender:apiToken` (set it with `pulumi config set --secret sender:apiToken <token>`) or SENDER_API_TOKEN)",
    ],
    terraform: [
      "GET /v2/campaigns failed with 401: Unauthenticated. (the service refused the API token: check `api_token` in the provider block or SENDER_API_TOKEN)",
    ],
  },
  {
    name: "no token",
    run: async () => {
      throw missingTokenError([]);
    },
    pulumi: [
      "No Sender API token: set it with `pulumi config set --secret sender:apiToken <token>` or the SENDER_API_TOKEN environment variable",
    ],
    terraform: [
      "No Sender API token: set it with `api_token` in the provider block (from a sensitive variable) or the SENDER_API_TOKEN environment variable",
    ],
  },
  {
    name: "a malformed setting",
    run: async () =>
      readSettings({ get: (key) => (key === "sender:minScheduleLeadMinutes" ? "soon" : undefined) }, {}),
    pulumi: [
      'Invalid config sender:minScheduleLeadMinutes: sender:minScheduleLeadMinutes must be a whole number (got "soon"), e.g. `pulumi config set sender:minScheduleLeadMinutes 1`',
    ],
    terraform: [
      'Invalid config min_schedule_lead_minutes: min_schedule_lead_minutes must be a whole number (got "soon"), e.g. `min_schedule_lead_minutes = 1` in the provider block',
    ],
  },
  {
    name: "an unknown tag",
    run: () =>
      servedFunctions.getTag!.run({ name: "Newsleter" }, { client: () => h.client, token: () => TOKEN }),
    pulumi: [
      'getTag: no tag is named "Newsleter" (close names: "Newsletter"); names match exactly, case included',
    ],
    terraform: [
      'the `sender_tag` data source: no tag is named "Newsleter" (close names: "Newsletter"); names match exactly, case included',
    ],
  },
  {
    name: "a past schedule",
    run: async () => {
      const result = await providers().CampaignSchedule.check!(
        {},
        { campaignId: "cmp001", scheduleTime: PAST },
      );
      throw new Error(result.failures?.map((f) => f.reason).join("; "));
    },
    pulumi: [
      "2020-01-01 00:00:00 UTC is in the past (now 2026-12-01 00:00:00 UTC): give a later time, or leave out the CampaignSchedule to keep the campaign a draft",
    ],
    terraform: [
      "2020-01-01 00:00:00 UTC is in the past (now 2026-12-01 00:00:00 UTC): give a later time, or leave out the sender_campaign_schedule to keep the campaign a draft",
    ],
  },
  {
    name: "a transactional campaign destroyed",
    run: () => providers().TransactionalCampaign.delete!("trn001", {}),
    pulumi: [
      "TransactionalCampaign trn001 was removed from the stack, but the Sender API cannot delete transactional campaigns: it stays in the account. Delete it in the Sender interface if it is no longer wanted.",
    ],
    terraform: [
      "sender_transactional_campaign trn001 was removed from the configuration, but the Sender API cannot delete transactional campaigns: it stays in the account. Delete it in the Sender interface if it is no longer wanted.",
    ],
  },
  {
    name: "a change to a sent campaign",
    run: async () => {
      const sent = await providers().Campaign.read("snt001", {});
      const inputs = sent.inputs as Record<string, unknown>;
      return providers().Campaign.diff!("snt001", sent.props, {
        ...inputs,
        subject: "Again",
        googleAnalytics: inputs.googleAnalytics !== true,
      });
    },
    pulumi: [
      "diff Campaign snt001 failed: Campaign snt001 has already been sent (status SENT): refusing to change googleAnalytics, subject. Changing or replacing a sent campaign could send the mail again; remove it from the stack or revert the change.",
    ],
    terraform: [
      "plan sender_campaign snt001 failed: Campaign snt001 has already been sent (status SENT): refusing to change google_analytics, subject. Changing or replacing a sent campaign could send the mail again; remove it from the configuration or revert the change.",
    ],
  },
  {
    name: "a webhook's adoptId that names none",
    run: () =>
      providers().Webhook.create!({
        url: "https://hooks.example.com/in",
        topic: "campaigns/new",
        adoptId: "nope01",
      }),
    pulumi: ["create Webhook nope01 failed: adoptId nope01: no webhook with this id exists"],
    terraform: ["create sender_webhook nope01 failed: adopt_id nope01: no webhook with this id exists"],
  },
];

/** Words only Pulumi's users read: the engine, its stack, a function or a kind as a program names it, camelCase. */
const PULUMI_ONLY =
  /pulumi|\bstacks?\b|\bget[A-Z]\w*|\b(Campaign|Transactional)[A-Z]\w*|\bWebhook\b|\b[a-z]+[A-Z]\w*\b/g;

describe("the core's lines in each door's words", () => {
  beforeAll(() => {
    vi.useFakeTimers({ now: new Date("2026-12-01T00:00:00Z"), toFake: ["Date"] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it.each(CASES)("$name", async ({ run, pulumi, terraform }) => {
    expect(await linesOf(PULUMI_WORDS, run)).toEqual(pulumi);
    expect(await linesOf(TERRAFORM_WORDS, run)).toEqual(terraform);
  });

  it("no Terraform line holds a word of Pulumi's; every Pulumi line that names a setting names its config key", () => {
    const terraform = CASES.flatMap((c) => c.terraform);
    expect(terraform.flatMap((line) => line.match(PULUMI_ONLY) ?? [])).toEqual([]);
    const settings = CASES.flatMap((c) => c.pulumi).filter((line) =>
      /apiToken|minScheduleLeadMinutes/.test(line),
    );
    expect(settings.length).toBe(3);
    for (const line of settings) expect(line).toMatch(/sender:(apiToken|minScheduleLeadMinutes)/);
    expect(settings.join(" ").match(/(?<!sender:)\b(apiToken|minScheduleLeadMinutes)\b/g)).toBeNull();
  });
});

/** The string literals of a source, comments and its reference page's prose (`notes: [...]`, Pulumi's `docs/resources.md`) left out. */
function literalsOf(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/notes: \[[\s\S]*?\]\.join\("\\n"\)/g, "");
  return code.match(/"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g) ?? [];
}

describe("no line of the core is written in one engine's words", () => {
  it("no string of the core, the kinds, the data sources or the client names a Pulumi command or the stack", () => {
    const dirs = [
      "provider/words",
      "provider/core",
      "provider/kinds",
      "provider/functions",
      "provider/client",
    ];
    const files = dirs.flatMap((dir) =>
      fs
        .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".generated.ts"))
        .map((f) => path.join(dir, f)),
    );
    expect(files.length).toBeGreaterThan(60);
    const found = files.flatMap((file) =>
      literalsOf(fs.readFileSync(path.join(ROOT, file), "utf8"))
        .filter((literal) =>
          /`pulumi |\bpulumi (up|refresh|destroy|import|config)\b|\bthe stack\b/.test(literal),
        )
        .map((literal) => `${file}: ${literal.slice(0, 80)}`),
    );
    expect(found).toEqual([]);
  });

  it("the scan sees a command and the stack in code, and not in a comment or a reference page's prose", () => {
    expect(
      literalsOf(
        'const a = "run `pulumi up`";\n  // "the stack"\nnotes: ["from the stack"].join("\\n"),\nconst b = `the stack`;',
      ),
    ).toEqual(['"run `pulumi up`"', "`the stack`"]);
  });
});
