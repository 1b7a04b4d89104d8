import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { getContentReport } from "../../../sdk/functions";
import { useEmulator } from "./helpers";

const emulator = useEmulator();
const NEWSLETTER = readFileSync(join(__dirname, "../../fixtures/content/newsletter.html"), "utf8");

describe("getContentReport", () => {
  test("a newsletter with its footer: no finding, and no request", async () => {
    await emulator.clearRequests();
    expect(await getContentReport({ subject: "Spring is here", content: NEWSLETTER })).toEqual({
      findings: [],
      errors: 0,
    });
    expect(await emulator.requests()).toEqual([]);
  });

  test("each finding with its parts and its line in Pulumi's words; errors counts those not advisory", async () => {
    const report = await getContentReport({
      subject: "Hi {{ frstname }}",
      content: "Our news at www.example.com",
      contentType: "text",
    });
    expect(report).toEqual({
      findings: [
        {
          rule: "unsubscribe-link",
          field: "content",
          count: 1,
          evidence: "none",
          advisory: false,
          message:
            "content has no unsubscribe link, which every marketing email must carry; add a link whose address or text says unsubscribe (content check unsubscribe-link)",
        },
        {
          rule: "personalization-tag",
          field: "subject",
          count: 1,
          evidence: "{{ frstname }}, did you mean {{ firstname }}?",
          advisory: false,
          message:
            "subject has 1 personalization tag Sender would not fill ({{ frstname }}, did you mean {{ firstname }}?); write tags as {{ firstname }} (content check personalization-tag)",
        },
        {
          rule: "plain-text-link",
          field: "content",
          count: 1,
          evidence: "www.example.com",
          advisory: true,
          message:
            "content is plain text (contentType) but has 1 link written as markup or without a scheme (www.example.com); write each as a full https:// address (content check plain-text-link)",
        },
      ],
      errors: 2,
    });
  });

  test("fields: the account's personalization fields, as getFields gives their tags, are known; a near miss is named", async () => {
    const args = { content: '<p>{{ company }}, {{ compnay }}</p><a href="{{ unsubscribe_link }}">u</a>' };
    expect(await getContentReport(args)).toEqual({ findings: [], errors: 0 });
    const report = await getContentReport({ ...args, fields: ["{$company}"] });
    expect(report.findings.map((f) => [f.rule, f.field, f.count, f.evidence])).toEqual([
      ["personalization-tag", "content", 1, "{{ compnay }}, did you mean {{ company }}?"],
    ]);
    expect(report.errors).toBe(1);
  });

  describe("with no API token configured", () => {
    let token: string | undefined;
    beforeEach(() => {
      token = process.env.SENDER_API_TOKEN;
      delete process.env.SENDER_API_TOKEN;
    });
    afterEach(() => {
      process.env.SENDER_API_TOKEN = token;
    });

    test("still answers (it reads nothing), and refuses a content type it does not know", async () => {
      const transactional = await getContentReport({ content: "<p>Reset</p>", transactional: true });
      expect(transactional).toEqual({ findings: [], errors: 0 });
      await expect(getContentReport({ content: "x", contentType: "markdown" })).rejects.toThrow(
        "getContentReport: contentType must be one of html, editor, text, plain",
      );
    });
  });
});
