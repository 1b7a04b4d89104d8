/**
 * Ownership marks and autonamed titles, from a resource's URN: the same rule for the dynamic SDK
 * (which names in the program) and the native plugin (which names in `check`). Pure: no engine.
 */
import { createHash } from "node:crypto";

/** Longest title: the service's title limit. */
const TITLE_MAX = 255;

/**
 * The ownership mark of a resource: the start (8 hex) of the SHA-256 of its URN (project, stack,
 * parent types, type and name). The same for this resource of this stack in every run, different
 * in every other stack. Autonamed titles end with it; explicitly titled creates carry it in the
 * title until the create has answered (see {@link markedTitle}).
 */
export function markFromUrn(urn: string): string {
  return createHash("sha256").update(urn).digest("hex").slice(0, 8);
}

/** `<name>-<8 hex of sha256(urn)>`, the name cut so that the whole fits the title limit. */
export function titleFromUrn(name: string, urn: string): string {
  const suffix = markFromUrn(urn);
  return `${name.slice(0, TITLE_MAX - suffix.length - 1)}-${suffix}`;
}

/**
 * The title an explicitly titled object is created with: `<title> [<mark>]`, the title cut so
 * that the whole fits the title limit. The provider renames the object to the explicit title as
 * soon as the create answers; until then (a lost answer, a crash, a late commit) the mark proves
 * which resource the object belongs to.
 */
export function markedTitle(title: string, mark: string): string {
  return `${title.slice(0, TITLE_MAX - mark.length - 3)} [${mark}]`;
}
