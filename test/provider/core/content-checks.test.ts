import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it as plainIt } from "vitest";
import { readSettings } from "../../../provider/core/config";
import {
  CONTENT_RULE_IDS,
  CONTENT_RULES,
  type ContentToCheck,
  checkContent,
  GMAIL_CLIP_BYTES,
  PARSE_CAP,
} from "../../../provider/core/content-checks";
import { withContentChecks } from "../../../provider/core/content-in-check";
import { EVIDENCE_MAX } from "../../../provider/core/content-scan";
import { forResource } from "../../../provider/core/diagnostics";
import { TERRAFORM_WORDS } from "../../../provider/terraform/words";
import { inDialect } from "../../../provider/words";
import { it as pulumiIt } from "../../support/pulumi-words";

const it = plainIt;

const fixture = (name: string) => readFileSync(join(__dirname, "../../fixtures/content", name), "utf8");
const NEWSLETTER = fixture("newsletter.html");
const RESET = fixture("reset.html");
const PLAIN = fixture("plain.txt");

const campaign = (content: string, more: Partial<ContentToCheck> = {}): ContentToCheck => ({
  subject: "Spring is here",
  preheader: "Twelve new pieces, made to last",
  content,
  format: "html",
  marketing: true,
  formatField: "contentType",
  ...more,
});

/** The findings as `rule field count evidence`, the form the rules' tests compare. */
const brief = (input: ContentToCheck) =>
  checkContent(input).map(({ rule, field, count, evidence }) => `${rule} ${field} ${count} ${evidence}`);

/** The newsletter without its footer (no unsubscribe link), padded to `bytes` with paragraphs. */
function overgrown(bytes: number): string {
  const withoutFooter = NEWSLETTER.replace(/<tr>\s*<td class="footer"[\s\S]*?<\/tr>/, "");
  const paragraph = "<p>Twelve new pieces, made to last, in linen and wool.</p>\n";
  const padding = paragraph.repeat(Math.ceil((bytes - withoutFooter.length) / paragraph.length));
  return withoutFooter.replace("</table>", `${padding}</table>`);
}

describe("real-world shaped emails", () => {
  it("a newsletter with its footer, a transactional reset email and a plain-text campaign pass", () => {
    expect(checkContent(campaign(NEWSLETTER))).toEqual([]);
    expect(
      checkContent(
        campaign(RESET, { subject: "Reset your password", marketing: false, formatField: "editor" }),
      ),
    ).toEqual([]);
    expect(checkContent(campaign(PLAIN, { format: "text" }))).toEqual([]);
  });

  it("the newsletter over the clipping size and without its footer: exactly the size and the unsubscribe link", () => {
    const content = overgrown(110_000);
    expect(Buffer.byteLength(content)).toBe(110_051);
    expect(checkContent(campaign(content))).toEqual([
      {
        rule: "gmail-clipping",
        field: "content",
        count: 1,
        evidence: "107.5 KB",
        advisory: false,
        message:
          "content is 107.5 KB of html, over the 102 KB at which Gmail clips a message and hides its end (the footer and its unsubscribe link); make it smaller (less inline CSS, fewer blocks) (content check gmail-clipping)",
      },
      {
        rule: "unsubscribe-link",
        field: "content",
        count: 1,
        evidence: "none",
        advisory: false,
        message:
          "content has no unsubscribe link, which every marketing email must carry; add a link whose address or text says unsubscribe (content check unsubscribe-link)",
      },
    ]);
  });

  it("a transactional email needs no unsubscribe link; the reset email over the size is only clipped", () => {
    const content = RESET.replace("</body>", `${"<p>x</p>".repeat(13_100)}</body>`);
    expect(brief(campaign(content, { marketing: false }))).toEqual(["gmail-clipping content 1 102.8 KB"]);
  });
});

