/**
 * The scans under the content checks ({@link checkContent}, `content-checks.ts`): what an email's
 * html or plain text holds that a reviewer would look at (its links, images, personalization tags,
 * an unsubscribe link), counted, with the first of each kept as evidence. Each scan is one pass,
 * with no recursion and no tree: the html is read by htmlparser2's streaming parser, the tags by a
 * loop over the characters, the links by `URL`. Nothing here fetches a link or reads a file.
 */
import { Parser } from "htmlparser2";
import { editDistance } from "./edit-distance";
import { isPrivateHost } from "./private-host";

/** How many characters of an html body are parsed; the rest is only measured (and searched for an unsubscribe word). */
export const PARSE_CAP = 1024 * 1024;

/** The longest text a finding quotes as evidence. */
export const EVIDENCE_MAX = 60;

/** A kind of problem a scan counts: how often, and the first occurrence as evidence. */
export interface Tally {
  /** How many times it was found. */
  count: number;
  /** The first occurrence, as the finding quotes it. */
  first: string;
}

/** What a scan of one text found, by problem; an absent member: none found. */
export interface ScanResult {
  /** Tags that open and never close, close and never open, or name a misspelt field. */
  badTags?: Tally;
  /** Images without an `alt` attribute. */
  missingAlt?: Tally;
  /** Links and image sources over plain `http://`. */
  insecure?: Tally;
  /** Links and image sources no recipient can open: loopback, private or link-local hosts, `javascript:`, relative. */
  unreachable?: Tally;
  /** Links with an empty or `#` href. */
  emptyLinks?: Tally;
  /** Links in a plain-text body written as html or Markdown, or without a scheme. */
  markupLinks?: Tally;
  /** Whether an unsubscribe link or tag was found. */
  unsubscribe: boolean;
  /** Whether the html was longer than {@link PARSE_CAP} and only its start was parsed. */
  cut: boolean;
}

/**
 * The personalization fields Sender's editor inserts (sender.net/help, "Personalization behavior
 * in test emails": firstname, lastname, email, phone, birthday, written `{{ firstname }}`). A
 * tag near one of these but not it is taken as a misspelling; any other name may be a custom field.
 */
export const KNOWN_FIELDS = ["firstname", "lastname", "email", "phone", "birthday"] as const;

/**
 * The field names a tag may name: {@link KNOWN_FIELDS} and the account's own, each given as its
 * name (`company`) or its personalization tag as the service writes it (`{$company}`,
 * `{{ company }}`: getFields' `tag`), lower case, as a tag's name is compared.
 */
export function knownFieldNames(account: readonly string[] = []): readonly string[] {
  const names = new Set<string>(KNOWN_FIELDS);
  for (const given of account) {
    const name = /^[{$\s]*([A-Za-z_][\w.-]*)/.exec(given)?.[1]?.toLowerCase();
    if (name !== undefined && name.length <= NAME_MAX) names.add(name);
  }
  return [...names];
}

/** The longest tag name compared with {@link KNOWN_FIELDS}: a longer one is no misspelling of them. */
const NAME_MAX = 32;

/** One-line, printable, at most {@link EVIDENCE_MAX} characters. */
export function evidence(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must not reach a terminal.
  const flat = text.slice(0, EVIDENCE_MAX * 4).replace(/[\u0000-\u001f\u007f\s]+/g, " ");
  return flat.length <= EVIDENCE_MAX ? flat : `${flat.slice(0, EVIDENCE_MAX - 1)}…`;
}

function add(result: ScanResult, key: Exclude<keyof ScanResult, "unsubscribe" | "cut">, first: string): void {
  const tally = result[key];
  if (tally) tally.count += 1;
  else result[key] = { count: 1, first: evidence(first) };
}

/**
 * The personalization tags of `text` that Sender would not fill: an opening `{{` with no `}}`
 * before the next `{{` or the end, a `}}` with no `{{`, or a name one or two letters from a known
 * field. Also says whether a tag names an unsubscribe link. One pass over the characters.
 */
export function scanTags(text: string, into: ScanResult, known: readonly string[] = KNOWN_FIELDS): void {
  let open = -1;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x7b && c !== 0x7d) continue;
    const next = text.charCodeAt(i + 1);
    if (c === 0x7b && next === 0x7b) {
      if (open !== -1) add(into, "badTags", `${opening(text, open)}, not closed`);
      open = i;
      i += 1;
      while (text.charCodeAt(i + 1) === 0x7b) i += 1;
    } else if (c === 0x7d && next === 0x7d) {
      if (open === -1) add(into, "badTags", `}} at character ${i + 1}, closing no tag`);
      else
        tagName(
          text.slice(open + 2, Math.min(i, open + 2 + NAME_MAX * 4)),
          text.slice(open, i + 2),
          into,
          known,
        );
      open = -1;
      i += 1;
      while (text.charCodeAt(i + 1) === 0x7d) i += 1;
    }
  }
  if (open !== -1) add(into, "badTags", `${opening(text, open)}, not closed`);
}

