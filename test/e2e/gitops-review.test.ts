// The review report of hostile emails, in the system's Chromium: an email that tries every way of
// fetching something reaches nothing (a TCP listener on loopback counts every connection), a meta
// refresh neither crashes the review nor blanks the image, an email's CSS can neither remove the
// outlines nor cover the envelope, a change made only in CSS is outlined, and a rendering that fails
// is reported while the report is still written.
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runReview } from "../../examples/gitops/review";
import type { PreviewJson } from "../../examples/gitops/review-plan";
import { type RenderedCampaign, renderEmails, sanitizeEmails } from "../../examples/gitops/review-render";
import { countColour, readPng, rows } from "../support/png";
import { gitopsTools } from "../support/postgres";

const T = "pulumi-nodejs:dynamic/sender:";
const urn = (name: string) => `urn:pulumi:prod::gitops::${T}Campaign::${name}`;
const email = {
  subject: "Hello",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<p>Still here</p>",
};

let listener: net.Server;
let connections: string[];
let U: string;
let out: string;
let chromium: string;

/** Every way an email's HTML can make a browser fetch, connect or resolve, all aimed at the listener. */
const everyFetch = (u: string, port: number) =>
  [
    "<html><head>",
    `<link rel="prefetch" href="${u}/prefetch"><link rel="preconnect" href="${u}">`,
    `<link rel="dns-prefetch" href="//localhost:${port}"><link rel="preconnect" href="http://localhost:${port}">`,
    `<link rel="preload" href="${u}/preload" as="image"><link rel="modulepreload" href="${u}/m.js">`,
    `<link rel="prerender" href="${u}/prerender"><link rel="icon" href="${u}/favicon.ico">`,
    `<link rel="stylesheet" href="${u}/sheet.css"><base href="${u}/base/">`,
    `<meta http-equiv="refresh" content="1;url=${u}/refresh">`,
    `<style>@import url("${u}/import.css"); @import "${u}/import2.css";`,
    `body { background: url(${u}/bg.png) } @font-face { font-family: x; src: url(${u}/font.woff) }`,
    `.e { background-image: u\\72l(${u}/escaped.png) } .s { background-image: image-set("${u}/set.png" 1x) }</style>`,
    "</head><body><p>Every fetch</p>",
    `<img src="${u}/img.png" alt="remote"><img srcset="${u}/srcset.png 2x">`,
    `<picture><source srcset="${u}/source.png"><img src="${u}/picture.png"></picture>`,
    `<iframe src="${u}/iframe"></iframe><object data="${u}/object"></object><embed src="${u}/embed">`,
    `<video poster="${u}/poster.png" src="${u}/video.mp4"></video><audio src="${u}/audio.mp3"></audio>`,
    `<script src="${u}/script.js"></script><script>fetch("${u}/inline-script")</script>`,
    `<img src="x" onerror="fetch('${u}/onerror')">`,
    `<table background="${u}/table.png"><tr><td background="${u}/td.png" style="background:url('${u}/inline.png')">cell</td></tr></table>`,
    `<svg><image href="${u}/svg.png"/></svg><a href="${u}/link" ping="${u}/ping">link</a>`,
    `<input type="image" src="${u}/input.png"><form action="${u}/form"><button formaction="${u}/button">b</button></form>`,
    "</body></html>",
  ].join("");