describe("each rule", () => {
  it("gmail-clipping counts UTF-8 bytes, from one byte over 102 KB", () => {
    const link = '<a href="{{unsubscribe_link}}">u</a>';
    const at = (bytes: number) =>
      `${link}${"é".repeat(Math.floor((bytes - 36) / 2))}${bytes % 2 === 1 ? "x" : ""}`;
    expect(Buffer.byteLength(at(GMAIL_CLIP_BYTES + 1))).toBe(GMAIL_CLIP_BYTES + 1);
    expect(brief(campaign(at(GMAIL_CLIP_BYTES - 1)))).toEqual([]);
    expect(brief(campaign(at(GMAIL_CLIP_BYTES + 1)))).toEqual(["gmail-clipping content 1 102.0 KB"]);
  });

  it("unsubscribe-link: a link's address, its text or a tag is enough", () => {
    expect(brief(campaign('<a href="https://e.com/unsubscribe?u=1">Opt out</a>'))).toEqual([]);
    expect(brief(campaign('<a href="https://e.com/o"><b>Unsubscribe</b> here</a>'))).toEqual([]);
    expect(brief(campaign("<p>Leave: {{ unsubscribe_link }}</p>"))).toEqual([]);
    expect(brief(campaign("<p>Unsubscribe by replying.</p>"))).toEqual(["unsubscribe-link content 1 none"]);
    expect(brief(campaign("Unsubscribe: {{ unsubscribe }}", { format: "text" }))).toEqual([]);
    expect(brief(campaign("Bye", { format: "text" }))).toEqual(["unsubscribe-link content 1 none"]);
  });

  it("personalization-tag: misspelt, not closed, closing nothing; in the subject and preheader too", () => {
    const unsubscribe = '<a href="{{unsubscribe_link}}">u</a>';
    expect(
      brief(
        campaign(`<p>Hi {{ frstname }}, {{ first_name }} {{ lastname</p> }} ${unsubscribe}`, {
          subject: "Hi {{firstname}",
          preheader: "For you, {{ Email }} and {{ shoe_size }}",
        }),
      ),
    ).toEqual([
      "personalization-tag subject 1 {{firstname, not closed",
      "personalization-tag content 2 {{ frstname }}, did you mean {{ firstname }}?",
    ]);
    expect(brief(campaign(`${unsubscribe} x }} y`))).toEqual([
      "personalization-tag content 1 }} at character 40, closing no tag",
    ]);
    expect(brief(campaign(`${unsubscribe} {{ phone`))).toEqual([
      "personalization-tag content 1 {{ phone, not closed",
    ]);
  });

  it("personalization-tag: the account's fields (getFields' tags or names) are known, and a near miss of one is named", () => {
    const unsubscribe = '<a href="{{unsubscribe_link}}">u</a>';
    const content = `<p>{{ company }} {{ compnay }} {{ shoe_size }}</p> ${unsubscribe}`;
    // Without them, any name but the editor's five may be a custom field: no finding.
    expect(brief(campaign(content))).toEqual([]);
    expect(brief(campaign(content, { fields: ["{$company}", "shoe_size", "{$firstname}"] }))).toEqual([
      "personalization-tag content 1 {{ compnay }}, did you mean {{ company }}?",
    ]);
    expect(brief(campaign(content, { fields: ["{{ company }}"] }))).toEqual([
      "personalization-tag content 1 {{ compnay }}, did you mean {{ company }}?",
    ]);
    // A field that is no name at all adds nothing; the editor's five stay known.
    expect(brief(campaign(`{{ frstname }} ${unsubscribe}`, { fields: ["{$}", ""] }))).toEqual([
      "personalization-tag content 1 {{ frstname }}, did you mean {{ firstname }}?",
    ]);
  });

  it('image-alt: an image without alt; alt="" passes', () => {
    const content =
      '<a href="{{unsubscribe_link}}">u</a><img src="https://e.com/a.png" alt=""><img src="https://e.com/b.png"><IMG SRC="https://e.com/c.png">';
    expect(checkContent(campaign(content))).toEqual([
      {
        rule: "image-alt",
        field: "content",
        count: 2,
        evidence: '<img src="https://e.com/b.png">',
        advisory: false,
        message:
          'content has 2 images without alt text (the first: <img src="https://e.com/b.png">); say what it shows in alt, or alt="" for decoration (content check image-alt)',
      },
    ]);
  });

  it("unreachable-link, empty-link and insecure-url: the first of each and a count", () => {
    const links = [
      '<a href="{{unsubscribe_link}}">u</a>',
      '<a href="http://localhost:8080/offer">a</a>',
      '<a href="javascript:alert(1)">b</a>',
      '<a href="  JavaScript:void(0)">c</a>',
      '<img alt="" src="https://10.0.0.7/logo.png">',
      '<a href="http://192.168.1.4/">d</a>',
      '<a href="https://[::1]/">e</a>',
      '<a href="https://[fe90::1]/">e2</a>',
      '<a href="https://intranet.internal/">e3</a>',
      '<a href="/about">f</a>',
      '<a href="">g</a>',
      '<a href="#">h</a>',
      '<a href="http://www.example.com/">i</a>',
      '<img alt="" src="http://cdn.example.com/x.png">',
      '<a href="mailto:help@example.com">j</a>',
      '<a href="https://{{ shop }}.example.com/">k</a>',
    ].join("");
    expect(brief(campaign(links))).toEqual([
      'unreachable-link content 9 <a href="http://localhost:8080/offer">',
      'empty-link content 2 <a href="">',
      'insecure-url content 2 <a href="http://www.example.com/">',
    ]);
  });

  it("plain-text-link: markup and bare www. in a plain-text body, never in html", () => {
    const text =
      'Read [the guide](https://e.com/g), <a href="https://e.com">here</a> or www.example.com; https://www.example.com is fine. {{unsubscribe_link}}';
    expect(checkContent(campaign(text, { format: "text" }))).toEqual([
      {
        rule: "plain-text-link",
        field: "content",
        count: 3,
        evidence: "](https://e.com/g)",
        advisory: true,
        message:
          "content is plain text (contentType) but has 3 links written as markup or without a scheme (the first: ](https://e.com/g)); write each as a full https:// address (content check plain-text-link)",
      },
    ]);
    expect(brief(campaign(`<p>www.example.com</p>${'<a href="{{unsubscribe_link}}">u</a>'}`))).toEqual([]);
  });

  it("subject-length and preheader-length count characters, an emoji as one", () => {
    const content = '<a href="{{unsubscribe_link}}">u</a>';
    expect(brief(campaign(content, { subject: "🌷".repeat(70), preheader: "p".repeat(90) }))).toEqual([]);
    expect(brief(campaign(content, { subject: "🌷".repeat(71), preheader: "p".repeat(91) }))).toEqual([
      "subject-length subject 1 71",
      "preheader-length preheader 1 91",
    ]);
  });

  it("names the fields in the door's words", () => {
    const [finding] = inDialect(TERRAFORM_WORDS, () =>
      checkContent(campaign("www.example.com {{unsubscribe}}", { format: "text" })),
    );
    expect(finding?.message).toBe(
      "content is plain text (content_type) but has 1 link written as markup or without a scheme (www.example.com); write each as a full https:// address (content check plain-text-link)",
    );
  });

  it("every rule has a source, and only a rule without one is advisory", () => {
    for (const id of CONTENT_RULE_IDS) {
      const { advisory, source } = CONTENT_RULES[id];
      expect(source.startsWith("assumed") ? advisory : !advisory || source.startsWith("https://")).toBe(true);
    }
  });
});

