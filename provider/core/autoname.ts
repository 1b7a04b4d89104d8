/**
 * Ownership marks and autonamed titles: the same rule for the dynamic SDK (which names in the
 * program) and the native plugin (which names in `check`). Pure: no engine.
 *
 * A mark proves which resource of which stack instance an object belongs to. It is a hash of the
 * resource's URN *and* of the stack instance's nonce ({@link newNonce}), a random value the engine
 * keeps in the stack's state from before the first create: in the native plugin's provider
 * configuration, in the dynamic SDK's `StackNonce` resource. The URN alone names no backend: two
 * stacks of the same project and stack names on two backends share every URN (docs/reliability.md).
 */
import { createHash, randomBytes } from "node:crypto";

/** Longest title: the service's title limit, in characters (code points). */
const TITLE_MAX = 255;

/** The shape of a stack-instance nonce: 32 lowercase hex digits (128 random bits). */
export const NONCE_PATTERN = /^[0-9a-f]{32}$/;

/** A fresh stack-instance nonce: 128 random bits as 32 lowercase hex digits. */
export function newNonce(): string {
  return randomBytes(16).toString("hex");
}

/**
 * The URN-only mark of resources made before stack-instance nonces: the start (8 hex) of the
 * SHA-256 of the URN. The same in every stack of the same project and stack names, whatever its
 * backend, so it proves nothing on its own; it is kept to read old state and old tests only.
 */
export function markFromUrn(urn: string): string {
  return createHash("sha256").update(urn).digest("hex").slice(0, 8);
}

/**
 * The ownership mark of a resource: the start (8 hex) of the SHA-256 of its stack instance's
 * nonce and its URN. The same for this resource of this stack instance in every run, different in
 * every other stack instance, even one of the same project and stack names on another backend.
 * Autonamed titles end with it; explicitly titled creates carry it in the title until the create
 * has answered (see {@link markedTitle}).
 */
export function instanceMark(nonce: string, urn: string): string {
  return createHash("sha256").update(`${nonce}\n${urn}`).digest("hex").slice(0, 8);
}

/** The first `max` code points of `text`: never half of a surrogate pair. */
export function cutCodePoints(text: string, max: number): string {
  let units = 0;
  let points = 0;
  for (const point of text) {
    if (points === max) return text.slice(0, units);
    units += point.length;
    points++;
  }
  return text;
}

/**
 * A title as ownership compares it: trimmed and in Unicode NFC, the normalization a service may
 * apply to what it stores (docs/reliability.md). Two titles that differ only there are the same.
 */
export function comparableTitle(title: string): string {
  return title.trim().normalize("NFC");
}

/** True when two titles are the same once {@link comparableTitle} normalized. */
export function sameTitle(a: string | null | undefined, b: string | null | undefined): boolean {
  if (typeof a !== "string" || typeof b !== "string") return (a ?? null) === (b ?? null);
  return comparableTitle(a) === comparableTitle(b);
}

/** `<name>-<mark>`, the name cut (on code points) so that the whole fits the title limit. */
export function autonamedTitleOf(name: string, mark: string): string {
  return `${cutCodePoints(name, TITLE_MAX - mark.length - 1)}-${mark}`;
}

/** `<name>-<8 hex of sha256(urn)>`: the autonamed title of a resource made before stack-instance nonces. */
export function titleFromUrn(name: string, urn: string): string {
  return autonamedTitleOf(name, markFromUrn(urn));
}

/**
 * The title an explicitly titled object is created with: `<title> [<mark>]`, the title cut (on
 * code points) so that the whole fits the title limit. The provider renames the object to the
 * explicit title as soon as the create answers; until then (a lost answer, a crash, a late
 * commit) the mark proves which resource of which stack instance the object belongs to.
 */
export function markedTitle(title: string, mark: string): string {
  return `${cutCodePoints(title, TITLE_MAX - mark.length - 3)} [${mark}]`;
}

/** Why a title shows a stack's resource ({@link managedTitle}): its form and the mark it carries. */
export interface ManagedTitle {
  /** `autonamed`: `<name>-<mark>` ({@link autonamedTitleOf}); `marked`: `<title> [<mark>]` ({@link markedTitle}). */
  readonly form: "autonamed" | "marked";
  /** The 8 hex digits of the mark. */
  readonly mark: string;
}

// The two forms a Pulumi stack of this package gives a title: the autonamed suffix, and the
// ownership mark an explicit title carries until the create's rename (anywhere in the title: a
// hand edit may have added words after it).
const AUTONAMED_TITLE = /-([0-9a-f]{8})$/;
const MARKED_TITLE = /\[([0-9a-f]{8})\]/;

/**
 * Whether a title has a form only a stack of this package writes: `<name>-<8 hex>` (autonamed) or
 * one carrying `[<8 hex>]` (an ownership mark); undefined otherwise. A form, not a proof: without
 * the stack's nonce and URN, nobody can tell which stack, or whether one still manages it.
 */
export function managedTitle(title: string | null | undefined): ManagedTitle | undefined {
  if (typeof title !== "string") return undefined;
  const marked = MARKED_TITLE.exec(title);
  if (marked) return { form: "marked", mark: marked[1] as string };
  const autonamed = AUTONAMED_TITLE.exec(title.trimEnd());
  return autonamed ? { form: "autonamed", mark: autonamed[1] as string } : undefined;
}
