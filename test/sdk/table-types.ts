/**
 * The SDK's types as the field tables imply them, which the SDK derived with these mapped types until
 * `npm run sdk:classes` wrote its classes and `<Kind>Args` out (test/sdk/sdk-classes.test.ts holds the
 * two equal): a class's arguments and its outputs are its table's fields.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { AlwaysPresent, Field, FieldTable, ValueOf } from "../../provider/core/fields";

/**
 * A field's argument value: a list takes inputs as its items too. Not distributive, so that a
 * union stays one `Input` (an `Output<boolean>` is an `Input<boolean>`, not `Input<true> | Input<false>`).
 */
type ArgValue<V> = [V] extends [readonly (infer E)[]] ? pulumi.Input<pulumi.Input<E>[]> : pulumi.Input<V>;

/** A field that is output only. */
type OutputField = { readonly output: true };
/** An input that is required. */
type RequiredField = { readonly required: true };

/**
 * The arguments of a resource: its table's inputs as `pulumi.Input`s, optional unless `required`,
 * enum fields as unions of their values, output-only fields left out.
 */
export type ArgsOf<T extends FieldTable> = {
  -readonly [K in keyof T as T[K] extends OutputField
    ? never
    : T[K] extends RequiredField
      ? K
      : never]: ArgValue<ValueOf<T[K]>>;
} & {
  -readonly [K in keyof T as T[K] extends OutputField | RequiredField ? never : K]?:
    | ArgValue<ValueOf<T[K]>>
    | undefined;
};

/** The value of an output: `undefined` included when the field may be absent. */
type OutputValue<F extends Field> = AlwaysPresent<F> extends true ? ValueOf<F> : ValueOf<F> | undefined;

/** The outputs of a resource: one `pulumi.Output` per field of its table, inputs included. */
export type ResourceOutputsOf<T extends FieldTable> = {
  readonly [K in keyof T]: pulumi.Output<OutputValue<T[K]>>;
};
