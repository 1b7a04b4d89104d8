import { describe, expect, test } from "vitest";
import { checkWithSchema } from "../../../provider/core/check";
import { ProviderContext } from "../../../provider/core/context";
import { controlCharacter, idList, schemaOf } from "../../../provider/core/fields";
import { campaignProvider } from "../../../provider/kinds/campaign/campaign";
import { webhookProvider } from "../../../provider/kinds/webhook";

// Bad input is one line per field: a control character in a text field is refused naming the field
// (and never echoed), and many bad elements of one list are one line with the count and the first 3.

const CAMPAIGN = {
  title: "News",
  subject: "Hello",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<p>Hello</p>\r\n<p>Bye</p>\n\t",
};

describe("controlCharacter", () => {
  test.each([
    ["plain text, tab, newline and CRLF pass", "a\tb\nc\r\nd", undefined],
    ["a NUL", "Bad\u0000title", { code: "U+0000", at: 4 }],
    ["a lone carriage return", "a\rb", { code: "U+000D", at: 2 }],
    ["an escape", "\u001b[31mred", { code: "U+001B", at: 1 }],
    ["DEL", "x\u007f", { code: "U+007F", at: 2 }],
    ["a C1 control", "caf\u0085", { code: "U+0085", at: 4 }],
    // Counted in characters: the emoji before it is one, not two UTF-16 units.
    ["after an emoji", "\u{1F600}\u0000", { code: "U+0000", at: 2 }],
    ["non-ASCII letters pass", "Grüße, 日本", undefined],
  ])("%s", (_name, text, expected) => {
    expect(controlCharacter(text)).toEqual(expected);
  });
});

describe("every text field refuses control characters at check, naming the field", () => {
  const campaign = campaignProvider(new ProviderContext());
  test.each([
    [
      "title",
      "Bad\u0000title",
      "title: must not hold control characters (U+0000 at character 4): only tab and newline may be used",
    ],
    [
      "subject",
      "Hi\u0007",
      "subject: must not hold control characters (U+0007 at character 3): only tab and newline may be used",
    ],
    [
      "from",
      "\u0085News",
      "from: must not hold control characters (U+0085 at character 1): only tab and newline may be used",
    ],
    [
      "replyTo",
      "news@example.com\u0000",
      "replyTo: must not hold control characters (U+0000 at character 17): only tab and newline may be used",
    ],
    [
      "content",
      "<p>\u0000</p>",
      "content: must not hold control characters (U+0000 at character 4): only tab and newline may be used",
    ],
  ])("Campaign %s", async (field, value, reason) => {
    const result = await campaign.check({}, { ...CAMPAIGN, [field]: value });
    // One line, and no property: the engine would print the value, control character and all.
    expect(result.failures).toEqual([{ property: "", field, reason }]);
  });

  test("a Webhook url", async () => {
    const result = await webhookProvider(new ProviderContext()).check(
      {},
      { topic: "groups/new-subscriber", relationId: "grp001", url: "https://hooks.example.com/\u0000" },
    );
    expect(result.failures).toEqual([
      {
        property: "",
        field: "url",
        reason:
          "url: must not hold control characters (U+0000 at character 27): only tab and newline may be used",
      },
    ]);
  });

  test("tab, newline and CRLF in text pass", async () => {
    const result = await campaign.check({}, CAMPAIGN);
    expect(result.failures ?? []).toEqual([]);
  });
});

describe("checkWithSchema: many bad elements of one list are one line", () => {
  const schema = schemaOf({ tagIds: { type: "stringList", check: idList("tag") } });

  test("5,000 empty ids: the count and the first three", () => {
    const result = checkWithSchema(schema, { tagIds: Array.from({ length: 5000 }, () => "") });
    expect(result.failures).toEqual([
      {
        property: "",
        field: "tagIds",
        reason:
          "tagIds: 5000 elements are refused (tagIds[0] must not hold an empty id; tagIds[1] must not hold an empty id; tagIds[2] must not hold an empty id; …)",
      },
    ]);
  });

  test("two bad elements: both, without an ellipsis", () => {
    const result = checkWithSchema(schema, { tagIds: ["tag001", 7, ""] });
    expect(result.failures).toEqual([
      {
        property: "",
        field: "tagIds",
        reason:
          "tagIds: 2 elements are refused (tagIds[1] must hold tag ids (strings); tagIds[2] must not hold an empty id)",
      },
    ]);
  });

  test("one bad element keeps its own property", () => {
    const result = checkWithSchema(schema, { tagIds: ["tag001", ""] });
    expect(result.failures).toEqual([{ property: "tagIds[1]", reason: "must not hold an empty id" }]);
  });
});
