// Renders each email, before and after, to PNG in a real headless Chromium (the system's browser,
// driven by puppeteer-core; nothing is downloaded). The image shows the envelope a reader sees
// (subject, from, reply-to, preheader) above the content; text-only campaigns render as text. What
// differs between the two sides is outlined in red on both, so the two images side by side show the
// change.
//
// An email in a pull request is untrusted, and nothing in it may reach the network, move the page or
// change what the review shows around it:
// - the email renders alone, in a page of its own; the image a reviewer sees is composed in another
//   page from the envelope, the email's rendering as a picture, and the outlines drawn over that
//   picture. The email's CSS therefore cannot restyle or remove the outlines, and a `position:fixed`
//   block can cover only the email's own picture, never the envelope;
// - what changed is found from what rendered, not from the DOM's text alone: per block of text or
//   image, its text and target, its box (left, width, height), its computed style (and its pseudo
//   elements' content) and what its ancestors do to it (opacity, background, transforms), so a
//   change made only in CSS is outlined too;
// - the browser has no network at all: every host name and address fails to resolve, and the only
//   proxy is one that cannot be reached, so neither a page's requests nor the network service's own
//   prefetch, preconnect and DNS prefetch (which request interception never sees) connect anywhere;
//   each page is also offline (DevTools), refuses every request but the page itself, and carries a
//   Content-Security-Policy that allows inline styles and data: images only;
// - JavaScript is off, and the email is sanitized before it is rendered: DOMPurify (in the browser,
//   on its own parser, so what is checked is what renders) drops scripts, meta refresh, base, links,
//   frames, objects and embeds, every remote URL attribute (src, srcset, poster, background, …),
//   every SVG attribute holding a `url()` (fill, stroke, clip-path, mask, filter, marker-*, …) and
//   CSS `@import`, `url()` and `image-set()`. Remote images therefore render as broken images (their
//   alt text, or a box of their size), and remote backgrounds and fonts as absent.
// A render that fails anyway is reported for its campaign; the others and the report go on.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { EmailSide } from "./review-plan";

type Puppeteer = typeof import("puppeteer-core", { with: { "resolution-mode": "import" }});
type Browser = Awaited<ReturnType<Puppeteer["launch"]>>;
type Page = Awaited<ReturnType<Browser["newPage"]>>;

/** Viewport widths, in CSS pixels: a desktop mail client's reading pane and a phone. */
export const WIDTHS = { desktop: 800, mobile: 375 } as const;
/** Taller emails are cut at this height to keep the images small. */
export const MAX_HEIGHT = 1600;

/** One rendered image: its file, its width, and the browser's text of what it shows. */
export interface RenderedImage {
  file: string;
  width: number;
  /** The envelope's rendered text, then the email's, line by line. */
  text: string;
  /** The height of the envelope at the top of the image, in pixels; the email is drawn below it. */
  envelopeHeight: number;
}

/** Both widths of one side. */
export interface RenderedSide {
  desktop: RenderedImage;
  mobile: RenderedImage;
}

/** What to render for one campaign. */
export interface RenderTarget {
  name: string;
  before?: EmailSide;
  after?: EmailSide;
}

/** The images of one campaign, or why they could not be made (in one line). */
export interface RenderedCampaign {
  before?: RenderedSide;
  after?: RenderedSide;
  error?: string;
}

const ENVELOPE: Array<[keyof EmailSide, string]> = [
  ["subject", "Subject"],
  ["from", "From"],
  ["replyTo", "Reply-To"],
  ["preheader", "Preheader"],
];

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The composed page's style: the envelope, and the outline layer over the email's picture. */
const STYLE = `
body { margin: 0; background: #fff; }
#ps-envelope { font: 14px/1.5 "DejaVu Sans", sans-serif; color: #111; background: #f3f4f6;
  border-bottom: 1px solid #d1d5db; padding: 10px 14px; }
#ps-envelope div { padding: 1px 4px; overflow-wrap: anywhere; }
#ps-envelope span { display: inline-block; min-width: 84px; color: #555; }
#ps-email { position: relative; overflow: hidden; }
#ps-email img { display: block; }
.ps-box { position: absolute; }
.ps-changed { outline: 3px solid #e11d48; outline-offset: 1px; background-color: rgba(225, 29, 72, 0.08); }
`;

