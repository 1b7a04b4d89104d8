// Renders each email, before and after, to PNG in a real headless Chromium (the system's browser,
// driven by puppeteer-core; nothing is downloaded). The page shows the envelope a reader sees (subject,
// from, reply-to, preheader) above the content; text-only campaigns render as text. What differs
// between the two sides is outlined in red on both, so the two images side by side show the change.
// The email's own scripts never run and nothing is fetched: the page has JavaScript disabled and
// every request but the page itself is refused.
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

/** The images of one campaign. */
export interface RenderedCampaign {
  before?: RenderedSide;
  after?: RenderedSide;
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

/** The page for one side: the envelope, then the content (text campaigns line by line). */
export function emailDocument(side: EmailSide, changed: ReadonlySet<string>): string {
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
      : side.content;
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
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
      `${el.tagName}|${(el.textContent ?? "").replace(/\s+/g, " ").trim()}|${el.getAttribute("src") ?? ""}|${el.getAttribute("href") ?? ""}`,
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
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const url = request.url();
    if (url === "about:blank" || url.startsWith("data:")) void request.continue();
    else void request.abort();
  });
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

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, "-");

/**
 * Renders every target's sides into `<outDir>/<name>-<before|after>-<desktop|mobile>.png`, in one
 * browser. `chromium` is the browser's executable (Debian: /usr/bin/chromium).
 */
export async function renderEmails(
  targets: readonly RenderTarget[],
  outDir: string,
  options: { chromium: string },
): Promise<Map<string, RenderedCampaign>> {
  fs.mkdirSync(outDir, { recursive: true });
  const results = new Map<string, RenderedCampaign>();
  if (targets.every((t) => !t.before && !t.after)) return results;
  // puppeteer-core is an ES module; this file is CommonJS like the rest of the example.
  const { default: puppeteer } = await import("puppeteer-core");
  const browser = await puppeteer.launch({
    executablePath: options.chromium,
    headless: true,
    // Fail in a minute rather than puppeteer's three when the browser stops answering.
    protocolTimeout: 60_000,
    // Chromium's sandbox cannot start as root (CI containers); the page runs no script and fetches nothing.
    args: [
      ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
      "--disable-gpu",
      "--hide-scrollbars",
      "--font-render-hinting=none",
    ],
  });
  try {
    const pages = { before: await openPage(browser), after: await openPage(browser) };
    for (const target of targets) {
      const changed = new Set(
        ENVELOPE.map(([field]) => field).filter(
          (field) => target.before && target.after && target.before[field] !== target.after[field],
        ),
      );
      const sides = (["before", "after"] as const).filter((side) => target[side] !== undefined);
      const signatures: Record<string, string[]> = {};
      for (const side of sides) {
        await pages[side].setViewport({ width: WIDTHS.desktop, height: 600, deviceScaleFactor: 1 });
        await pages[side].setContent(emailDocument(target[side] as EmailSide, changed), {
          waitUntil: "load",
        });
        signatures[side] = await pages[side].evaluate(blockSignatures);
      }
      if (sides.length === 2) {
        const b = signatures.before as string[];
        const a = signatures.after as string[];
        await pages.before.evaluate(markBlocks, unmatched(b, a));
        await pages.after.evaluate(markBlocks, unmatched(a, b));
      }
      const rendered: RenderedCampaign = {};
      for (const side of sides) {
        const base = path.join(outDir, `${safeName(target.name)}-${side}`);
        rendered[side] = {
          desktop: await shoot(pages[side], WIDTHS.desktop, `${base}-desktop.png`),
          mobile: await shoot(pages[side], WIDTHS.mobile, `${base}-mobile.png`),
        };
      }
      results.set(target.name, rendered);
    }
  } finally {
    await browser.close();
  }
  return results;
}
