/**
 * The runtime of the engine's dynamic-provider process: the one context every kind's provider
 * shares there, and the quieting of the expected failures that process would print twice.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { SenderClient } from "../client";
import { type ConfigureInput, ContextHolder } from "../core/context";
import type { ResourceProviderImpl } from "../core/contract";
import { ConsoleErrorFilter } from "../core/diagnostics";
import { checkInContext } from "../kinds/account-checks";
import { providerFactories, type ResourceKind } from "../kinds/registry";
import { engineAddressOf } from "../pulumi/engine-address";
import {
  backendHere,
  COPY_OF_ENV,
  judgeRecord,
  MOVED_FROM_ENV,
  PLACE_BACKEND_KEY,
  PLACE_PATTERN,
  PLACE_RECORD_KEY,
  placeRecordOf,
  recordMoved,
} from "../pulumi/stack-place";
import { fromPulumi, toPulumi } from "../pulumi/values";
import { PULUMI_WORDS } from "../pulumi/words";
import { inDialect } from "../words";
import { STACK_NONCE_KIND, stackNonceProvider } from "./stack-nonce";

// Errors that are bugs keep their stack trace; every other failure is a message for the user.
const BUG_ERRORS = [TypeError, ReferenceError, RangeError, SyntaxError];

/**
 * What the engine's dynamic-provider process holds: the context holder of its resources, and the
 * console filter that silences the stderr echo of their expected failures. One per process.
 *
 * The engine's dynamic-provider process prints `${error}: ${error.stack}` on stderr for a failed
 * check, diff, read or delete, and the engine shows that on the Stack, a second time, besides the
 * error it shows on the resource. The exact text of each expected failure is kept here so that the
 * console filter drops it, and nothing else.
 */
class DynamicRuntime {
  /**
   * The process's context: the engine loads a provider per resource kind and calls configure() on
   * each, and all of them must share one client (one pacer, one rate limit per account) and one
   * set of claims. See ContextHolder.
   */
  readonly contexts = new ContextHolder();
  readonly #quietLines = new Set<string>();
  readonly #consoleFilter = new ConsoleErrorFilter((line) => this.#quietLines.delete(line));

  /** Silences the echo of expected failures ({@link ConsoleErrorFilter}), once. */
  filterConsole(): void {
    this.#consoleFilter.install();
  }

