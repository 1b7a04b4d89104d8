import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "./kinds";

/** Longest autonamed title: the service's title limit. */
const TITLE_MAX = 255;

/**
 * The title a resource gets when the program gives none: `<name>-<8 hex>`, where the suffix is
 * the start of the SHA-256 of the resource's URN (project, stack, parent types, type and name).
 * The same resource of the same stack always gets the same title, in every run, so that the
 * provider can prove an object is its own (after a lost answer or an interrupted `up`); two
 * stacks, or two resources, never share one.
 */
export function autonamedTitle(
  kind: ResourceKind,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.Output<string> {
  return pulumi
    .createUrn(name, `pulumi-nodejs:dynamic/sender:${kind}`, opts?.parent)
    .apply((urn) => titleFromUrn(name, urn));
}

/** `<name>-<8 hex of sha256(urn)>`, the name cut so that the whole fits the title limit. */
export function titleFromUrn(name: string, urn: string): string {
  const suffix = createHash("sha256").update(urn).digest("hex").slice(0, 8);
  return `${name.slice(0, TITLE_MAX - suffix.length - 1)}-${suffix}`;
}

/**
 * The `title` and `autonamed` inputs of a resource: the program's title as given (or none when
 * it adopts an existing object, whose title stays, or reads one with `get`), or else the {@link autonamedTitle} with
 * `autonamed: true`, which tells the provider that the title proves ownership.
 */
export function titleInputs(
  kind: ResourceKind,
  name: string,
  args: { title?: pulumi.Input<string> | undefined; adoptId?: pulumi.Input<string> | undefined },
  opts: pulumi.CustomResourceOptions | undefined,
): { title: pulumi.Input<string> | undefined; autonamed: true | undefined } {
  // A read of an existing object (`get`, `opts.id`) sends no inputs: nothing to name.
  if (args.title !== undefined || args.adoptId !== undefined || opts?.id !== undefined) {
    return { title: args.title, autonamed: undefined };
  }
  return { title: autonamedTitle(kind, name, opts), autonamed: true };
}
