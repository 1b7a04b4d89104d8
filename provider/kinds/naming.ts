/**
 * The naming rule of every door, written once: which of `title`, `autonamed` and `ownershipMark`
 * a resource's inputs get, and their values. The dynamic SDK calls it in the program (on the
 * stack's `StackNonce` and the URN it derives), the native plugin in `check` (on its provider's
 * nonce and the URN the engine gives); each door only translates. It sits beside the registry,
 * whose facts of a kind (its marks, its autonaming) it reads: the core below never reads the kinds.
 */

import { autonamedTitleOf, instanceMark } from "../core/autoname";
import { type ResourceKind, registry } from "./registry";

/** What the program gave a resource that bears on its naming: only whether each is there counts. */
export interface GivenNaming {
  /** The program's `title`. */
  readonly title?: unknown;
  /** The program's `adoptId`: an existing object is taken over, its title kept. */
  readonly adoptId?: unknown;
  /** True when the resource reads an existing object (`get`, `opts.id`): nothing is created. */
  readonly reading?: boolean;
}

/**
 * How a resource is named: `"none"` (adopting, reading, or a kind without marks), `"mark"` (its
 * inputs get an `ownershipMark`: an explicit title, a webhook) or `"autoname"` (a made-up title
 * `<name>-<mark>`, `autonamed: true`, and the mark). Decided by the kind and the program alone, so
 * that a door can shape its inputs before the nonce and the URN are known.
 */
export type NamingPlan = "none" | "mark" | "autoname";

/** The {@link NamingPlan} of a resource of `kind` given `given`. */
export function namingPlan(kind: ResourceKind, given: GivenNaming): NamingPlan {
  if (given.reading === true || given.adoptId !== undefined) return "none";
  const entry = registry[kind];
  // The kinds whose table holds an ownershipMark are the kinds whose creates prove ownership.
  if (!("ownershipMark" in entry.fields)) return "none";
  return entry.autonamed && given.title === undefined ? "autoname" : "mark";
}

/** What the naming rule adds to a resource's inputs (the program's own `title` stays as given). */
export interface ResourceNaming {
  /** The made-up title `<name>-<mark>`, when the plan is `"autoname"`. */
  readonly title?: string;
  /** `true` when the title is made up: it then proves which object is the resource's. */
  readonly autonamed?: true;
  /** {@link instanceMark} of the stack instance's nonce and the URN. */
  readonly ownershipMark: string;
}

/** The resource name of a URN: everything after the type (`urn:pulumi:stack::project::type::name`). */
export function nameOfUrn(urn: string): string {
  return urn.split("::").slice(3).join("::");
}

/**
 * The naming of the resource `urn` of `kind` in the stack instance of `nonce`, given what the
 * program gave (see {@link namingPlan}); undefined when it gets none (adopting, reading, or a kind
 * without marks).
 */
export function resourceNaming(
  kind: ResourceKind,
  urn: string,
  nonce: string,
  given: GivenNaming,
): ResourceNaming | undefined {
  const plan = namingPlan(kind, given);
  if (plan === "none") return undefined;
  const ownershipMark = instanceMark(nonce, urn);
  if (plan === "mark") return { ownershipMark };
  return { title: autonamedTitleOf(nameOfUrn(urn), ownershipMark), autonamed: true, ownershipMark };
}