  /** See {@link cleanError}. */
  cleanError(error: unknown): unknown {
    if (!(error instanceof Error) || BUG_ERRORS.some((type) => error instanceof type)) return error;
    error.stack = `${error.name}: ${error.message}`;
    this.#quietLines.add(`${error}: ${error.stack}`);
    // Bounded: create and update failures are never printed, so their lines are never taken out.
    if (this.#quietLines.size > 1000)
      this.#quietLines.delete(this.#quietLines.values().next().value as string);
    return error;
  }
}

const processRuntime = new DynamicRuntime();

/**
 * An expected failure made ready for the engine: its stack trace reduced to its first line (no
 * `    at ` lines, no paths to sources that are not shipped), and its echo on stderr silenced.
 * Bugs (`TypeError`...) and non-errors are returned as they are.
 */
export function cleanError(error: unknown): unknown {
  return processRuntime.cleanError(error);
}

/**
 * Takes the stack config for this process's dynamic resources, as the engine's `configure()` does.
 *
 * @throws SenderConfigError naming the setting and how to fix it.
 */
export function configureProvider(config: ConfigureInput): void {
  processRuntime.contexts.configure(config);
}

/** The client of this process's dynamic resources, built on first use from their settings or the environment. */
export function getClient(): SenderClient {
  return processRuntime.contexts.context.client();
}

/**
 * The provider object of one kind, as the engine's dynamic-provider process uses it: the stub
 * stored in state as `__provider` (see `sdk/provider-source.ts`) returns this from its `handler()`.
 *
 * `configure` validates the stack config, so that a missing token or an unusable base URL fails
 * preview, once, with a message that names the setting; every later operation fails the same way.
 * Every operation works in the holder's current context (by default the process's, which every
 * kind shares). Expected failures reach the engine as their message alone (see {@link cleanError}).
 */
export function providerFor(
  kind: ResourceKind | typeof STACK_NONCE_KIND,
  holder: ContextHolder = processRuntime.contexts,
): pulumi.dynamic.ResourceProvider {
  // The stack's hidden nonce resource (sdk/stack-nonce.ts): no settings, no service.
  if (kind === STACK_NONCE_KIND) return stackNonceProvider;
  const make = providerFactories[kind];
  if (!make) throw new Error(`pulumi-sender has no resource kind ${JSON.stringify(kind)}`);
  processRuntime.filterConsole();
  // `readOnly`: check, diff and read work with a client that refuses every request but a GET, so
  // that a preview or a `refresh --preview-only` never writes (see ProviderContext.readOnly).
  const run = async <T>(
    operation: (provider: ResourceProviderImpl) => Promise<T>,
    readOnly = false,
  ): Promise<T> => {
    const context = holder.context;
    if (context.failure) throw cleanError(context.failure);
    try {
      // The core's answer with its unknown turned into the engine's.
      return toPulumi(
        await inDialect(PULUMI_WORDS, () => operation(make(readOnly ? context.readOnly() : context))),
      );
    } catch (error) {
      throw cleanError(error);
    }
  };
  // Where each resource was made (stack-place.ts, PLACE_RECORD_KEY): the program gives the stack's
  // place as an input, kept as the same output beside the backend this process runs against, and
  // a change or a delete is judged against the record before it reaches the service.
  // The engine's values as the core takes them: its unknown turned into the core's.
  const bare = (bag: Record<string, any> | undefined) => {
    const { [PLACE_RECORD_KEY]: _place, [PLACE_BACKEND_KEY]: _backend, ...rest } = bag ?? {};
    return fromPulumi(rest);
  };
  const recordFor = (news: Record<string, any>): Record<string, string> => {
    const place = news[PLACE_RECORD_KEY];
    return typeof place === "string" && PLACE_PATTERN.test(place)
      ? { [PLACE_RECORD_KEY]: place, [PLACE_BACKEND_KEY]: backendHere() }
      : {};
  };
  const judged = (olds: Record<string, any> | undefined, operation: "update" | "delete") => {
    const failure = judgeRecord(
      placeRecordOf(olds),
      backendHere(),
      process.env[MOVED_FROM_ENV] || undefined,
      process.env[COPY_OF_ENV] || undefined,
      operation,
    );
    if (failure !== undefined) throw cleanError(new Error(failure));
  };
  return {
    configure: async (req) => {
      holder.watchEngine(engineAddressOf()); // stop once the engine is gone (kill -9 of `pulumi up`)
      try {
        inDialect(PULUMI_WORDS, () => holder.configure(req.config as ConfigureInput));
      } catch (error) {
        throw cleanError(error);
      }
    },
    check: async (olds, news) => {
      const result = await run(() => checkInContext(kind, holder.context.readOnly(), bare(olds), bare(news)));
      const place = news[PLACE_RECORD_KEY];
      return place === undefined || result.inputs === undefined
        ? result
        : { ...result, inputs: { ...result.inputs, [PLACE_RECORD_KEY]: place } };
    },
    diff: async (id, olds, news) => {
      const result = await run((provider) => provider.diff(id, bare(olds), bare(news)), true);
      // After a confirmed move, a resource's record is made again (an update that calls no service).
      const moved = recordMoved(placeRecordOf(olds), backendHere()) && PLACE_RECORD_KEY in recordFor(news);
      return !result.changes && moved ? { ...result, changes: true } : result;
    },
    create: async (inputs) => {
      const result = await run((provider) => provider.create(bare(inputs)));
      return { ...result, outs: { ...result.outs, ...recordFor(inputs) } };
    },
    read: async (id, props) => {
      const result = await run((provider) => provider.read(id, bare(props)), true);
      const record = placeRecordOf(props);
      return record === undefined || result.props === undefined
        ? result
        : {
            ...result,
            props: { ...result.props, [PLACE_RECORD_KEY]: record.place, [PLACE_BACKEND_KEY]: record.backend },
          };
    },
    update: async (id, olds, news) => {
      judged(olds, "update");
      if (recordMoved(placeRecordOf(olds), backendHere())) {
        const changed = await run((provider) => provider.diff(id, bare(olds), bare(news)), true);
        if (!changed.changes) return { outs: { ...bare(olds), ...recordFor(news) } };
      }
      const result = await run((provider) => provider.update(id, bare(olds), bare(news)));
      return { ...result, outs: { ...result.outs, ...recordFor(news) } };
    },
    delete: async (id, props) => {
      judged(props, "delete");
      await run((provider) => provider.delete(id, bare(props)));
    },
  };
}
