import * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../provider/kinds";
import { providerSource } from "./provider-source";

/**
 * The base of every pulumi-sender resource: a dynamic resource of type
 * `pulumi-nodejs:dynamic/sender:<kind>`, run by the engine's Node.js dynamic-provider plugin.
 *
 * It passes `__provider` itself, as `pulumi.dynamic.Resource` does, but with the compact text of
 * {@link providerSource} rather than a closure serialization.
 */
export abstract class SenderResource extends pulumi.CustomResource {
  protected constructor(
    kind: ResourceKind,
    name: string,
    props: Record<string, unknown>,
    opts?: pulumi.CustomResourceOptions,
  ) {
    super(`pulumi-nodejs:dynamic/sender:${kind}`, name, { ...props, __provider: providerSource(kind) }, opts);
  }
}
