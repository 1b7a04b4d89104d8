import type { ResourceKind } from "../provider/kinds";

const METHODS = ["configure", "check", "diff", "create", "read", "update", "delete"] as const;

/**
 * The provider text stored in state as `__provider` for one resource kind: the module the engine's
 * dynamic-provider process loads (with require-from-string) and whose `handler()` returns the provider.
 *
 * It is a few hundred bytes of hand-written CommonJS instead of a closure serialization of the
 * provider. Each method loads this package's provider module at call time, by package name from the
 * program's directory, and forwards to it. So state stays small, no library object (zod, undici) is
 * ever closure-serialized (pulumi/pulumi#5294), no credential can be captured, and `delete` runs the
 * installed code rather than a copy frozen in state (pulumi/pulumi#6490).
 */
export function providerSource(kind: ResourceKind): string {
  const forwarders = METHODS.map((m) => `${m}:function(){return c(${JSON.stringify(m)},arguments)}`).join(
    ",",
  );
  return (
    `exports.handler=function(){` +
    `var c=function(m,a){return require("pulumi-sender/provider").dispatch(${JSON.stringify(kind)},m,Array.prototype.slice.call(a))};` +
    `return{${forwarders}}};`
  );
}
