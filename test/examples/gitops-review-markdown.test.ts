// The review report's Markdown escaping: text from file names, the YAML and the service shows as
// itself and nothing live, checked on exact strings and, as a property, through a GFM parser
// (micromark with its GFM extension: tables, autolink literals, strikethrough).
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import {
  contentSection,
  escapeMarkdown,
  type MarkdownOptions,
  reviewMarkdown,
} from "../../examples/gitops/review-markdown";
import type { CampaignChange } from "../../examples/gitops/review-plan";

type Render = (markdown: string) => string;
let render: Render;

beforeAll(async () => {
  const { micromark } = await import("micromark");
  const { gfm, gfmHtml } = await import("micromark-extension-gfm");
  render = (markdown) => micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
});

/** The text a reader sees of a fragment of HTML without tags (micromark encodes these four). */
const decode = (html: string) =>
  html
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** What the escaped text must show: the input on one line. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const oneLine = (text: string) => text.replace(/\r\n|[\u0000-\u001f\u007f\u0085\u2028\u2029]/g, " ");

/** The cells of the one body row of a three-column table whose middle cell is `text`, as HTML. */
function tableCells(text: string): string[] {
  const html = render(`| a | b | c |\n| --- | --- | --- |\n| x | ${escapeMarkdown(text)} | y |\n`);
  const body = html.slice(html.indexOf("<tbody>"));
  return [...body.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => m[1] as string);
}

describe("escapeMarkdown", () => {
  test.each([
    ["plain text", "Black Friday", "Black Friday"],
    ["a bare CR", "one\rtwo", "one two"],
    ["CRLF and LF", "one\r\ntwo\nthree", "one two three"],
    ["Unicode line and paragraph separators, NEL, a tab", "a\u2028b\u2029c\u0085d\te", "a b c d e"],
    ["a pipe", "a | b", "a \\| b"],
    ["an image", "![x](http://127.0.0.1/p.png)", "\\!\\[x\\]\\(http\\://127.0.0.1/p.png\\)"],
    ["a javascript: link", "[l](javascript:alert(1))", "\\[l\\]\\(javascript\\:alert\\(1\\)\\)"],
    [
      "an HTML tag from a file name",
      "x<img src=x onerror=alert(1)>",
      "x\\<img src=x onerror=alert\\(1\\)\\>",
    ],
    ["backticks", "a `code` span", "a \\`code\\` span"],
    ["an entity", "&lt;b&gt;", "\\&lt;b\\&gt;"],
    ["emphasis and strikethrough", "*a* _b_ ~c~", "\\*a\\* \\_b\\_ \\~c\\~"],
    [
      "GFM autolinks",
      "see www.example.com, https://x.test or a@b.test",
      "see www\\.example.com, https\\://x.test or a\\@b.test",
    ],
    ["a list number at the start", "1. first", "1\\. first"],
    ["a list marker at the start", "- item", "\\- item"],
    ["a heading marker", "# title #", "\\# title \\#"],
    ["a backslash", "a\\b", "a\\\\b"],
    ["leading and trailing spaces", "  x ", "&#32;&#32;x&#32;"],
    ["a dollar (GitHub's math)", "$x$", "\\$x\\$"],
  ])("%s", (_name, input, expected) => {
    expect(escapeMarkdown(input)).toBe(expected);
  });

  // Characters the escaping is about, mixed with ordinary ones, so that constructs do form.
  const hostile = fc.string({
    unit: fc.constantFrom(
      ..."\\`*_{}[]()<>#+-.!|~&:@$=^\"' \r\n\t\u2028\u0085ahstpw/1".split(""),
      "http://",
      "https://",
      "www.",
      "javascript:",
      "![",
      "](",
      "<img src=x>",
      "<a href=x>",
      "&amp;",
      "&#60;",
      "a@b.test",
    ),
    maxLength: 40,
  });

  test("property: in a table cell, one cell on one row, showing exactly the text, with no link, image or tag", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const cells = tableCells(text);
        expect(cells).toHaveLength(3);
        const cell = cells[1] as string;
        expect(cell).not.toMatch(/<|\n/);
        expect(decode(cell)).toBe(oneLine(text));
      }),
      { numRuns: 500 },
    );
  });

  test("property: in a heading and a list item, the same, on one line", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const escaped = escapeMarkdown(text);
        expect(escaped).not.toMatch(/[\r\n]/);
        const heading = render(`## ${escaped}: updated\n`);
        expect(heading).toBe(`<h2>${decodeSafe(text)}: updated</h2>\n`);
        const item = render(`- ${escaped}\n`);
        expect(item).toBe(`<ul>\n<li>${decodeSafe(text)}</li>\n</ul>\n`);
      }),
      { numRuns: 500 },
    );
  });
});

