// The renderer's pure parts: CSS with nothing that fetches, image file names, and the two pages of a
// rendering (the email's alone; the review's, which holds the email only as a picture). The
// browser-level guarantees (no connection at all, meta refresh, outlines and envelope out of the
// email's reach, CSS-only changes, SVG url(), a failed rendering) are tested in Chromium by
// test/e2e/gitops-review.test.ts.
import { describe, expect, test } from "vitest";
import {
  emailDocument,
  NETWORK_OFF_ARGS,
  neutralizeCss,
  reviewDocument,
  safeName,
} from "../../examples/gitops/review-render";

describe("neutralizeCss", () => {
  test.each([
    [
      "url()",
      "body{background:url(http://a.test/x.png)}",
      "body{background:ps-removed-url(http://a.test/x.png)}",
    ],
    [
      "quoted url() in upper case",
      "b{background:URL( 'http://a.test/x' )}",
      "b{background:ps-removed-URL( 'http://a.test/x' )}",
    ],
    ["@import with a string", '@import "http://a.test/a.css";', '@ps-removed-import "http://a.test/a.css";'],
    ["@import url()", "@IMPORT url(a.css);", "@ps-removed-import ps-removed-url(a.css);"],
    [
      "an escaped url (hex)",
      "b{background:\\75 rl(http://a.test)}",
      "b{background:ps-removed-url(http://a.test)}",
    ],
    [
      "an escaped url (letter)",
      "b{background:u\\rl(http://a.test)}",
      "b{background:ps-removed-url(http://a.test)}",
    ],
    ["an escaped @import", "@\\69mport 'x.css';", "@ps-removed-import 'x.css';"],
    [
      "image-set() with strings",
      'b{background:image-set("x.png" 1x)}',
      'b{background:ps-removed-image-set("x.png" 1x)}',
    ],
    [
      "-webkit-image-set()",
      'b{background:-webkit-image-set("x.png" 1x)}',
      'b{background:-webkit-ps-removed-image-set("x.png" 1x)}',
    ],
    ["a font's src", "@font-face{src:url(f.woff)}", "@font-face{src:ps-removed-url(f.woff)}"],
    [
      "a data: URL stays",
      'b{background:url( "data:image/png;base64,AAAA")}',
      'b{background:url( "data:image/png;base64,AAAA")}',
    ],
    ["markup-like text and HTML comments", "<!-- a{} --> </style><meta>", "  a{}   \\3c /style>\\3c meta>"],
    ["an escape that is not a letter stays", ".sm\\:hidden{} .\\31 0{}", ".sm\\:hidden{} .\\31 0{}"],
    ["plain CSS is unchanged", "p{color:#111;margin:0 auto}", "p{color:#111;margin:0 auto}"],
  ])("%s", (_name, css, expected) => {
    expect(neutralizeCss(css)).toBe(expected);
  });
});

describe("safeName", () => {
  test("a safe name stays; a changed one gets a hash, so two names never share an image", () => {
    expect(safeName("black-friday")).toBe("black-friday");
    expect(safeName("a b")).toMatch(/^a-b-[0-9a-f]{8}$/);
    expect(safeName("a-b")).toBe("a-b");
    expect(safeName("a/b")).not.toBe(safeName("a b"));
    expect(safeName("..")).toMatch(/^\.\.-[0-9a-f]{8}$/);
  });
});

test("the browser's switches resolve no host and use a proxy that cannot be reached", () => {
  expect(NETWORK_OFF_ARGS).toContain("--host-resolver-rules=MAP * ~NOTFOUND");
  expect(NETWORK_OFF_ARGS).toContain("--proxy-server=socks5://255.255.255.255:1");
  expect(NETWORK_OFF_ARGS).toContain("--proxy-bypass-list=<-loopback>");
});

describe("the pages of a rendering", () => {
  const side = {
    subject: "Hi <b>there</b>",
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: "<style>#ps-envelope{display:none}</style><p>Hello</p>",
  };
  const png = Buffer.from("not-really-a-png");

  test("the review page holds the envelope and the email only as a picture, the outlines drawn over it", () => {
    const page = reviewDocument(side, new Set(["subject"]), png, { width: 800, height: 120 }, [
      { x: 14, y: 12.4, width: 772, height: 21 },
      // Nothing rendered (display: none): no outline.
      { x: 0, y: 0, width: 0, height: 0 },
    ]);
    // Not one character of the email's HTML or CSS: only its picture.
    expect(page).not.toContain("Hello");
    expect(page).not.toContain("display:none");
    expect(page).toContain(`src="data:image/png;base64,${png.toString("base64")}"`);
    expect(page).toContain('<div class="ps-changed"><span>Subject</span> Hi &lt;b&gt;there&lt;/b&gt;</div>');
    expect(page.match(/<div class="ps-box ps-changed" style="[^"]*"><\/div>/g)).toEqual([
      '<div class="ps-box ps-changed" style="left:14px;top:12px;width:772px;height:21px"></div>',
    ]);
    expect(page).toContain(
      '<div id="ps-email" style="width:800px;height:120px"><img alt="" width="800" height="120"',
    );
  });

  test("a box that is not a number gives 0, never text in the style attribute", () => {
    const page = reviewDocument(side, new Set(), png, { width: 375, height: 10 }, [
      { x: Number.NaN, y: Number.POSITIVE_INFINITY, width: 5, height: 5 },
    ]);
    expect(page).toContain('style="left:0px;top:0px;width:5px;height:5px"');
  });

  test("the email's page holds the email alone, text campaigns escaped line by line", () => {
    const html = emailDocument(side, "<p>Hello</p>");
    expect(html).not.toContain("ps-envelope");
    expect(html).toMatch(/<body><p>Hello<\/p><\/body><\/html>$/);
    expect(emailDocument({ ...side, contentType: "text", content: "a <b>\n\nc" })).toMatch(
      /<body><div class="ps-text"><div>a &lt;b&gt;<\/div><div>&nbsp;<\/div><div>c<\/div><\/div><\/body><\/html>$/,
    );
  });
});
