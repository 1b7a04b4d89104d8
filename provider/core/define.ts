/**
 * `defineResource`: a kind's provider made from its field table and its irregular parts. The table
 * drives `check` (its schema), the managed inputs `create` and `update` receive (picked and
 * compacted), and `diff` (its `DiffSpec`); the handlers receive inputs and outputs typed from the
 * table, so a kind's module needs no casts between the engine's bags and its own types.
 */
import type { z } from "zod";
import { checkWithSchema, noticeTakeover } from "./check";
import type { ProviderContext } from "./context";
import type { CheckFailure, CheckResult, DiffResult } from "./contract";
import { journalKey, journalRecord, journalRelease } from "./create-journal";
import { keepAutoname } from "./create-once";
import { notice } from "./diagnostics";
import { type DiffSpec, diffBySpec } from "./diff";
import { userInputs } from "./engine-values";
import { pickInputs } from "./field-bodies";
import {
  derive,
  type FieldTable,
  type InputsOf,
  type OutputsOf,
  outputFieldFailures,
  type PropsOf,
} from "./fields";
import type { ResourceProviderOf } from "./provider-types";

/** What a kind's `read` answers: its outputs and inputs as the service has them, or `id: ""` when it is gone. */
export interface ReadOf<T extends FieldTable> {
  /** The object's id; `""` when the service no longer has it (the engine then drops it). */
  readonly id: string;
  /** The outputs as the service now has them. */
  readonly props?: OutputsOf<T>;
  /** The inputs as the service now has them. */
  readonly inputs?: InputsOf<T>;
}

/** A kind's operations, typed from its table `T`. */
export interface ResourceHandlers<T extends FieldTable> {
  /**
   * What a kind judges beyond its table's schema, given the schema's result (`checked`). `news` is
   * the program's bag, not yet trusted (values may be unknown during preview).
   */
  check?(olds: PropsOf<T> | undefined, news: PropsOf<T>, checked: CheckResult): Promise<CheckResult>;
  /** How the previous outputs and the new inputs differ; by default the table's `DiffSpec`. */
  diff?(id: string, olds: OutputsOf<T>, news: InputsOf<T>): Promise<DiffResult>;
  /** Makes the object from the managed inputs (or takes over the one `adoptId` names). */
  create(inputs: InputsOf<T>): Promise<{ id: string; outs: OutputsOf<T> }>;
  /** Reads the object back; `previous` is what the state holds (empty on an import). */
  read(id: string, previous: Partial<OutputsOf<T>>): Promise<ReadOf<T>>;
  /** Brings the object from the previous outputs to the new managed inputs. */
  update(id: string, olds: OutputsOf<T>, news: InputsOf<T>): Promise<{ outs: OutputsOf<T> }>;
  /** Removes the object (or leaves it, saying why) given the outputs in the state. */
  delete(id: string, props: Partial<OutputsOf<T>>): Promise<void>;
}

/** What the table yields, handed to a kind's handlers. */
export interface Derived {
  /** How the kind's inputs compare. */
  readonly spec: DiffSpec;
  /** The kind's input schema, with its cross-field rules. */
  readonly schema: z.ZodType;
}

/** A kind's irregular parts, beside its table. */
export interface ResourceImpl<T extends FieldTable> {
  /** The resource kind, as errors and notices name it. */
  readonly kind: string;
  /** Whether a replacement deletes the old object first (they would clash). */
  readonly deleteBeforeReplace?: boolean;
  /** The kind's titles are autonamed: once it exists, its title stays ({@link keepAutoname}). */
  readonly autonamed?: boolean;
  /**
   * The key under which a state's ids of this kind are remembered on this machine, for a kind
   * whose objects carry no ownership mark but whose id is its identity (an attachment's
   * `<campaign>/<file name>`); by default the object's mark ({@link recordKeyOf}).
   */
  readonly recordKey?: (id: string) => string;
  /** What the kind's `adoptId` takes over (`campaign`), for the notice {@link noticeTakeover} gives. */
  readonly takesOver?: string;
  /** Rules across fields, added to the table's schema. */
  readonly refine?: (schema: ReturnType<typeof derive>["schema"]) => z.ZodType;
  /** The operations, working in `context`. */
  readonly handlers: (context: ProviderContext, derived: Derived) => ResourceHandlers<T>;
}

/**
 * The provider of one kind: `check` runs the table's schema and refuses its output-only fields as
 * inputs (then the kind's own check, the autoname and takeover rules it asks for); `diff` defaults to the table's `DiffSpec`; `create` and
 * `update` receive the managed inputs picked from the engine's bag.
 */
