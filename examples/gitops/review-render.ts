// Renders each email, before and after, to PNG in a real headless Chromium (the system's browser,
// driven by puppeteer-core; nothing is downloaded). The page shows the envelope a reader sees (subject,
// from, reply-to, preheader) above the content; text-only campaigns render as text. What differs
// between the two sides is outlined in red on both, so the two images side by side show the change.
//
// An email in a pull request is untrusted, and nothing in it may reach the network or move the page:
// - the browser has no network at all: every host name and address fails to resolve, and the only
//   proxy is one that cannot be reached, so neither a page's requests nor the network service's own
//   prefetch, preconnect and DNS prefetch (which request interception never sees) connect anywhere;
//   each page is also offline (DevTools), refuses every request but the page itself, and carries a
//   Content-Security-Policy that allows inline styles and data: images only;
// - JavaScript is off, and the email is sanitized before it is rendered: DOMPurify (in the browser,
//   on its own parser, so what is checked is what renders) drops scripts, meta refresh, base, links,
//   frames, objects and embeds, every remote URL attribute (src, srcset, poster, background, …) and
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

/** One rendered image: its file, its width, and the browser's text of the page it shows. */
export interface RenderedImage {
  file: string;
  width: number;
  text: string;
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

const STYLE = `
body { margin: 0; background: #fff; }
#ps-envelope { font: 14px/1.5 "DejaVu Sans", sans-serif; color: #111; background: #f3f4f6;
  border-bottom: 1px solid #d1d5db; padding: 10px 14px; }
#ps-envelope div { padding: 1px 4px; overflow-wrap: anywhere; }
#ps-envelope span { display: inline-block; min-width: 84px; color: #555; }
#ps-email { padding: 12px 14px; }
#ps-email .ps-text { font: 14px/1.5 "DejaVu Sans Mono", monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
.ps-changed { outline: 3px solid #e11d48 !important; outline-offset: 1px; background-color: rgba(225, 29, 72, 0.08) !important; }
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

/**
 * The page for one side: the envelope, then the content (text campaigns line by line). `html` is
 * the HTML content as sanitized (see `renderEmails`); text content is escaped here.
 */
export function emailDocument(side: EmailSide, changed: ReadonlySet<string>, html = ""): string {
  const rows = ENVELOPE.filter(([field]) => field !== "preheader" || side.preheader)
    .map(([field, label]) => {
      const mark = changed.has(field) ? ' class="ps-changed"' : "";
      return `<div${mark}><span>${label}</span> ${escapeHtml(String(side[field] ?? ""))}</div>`;
    })
    .join("");
  const content =
    side.contentType === "text"
      ? `<div class="ps-text">${side.content
          .split(/\r?\n/)
          .map((line) => `<div>${line === "" ? "&nbsp;" : escapeHtml(line)}</div>`)
          .join("")}</div>`
      : html;
  return (
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${CSP}"><meta charset="utf-8">` +
    `<style>${STYLE}</style></head><body><div id="ps-envelope">${rows}</div>` +
    `<div id="ps-email">${content}</div></body></html>`
  );
}

// Runs in the page: a signature per block of the content (tag, text, link or image target), for the
// blocks that carry text of their own or are images.
// (No DOM typings in this project: the page's objects are typed loosely.)
function blockSignatures(): string[] {
  const doc = (globalThis as any).document;
  const blocks: any[] = Array.from(doc.querySelectorAll("#ps-email *") as ArrayLike<any>).filter((el) => {
    if (el.tagName === "IMG") return true;
    if (el.children.length === 0) return (el.textContent ?? "").trim() !== "";
    return Array.from(el.childNodes as ArrayLike<any>).some(
      (n) => n.nodeType === 3 && (n.textContent ?? "").trim() !== "",
    );
  });
  (globalThis as any).__psBlocks = blocks;
  return blocks.map(
    (el: any) =>
      `${el.tagName}|${(el.textContent ?? "").replace(/\s+/g, " ").trim()}|${el.getAttribute("data-ps-src") ?? el.getAttribute("src") ?? ""}|${el.getAttribute("href") ?? ""}`,
  );
}

