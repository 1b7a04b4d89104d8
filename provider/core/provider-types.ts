/**
 * The types of a kind's resource provider: every method of the core's contract (`contract.ts`),
 * made from the context its operations work in.
 */

import type { ProviderContext } from "./context";
import type { ResourceProviderImpl } from "./contract";

/** How a kind's provider is made: from the context its operations work in. */
export type ResourceProviderOf = (context: ProviderContext) => ResourceProviderImpl;
