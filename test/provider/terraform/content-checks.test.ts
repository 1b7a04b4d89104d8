// Issue 57 through the Terraform door: a plan shows each content finding as a diagnostic on its
// attribute, `content_checks = "error"` makes it an error, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator/server";
import { TerraformDoor } from "../../../provider/terraform/door";
import { callFunction } from "../../../provider/terraform/functions";
import { fromCore } from "../../../provider/terraform/values";

const TOKEN = "tok-unit-terraform-content-7hWx";
let emu: Awaited<ReturnType<typeof startEmulator>>;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, token: TOKEN });
});

afterAll(async () => {
  await emu?.close();
});

const writes = async () =>
  ((await (await fetch(`${emu.url}/__emulator/request-counts`)).json()) as { mutating: number }).mutating;

/** A door configured with `content_checks` (left out when undefined). */
function doorWith(contentChecks?: string): TerraformDoor {
  const door = new TerraformDoor();
  const provider = fromCore(door.schema.provider.attributes, {
    apiToken: TOKEN,
    baseUrl: emu.url,
    ownershipScope: "unit/terraform-content",
    ...(contentChecks === undefined ? {} : { contentChecks }),
  });
  expect(door.configure(provider, {}).diagnostics).toEqual([]);
  return door;
}

const CAMPAIGN = {
  title: "TF content",
  subject: "Spring is here",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: `<p>${"Spring. ".repeat(13_100)}</p>`,
};
const CLIPPED =
  'sender_campaign "TF content": content is 102.4 KB of html, over the 102 KB at which Gmail clips a message and hides its end (the footer and its unsubscribe link); make it smaller (less inline CSS, fewer blocks) (content check gmail-clipping)';
const NO_UNSUBSCRIBE =
  'sender_campaign "TF content": content has no unsubscribe link, which every marketing email must carry; add a link whose address or text says unsubscribe (content check unsubscribe-link)';

async function plan(door: TerraformDoor, inputs: Record<string, unknown> = CAMPAIGN) {
  const config = fromCore(door.schema.resources.sender_campaign!.block.attributes, inputs);
  return door.plan("sender_campaign", null, config, config, undefined);
}

describe("a campaign's content findings at plan", () => {
  it("by default: one warning per finding, on its attribute, and the plan goes on with nothing written", async () => {
    const before = await writes();
    const planned = await plan(doorWith());
    expect(planned.diagnostics).toEqual([
      { severity: "WARNING", summary: CLIPPED, path: ["content"] },
      { severity: "WARNING", summary: NO_UNSUBSCRIBE, path: ["content"] },
    ]);
    expect(planned.planned).not.toBeUndefined();
    expect(await writes()).toBe(before);
  });

  it('content_checks = "error": the plan fails with both on their attribute; "off": nothing', async () => {
    const before = await writes();
    const failed = await plan(doorWith("error"));
    expect(failed.diagnostics).toEqual([
      { severity: "ERROR", summary: CLIPPED, path: ["content"] },
      { severity: "ERROR", summary: NO_UNSUBSCRIBE, path: ["content"] },
    ]);
    expect(failed.planned).toBeUndefined();
    expect((await plan(doorWith("off"))).diagnostics).toEqual([]);
    expect(await writes()).toBe(before);
  });

  it("a content_checks value it does not take is refused at configure, naming the three", () => {
    const door = new TerraformDoor();
    const provider = fromCore(door.schema.provider.attributes, {
      apiToken: TOKEN,
      baseUrl: emu.url,
      contentChecks: "loud",
    });
    expect(door.configure(provider, {}).diagnostics.map((d) => [d.summary, d.path])).toEqual([
      [
        'Invalid provider attribute content_checks (or SENDER_CONTENT_CHECKS): content_checks must be one of off, warn, error (got "loud"), e.g. `content_checks = "error"` in the provider block',
        ["content_checks"],
      ],
    ]);
  });
});

describe("provider::sender::content_report", () => {
  it("answers the plan's lines in Terraform's words; a transactional (plain) body needs no unsubscribe link", () => {
    expect(callFunction("content_report", ["Spring", "", "Our news at www.example.com", "text"])).toEqual({
      result: [
        "content has no unsubscribe link, which every marketing email must carry; add a link whose address or text says unsubscribe (content check unsubscribe-link)",
        "content is plain text (content_type) but has 1 link written as markup or without a scheme (www.example.com); write each as a full https:// address (content check plain-text-link)",
      ],
    });
    expect(callFunction("content_report", ["Reset", "", "Follow https://e.com/r", "plain"])).toEqual({
      result: [],
    });
    expect(callFunction("content_report", ["Spring", "", "x"])).toEqual({
      error: { text: "content_report takes 4 arguments, not 3" },
    });
  });
});

describe("the sender_content_report data source", () => {
  it("answers the findings of the text it is given, in Terraform's words, with no request", async () => {
    const door = doorWith();
    const before = await writes();
    const attributes = door.schema.dataSources.sender_content_report!.block.attributes;
    const read = await door.readDataSource(
      "sender_content_report",
      fromCore(attributes, {
        subject: "Spring",
        content: "See www.example.com {{unsubscribe}}",
        contentType: "text",
      }),
    );
    expect(read.diagnostics).toEqual([]);
    expect((read.state as Record<string, unknown>).findings).toEqual([
      {
        rule: "plain-text-link",
        field: "content",
        count: 1,
        evidence: "www.example.com",
        advisory: true,
        message:
          "content is plain text (content_type) but has 1 link written as markup or without a scheme (www.example.com); write each as a full https:// address (content check plain-text-link)",
      },
    ]);
    expect((read.state as Record<string, unknown>).errors).toBe(0);
    expect(await writes()).toBe(before);
  });
});