/** The HTML micromark writes for text that shows as itself: the four characters encoded. */
const decodeSafe = (text: string) =>
  oneLine(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

describe("reviewMarkdown", () => {
  const email = {
    subject: "Hi",
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: "<p>x</p>",
  };
  const options: MarkdownOptions = {
    stack: "prod",
    timeZone: "UTC",
    now: new Date("2030-06-01T12:00:00Z"),
    tagNames: new Map([["t|1", "VIP ![x](http://127.0.0.1:9/t.png)"]]),
    images: new Map(),
  };

  test("a file name, subject, tag ids, status and id that carry Markdown and HTML come out escaped", () => {
    const change: CampaignChange = {
      name: "x<img src=x onerror=alert(1)>",
      op: "updated",
      id: "c1`<b>",
      status: "SENT](javascript:alert(1))",
      before: email,
      after: { ...email, subject: "one\rtwo | [l](javascript:alert(1))" },
      tagsBefore: [],
      tagsAfter: ["t|1", "t2<script>"],
      excludedBefore: [],
      excludedAfter: [],
    };
    expect(reviewMarkdown([change], options)).toBe(
      [
        "# Campaign review: stack prod",
        "",
        "1 campaign touched: 1 updated. Times are shown in UTC and in UTC. Changed regions of the rendered emails are outlined in red.",
        "",
        "## Content",
        "",
        "1 finding of the content checks in the 1 campaign whose email changes (docs/content-checks.md): the preview warns each, and `sender:contentChecks: error` fails it on all but the advisory ones.",
        "",
        "- ⚠️ **x\\<img src=x onerror=alert\\(1\\)\\>**: content has no unsubscribe link, which every marketing email must carry; add a link whose address or text says unsubscribe \\(content check unsubscribe-link\\)",
        "",
        "## x\\<img src=x onerror=alert\\(1\\)\\>: updated",
        "",
        "Campaign id c1\\`\\<b\\>, status SENT\\]\\(javascript\\:alert\\(1\\)\\).",
        "",
        "| field | before | after |",
        "| --- | --- | --- |",
        "| subject | Hi | one two \\| \\[l\\]\\(javascript\\:alert\\(1\\)\\) |",
        "| audience tags | (none) | VIP \\!\\[x\\]\\(http\\://127.0.0.1\\:9/t.png\\) (t\\|1), t2\\<script\\> |",
        "",
        "**Safety:** ⛔ refused. Campaign c1\\`\\<b\\> is recorded as SENT\\]\\(javascript\\:alert\\(1\\)\\), so it may have gone out: the provider refuses to change or replace it, and `pulumi up` fails. Revert the change or remove the campaign from the files.",
        "",
      ].join("\n"),
    );
  });

  test("a preview error with a line break and a link stays one list item of text", () => {
    const markdown = reviewMarkdown([], { ...options, errors: ["bad\r- [x](http://a.test)"] });
    expect(markdown).toBe(
      [
        "# Campaign review: stack prod",
        "",
        "No campaign changes.",
        "",
        "## Preview errors",
        "",
        "- bad - \\[x\\]\\(http\\://a.test\\)",
        "",
      ].join("\n"),
    );
  });
});

describe("the Content section", () => {
  const side = {
    subject: "Spring sale starts now",
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: '<p>Sale</p><a href="https://e.com/unsubscribe">Unsubscribe</a>',
  };
  const change = (name: string, after: CampaignChange["after"], before?: CampaignChange["before"]) => ({
    name,
    op: before ? ("updated" as const) : ("created" as const),
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
    tagsBefore: [],
    tagsAfter: [],
    excludedBefore: [],
    excludedAfter: [],
  });

  test("lists each finding of every campaign whose email changes, advisory ones marked; a deleted or unchanged one is not checked", () => {
    const changes = [
      change("spring", { ...side, content: '<img src="http://e.com/a.png" alt="">{{ frstname }}' }),
      change("kept", { ...side, content: "<p>no link</p>" }, { ...side, content: "<p>no link</p>" }),
      change("gone", undefined, { ...side, content: "<p>no link</p>" }),
    ];
    expect(contentSection(changes)).toEqual([
      "",
      "## Content",
      "",
      "3 findings of the content checks in the 1 campaign whose email changes (docs/content-checks.md): the preview warns each, and `sender:contentChecks: error` fails it on all but the advisory ones.",
      "",
      "- ⚠️ **spring**: content has no unsubscribe link, which every marketing email must carry; add a link whose address or text says unsubscribe \\(content check unsubscribe-link\\)",
      "- ⚠️ **spring**: content has 1 personalization tag Sender would not fill \\({{ frstname }}, did you mean {{ firstname }}?\\); write tags as {{ firstname }} \\(content check personalization-tag\\)",
      '- ⚠️ **spring** (advisory): content has 1 link or image over plain http \\(\\<img src="http\\://e.com/a.png"\\>\\); use https\\:// \\(content check insecure-url\\)',
    ]);
  });

  test("says when the changed campaigns have none", () => {
    expect(contentSection([change("spring", side)])).toEqual([
      "",
      "## Content",
      "",
      "No content findings in the 1 campaign whose email changes.",
    ]);
  });
});
