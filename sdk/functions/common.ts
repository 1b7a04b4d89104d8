import * as pulumi from "@pulumi/pulumi";
import { type DataSource, runDataSource } from "../../provider/functions";
import { PULUMI_WORDS } from "../../provider/pulumi/words";
import { inDialect } from "../../provider/words";
import { programFailure, SenderFunctionError } from "../function-error";
import { programContext } from "../program-client";

export type { SenderFunctionFailure } from "../../provider/functions";
export { SenderFunctionError } from "../function-error";

/**
 * The args of a function's Output form: every argument may be an `Input`, and so may every
 * item of a list argument. Mapping over the plain args keeps their TSDoc on hover.
 */
export type InputArgs<T> = {
  [K in keyof T]: NonNullable<T[K]> extends readonly (infer Item)[]
    ? pulumi.Input<pulumi.Input<Item>[]> | Extract<T[K], undefined>
    : pulumi.Input<T[K]>;
};

/**
 * With `opts.parent`, the failure is reported on that resource: the program's error handler
 * treats it as a `pulumi.ResourceError` with its stack hidden (the markers are those the
 * `isInstance` checks of `@pulumi/pulumi` read). A configuration failure stays on the stack.
 */
function onParent(error: unknown, opts: pulumi.InvokeOptions | undefined): unknown {
  if (!(error instanceof SenderFunctionError) || !opts?.parent || error.reason === "config") return error;
  Object.assign(error, {
    __pulumiRunError: false,
    __pulumResourceError: true,
    resource: opts.parent,
    hideStack: true,
  });
  return error;
}

async function invoke<A, R>(source: DataSource<A, R>, args: unknown, opts: pulumi.InvokeOptions | undefined) {
  // The program is a Pulumi door: its messages are in Pulumi's words.
  return inDialect(PULUMI_WORDS, async () => {
    // Functions run in the program process, with the program's own client (see program-client.ts).
    const context = programContext();
    context.warnUnknownConfigKeys();
    try {
      return await runDataSource(source, args, context);
    } catch (error) {
      // provider/functions fails with an error of its own; the program is given a pulumi.RunError.
      throw onParent(programFailure(error), opts);
    }
  });
}

/**
 * The Output form of a function: waits for the args to be known, then calls the Promise form.
 * During preview it runs as soon as the args are known, so preview shows the same values as
 * `up`; secret args make the result secret.
 */
function outputOf<R>(read: (plain: unknown) => Promise<R>, args: unknown): pulumi.Output<R> {
  return pulumi.output(args as pulumi.Input<object>).apply(async (plain) => {
    try {
      return await read(plain);
    } catch (error) {
      // A missing or malformed setting in a program that also has resources of this package: each
      // of them fails on it through the provider, which says it on the resource. Said here too, it
      // would be a second line (on the Stack); the result stays unknown instead.
      if (
        error instanceof SenderFunctionError &&
        error.reason === "config" &&
        programContext().hasResources()
      )
        return pulumi.unknown as unknown as R;
      throw error;
    }
  }) as pulumi.Output<R>;
}

/** The Promise form of a data source taking args: `getPlan({ planId: 3 })`. */
export function promiseForm<A, R>(source: DataSource<A, R>) {
  return (args: A, opts?: pulumi.InvokeOptions): Promise<R> => invoke(source, args, opts);
}

/** The Output form of a data source taking args: `getPlanOutput({ planId: config.require("plan") })`. */
export function outputForm<A, R>(source: DataSource<A, R>) {
  return (args: InputArgs<A>, opts?: pulumi.InvokeOptions): pulumi.Output<R> =>
    outputOf((plain) => invoke(source, plain, opts), args);
}

/** The Promise form of a data source whose args are all optional: `getCampaigns()`. */
export function optionalArgsPromiseForm<A, R>(source: DataSource<A, R>) {
  return (args?: A, opts?: pulumi.InvokeOptions): Promise<R> => invoke(source, args ?? {}, opts);
}

/** The Output form of a data source whose args are all optional. */
export function optionalArgsOutputForm<A, R>(source: DataSource<A, R>) {
  return (args?: InputArgs<A>, opts?: pulumi.InvokeOptions): pulumi.Output<R> =>
    outputOf((plain) => invoke(source, plain ?? {}, opts), args ?? {});
}

/** The Promise form of a data source without args: `getPlans()`. */
export function noArgsPromiseForm<R>(source: DataSource<Record<never, never>, R>) {
  return (opts?: pulumi.InvokeOptions): Promise<R> => invoke(source, {}, opts);
}

/** The Output form of a data source without args. */
export function noArgsOutputForm<R>(source: DataSource<Record<never, never>, R>) {
  return (opts?: pulumi.InvokeOptions): pulumi.Output<R> => outputOf(() => invoke(source, {}, opts), {});
}
