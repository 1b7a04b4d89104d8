// The stack instance's nonce, held by one hidden resource per stack (provider/dynamic/stack-nonce.ts).
import * as pulumi from "@pulumi/pulumi";
import { newNonce } from "../provider/core/autoname";
import { STACK_NONCE_KIND } from "../provider/dynamic/stack-nonce";
import { COPY_OF_ENV, judgeUnplanned, MOVED_FROM_ENV, type PlaceHere } from "../provider/pulumi/stack-place";
import { providerSource } from "./provider-source";
import { TYPE_PREFIX } from "./resource";
import { here } from "./stack-place";

/** The name of the hidden nonce resource in every stack that has a resource needing a mark. */
export const STACK_NONCE_NAME = "sender-stack-nonce";

/** The hidden resource: its output `nonce` is the stack instance's, kept in state from its first `up`. */
class StackNonce extends pulumi.CustomResource {
  /** The stack instance's nonce: 32 hex digits, made once, when the resource was created (or declared a copy). */
  declare readonly nonce: pulumi.Output<string>;
  /** The place the nonce was last used in: as the state holds it when the resource is not in the run. */
  declare readonly place: pulumi.Output<string | undefined>;

  constructor(place: PlaceHere) {
    // The candidate is used only when the state holds no nonce yet: the provider's check keeps one.
    super(
      `${TYPE_PREFIX}${STACK_NONCE_KIND}`,
      STACK_NONCE_NAME,
      {
        nonce: newNonce(),
        place: place.here,
        // The same place as an older version hashed it (a relative backend URL): taken once, then replaced.
        oldWayPlace: place.oldWay,
        // Set for the one run that confirms a move or declares a copy (docs/reliability.md).
        movedFrom: process.env[MOVED_FROM_ENV] || undefined,
        copyOf: process.env[COPY_OF_ENV] || undefined,
        __provider: providerSource(STACK_NONCE_KIND),
      },
      {},
    );
  }
}

// One per program run (per engine monitor), shared by every copy of this package in the process.
// An older copy keeps the nonce's Output alone under REGISTRY; this one also keeps the resource
// that holds it under HOLDERS, and reads and writes both, so that either copy finds the other's.
const REGISTRY = Symbol.for("pulumi-sender.stackNonce");
const HOLDERS = Symbol.for("pulumi-sender.stackNonceHolder");
// The key of a run with no engine monitor (a unit test without mocks).
const NO_MONITOR = {};

function registry<T>(name: symbol): WeakMap<object, T> {
  const holder = globalThis as unknown as Record<symbol, WeakMap<object, T> | undefined>;
  holder[name] ??= new WeakMap();
  return holder[name];
}

/** The stack instance's nonce, and the hidden resource that holds it. */
export interface StackNonceOf {
  /** The nonce (see {@link stackNonce}). */
  readonly nonce: pulumi.Output<string>;
  /**
   * The `StackNonce` resource, for a `dependsOn`; undefined when an older copy of this package
   * registered it, whose Output then carries it as a dependency.
   */
  readonly holder: pulumi.Resource | undefined;
}

/**
 * The stack instance's nonce: the output of the stack's one hidden `StackNonce` resource,
 * registered on first use. A resource whose inputs derive from it is created after it, so the
 * engine has written the nonce to the state before any object that carries a mark is made.
 *
 * It is known only once the place check passed: when the resource is in the run, its check
 * judged the place and its output is this place; when it is not (`--target`, `--exclude`), the
 * engine hands back the state's record, and {@link judgeUnplanned} judges it here, so that no
 * resource with a mark is registered in an unconfirmed new place.
 */
export function stackNonce(): StackNonceOf {
  const key = (pulumi.runtime.getMonitor() as object | undefined) ?? NO_MONITOR;
  const nonces = registry<pulumi.Output<string>>(REGISTRY);
  const holders = registry<pulumi.Resource>(HOLDERS);
  const known = nonces.get(key);
  if (known !== undefined) return { nonce: known, holder: holders.get(key) };
  const place = here();
  const holder = new StackNonce(place);
  const nonce = pulumi.all([holder.nonce, holder.place]).apply(([value, recorded]) => {
    const failure = judgeUnplanned(
      recorded,
      place,
      process.env[MOVED_FROM_ENV] || undefined,
      process.env[COPY_OF_ENV] || undefined,
    );
    if (failure !== undefined) throw new pulumi.RunError(failure);
    return value;
  });
  nonces.set(key, nonce);
  holders.set(key, holder);
  return { nonce, holder };
}
