import type { ResourceKind } from "../provider/kinds";

/**
 * The provider text stored in state as `__provider` for one resource kind: the module the engine's
 * dynamic-provider process loads (with require-from-string) and whose `handler()` returns the provider.
 *
 * It is one line, a hundred bytes, instead of a closure serialization of the provider: `handler()`
 * loads this package's provider module, by package name from the program's directory, and returns
 * that kind's provider. So state stays small, no library object (zod, undici) is ever
 * closure-serialized (pulumi/pulumi#5294), no credential can be captured, and `delete` runs the
 * installed code rather than a copy frozen in state (pulumi/pulumi#6490).
 */
export function providerSource(kind: ResourceKind): string {
  return `exports.handler=function(){return require("pulumi-sender/provider").providerFor(${JSON.stringify(kind)})};`;
}
