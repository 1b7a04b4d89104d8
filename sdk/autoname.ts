// The URN-based naming of the dynamic SDK; the rule itself (marks, titles) lives in provider/.
import * as pulumi from "@pulumi/pulumi";
import { markFromUrn, titleFromUrn } from "../provider/autoname";
import type { ResourceKind } from "../provider/kinds";

export { markedTitle, markFromUrn, titleFromUrn } from "../provider/autoname";

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
