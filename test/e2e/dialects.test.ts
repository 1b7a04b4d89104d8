import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  failure,
  type StackHandle,
} from "../support/stack";
import { openTofu, providerBlock, type Tofu } from "../support/tofu";

// The core writes each line once; each door spells it (provider/words). The same five lines under
// the real engines: a wrong token, a tag no account has, a schedule in the past, a transactional
// campaign destroyed, and a change to a sent campaign. OpenTofu's user reads no word of Pulumi's;
// Pulumi's user reads the stack and its `sender:` config keys.
const TOKEN = "tok-e2e-dialects-Wd4Rk9Tz";

/** Words a Terraform user never reads: Pulumi itself, its stack, a function, a kind or a field as a program spells them. */
const PULUMI_ONLY =
  /\bpulumi(?!-sender)|\bstacks?\b|\bget[A-Z]\w*|\b(Campaign|Transactional)[A-Z]\w*|\b(adoptId|scheduleTime|apiToken|tagIds|replyTo)\b/g;

let emu: EmulatorHandle;

beforeAll(async () => {
  emu = await emulator(TOKEN);
});
afterAll(async () => {
  await emu?.close();
});

describe("under OpenTofu", () => {
  let tf: Tofu;
  beforeAll(async () => {
    tf = await openTofu(emu.url, TOKEN);
  });
  afterAll(() => tf?.dispose());

  /** A workspace of `hcl` under its own scope; the run's whole output, which must hold no Pulumi word. */
  const run = async (name: string, hcl: string, args: string[], code: number, env?: NodeJS.ProcessEnv) => {
    const dir = tf.workspace(name, `${providerBlock(`e2e/dialects/${name}`)}${hcl}`);
    const result = await tf.ok(dir, [...args, "-no-color"], code, env);
    const text = `${result.stdout}\n${result.stderr}`.replace(/\s*\n\s*│?\s*/g, " ");
    expect(text.match(PULUMI_ONLY)).toBeNull();
    return { dir, text };
  };

  test("a wrong token", async () => {
    const { text } = await run("token", 'data "sender_tag" "vip" {\n  name = "VIP"\n}\n', ["plan"], 1, {
      SENDER_API_TOKEN: "tok-wrong-dialects",
    });
    expect(text).toContain(
      "GET /v2/tags failed with 401: Unauthenticated. (the service refused the API token: check `api_token` in the provider block or SENDER_API_TOKEN)",
    );
  });

  test("a tag no account has", async () => {
    const { text } = await run("tag", 'data "sender_tag" "vip" {\n  name = "Newsleter"\n}\n', ["plan"], 1);
    expect(text).toContain(
      'the `sender_tag` data source: no tag is named "Newsleter" (close names: "Newsletter"); names match exactly, case included',
    );
  });

  test("a schedule in the past", async () => {
    const hcl = `resource "sender_campaign" "late" {
  title        = "Dialects late"
  subject      = "Too late"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<p>Late</p>"
}

resource "sender_campaign_schedule" "when" {
  campaign_id   = sender_campaign.late.id
  schedule_time = "2020-01-01T00:00:00Z"
}
`;
    const { text } = await run("schedule", hcl, ["plan"], 1);
    expect(text).toMatch(
      /schedule_time: 2020-01-01 00:00:00 UTC is in the past \(now [0-9: -]+ UTC\): give a later time, or leave out the sender_campaign_schedule to keep the campaign a draft/,
    );
  });

  test("a transactional campaign destroyed", async () => {
    const hcl = `resource "sender_transactional_campaign" "receipt" {
  title    = "Dialects receipt"
  subject  = "Your receipt"
  from     = "Example News"
  reply_to = "news@example.com"
  editor   = "html"
  content  = "<p>Thanks</p>"
}
`;
    const { dir } = await run("transactional", hcl, ["apply", "-auto-approve"], 0);
    const destroy = await tf.ok(dir, ["destroy", "-auto-approve", "-no-color"]);
    const text = `${destroy.stdout}\n${destroy.stderr}`.replace(/\s*\n\s*│?\s*/g, " ");
    expect(text.match(PULUMI_ONLY)).toBeNull();
    expect(text).toMatch(
      /sender_transactional_campaign \w+ was removed from the configuration, but the Sender API cannot delete transactional campaigns: it stays in the account\./,
    );
  });

  test("a change to a sent campaign", async () => {
    const hcl = `resource "sender_campaign" "launch" {
  adopt_id     = "snt001"
  title        = "Launch announcement"
  subject      = "We have launched again"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<p>Again</p>"
}
`;
    const { text } = await run("sent", hcl, ["apply", "-auto-approve"], 1);
    expect(text).toMatch(
      /create sender_campaign snt001 failed: Campaign snt001 has already been sent \(status SENT\): refusing to change [a-z_, ]+\. Changing or replacing a sent campaign could send the mail again; remove it from the configuration or revert the change\./,
    );
  });
});

describe("under Pulumi", () => {
  let h: StackHandle;
  beforeAll(async () => {
    h = await createStack(copyProgram("test/e2e/programs/dialects", "dialects"), emu);
  });
  afterAll(async () => {
    await h?.dispose();
  });

  const withCase = async (which: string) => {
    h.output.length = 0;
    await h.stack.setConfig("case", { value: which });
  };
  const failed = async (run: () => Promise<unknown>) => `${h.output.join("")}\n${await failure(run)}`;

  test("a wrong token", async () => {
    await withCase("tag");
    await h.stack.setConfig("sender:apiToken", { value: "tok-wrong-dialects", secret: true });
    const text = await failed(() => h.stack.preview({ onOutput: h.onOutput, color: "never" }));
    await h.stack.setConfig("sender:apiToken", { value: TOKEN, secret: true });
    expect(text).toContain(
      "getTag: GET /v2/tags failed with 401: Unauthenticated. (the service refused the API token: check `sender:apiToken` (set it with `pulumi config set --secret sender:apiToken <token>`) or SENDER_API_TOKEN)",
    );
  });

  test("a tag no account has", async () => {
    await withCase("tag");
    const text = await failed(() => h.stack.preview({ onOutput: h.onOutput, color: "never" }));
    expect(text).toContain(
      'getTag: no tag is named "Newsleter" (close names: "Newsletter"); names match exactly, case included',
    );
  });

  test("a schedule in the past", async () => {
    await withCase("schedule");
    const text = await failed(() => h.stack.preview({ onOutput: h.onOutput, color: "never" }));
    expect(text).toMatch(
      /2020-01-01 00:00:00 UTC is in the past \(now [0-9: -]+ UTC\): give a later time, or leave out the CampaignSchedule to keep the campaign a draft/,
    );
  });

  test("a transactional campaign destroyed", async () => {
    await withCase("transactional");
    await h.stack.up({ onOutput: h.onOutput, color: "never" });
    await withCase("none");
    await h.stack.up({ onOutput: h.onOutput, color: "never" });
    expect(h.output.join("")).toMatch(
      /TransactionalCampaign \w+ was removed from the stack, but the Sender API cannot delete transactional campaigns: it stays in the account\./,
    );
  });

  test("a change to a sent campaign", async () => {
    await withCase("sent");
    const text = await failed(() => h.stack.up({ onOutput: h.onOutput, color: "never" }));
    expect(text).toMatch(
      /create Campaign snt001 failed: Campaign snt001 has already been sent \(status SENT\): refusing to change [A-Za-z, ]+\. Changing or replacing a sent campaign could send the mail again; remove it from the stack or revert the change\./,
    );
  });
});