export function defineResource<T extends FieldTable>(table: T, impl: ResourceImpl<T>): ResourceProviderOf {
  const base = derive(table, impl.deleteBeforeReplace);
  const derived: Derived = { spec: base.spec, schema: impl.refine ? impl.refine(base.schema) : base.schema };
  return (context) => {
    const handlers = impl.handlers(context, derived);
    return {
      async check(olds: PropsOf<T> | undefined, raw: PropsOf<T>) {
        const news = impl.autonamed ? keepAutoname(olds, raw) : raw;
        const checked = withFailures(checkWithSchema(derived.schema, news), outputFieldFailures(table, news));
        const result = handlers.check ? await handlers.check(olds, news, checked) : checked;
        return impl.takesOver === undefined
          ? result
          : noticeTakeover(impl.kind, impl.takesOver, olds, result);
      },
      diff: (id: string, olds: OutputsOf<T>, news: InputsOf<T>) => {
        held(context, impl, id, olds);
        return handlers.diff
          ? handlers.diff(id, olds, news)
          : Promise.resolve(diffBySpec(derived.spec, olds, news));
      },
      create: async (props: PropsOf<T>) => {
        const created = await handlers.create(pickInputs(table, props));
        // In this process only: the engine may yet lose this answer (a kill before it records
        // it), and then the next run must still reclaim the object by its proof.
        context.claims.of(impl.kind).add(created.id);
        return created;
      },
      read: async (id: string, props: Partial<OutputsOf<T>> | undefined) => {
        const result = await handlers.read(id, userInputs(props));
        if (result.id) held(context, impl, result.id, props);
        return result;
      },
      update: (id: string, olds: OutputsOf<T>, news: PropsOf<T>) => {
        held(context, impl, id, olds);
        return handlers.update(id, olds, pickInputs(table, news));
      },
      delete: async (id: string, props: Partial<OutputsOf<T>> | undefined) => {
        if (context.claims.taken(impl.kind).has(id)) {
          // A create of this run reclaimed this object (a create-first replacement whose engine
          // told it nothing of the object it replaces, and which found it as its own): a state
          // names it now, so deleting it would lose it.
          notice(
            `note: ${impl.kind} ${id} was not deleted: a create of this run reclaimed it, and the state now names it (docs/safety.md, "What a reclaim takes").`,
          );
          return;
        }
        await handlers.delete(id, userInputs(props));
        // Deleted, or kept outside every state (a sent campaign, a transactional campaign the API
        // cannot delete): no state holds it now.
        released(context, impl, id, props);
      },
    };
  };
}

/**
 * Notes that a state holds `id` (the engine handed it over from its state): no create
 * reclaims it again, in this process (the context's claims) nor, for a kind whose objects carry an
 * ownership mark, on this machine (the create journal of that mark, {@link journalRecord}). So a
 * create-first replacement never takes the object it replaces, and a forgotten object or another
 * state's is never taken over (docs/safety.md, "What a reclaim takes").
 */
function held(
  context: ProviderContext,
  impl: Pick<ResourceImpl<FieldTable>, "kind" | "recordKey">,
  id: string,
  props: Readonly<Record<string, unknown>> | undefined,
): void {
  if (id === "") return;
  context.claims.of(impl.kind).add(id);
  const key = journalKeyOf(context, impl, id, props);
  if (key !== undefined) journalRecord(key, id);
}

/** Undoes {@link held} once the object's resource deleted it. */
function released(
  context: ProviderContext,
  impl: Pick<ResourceImpl<FieldTable>, "kind" | "recordKey">,
  id: string,
  props: Readonly<Record<string, unknown>> | undefined,
): void {
  context.claims.of(impl.kind).delete(id);
  const key = journalKeyOf(context, impl, id, props);
  if (key !== undefined) journalRelease(key, id);
}

/**
 * The create journal's key under which a state's `id` is remembered on this machine; undefined for
 * an object with no record key ({@link recordKeyOf}) or without usable settings (the operation
 * itself reports them).
 */
function journalKeyOf(
  context: ProviderContext,
  impl: Pick<ResourceImpl<FieldTable>, "kind" | "recordKey">,
  id: string,
  props: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  const key = recordKeyOf(impl, id, props);
  if (key === undefined) return undefined;
  try {
    return journalKey(impl.kind, key, context.client().baseUrl);
  } catch {
    return undefined;
  }
}

/**
 * The journal key part under which a state's `id` is remembered: the kind's own
 * ({@link ResourceImpl.recordKey}), else the object's ownership mark; undefined for an object
 * with neither (nothing on this machine needs it: no create can reclaim it).
 */
export function recordKeyOf(
  impl: Pick<ResourceImpl<FieldTable>, "recordKey">,
  id: string,
  props: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  if (impl.recordKey) return impl.recordKey(id);
  const mark = props?.ownershipMark;
  return typeof mark === "string" && mark !== "" ? mark : undefined;
}

/** The check result with `failures` first among its failures. */
function withFailures(result: CheckResult, failures: readonly CheckFailure[]): CheckResult {
  if (failures.length === 0) return result;
  return { ...result, failures: [...failures, ...(result.failures ?? [])] };
}
