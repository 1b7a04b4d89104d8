// The core's messages are spelt by the door that runs them (provider/words). A unit test that calls
// the core or the client directly, and asserts a line as a Pulumi user reads it, runs its body in
// Pulumi's words, as both Pulumi doors run every operation: this module's `it` and `test` do that.
import { it as vitestIt } from "vitest";
import { PULUMI_WORDS } from "../../provider/pulumi/words";
import { inDialect } from "../../provider/words";

type Body = (...args: any[]) => unknown;

const inPulumi =
  (body: unknown): unknown =>
  (...args: unknown[]) =>
    typeof body === "function" ? inDialect(PULUMI_WORDS, () => (body as Body)(...args)) : body;

/** vitest's `it`, each body (and each `it.each` body) run in Pulumi's words. */
export const it: typeof vitestIt = new Proxy(vitestIt, {
  apply(target, self, [name, body, ...rest]: unknown[]) {
    return Reflect.apply(target, self, [name, typeof body === "function" ? inPulumi(body) : body, ...rest]);
  },
  get(target, property, receiver) {
    const value = Reflect.get(target, property, receiver);
    if (property !== "each") return value;
    return (...table: unknown[]) => {
      const named = (value as (...t: unknown[]) => Body).apply(target, table);
      return (name: unknown, body: unknown, ...rest: unknown[]) => named(name, inPulumi(body), ...rest);
    };
  },
});

/** The same as {@link it}. */
export const test = it;
