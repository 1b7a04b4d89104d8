import * as pulumi from "@pulumi/pulumi";
import { outputNames } from "../provider/core/fields";
import { fieldTables, type ResourceKind } from "../provider/kinds/registry";
import { PLACE_RECORD_KEY } from "../provider/pulumi/stack-place";
import { programContext } from "./program-client";
import { providerSource } from "./provider-source";
import { stackPlace } from "./stack-place";

/** The prefix of every pulumi-sender type token: the engine's Node.js dynamic provider, module `sender`. */
export const TYPE_PREFIX = "pulumi-nodejs:dynamic/sender:";

/** The type token of one resource kind, e.g. `pulumi-nodejs:dynamic/sender:Campaign`. */
export function typeToken(kind: ResourceKind): string {
  return `${TYPE_PREFIX}${kind}`;
}

// The nonce's resource of each input the naming (sdk/autoname.ts) derived from it, detached.
const nonceOf = new WeakMap<object, pulumi.Resource>();

/**
 * Records that `input` derives from the stack's nonce, held by `holder`, with no dependency of its
 * own: the constructor that receives it adds `holder` to the resource's `dependsOn`.
 */
export function fromNonce<T extends object>(input: T, holder: pulumi.Resource): T {
  nonceOf.set(input, holder);
  return input;
}

/** A concrete resource class, as the statics of {@link SenderResource} see `this`. */
export interface SenderResourceClass<T extends SenderResource> {
  /** Builds a resource; `get` passes empty args and the `id` option. */
  new (name: string, args: any, opts?: pulumi.CustomResourceOptions): T;
  /** The class's type token. */
  readonly __pulumiType: string;
}

/**
 * The base of every pulumi-sender resource: a dynamic resource of type
 * `pulumi-nodejs:dynamic/sender:<kind>`, run by the engine's Node.js dynamic-provider plugin.
 *
 * It passes `__provider` itself, as `pulumi.dynamic.Resource` does, but with the compact text of
 * `providerSource` (sdk/provider-source.ts) rather than a closure serialization. Its properties are
 * the kind's field table: every field is registered (the inputs from `args`, the computed ones
 * unset), so that the engine resolves each into the output of the same name (`senderArgs`).
 * Like the classes Pulumi generates, every subclass has `get`, `isInstance` and `__pulumiType`.
 */
export abstract class SenderResource extends pulumi.CustomResource {
  /** The type token of the class; each resource class sets its own. */
  static readonly __pulumiType: string = TYPE_PREFIX;

  /**
   * Looks up an existing object of the service by its id and returns it as a resource of this
   * class, read-only: the stack reads it (on `up` and `refresh`) but never creates, changes or
   * deletes it.
   *
   * @param name The unique name of the resulting resource in the stack.
   * @param id The object's id in the Sender account.
   * @param opts Resource options; `id` is set from the argument.
   */
  static get<T extends SenderResource>(
    this: SenderResourceClass<T>,
    name: string,
    id: pulumi.Input<pulumi.ID>,
    opts?: pulumi.CustomResourceOptions,
  ): T {
    return new this(name, {}, { ...opts, id });
  }

  /**
   * Whether `obj` is a resource of this class (on `SenderResource`: of any pulumi-sender class).
   * It compares type tokens rather than prototypes, so it holds across copies of the package.
   */
  static override isInstance<T extends SenderResource>(
    this: { readonly __pulumiType: string; readonly prototype: T },
    obj: unknown,
  ): obj is T {
    if (typeof obj !== "object" || obj === null) return false;
    const type = (obj as { __pulumiType?: unknown }).__pulumiType;
    if (typeof type !== "string") return false;
    // biome-ignore lint/complexity/noThisInStatic: `this` is the subclass asked, e.g. `Campaign.isInstance(x)`.
    const own = this.__pulumiType;
    return own === TYPE_PREFIX ? type.startsWith(TYPE_PREFIX) : type === own;
  }

  /**
   * CustomResource's own arguments, as `senderArgs` makes them. The SDK's classes never run
   * this constructor: they extend `SenderBase`, which runs CustomResource's directly.
   *
   * @param type The type token.
   * @param name The unique name of the resource in the stack.
   * @param props The properties, `__provider` and the place record among them.
   * @param opts Resource options.
   */
  protected constructor(
    type: string,
    name: string,
    props: pulumi.Inputs,
    opts?: pulumi.CustomResourceOptions,
  ) {
    super(type, name, props, opts);
  }
}

/**
 * What every resource class of the SDK extends: {@link SenderResource}'s prototype and statics
 * (so `instanceof SenderResource`, `get` and `isInstance` hold) on CustomResource's constructor,
 * bound, which leaves no frame of its own in a stack trace. The Node SDK records as a resource's
 * source position the first frame below the class that extends CustomResource; with a constructor
 * of SenderResource's between them, it recorded the SDK's file (`dist/sdk/campaign.generated.js`)
 * instead of the program's line, and one frame more in every resource's state (issue 56).
 */
export const SenderBase: typeof SenderResource = (() => {
  const base = pulumi.CustomResource.bind(null);
  Object.defineProperty(base, "prototype", { value: SenderResource.prototype });
  Object.defineProperty(base, "name", { value: "SenderResource" });
  Object.setPrototypeOf(base, SenderResource);
  return base as unknown as typeof SenderResource;
})();

/**
 * The arguments of CustomResource's constructor for a resource of `kind` (what a class of the SDK
 * passes to `super`): its type token, its name, the kind's fields of `args` with `__provider`
 * and the place record, and `opts` with the stack's StackNonce in `dependsOn` when `args` derive
 * from it.
 *
 * @param kind The resource kind, which names the type token, the field table and the provider.
 * @param name The unique name of the resource in the stack.
 * @param args The resource's arguments.
 * @param opts Resource options.
 */
export function senderArgs(
  kind: ResourceKind,
  name: string,
  args: object,
  opts?: pulumi.CustomResourceOptions,
): [string, string, pulumi.Inputs, pulumi.CustomResourceOptions | undefined] {
  programContext().warnUnknownConfigKeys();
  programContext().noteResource();
  const given = args as Readonly<Record<string, unknown>>;
  const props: Record<string, unknown> = {};
  for (const field of outputNames(fieldTables[kind])) props[field] = given[field];
  // Where the resource is made or changed, for its delete to judge (provider/dynamic/runtime.ts);
  // `get` reads an object it never changes or deletes.
  if (opts?.id === undefined) props[PLACE_RECORD_KEY] = stackPlace();
  // Objects only: a WeakMap holds no string or number.
  const holder = Object.values(props)
    .map((value) => (typeof value === "object" && value !== null ? nonceOf.get(value) : undefined))
    .find((found) => found !== undefined);
  return [
    typeToken(kind),
    name,
    { ...props, __provider: providerSource(kind) },
    withDependency(opts, holder),
  ];
}

/** `opts` with `dependency` added to its `dependsOn`, when there is one. */
function withDependency(
  opts: pulumi.CustomResourceOptions | undefined,
  dependency: pulumi.Resource | undefined,
): pulumi.CustomResourceOptions | undefined {
  if (dependency === undefined) return opts;
  const given = opts?.dependsOn;
  // The SDK flattens nested lists, Outputs and promises of resources (gatherExplicitDependencies).
  const dependsOn = (
    given === undefined ? [dependency] : [dependency, given]
  ) as pulumi.Input<pulumi.Resource>[];
  return { ...opts, dependsOn };
}