// Runs in the page: outlines the blocks whose signature the other side does not have.
function markBlocks(changed: number[]): void {
  const blocks = (globalThis as any).__psBlocks as any[];
  for (const i of changed) blocks[i]?.classList.add("ps-changed");
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

async function shoot(page: Page, width: number, file: string): Promise<RenderedImage> {
  // A background tab may not paint, and its screenshot then never completes.
  await page.bringToFront();
  // A short viewport, so that the page's height is the email's and not the window's.
  await page.setViewport({ width, height: 100, deviceScaleFactor: 1 });
  const height: number = await page.evaluate(() => (globalThis as any).document.documentElement.scrollHeight);
  await page.screenshot({
    path: file as `${string}.png`,
    clip: { x: 0, y: 0, width, height: Math.min(Math.max(height, 1), MAX_HEIGHT) },
    captureBeyondViewport: true,
  });
  // The rendered text (what a reader sees), not the DOM's: that is the point of this check.
  // biome-ignore lint/performance/useDomNodeTextContent: layout-aware text is wanted here
  const text: string = await page.evaluate(() => (globalThis as any).document.body.innerText);
  return { file, width, text };
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
    // puppeteer-core is an ES module; this file is CommonJS like the rest of the example.
    const { default: puppeteer } = await import("puppeteer-core");
    browser = await puppeteer.launch({
      executablePath: options.chromium,
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
  } catch (err) {
    const error = `Chromium (${options.chromium}) did not start: ${oneLine(err)}`;
    for (const target of targets) if (target.before || target.after) results.set(target.name, { error });
    return results;
  }
  try {
    let pages: { before: Page; after: Page; sanitizer: Page } | undefined;
    for (const target of targets) {
      const sides = (["before", "after"] as const).filter((side) => target[side] !== undefined);
      if (sides.length === 0) continue;
      let step = "starting";
      try {
        step = "opening its pages";
        pages ??= {
          before: await openPage(browser),
          after: await openPage(browser),
          sanitizer: await openSanitizer(browser),
        };
        const open = pages;
        const changed = new Set(
          ENVELOPE.map(([field]) => field).filter(
            (field) => target.before && target.after && target.before[field] !== target.after[field],
          ),
        );
        const signatures: Record<string, string[]> = {};
        for (const side of sides) {
          const email = target[side] as EmailSide;
          step = `sanitizing the ${side} side`;
          const html =
            email.contentType === "text" ? "" : await open.sanitizer.evaluate(sanitizeInPage, email.content);
          step = `rendering the ${side} side`;
          const page = open[side];
          await page.setViewport({ width: WIDTHS.desktop, height: 600, deviceScaleFactor: 1 });
          await page.setContent(emailDocument(email, changed, html), { waitUntil: "load" });
          signatures[side] = await page.evaluate(blockSignatures);
        }
        if (sides.length === 2) {
          step = "comparing the sides";
          const b = signatures.before as string[];
          const a = signatures.after as string[];
          await open.before.evaluate(markBlocks, unmatched(b, a));
          await open.after.evaluate(markBlocks, unmatched(a, b));
        }
        const rendered: RenderedCampaign = {};
        for (const side of sides) {
          step = `taking the images of the ${side} side`;
          const base = path.join(outDir, `${safeName(target.name)}-${side}`);
          const page = open[side];
          const shot: RenderedSide = {
            desktop: await shoot(page, WIDTHS.desktop, `${base}-desktop.png`),
            mobile: await shoot(page, WIDTHS.mobile, `${base}-mobile.png`),
          };
          // Whatever got past the sanitizer must not have replaced the page it shows.
          const ours = await page.evaluate(
            () => (globalThis as any).document.getElementById("ps-envelope") !== null,
          );
          if (!ours) throw new Error(`the page left the email (now at ${page.url()})`);
          rendered[side] = shot;
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