beforeAll(async () => {
  chromium = gitopsTools().chromium;
  connections = [];
  listener = net.createServer((socket) => {
    let first = "";
    socket.on("data", (chunk) => {
      first ||= chunk.toString("latin1").split("\r\n")[0] ?? "";
    });
    socket.on("error", () => undefined);
    socket.on("close", () => connections.push(first || "(connected, sent nothing)"));
    socket.end();
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const { port } = listener.address() as net.AddressInfo;
  U = `http://127.0.0.1:${port}`;
  out = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-review-hostile-"));
});
afterAll(async () => {
  await new Promise((resolve) => listener?.close(resolve));
  if (out) fs.rmSync(out, { recursive: true, force: true });
});

/** Waits until the listener has seen `n` connections closed (a probe's own close is asynchronous). */
async function closedConnections(n: number): Promise<void> {
  for (let i = 0; i < 100 && connections.length < n; i++) await new Promise((r) => setTimeout(r, 20));
}

describe("the review report of hostile emails", () => {
  test("the listener counts: a probe connection from the test is seen", async () => {
    const socket = net.connect(Number(new URL(U).port), "127.0.0.1");
    await new Promise((resolve) => socket.on("connect", resolve));
    socket.end("PROBE\r\n");
    await closedConnections(1);
    expect(connections).toEqual(["PROBE"]);
    connections.length = 0;
  });

  test("an email with every fetching construct reaches nothing; a meta refresh renders the email; names come out escaped", async () => {
    const port = Number(new URL(U).port);
    const preview: PreviewJson = {
      steps: [
        {
          op: "create",
          urn: urn("every-fetch"),
          newState: { type: `${T}Campaign`, inputs: { ...email, content: everyFetch(U, port) } },
        },
        {
          op: "update",
          urn: urn("meta-refresh"),
          oldState: { id: "c1", type: `${T}Campaign`, outputs: { ...email, status: "DRAFT" } },
          newState: {
            type: `${T}Campaign`,
            inputs: {
              ...email,
              content: '<meta http-equiv="refresh" content="0;url=about:blank"><p>Still here</p>',
            },
          },
        },
        {
          op: "create",
          urn: urn("external-refresh"),
          newState: {
            type: `${T}Campaign`,
            inputs: {
              ...email,
              content: `<meta http-equiv="refresh" content="0;url=${U}/away"><p>Still here</p>`,
            },
          },
        },
        {
          op: "create",
          urn: urn("x<img src=x onerror=alert(1)>"),
          newState: {
            type: `${T}Campaign`,
            inputs: { ...email, subject: "one\rtwo | ![x](http://127.0.0.1/x.png)" },
          },
        },
      ],
    };
    const previewFile = path.join(out, "preview.json");
    const stateFile = path.join(out, "state.json");
    fs.writeFileSync(previewFile, JSON.stringify(preview));
    fs.writeFileSync(stateFile, JSON.stringify({ deployment: { resources: [] } }));
    const review = await runReview({
      cwd: out,
      stack: "prod",
      outDir: path.join(out, "report"),
      previewFile,
      stateFile,
      chromium,
      // No token and no `pulumi` to ask for one: the service is not asked for tag names.
      env: { PATH: "/usr/bin:/bin" },
      now: new Date("2030-06-01T12:00:00Z"),
    });
    // Whatever the browser would have connected, it had until it closed; give the listener a moment.
    await closedConnections(1);
    expect(connections).toEqual([]);

    expect(fs.readFileSync(review.file, "utf8")).toBe(review.markdown);
    const lines = review.markdown.split("\n");
    expect(lines.filter((l) => l.startsWith("## "))).toEqual([
      "## Content",
      "## every-fetch: created",
      "## external-refresh: created",
      "## meta-refresh: updated",
      "## x\\<img src=x onerror=alert\\(1\\)\\>: created",
    ]);
    expect(lines).toContain("| subject |  | one two \\| \\!\\[x\\]\\(http\\://127.0.0.1/x.png\\) |");
    expect(review.markdown).not.toContain("Rendering failed");

    const images = (name: string) => {
      const rendered = review.images.get(name);
      if (!rendered?.after) throw new Error(`no images of ${name}: ${rendered?.error ?? "not rendered"}`);
      return rendered.after;
    };
    // The hostile email rendered (its text is there); scripts did not run, frames and objects are gone.
    expect(images("every-fetch").desktop.text.split("\n").filter(Boolean)).toEqual([
      "Subject Hello",
      "From Example News",
      "Reply-To news@example.com",
      "Every fetch",
      "cell",
      "linkb",
    ]);
    // The meta refresh is gone: the email shows, the very image of the same email without it.
    for (const name of ["meta-refresh", "external-refresh"]) {
      const after = images(name);
      expect(after.desktop.text).toContain("Still here");
      const before = review.images.get("meta-refresh")?.before;
      if (!before) throw new Error("no before image of meta-refresh");
      expect(fs.readFileSync(after.desktop.file).equals(fs.readFileSync(before.desktop.file))).toBe(true);
      expect(fs.readFileSync(after.mobile.file).equals(fs.readFileSync(before.mobile.file))).toBe(true);
    }
  });

  test("a rendering that fails is reported for its campaign in one line; the others render", async () => {
    const dir = path.join(out, "failing");
    // The image's path taken by a directory: writing the screenshot fails.
    fs.mkdirSync(path.join(dir, "broken-after-desktop.png"), { recursive: true });
    const results = await renderEmails(
      [
        { name: "broken", after: email },
        { name: "fine", after: email },
      ],
      dir,
      { chromium },
    );
    expect(results.get("broken")?.after).toBeUndefined();
    expect(results.get("broken")?.error).toMatch(/^taking the images of the after side: .*EISDIR/);
    expect(results.get("broken")?.error).not.toContain("\n");
    expect(results.get("fine")?.after?.desktop.text).toContain("Still here");
    expect(connections).toEqual([]);
  });

  test("a browser that does not start: the report is still written, naming the failure per campaign", async () => {
    const previewFile = path.join(out, "preview-one.json");
    fs.writeFileSync(
      previewFile,
      JSON.stringify({
        steps: [{ op: "create", urn: urn("news"), newState: { type: `${T}Campaign`, inputs: email } }],
      }),
    );
    const review = await runReview({
      cwd: out,
      stack: "prod",
      outDir: path.join(out, "report-nobrowser"),
      previewFile,
      stateFile: path.join(out, "state.json"),
      chromium: path.join(out, "no-such-chromium"),
      env: { PATH: "/usr/bin:/bin" },
    });
    const line = review.markdown.split("\n").find((l) => l.startsWith("**Rendering failed:**"));
    expect(line).toMatch(/^\*\*Rendering failed:\*\* Chromium \\\(.*no-such-chromium\\\) did not start\\: /);
    expect(fs.readFileSync(review.file, "utf8")).toBe(review.markdown);
  });
});

/** The outlines' red (#e11d48), as the images carry it. */
const RED = [225, 29, 72] as const;

describe("an email cannot tamper with its review image", () => {
  const before = { ...email, content: "<p>Old text</p><p>Unchanged</p>" };
  const changed = { ...email, subject: "Hello again", content: "<p>New text</p><p>Unchanged</p>" };
  let results: Map<string, RenderedCampaign>;
  const side = (name: string, which: "before" | "after") => {
    const rendered = results.get(name)?.[which];
    if (!rendered)
      throw new Error(`no ${which} images of ${name}: ${results.get(name)?.error ?? "not rendered"}`);
    return rendered;
  };
  const red = (file: string) => countColour(readPng(file), RED);

  beforeAll(async () => {
    results = await renderEmails(
      [
        { name: "plain", before, after: changed },
        {
          // Every way an email's CSS could reach the outlines of the page it was once drawn in.
          name: "unoutlined",
          before,
          after: {
            ...changed,
            content:
              "<style>*, *::before, *::after { outline: none !important }" +
              " .ps-changed { outline: 0 !important; background-color: transparent !important }" +
              " #ps-envelope, #ps-envelope * { display: none !important }</style>" +
              changed.content,
          },
        },
        {
          // A block pinned over where the envelope is, with a subject of its own.
          name: "covered",
          before,
          after: {
            ...changed,
            content:
              '<div style="position:fixed;top:0;left:0;width:100%;height:240px;z-index:2147483647;background:#f3f4f6;font:14px sans-serif">Subject Fake subject</div>' +
              changed.content,
          },
        },
        {
          name: "css-colour",
          before: { ...email, content: "<p>Same text</p>" },
          after: { ...email, content: "<style>p { color: #2563eb }</style><p>Same text</p>" },
        },
        {
          name: "css-content",
          before: { ...email, content: "<p>Same text</p>" },
          after: { ...email, content: '<style>p::after { content: " now 90% off" }</style><p>Same text</p>' },
        },
        {
          name: "unchanged",
          before: { ...email, content: "<p>Same text</p>" },
          after: { ...email, content: "<p>Same text</p>" },
        },
      ],
      path.join(out, "tamper"),
      { chromium },
    );
  });

  test("the email's CSS cannot remove the outlines: the image is the one of the same email without it", () => {
    for (const width of ["desktop", "mobile"] as const) {
      const plain = side("plain", "after")[width].file;
      const hostile = side("unoutlined", "after")[width].file;
      expect(red(plain)).toBeGreaterThan(0);
      expect(red(hostile)).toBe(red(plain));
      expect(fs.readFileSync(hostile).equals(fs.readFileSync(plain))).toBe(true);
    }
    expect(side("unoutlined", "after").desktop.text.split("\n").slice(0, 4)).toEqual([
      "Subject Hello again",
      "From Example News",
      "Reply-To news@example.com",
      "New text",
    ]);
  });

  test("a position:fixed block cannot cover the envelope: its pixels are those of the same envelope without it", () => {
    for (const width of ["desktop", "mobile"] as const) {
      const plain = side("plain", "after")[width];
      const covered = side("covered", "after")[width];
      // Three rows of 21 px, padding and border: the envelope is there, and as tall on both.
      expect(plain.envelopeHeight).toBeGreaterThan(60);
      expect(covered.envelopeHeight).toBe(plain.envelopeHeight);
      const a = readPng(plain.file);
      const b = readPng(covered.file);
      expect(rows(b, 0, covered.envelopeHeight).equals(rows(a, 0, plain.envelopeHeight))).toBe(true);
      // The changed subject keeps its outline in the envelope.
      expect(countColour({ ...b, pixels: rows(b, 0, covered.envelopeHeight) }, RED)).toBeGreaterThan(0);
      expect(covered.text.split("\n").slice(0, 3)).toEqual([
        "Subject Hello again",
        "From Example News",
        "Reply-To news@example.com",
      ]);
    }
  });

  test("a change made only in CSS is outlined on both sides; an unchanged email has no outline", () => {
    for (const name of ["css-colour", "css-content"]) {
      for (const which of ["before", "after"] as const) {
        for (const width of ["desktop", "mobile"] as const) {
          expect(`${name} ${which} ${width}: ${red(side(name, which)[width].file) > 0}`).toBe(
            `${name} ${which} ${width}: true`,
          );
        }
      }
    }
    for (const which of ["before", "after"] as const) {
      expect(red(side("unchanged", which).desktop.file)).toBe(0);
      expect(red(side("unchanged", which).mobile.file)).toBe(0);
    }
    expect(connections).toEqual([]);
  });

  test("the sanitizer takes every url() out of SVG presentation attributes", async () => {
    const [svg, inline] = await sanitizeEmails(
      [
        '<svg width="10" height="10"><rect width="10" height="10" fill="url(http://h.test/f)"' +
          ' stroke="u\\72l(http://h.test/s)" clip-path="url(http://h.test/c)" mask="url(\'http://h.test/m\')"' +
          ' marker-end="url(http://h.test/e)" filter="url(#local)"></rect>' +
          '<path d="M0 0" marker-start="URL( http://h.test/ms )" fill="red"></path></svg>',
        '<svg><circle r="1" style="fill:url(http://h.test/st)"></circle></svg>',
      ],
      { chromium },
    );
    expect(svg).toBe(
      '<svg width="10" height="10"><rect width="10" height="10"></rect><path d="M0 0" fill="red"></path></svg>',
    );
    // A style attribute's url() is renamed, which the browser drops as an invalid value.
    expect(inline).toBe('<svg><circle r="1" style="fill:ps-removed-url(http://h.test/st)"></circle></svg>');
  });
});