/** The email's own page: a margin as a mail client's reading pane has; the email's CSS may change it. */
const EMAIL_STYLE = `
body { margin: 0; padding: 12px 14px; background: #fff; }
.ps-text { font: 14px/1.5 "DejaVu Sans Mono", monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
`;

/**
 * Chromium's switches that take the network away from the whole browser, the network service
 * included: no host name or address resolves (so no DNS query and no connection), and the one proxy
 * (for loopback too) is an address that cannot be connected to. Plus no background traffic of
 * Chromium's own.
 */
export const NETWORK_OFF_ARGS: readonly string[] = [
  "--host-resolver-rules=MAP * ~NOTFOUND",
  "--proxy-server=socks5://255.255.255.255:1",
  "--proxy-bypass-list=<-loopback>",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-domain-reliability",
  "--no-pings",
];

/**
 * CSS with nothing that fetches: `@import` and the `url()`, `image-set()`, `image()` and `src()`
 * functions are renamed (the browser then drops the rule or declaration), except `url()` of a data:
 * URL, which fetches nothing. Escaped letters are read first, as CSS reads them (`u\72l(` is
 * `url(`). `<` is escaped, so a style element's text cannot close it or look like markup.
 * Self-contained: it also runs in the browser.
 */
export function neutralizeCss(css: string): string {
  return css
    .replace(
      /\\([0-9a-fA-F]{1,6})[ \t\r\n\f]?|\\([A-Za-z])/g,
      (all: string, hex?: string, letter?: string) => {
        if (letter) return letter;
        const code = Number.parseInt(hex ?? "", 16);
        const char = code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
        return /^[A-Za-z-]$/.test(char) ? char : all;
      },
    )
    .replace(/<!--|-->/g, " ")
    .replace(/</g, "\\3c ")
    .replace(/@import/gi, "@ps-removed-import")
    .replace(/\b(url|image-set|image|src)\((?!\s*["']?\s*data:)/gi, "ps-removed-$1(");
}

// Runs in the browser (the sanitizer page, which never shows anything): the email's HTML as DOMPurify
// leaves it, parsed as the content of a body, with the hooks above. A removed remote `src` is kept
// as `data-ps-src`, so that a changed image still shows as a change, and an image shows as broken.
function sanitizeInPage(html: string): string {
  const g = globalThis as any;
  const purify = g.DOMPurify;
  const neutralize = g.__psNeutralizeCss as (css: string) => string;
  const urlAttributes = new Set([
    "src",
    "srcset",
    "poster",
    "background",
    "lowsrc",
    "dynsrc",
    "data",
    "codebase",
    "archive",
    "longdesc",
    "action",
    "formaction",
    "ping",
    "manifest",
    "imagesrcset",
    "href",
    "xlink:href",
  ]);
  const removedSrc = new Map<unknown, string>();
  purify.removeAllHooks();
  purify.addHook("uponSanitizeElement", (node: any, data: any) => {
    if (data.tagName === "style") node.textContent = neutralize(node.textContent ?? "");
  });
  purify.addHook("uponSanitizeAttribute", (node: any, data: any) => {
    const name = String(data.attrName);
    const value = String(data.attrValue ?? "");
    if (name === "style") {
      data.attrValue = neutralize(value);
      return;
    }
    // An SVG presentation attribute is CSS: `fill="url(http://…)"` (or `u\72l(`, as CSS reads it)
    // would fetch a paint server, clip path, mask, filter or marker. Any url(), even local or data:,
    // and the image functions, take the attribute out; email clients rarely render SVG at all.
    if (
      node.namespaceURI === "http://www.w3.org/2000/svg" &&
      !urlAttributes.has(name) &&
      /(?:url|image-set|image|src)\(|ps-removed-/i.test(neutralize(value))
    ) {
      data.keepAttr = false;
      return;
    }
    if (!urlAttributes.has(name)) return;
    // A link's target fetches nothing (nothing is clicked) and tells a changed link.
    if (name === "href" && (node.nodeName === "A" || node.nodeName === "AREA")) return;
    if (name === "src" && /^\s*data:/i.test(value)) return;
    if (name === "src") removedSrc.set(node, value);
    data.keepAttr = false;
  });
  purify.addHook("afterSanitizeAttributes", (node: any) => {
    const src = removedSrc.get(node);
    if (src === undefined) return;
    node.setAttribute("data-ps-src", src);
    // An image that cannot load, from no network: it shows as a broken image with its alt text.
    if (node.nodeName === "IMG") node.setAttribute("src", "data:,");
  });
  return purify.sanitize(html, {
    // Read as the content of a body (as it is shown): a leading <style> is kept.
    FORCE_BODY: true,
    // Refused by DOMPurify's defaults already; named so that no change of defaults brings them back.
    FORBID_TAGS: [
      "meta",
      "base",
      "link",
      "script",
      "iframe",
      "frame",
      "frameset",
      "object",
      "embed",
      "applet",
      "portal",
      "fencedframe",
      "form",
    ],
  });
}

/** The policy of every rendered page: inline styles and data: images and fonts, nothing else. */
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; media-src data:; base-uri 'none'; form-action 'none'";

const head = (style: string) =>
  `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${CSP}"><meta charset="utf-8">` +
  `<style>${style}</style></head>`;

/**
 * The email's own page: its content alone (text campaigns line by line), nothing of ours for its CSS
 * to reach. `html` is the HTML content as sanitized (see `renderEmails`); text content is escaped here.
 */
export function emailDocument(side: EmailSide, html = ""): string {
  const content =
    side.contentType === "text"
      ? `<div class="ps-text">${side.content
          .split(/\r?\n/)
          .map((line) => `<div>${line === "" ? "&nbsp;" : escapeHtml(line)}</div>`)
          .join("")}</div>`
      : html;
  return `${head(EMAIL_STYLE)}<body>${content}</body></html>`;
}

/** A rectangle in CSS pixels, from the top left of the email's page. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whole pixels for a style attribute, whatever a page answered. */
const px = (n: number) => `${Number.isFinite(n) ? Math.round(n) : 0}px`;

/**
 * The image's page for one side at one width: the envelope (its changed rows outlined), then the
 * email's picture (`png`, as `size` CSS pixels), with `boxes` outlined over it. Built by us alone:
 * the email is in it only as a picture.
 */
export function reviewDocument(
  side: EmailSide,
  changed: ReadonlySet<string>,
  png: Buffer,
  size: { width: number; height: number },
  boxes: readonly Box[],
): string {
  const rows = ENVELOPE.filter(([field]) => field !== "preheader" || side.preheader)
    .map(([field, label]) => {
      const mark = changed.has(field) ? ' class="ps-changed"' : "";
      return `<div${mark}><span>${label}</span> ${escapeHtml(String(side[field] ?? ""))}</div>`;
    })
    .join("");
  const outlines = boxes
    // Nothing rendered (display: none): no outline at the page's corner.
    .filter((b) => b.width > 0 || b.height > 0)
    .map(
      (b) =>
        `<div class="ps-box ps-changed" style="left:${px(b.x)};top:${px(b.y)};width:${px(b.width)};height:${px(b.height)}"></div>`,
    )
    .join("");
  return (
    `${head(STYLE)}<body><div id="ps-envelope">${rows}</div>` +
    `<div id="ps-email" style="width:${px(size.width)};height:${px(size.height)}">` +
    `<img alt="" width="${Math.round(size.width)}" height="${Math.round(size.height)}" src="data:image/png;base64,${png.toString("base64")}">` +
    `${outlines}</div></body></html>`
  );
}

/**
 * What is compared of a block: its computed style, which a change made only in CSS shows in
 * (colour, type, spacing, position, visibility, effects).
 */
export const COMPARED_STYLE: readonly string[] = [
  "color",
  "background-color",
  "background-image",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "font-variant",
  "text-decoration-line",
  "text-decoration-color",
  "text-decoration-style",
  "text-transform",
  "text-align",
  "text-indent",
  "text-shadow",
  "line-height",
  "letter-spacing",
  "word-spacing",
  "white-space",
  "direction",
  "writing-mode",
  "vertical-align",
  "visibility",
  "opacity",
  "display",
  "position",
  "top",
  "right",
  "bottom",
  "left",
  "z-index",
  "float",
  "transform",
  "filter",
  "clip-path",
  "mask-image",
  "overflow",
  "margin-top",
  "margin-right",
  "margin-bottom",
  "margin-left",
  "padding-top",
  "padding-right",
  "padding-bottom",
  "padding-left",
  "border-top",
  "border-right",
  "border-bottom",
  "border-left",
  "border-radius",
  "box-shadow",
  "list-style-type",
  "object-fit",
  "object-position",
];

/** The email page's blocks as rendered: one signature and one box per block, and the page's text. */
interface Layout {
  signatures: string[];
  boxes: Box[];
  text: string;
}

// Runs in the email's page: per block of the content (an element with text of its own, or an image),
// a signature of what renders (tag, text, link or image target, box, computed style, pseudo elements'
// content, what its ancestors do to it) and the box it covers, its overflowing text included.
// The box's top is left out of the signature, so content added above a block does not mark it.
// (No DOM typings in this project: the page's objects are typed loosely.)
function layoutOf(properties: readonly string[]): Layout {
  const doc = (globalThis as any).document;
  const view = doc.defaultView;
  const blocks: any[] = Array.from(doc.body.querySelectorAll("*") as ArrayLike<any>).filter((el) => {
    if (el.tagName === "IMG") return true;
    // A style sheet's text is not content; what it does shows in the computed styles.
    if (el.tagName === "STYLE") return false;
    if (el.children.length === 0) return (el.textContent ?? "").trim() !== "";
    return Array.from(el.childNodes as ArrayLike<any>).some(
      (n) => n.nodeType === 3 && (n.textContent ?? "").trim() !== "",
    );
  });
  const styleOf = (el: any, pseudo: string | null) => view.getComputedStyle(el, pseudo);
  const signatures: string[] = [];
  const boxes: Box[] = [];
  for (const el of blocks) {
    const own = el.getBoundingClientRect();
    const range = doc.createRange();
    range.selectNodeContents(el);
    const inner = range.getBoundingClientRect();
    let left = own.left;
    let top = own.top;
    let right = own.right;
    let bottom = own.bottom;
    if (inner.width > 0 || inner.height > 0) {
      left = Math.min(left, inner.left);
      top = Math.min(top, inner.top);
      right = Math.max(right, inner.right);
      bottom = Math.max(bottom, inner.bottom);
    }
    boxes.push({ x: left + view.scrollX, y: top + view.scrollY, width: right - left, height: bottom - top });
    const style = styleOf(el, null);
    const styles = properties.map((p) => style.getPropertyValue(p)).join(";");
    const pseudo = ["::before", "::after"].map((p) => styleOf(el, p).getPropertyValue("content")).join(";");
    // What the ancestors do to the block: opacity multiplies, the first background shows through,
    // transforms, filters, clips and masks apply.
    let opacity = 1;
    let background = "";
    const effects: string[] = [];
    for (let up = el.parentElement; up; up = up.parentElement) {
      const s = styleOf(up, null);
      opacity *= Number(s.getPropertyValue("opacity"));
      const color = s.getPropertyValue("background-color");
      const image = s.getPropertyValue("background-image");
      if (!background && (image !== "none" || !/^(transparent|rgba\(0, 0, 0, 0\))$/.test(color)))
        background = `${color} ${image}`;
      for (const p of ["transform", "filter", "clip-path", "mask-image"]) {
        const v = s.getPropertyValue(p);
        if (v && v !== "none") effects.push(`${p}:${v}`);
      }
    }
    signatures.push(
      [
        el.tagName,
        (el.textContent ?? "").replace(/\s+/g, " ").trim(),
        el.getAttribute("data-ps-src") ?? el.getAttribute("src") ?? "",
        el.getAttribute("href") ?? "",
        [own.left, own.width, own.height].map((n: number) => Math.round(n)).join(","),
        styles,
        pseudo,
        `${opacity}|${background}|${effects.join(",")}`,
      ].join("|"),
    );
  }
  // biome-ignore lint/performance/useDomNodeTextContent: layout-aware text is wanted here
  return { signatures, boxes, text: doc.body.innerText };
}

/** Indexes of `mine` not matched by `theirs`, one match per occurrence. */
export function unmatched(mine: readonly string[], theirs: readonly string[]): number[] {
  const left = new Map<string, number>();
  for (const s of theirs) left.set(s, (left.get(s) ?? 0) + 1);
  const out: number[] = [];
  mine.forEach((s, i) => {
    const n = left.get(s) ?? 0;
    if (n > 0) left.set(s, n - 1);
    else out.push(i);
  });
  return out;
}

async function openPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.setJavaScriptEnabled(false);
  const session = await page.createCDPSession();
  await session.send("Network.enable");
  await session.send("Network.emulateNetworkConditions", {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const url = request.url();
    if (url === "about:blank" || url.startsWith("data:")) void request.continue();
    else void request.abort();
  });
  return page;
}

async function openSanitizer(browser: Browser): Promise<Page> {
  const page = await openPage(browser);
  // DOMPurify's own callbacks need script. The email never runs here: DOMParser's document is inert
  // (no script, no loading, no refresh), and this page has no network either.
  await page.setJavaScriptEnabled(true);
  const purify = fs.readFileSync(require.resolve("dompurify/dist/purify.min.js"), "utf8");
  await page.evaluate(purify);
  await page.evaluate(`globalThis.__psNeutralizeCss = ${neutralizeCss.toString()}`);
  return page;
}

/** The email's page at one width: its picture (at most MAX_HEIGHT tall) and its layout. */
interface Capture {
  png: Buffer;
  width: number;
  height: number;
  layout: Layout;
}

async function capture(page: Page, width: number): Promise<Capture> {
  // A background tab may not paint, and its screenshot then never completes.
  await page.bringToFront();
  // A short viewport first, so that the page's height is the email's and not the window's; then
  // the whole of it, so that what is measured is what the picture shows (fixed blocks included).
  await page.setViewport({ width, height: 100, deviceScaleFactor: 1 });
  const full: number = await page.evaluate(() => (globalThis as any).document.documentElement.scrollHeight);
  const height = Math.min(Math.max(full, 1), MAX_HEIGHT);
  await page.setViewport({ width, height, deviceScaleFactor: 1 });
  const layout = await page.evaluate(layoutOf, COMPARED_STYLE);
  const png = Buffer.from(await page.screenshot({ type: "png", clip: { x: 0, y: 0, width, height } }));
  if (page.url() !== "about:blank") throw new Error(`the page left the email (now at ${page.url()})`);
  return { png, width, height, layout };
}

async function shoot(page: Page, width: number, file: string, emailText: string): Promise<RenderedImage> {
  await page.bringToFront();
  await page.setViewport({ width, height: 100, deviceScaleFactor: 1 });
  const height: number = await page.evaluate(() => (globalThis as any).document.documentElement.scrollHeight);
  await page.screenshot({
    path: file as `${string}.png`,
    clip: { x: 0, y: 0, width, height: Math.min(Math.max(height, 1), MAX_HEIGHT) },
    captureBeyondViewport: true,
  });
  const envelope: { text: string; height: number } | null = await page.evaluate(() => {
    const doc = (globalThis as any).document;
    const el = doc.getElementById("ps-envelope");
    const email = doc.getElementById("ps-email");
    // biome-ignore lint/performance/useDomNodeTextContent: layout-aware text is wanted here
    return el && email ? { text: el.innerText, height: email.offsetTop } : null;
  });
  if (!envelope) throw new Error(`the review page is not ours (at ${page.url()})`);
  return { file, width, text: `${envelope.text}\n${emailText}`, envelopeHeight: envelope.height };
}

/** A file-name-safe form of a resource name; names that needed changing get a hash, so two never meet. */
export function safeName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, "-");
  if (safe === name && !/^\.+$/.test(name)) return name;
  return `${safe}-${createHash("sha256").update(name).digest("hex").slice(0, 8)}`;
}

/** The first line of an error's message, for a one-line report. */
const oneLine = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).split(/\r?\n|\r/)[0]?.trim() ?? "";

async function launch(chromium: string): Promise<Browser> {
  // puppeteer-core is an ES module; this file is CommonJS like the rest of the example.
  const { default: puppeteer } = await import("puppeteer-core");
  return puppeteer.launch({
    executablePath: chromium,
    headless: true,
    // DevTools over a pipe: no debugging port for anything else on the machine to reach.
    pipe: true,
    // Fail in a minute rather than puppeteer's three when the browser stops answering.
    protocolTimeout: 60_000,
    // Chromium's sandbox cannot start as root (CI containers); the page runs no script and has no network.
    args: [
      ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
      ...NETWORK_OFF_ARGS,
      "--disable-gpu",
      "--hide-scrollbars",
      "--font-render-hinting=none",
    ],
  });
}

/** The HTML of each email as `renderEmails` renders it, after the sanitizer; to check the sanitizer. */
export async function sanitizeEmails(
  htmls: readonly string[],
  options: { chromium: string },
): Promise<string[]> {
  const browser = await launch(options.chromium);
  try {
    const sanitizer = await openSanitizer(browser);
    const out: string[] = [];
    for (const html of htmls) out.push(await sanitizer.evaluate(sanitizeInPage, html));
    return out;
  } finally {
    await browser.close().catch(() => undefined);
  }
}

const SIDES = ["before", "after"] as const;
const WIDTH_NAMES = ["desktop", "mobile"] as const;

/**
 * Renders every target's sides into `<outDir>/<name>-<before|after>-<desktop|mobile>.png`, in one
 * browser. `chromium` is the browser's executable (Debian: /usr/bin/chromium). A target whose
 * rendering fails gets an `error` (which side and why) instead of images; the others are rendered.
 */
export async function renderEmails(
  targets: readonly RenderTarget[],
  outDir: string,
  options: { chromium: string },
): Promise<Map<string, RenderedCampaign>> {
  fs.mkdirSync(outDir, { recursive: true });
  const results = new Map<string, RenderedCampaign>();
  if (targets.every((t) => !t.before && !t.after)) return results;
  let browser: Browser;
  try {
    browser = await launch(options.chromium);
  } catch (err) {
    const error = `Chromium (${options.chromium}) did not start: ${oneLine(err)}`;
    for (const target of targets) if (target.before || target.after) results.set(target.name, { error });
    return results;
  }
  try {
    let pages: { before: Page; after: Page; review: Page; sanitizer: Page } | undefined;
    for (const target of targets) {
      const sides = SIDES.filter((side) => target[side] !== undefined);
      if (sides.length === 0) continue;
      let step = "starting";
      try {
        step = "opening its pages";
        pages ??= {
          before: await openPage(browser),
          after: await openPage(browser),
          review: await openPage(browser),
          sanitizer: await openSanitizer(browser),
        };
        const open = pages;
        const changed = new Set(
          ENVELOPE.map(([field]) => field).filter(
            (field) => target.before && target.after && target.before[field] !== target.after[field],
          ),
        );
        const captures: Partial<
          Record<(typeof SIDES)[number], Record<(typeof WIDTH_NAMES)[number], Capture>>
        > = {};
        for (const side of sides) {
          const email = target[side] as EmailSide;
          step = `sanitizing the ${side} side`;
          const html =
            email.contentType === "text" ? "" : await open.sanitizer.evaluate(sanitizeInPage, email.content);
          step = `rendering the ${side} side`;
          const page = open[side];
          await page.setViewport({ width: WIDTHS.desktop, height: 600, deviceScaleFactor: 1 });
          await page.setContent(emailDocument(email, html), { waitUntil: "load" });
          captures[side] = {
            desktop: await capture(page, WIDTHS.desktop),
            mobile: await capture(page, WIDTHS.mobile),
          };
        }
        const rendered: RenderedCampaign = {};
        for (const side of sides) {
          step = `taking the images of the ${side} side`;
          const mine = captures[side] as Record<(typeof WIDTH_NAMES)[number], Capture>;
          const other = captures[side === "before" ? "after" : "before"];
          const base = path.join(outDir, `${safeName(target.name)}-${side}`);
          const images: Partial<RenderedSide> = {};
          for (const width of WIDTH_NAMES) {
            const shot = mine[width];
            // Compared at the same width: a change may show at one width only (a media query).
            const boxes = other
              ? unmatched(shot.layout.signatures, other[width].layout.signatures).map(
                  (i) => shot.layout.boxes[i] as Box,
                )
              : [];
            const document = reviewDocument(target[side] as EmailSide, changed, shot.png, shot, boxes);
            await open.review.setContent(document, { waitUntil: "load" });
            images[width] = await shoot(open.review, WIDTHS[width], `${base}-${width}.png`, shot.layout.text);
          }
          rendered[side] = images as RenderedSide;
        }
        results.set(target.name, rendered);
      } catch (err) {
        results.set(target.name, { error: `${step}: ${oneLine(err)}` });
        // The pages may be in any state now: the next campaign gets new ones.
        const broken = pages;
        pages = undefined;
        if (broken) await Promise.all(Object.values(broken).map((p) => p.close().catch(() => undefined)));
      }
    }
  } finally {
    // A browser that crashed has nothing left to close; the report is still to be written.
    await browser.close().catch(() => undefined);
  }
  return results;
}
