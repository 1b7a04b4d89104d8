import type { STACK_NONCE_KIND } from "../provider/dynamic/stack-nonce";
import type { ResourceKind } from "../provider/kinds/registry";

/**
 * The provider text stored in state as `__provider` for one resource kind: the module the engine's
 * dynamic-provider process loads (with require-from-string) and whose `handler()` returns the provider.
 *
 * It is a few hundred bytes instead of a closure serialization of the provider: `handler()`
 * loads this package's provider module, by package name from the program's directory, and returns
 * that kind's provider. So state stays small, no library object (zod, undici) is ever
 * closure-serialized (pulumi/pulumi#5294), no credential can be captured, and `delete` runs the
 * installed code rather than a copy frozen in state (pulumi/pulumi#6490).
 *
 * The price is that the package must be resolvable from the program's folder even when only state
 * refers to it (a `destroy` after the code was removed, a transitive install under pnpm): when it
 * is not, the stub says so in one line (docs/installing.md says why), rather than Node's bare
 * "Cannot find module".
 *
 * It is stored twice per resource (inputs and outputs), so it is written tersely: an arrow
 * function, no catch binding, single quotes (a double quote costs a backslash in JSON state), and
 * the shortest message that still names the fix.
 */
export function providerSource(kind: ResourceKind | typeof STACK_NONCE_KIND): string {
  return (
    "exports.handler=()=>{try{var p=require.resolve('pulumi-sender/provider')}catch{throw Error(" +
    "'pulumi-sender must be a direct dependency of '+process.cwd())}" +
    `return require(p).providerFor('${kind}')}`
  );
}
