// The naming of the dynamic SDK; the rule itself (marks, titles) lives in provider/autoname.ts.
import * as pulumi from "@pulumi/pulumi";
import { autonamedTitleOf, instanceMark } from "../provider/autoname";
import type { ResourceKind } from "../provider/resources/registry";
import { stackNonce } from "./stack-nonce";

export { instanceMark, markedTitle, markFromUrn, titleFromUrn } from "../provider/autoname";

/** The URN of a resource of a kind the SDK autonames or marks. */
function urnOf(kind: ResourceKind, name: string, opts: pulumi.CustomResourceOptions | undefined) {
  return pulumi.createUrn(name, `pulumi-nodejs:dynamic/sender:${kind}`, opts?.parent);
}

/**
 * The ownership mark of a resource: {@link instanceMark} of the stack instance's nonce (the
 * stack's hidden `StackNonce` resource, see `sdk/stack-nonce.ts`) and the resource's URN. The
 * same for this resource of this stack instance in every run; different in any other stack
 * instance, even one of the same project and stack names on another backend.
 */
export function ownershipMark(
  kind: ResourceKind,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.Output<string> {
  return pulumi
    .all([stackNonce(), urnOf(kind, name, opts)])
    .apply(([nonce, urn]) => instanceMark(nonce, urn));
}

/**
 * The `title`, `autonamed` and `ownershipMark` inputs of a resource: the program's title as given,
 * or else `<name>-<mark>` with `autonamed: true`, which tells the provider that the title itself
 * proves ownership; and the resource's {@link ownershipMark} either way. A resource that adopts an
 * existing object (whose title stays), or reads one with `get`, gets neither.
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
  const mark = ownershipMark(kind, name, opts);
  if (args.title !== undefined) return { title: args.title, autonamed: undefined, ownershipMark: mark };
  return { title: mark.apply((m) => autonamedTitleOf(name, m)), autonamed: true, ownershipMark: mark };
}
