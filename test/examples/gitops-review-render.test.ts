// The renderer's pure parts: CSS with nothing that fetches, and image file names. The browser-level
// guarantees (no connection at all, meta refresh, a failed rendering) are tested in Chromium by
// test/e2e/gitops-review.test.ts.
import { describe, expect, test } from "vitest";
import { NETWORK_OFF_ARGS, neutralizeCss, safeName } from "../../examples/gitops/review-render";

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