describe("docs/content-checks.md", () => {
  const doc = readFileSync(join(__dirname, "../../../docs/content-checks.md"), "utf8");
  it.each(CONTENT_RULE_IDS)("lists %s with its default and its source", (id) => {
    const row = doc.split("\n").find((line) => line.startsWith(`| \`${id}\``));
    const cells = row?.split("|").map((cell) => cell.trim());
    expect(cells?.[4]).toBe(CONTENT_RULES[id].advisory ? "advisory" : "warn");
    for (const source of CONTENT_RULES[id].source.match(/https:\/\/\S+/g) ?? ["assumed"])
      expect(cells?.[5]).toContain(source);
  });
});

describe("hostile input", () => {
  it("100,000 nested elements, 10 MB, 200,000 links, 1,000,000 open braces: a bounded answer", () => {
    const deep = `${"<div>".repeat(100_000)}<a href="{{unsubscribe_link}}">u</a>`;
    expect(brief(campaign(deep))).toEqual(["gmail-clipping content 1 488.3 KB"]);
    const huge = `<a href="{{unsubscribe_link}}">u</a>${"<p>lorem ipsum dolor</p>".repeat(437_000)}`;
    expect(huge.length).toBeGreaterThan(10_000_000);
    expect(brief(campaign(huge))).toEqual(["gmail-clipping content 1 10242.2 KB"]);
    const links = `${'<a href="http://e.com/x">x</a>'.repeat(200_000)}<a href="{{unsubscribe_link}}">u</a>`;
    expect(brief(campaign(links))).toEqual([
      "gmail-clipping content 1 5859.4 KB",
      'insecure-url content 34952 <a href="http://e.com/x">',
    ]);
    const braces = `${"{{".repeat(1_000_000)}`;
    expect(brief(campaign(braces, { marketing: false }))).toEqual([
      "gmail-clipping content 1 1953.1 KB",
      "personalization-tag content 1 {{, not closed",
    ]);
  });

  it("only the first PARSE_CAP characters are parsed; an unsubscribe word past them is not proof of absence", () => {
    const late = `${"<p>x</p>".repeat(PARSE_CAP / 8 + 1)}<a href="https://e.com/unsubscribe">u</a><img src="https://e.com/a.png">`;
    expect(brief(campaign(late))).toEqual(["gmail-clipping content 1 1024.1 KB"]);
  });

  it("never throws, and answers at most one finding per rule and field, each line and evidence bounded", () => {
    const html = fc.oneof(
      fc.string({ maxLength: 2000 }),
      fc
        .array(
          fc.constantFrom(
            "<a href=",
            '"http://localhost/"',
            "<img src=x>",
            "{{",
            "}}",
            " firstnme ",
            "<div>",
            "</a>",
            "unsubscribe",
            "\u0000",
            "javascript:",
            "&amp;",
            "<!--",
            "<script>",
            "é🌷",
          ),
          { maxLength: 400 },
        )
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(
        fc.record({
          subject: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
          preheader: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
          content: fc.option(html, { nil: undefined }),
          format: fc.constantFrom("html" as const, "text" as const),
          marketing: fc.boolean(),
          formatField: fc.constant("contentType"),
        }),
        (input) => {
          const findings = checkContent(input);
          const keys = findings.map((f) => `${f.rule} ${f.field}`);
          expect(new Set(keys).size).toBe(keys.length);
          expect(findings.length).toBeLessThanOrEqual(CONTENT_RULE_IDS.length + 2);
          for (const finding of findings) {
            expect(finding.count).toBeGreaterThanOrEqual(1);
            expect(finding.evidence.length).toBeLessThanOrEqual(EVIDENCE_MAX);
            expect(finding.message.length).toBeLessThanOrEqual(400);
            // biome-ignore lint/suspicious/noControlCharactersInRegex: none may reach a terminal.
            expect(finding.message).not.toMatch(/[\u0000-\u001f]/);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("in a campaign kind's check (withContentChecks)", () => {
  const spec = { kind: "Campaign", formatField: "contentType", plain: ["text"], marketing: true } as const;
  const news = {
    title: "Spring",
    subject: "Spring is here",
    contentType: "html",
    content: '<p>Hi</p><img src="https://e.com/a.png"><a href="http://e.com/">shop</a>',
  };
  const NO_UNSUBSCRIBE =
    'Campaign "Spring": content has no unsubscribe link, which every marketing email must carry; add a link whose address or text says unsubscribe (content check unsubscribe-link)';
  const NO_ALT =
    'Campaign "Spring": content has 1 image without alt text (<img src="https://e.com/a.png">); say what it shows in alt, or alt="" for decoration (content check image-alt)';
  const HTTP =
    'Campaign "Spring": content has 1 link or image over plain http (<a href="http://e.com/">); use https:// (content check insecure-url)';

  /** The result and the warnings a check gave, each with the field its sink was handed. */
  async function run(mode: "off" | "warn" | "error", olds: object | undefined, bag: object = news) {
    const lines: string[] = [];
    const result = await forResource(
      "urn:test",
      async () => withContentChecks(spec, mode, olds, bag, { inputs: bag }),
      (_severity, message, _urn, field) => {
        lines.push(`${field}: ${message}`);
      },
    );
    return { result, lines };
  }

  it("warn: one warning per finding, on its field; the inputs pass", async () => {
    const { result, lines } = await run("warn", undefined);
    expect(result).toEqual({ inputs: news });
    expect(lines).toEqual([`content: ${NO_UNSUBSCRIBE}`, `content: ${NO_ALT}`, `content: ${HTTP}`]);
  });

  it("error: a finding of a rule that is not advisory fails the check on its field; an advisory one still warns", async () => {
    const { result, lines } = await run("error", {});
    expect(result).toEqual({
      inputs: news,
      failures: [
        { property: "", field: "content", reason: NO_UNSUBSCRIBE },
        { property: "", field: "content", reason: NO_ALT },
      ],
    });
    expect(lines).toEqual([`content: ${HTTP}`]);
  });

  it("off, unchanged text, or a content type not yet known: nothing", async () => {
    expect((await run("off", undefined)).lines).toEqual([]);
    expect((await run("warn", { ...news, modified: "x" })).lines).toEqual([]);
    const unknown = { ...news, contentType: "\u0000sender:unknown\u0000" };
    expect((await run("warn", undefined, unknown)).lines).toEqual([]);
    const changed = await run("warn", { ...news, subject: "Old" });
    expect(changed.lines).toHaveLength(3);
  });

  pulumiIt("sender:contentChecks takes off, warn or error, and refuses anything else naming them", () => {
    const settings = (value: string) =>
      readSettings({ get: (key) => (key === "sender:contentChecks" ? value : undefined) }, {});
    expect(readSettings({ get: () => undefined }, {}).contentChecks).toBe("warn");
    expect(settings("error").contentChecks).toBe("error");
    expect(() => settings("loud")).toThrow(
      'Invalid config sender:contentChecks: sender:contentChecks must be one of off, warn, error (got "loud"), e.g. `pulumi config set sender:contentChecks "error"`',
    );
  });
});
