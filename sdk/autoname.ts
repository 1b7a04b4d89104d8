// The naming of the dynamic SDK: the rule itself (which inputs, their values) lives in
// provider/kinds/naming.ts, the marks and titles in provider/core/autoname.ts; this file only puts it on Outputs.
import * as pulumi from "@pulumi/pulumi";
import { type GivenNaming, namingPlan, type ResourceNaming, resourceNaming } from "../provider/kinds/naming";
import type { ResourceKind } from "../provider/kinds/registry";
import { fromNonce } from "./resource";
import { stackNonce } from "./stack-nonce";

export { instanceMark, markedTitle, markFromUrn, titleFromUrn } from "../provider/core/autoname";

/** The URN of a resource of a kind the SDK autonames or marks. */
function urnOf(kind: ResourceKind, name: string, opts: pulumi.CustomResourceOptions | undefined) {
  return pulumi.createUrn(name, `pulumi-nodejs:dynamic/sender:${kind}`, opts?.parent);
}

/**
 * A resource's naming, and the nonce's resource. With the resource at hand (`dependsOn`, one URN
 * in the state's `dependencies`, which keeps the engine's order: the nonce created first, deleted
 * last), the inputs derived from the naming are detached from it, so that the state does not repeat
 * the nonce's URN under `propertyDependencies` for each of `title` and `ownershipMark`; the value
 * still arrives only once the nonce is known, and stays unknown in a preview while it is not.
 */
interface FromNonce {
  readonly naming: pulumi.Output<ResourceNaming>;
  readonly holder: pulumi.Resource | undefined;
}

/**
 * The {@link resourceNaming} of a resource whose plan is not `"none"`, once the stack instance's
 * nonce (the stack's hidden `StackNonce` resource, see `sdk/stack-nonce.ts`) and its URN are known.
 */
function namingOf(
  kind: ResourceKind,
  name: string,
  given: GivenNaming,
  opts: pulumi.CustomResourceOptions | undefined,
): FromNonce {
  const { nonce, holder } = stackNonce();
  const naming = pulumi
    .all([nonce, urnOf(kind, name, opts)])
    .apply(([value, urn]) => resourceNaming(kind, urn, value, given) as ResourceNaming);
  return { naming, holder };
}

/**
 * `pick` of the naming, as an input: detached from the nonce's resource when the resource's
 * constructor depends on that resource itself (see {@link FromNonce}, `fromNonce`), else the
 * Output as it is.
 */
function inputOf<T>(from: FromNonce, pick: (naming: ResourceNaming) => T): pulumi.Input<T> {
  const value = from.naming.apply(pick);
  if (from.holder === undefined) return value;
  // `promise(true)` is the Output's value with the SDK's unknown kept (a preview); a promise
  // carries no resource, so the engine records no property dependency for it.
  return fromNonce(
    (value as unknown as { promise(withUnknowns: boolean): Promise<T> }).promise(true),
    from.holder,
  );
}

/** What bears on a resource's naming: its `title` and `adoptId`, and whether it reads (`opts.id`). */
function givenOf(
  args: { title?: unknown; adoptId?: unknown },
  opts: pulumi.CustomResourceOptions | undefined,
): GivenNaming {
  return { title: args.title, adoptId: args.adoptId, reading: opts?.id !== undefined };
}

/**
 * The `title`, `autonamed` and `ownershipMark` inputs of a resource (see {@link namingPlan}): the
 * program's title as given, or else `<name>-<mark>` with `autonamed: true`, which tells the provider
 * that the title itself proves ownership; and the resource's ownership mark either way. A resource
 * that adopts an existing object (whose title stays), or reads one with `get`, gets neither.
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
  const given = givenOf(args, opts);
  const plan = namingPlan(kind, given);
  if (plan === "none") return { title: args.title, autonamed: undefined };
  const from = namingOf(kind, name, given, opts);
  const ownershipMark = inputOf(from, (n) => n.ownershipMark);
  if (plan === "mark") return { title: args.title, autonamed: undefined, ownershipMark };
  const title = inputOf(from, (n) => n.title as string);
  return { title, autonamed: true, ownershipMark };
}

/**
 * The `ownershipMark` input of a resource of a kind without titles (a webhook, whose mark keys the
 * create journal), or none when it adopts or reads an existing object.
 */
export function markInputs(
  kind: ResourceKind,
  name: string,
  args: { adoptId?: pulumi.Input<string> | undefined },
  opts: pulumi.CustomResourceOptions | undefined,
): { ownershipMark?: pulumi.Input<string> } {
  const given = givenOf(args, opts);
  if (namingPlan(kind, given) === "none") return {};
  const from = namingOf(kind, name, given, opts);
  return { ownershipMark: inputOf(from, (n) => n.ownershipMark) };
}
