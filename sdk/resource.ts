import * as pulumi from "@pulumi/pulumi";
import { fieldTables } from "../provider";
import type { ResourceKind } from "../provider/kinds";
import { outputNames } from "../provider/resources/fields";
import { providerSource } from "./provider-source";

/**
 * The base of every pulumi-sender resource: a dynamic resource of type
 * `pulumi-nodejs:dynamic/sender:<kind>`, run by the engine's Node.js dynamic-provider plugin.
 *
 * It passes `__provider` itself, as `pulumi.dynamic.Resource` does, but with the compact text of
 * {@link providerSource} rather than a closure serialization. Its properties are the kind's field
 * table: every field is registered (the inputs from `args`, the computed ones unset), so that the
 * engine resolves each into the output of the same name.
 */
export abstract class SenderResource extends pulumi.CustomResource {
  protected constructor(kind: ResourceKind, name: string, args: object, opts?: pulumi.CustomResourceOptions) {
    const given = args as Readonly<Record<string, unknown>>;
    const props: Record<string, unknown> = {};
    for (const field of outputNames(fieldTables[kind])) props[field] = given[field];
    super(`pulumi-nodejs:dynamic/sender:${kind}`, name, { ...props, __provider: providerSource(kind) }, opts);
  }
}
