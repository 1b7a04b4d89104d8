/**
 * The types of a kind's resource provider: every method of the engine's contract, made from the
 * context its operations work in.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ProviderContext } from "./context";

/** The full provider contract of one resource kind, every method present. */
export type ResourceProviderImpl = Required<
  Pick<pulumi.dynamic.ResourceProvider, "check" | "diff" | "create" | "read" | "update" | "delete">
>;

/** How a kind's provider is made: from the context its operations work in. */
export type ResourceProviderOf = (context: ProviderContext) => ResourceProviderImpl;