/** An unclosed tag as evidence shows it: its braces and the name after them (`{{ lastname`). */
function opening(text: string, at: number): string {
  return /^\{\{\s*[\w.-]{0,32}/.exec(text.slice(at, at + 48))?.[0] ?? "{{";
}

/** Judges one closed tag's inside: the first word is the field (`{{ firstname | default }}`). */
function tagName(inside: string, whole: string, into: ScanResult, known: readonly string[]): void {
  const name = /^\s*([A-Za-z_][\w.-]*)/.exec(inside)?.[1]?.toLowerCase();
  if (name === undefined) return;
  if (name.includes("unsubscribe")) {
    into.unsubscribe = true;
    return;
  }
  if (name.length > NAME_MAX || known.includes(name)) return;
  const near = known.find((field) => editDistance(name, field) <= 2);
  if (near !== undefined) add(into, "badTags", `${whole}, did you mean {{ ${near} }}?`);
}

/** Judges one link or image address (`what` is how the evidence shows it). */
function judgeAddress(raw: string, what: string, into: ScanResult, link: boolean): void {
  const value = raw.trim();
  if (link && (value === "" || value === "#")) {
    add(into, "emptyLinks", what);
    return;
  }
  // A personalization tag is filled at send time: the address is not known before.
  if (value.includes("{{")) return;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop them before the scheme.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\u0000-\u0020]/g, ""))?.[1]?.toLowerCase();
  if (scheme === "javascript" || scheme === "vbscript" || scheme === "file") {
    add(into, "unreachable", what);
    return;
  }
  if (scheme === undefined) {
    // No scheme: relative to no page an inbox has (`/about`, `www.example.com`).
    if (!value.startsWith("//")) {
      add(into, "unreachable", what);
      return;
    }
  }
  if (scheme !== undefined && scheme !== "http" && scheme !== "https") return;
  let url: URL;
  try {
    url = new URL(scheme === undefined ? `https:${value}` : value);
  } catch {
    add(into, "unreachable", what);
    return;
  }
  if (isPrivateHost(url.hostname)) add(into, "unreachable", what);
  else if (scheme === "http") add(into, "insecure", what);
}

/** An opening tag as evidence shows it: `<img src="logo.png">`. */
function tagText(name: string, attributes: Record<string, string>, shown: string): string {
  const value = attributes[shown];
  return value === undefined ? `<${name}>` : `<${name} ${shown}="${evidence(value)}">`;
}

/**
 * Scans an html body: its links (`<a href>`, `<area href>`), images (`<img src>`, `alt`), tags,
 * and whether an unsubscribe link is there (an `<a>` whose address or text says "unsubscribe", or
 * an unsubscribe tag). Only the first {@link PARSE_CAP} characters are parsed; the tags are
 * scanned in full.
 */
export function scanHtml(html: string, known: readonly string[] = KNOWN_FIELDS): ScanResult {
  const result: ScanResult = { unsubscribe: false, cut: html.length > PARSE_CAP };
  let inLink = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "a" || name === "area") {
          if (name === "a") inLink += 1;
          const href = attributes.href;
          if (href !== undefined) {
            if (/unsubscribe/i.test(href)) result.unsubscribe = true;
            judgeAddress(href, tagText(name, attributes, "href"), result, true);
          }
        } else if (name === "img") {
          if (attributes.alt === undefined) add(result, "missingAlt", tagText(name, attributes, "src"));
          const src = attributes.src;
          if (src !== undefined && src.trim() !== "")
            judgeAddress(src, tagText(name, attributes, "src"), result, false);
        }
      },
      onclosetag(name) {
        if (name === "a" && inLink > 0) inLink -= 1;
      },
      ontext(text) {
        if (inLink > 0 && !result.unsubscribe && /unsubscribe/i.test(text)) result.unsubscribe = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(result.cut ? html.slice(0, PARSE_CAP) : html);
  scanTags(html, result, known);
  return result;
}

/** `http(s)://…` in plain text, up to the first space or closing bracket or quote. */
const TEXT_URL = /\bhttps?:\/\/[^\s<>"'()[\]]+/gi;

/**
 * Scans a plain-text body: its URLs (judged as an html body's links are), the links it writes as
 * markup a plain-text reader shows as it is (`<a href=…>`, `[text](…)`) or without a scheme
 * (`www.…`), its tags, and whether an unsubscribe URL or tag is there.
 */
export function scanText(text: string, known: readonly string[] = KNOWN_FIELDS): ScanResult {
  const result: ScanResult = { unsubscribe: false, cut: false };
  for (const match of text.matchAll(TEXT_URL)) {
    if (/unsubscribe/i.test(match[0])) result.unsubscribe = true;
    judgeAddress(match[0], match[0], result, true);
  }
  for (const match of text.matchAll(/<a\s[^>]{0,200}>|\]\([^)\s]{0,200}\)|(?<![/\w.])www\.[^\s<>"']+/gi))
    add(result, "markupLinks", match[0]);
  scanTags(text, result, known);
  return result;
}
