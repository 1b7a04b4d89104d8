import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../provider/kinds";

/** Longest autonamed title: the service's title limit. */
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

/** The URN of a resource of a kind the SDK autonames or marks. */
function urnOf(kind: ResourceKind, name: string, opts: pulumi.CustomResourceOptions | undefined) {
  return pulumi.createUrn(name, `pulumi-nodejs:dynamic/sender:${kind}`, opts?.parent);
}

/**
 * The title a resource gets when the program gives none: `<name>-<8 hex>`, the suffix its
 * {@link markFromUrn}. The same resource of the same stack always gets the same title, in every
 * run, so that the provider can prove an object is its own (after a lost answer or an
 * interrupted `up`); two stacks, or two resources, never share one.
 */
export function autonamedTitle(
  kind: ResourceKind,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.Output<string> {
  return urnOf(kind, name, opts).apply((urn) => titleFromUrn(name, urn));
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

/**
 * The `title`, `autonamed` and `ownershipMark` inputs of a resource: the program's title as given,
 * with the resource's {@link markFromUrn} as `ownershipMark` (or neither when it adopts an existing object,
 * whose title stays, or reads one with `get`), or else the {@link autonamedTitle} with
 * `autonamed: true`, which tells the provider that the title itself proves ownership.
 */
export function titleInputs(
  kind: ResourceKind,
  name: string,
  args: { title?: pulumi.Input<string> | undefined; adoptId?: pulumi.Input<string> | undefined },
  opts: pulumi.CustomResourceOptions | undefined,
): {
  title: pulumi.Input<string> | undefined;
  autonamed: true | undefined;
  ownershipMark?: pulumi.Input<string>;
} {
  // A read of an existing object (`get`, `opts.id`) sends no inputs: nothing to name.
  if (args.adoptId !== undefined || opts?.id !== undefined) {
    return { title: args.title, autonamed: undefined };
  }
  if (args.title !== undefined) {
    return {
      title: args.title,
      autonamed: undefined,
      ownershipMark: urnOf(kind, name, opts).apply(markFromUrn),
    };
  }
  return { title: autonamedTitle(kind, name, opts), autonamed: true };
}
