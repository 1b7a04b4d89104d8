import { SenderHttpError, shorten } from "../client";
import { apply, assignWord, commandWord, declared, kindWord, pendingCreates, say, words } from "../words";
import type { PropertyBag } from "./bag";
import type { Claims } from "./claims";
import { journalAdd, journalRecorded } from "./create-journal";
import { notice, warn } from "./diagnostics";
import { errorText } from "./operation-errors";

/**
 * How one resource kind makes an object exactly once. A kind supplies `create`, `find`, `owns`
 * and `idOf`; {@link createOnce} does the rest (look-ups, waiting for a late commit, retries,
 * removal of duplicates it made, and messages that say what to do).
 */
export interface CreateOnceSpec<T> {
  /** The resource kind, for messages (`Campaign`). */
  readonly kind: string;
  /** What the object is called in messages, e.g. `campaign "welcome-1a2b3c4d"`. */
  readonly describe: string;
  /** Sends the creating request once. */
  create(): Promise<T>;
  /**
   * A fresh look-up of the service's objects this create could have made: the same distinguishing
   * fields, whoever made them. Called after every ambiguous failure.
   */
  find(): Promise<T[]>;
  /**
   * The same candidates from the list taken once for its kind ({@link Claims.sharedList}),
   * before the first attempt. Left out, {@link CreateOnceSpec.find} is called instead.
   */
  known?(): Promise<T[]>;
  /**
   * True when an object provably belongs to this resource of this stack: it carries the
   * resource's autonamed or marked title, or a journal of this machine says this resource made it
   * ({@link journalIds}). Only such an object is ever reclaimed. Left out when nothing can prove
   * ownership (a webhook): then candidates that appear during an ambiguous create end it with
   * an error that lists them.
   */
  owns?(candidate: T): boolean;
  /**
   * Why an owned object is this resource's, for messages (`carries this resource's mark`, the
   * default; a webhook's proof is the create journal).
   */
  readonly proof?: string;
  /** The object's id. */
  idOf(object: T): string;
  /** Deletes an object, for the kinds the API can delete: duplicates this resource made are removed. */
  remove?(id: string): Promise<void>;
  /**
   * What to do with candidates that are not provably this resource's, e.g. `set adoptId: "<id>"`
   * on it. Default: the `adoptId` sentence.
   */
  advice?(ids: readonly string[]): string;
  /** Where the ids this create made are remembered (see {@link journalAdd}); left out, nowhere. */
  readonly journal?: string;
  /**
   * The journal key under which the ids a state holds are remembered on this machine
   * ({@link journalRecorded}): the resource's mark. None of them is ever reclaimed, whatever proof
   * it carries. Left out, only this process's claims exclude ids.
   */
  readonly recordedIn?: string;
}

/** Tuning of {@link createOnce}. */
export interface CreateOnceOptions {
  /** Creating attempts, each followed by look-ups when it fails ambiguously. Default 5, as many as the client gives any request. */
  attempts?: number;
  /**
   * How long after an ambiguous failure the service may still commit the request: look-ups go on
   * until then. The attempt timeout of the client plus its retry deadline ({@link settleWindowMs}).
   * Default 30 s.
   */
  settleMs?: number;
  /** Sleep, replaceable in tests. */
  sleep?: (ms: number) => Promise<void>;
}

/** The longest wait for a late commit: 5 minutes, whatever the settings. */
export const MAX_SETTLE_MS = 300_000;

/**
 * How long the service may still commit a request the client gave up on: one attempt timeout
 * plus the retry deadline (a gateway may hold the request that long), at most {@link MAX_SETTLE_MS}.
 */
export function settleWindowMs(attemptTimeoutMs: number, deadlineMs: number): number {
  return Math.min(attemptTimeoutMs + deadlineMs, MAX_SETTLE_MS);
}

/**
 * The tuning of a create sent by `client`: as many attempts as the client gives any request
 * (`sender:maxAttempts`), and look-ups for its attempt timeout plus the retry deadline.
 */
export function createOptionsOf(
  client: { readonly attemptTimeoutMs: number; readonly maxAttempts: number },
  deadlineMs: number,
): CreateOnceOptions {
  return { attempts: client.maxAttempts, settleMs: settleWindowMs(client.attemptTimeoutMs, deadlineMs) };
}

/**
 * True when a failed request may have been carried out by the service (timeout, reset, 5xx,
 * unreadable 2xx). A stack overflow counts too: it comes from reading an answer nested too deep,
 * which the service gave after it made the object.
 */
export function isAmbiguous(err: unknown): boolean {
  if (err instanceof RangeError && /call stack/i.test(err.message)) return true;
  return typeof err === "object" && err !== null && (err as { ambiguous?: unknown }).ambiguous === true;
}

/**
 * Whether the service may still commit a request after this failure: it may when no answer came
 * (a timeout, a reset) or a gateway answered for it (502, 504). A 500 or 503 is the service's own
 * answer, and a 2xx with an unreadable body means the commit already happened: one look suffices.
 */
function mayCommitLater(err: unknown): boolean {
  if (SenderHttpError.is(err)) return err.status === 502 || err.status === 504;
  return !(typeof err === "object" && err !== null && "status" in err);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How many times a failing look-up after an ambiguous failure is tried before giving up. */
const LOOK_ROUNDS = 3;

/** The first look-up comes at once, the next ones after these pauses (the last one repeats). */
const LOOK_PAUSES_MS = [250, 500, 1000, 2000];

/** The default advice for candidates that are not provably the resource's. */
function adoptIdAdvice(ids: readonly string[]): string {
  if (ids.length === 0)
    return say`look for it in Sender and, if it is there, set \`${assignWord("adoptId", '"<its id>"')}\` on this resource`;
  return say`check them in Sender and set ${ids.map((id) => words().assignment("adoptId", `"${id}"`)).join(" or ")} on this resource if one is its own`;
}

/**
 * Creates an object without ever making two, and without reclaiming one that is not provably
 * this resource's. `claims` are the provider context's: an id it claimed is never reclaimed again.
 *
 * 1. Before the first attempt it looks in the context's list of the kind ({@link
 *    CreateOnceSpec.known}): an object this resource owns ({@link CreateOnceSpec.owns}) is
 *    reclaimed, e.g. one made by an `up` that was killed before the engine recorded it. Every
 *    other match is remembered as "there before".
 * 2. After an ambiguous failure it looks again, until the service can no longer commit
 *    ({@link CreateOnceOptions.settleMs}). An owned object is reclaimed. An object that is not
 *    provably the resource's is never reclaimed: for a kind that can prove ownership it is another
 *    stack's; for one that cannot (no `owns`), new candidates end the create with their ids and
 *    what to do.
 * 3. Only when nothing turned up does it try again, up to {@link CreateOnceOptions.attempts}
 *    times. After the last attempt it has looked too; the error then says the object may exist.
 * 4. A look-up that keeps failing (three rounds, each with the client's retries) ends the create
 *    with an error saying the object may exist and what to do; nothing more is created.
 * 5. When the create succeeded after an ambiguous failure, one more look removes (for kinds the
 *    API can delete) owned duplicates that a late commit of the earlier attempt made.
 */
export async function createOnce<T>(
  claims: Claims,
  spec: CreateOnceSpec<T>,
  options: CreateOnceOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 5;
  const settleMs = options.settleMs ?? 30_000;
  const sleep = options.sleep ?? defaultSleep;
  // The ids no reclaim takes: claimed or held by a state in this process, or held by a state
  // under this resource's mark on this machine.
  const mine = claims.of(spec.kind);
  if (spec.recordedIn !== undefined) for (const id of journalRecorded(spec.recordedIn)) mine.add(id);

  const before = await (spec.known ? spec.known() : spec.find());
  const owned = before.filter((c) => owns(spec, c) && !mine.has(spec.idOf(c)));
  if (owned.length > 0) {
    const [kept, ...extra] = owned;
    mine.add(spec.idOf(kept as T));
    claims.taken(spec.kind).add(spec.idOf(kept as T));
    // Made by an earlier run that never recorded it: that run (a kill) left a pending CREATE in
    // the state, which the engine keeps warning about until a refresh clears it.
    notice(
      say`note: ${kindWord(spec.kind)} ${spec.idOf(kept as T)} was made by an earlier run that did not record it (a lost answer, an interrupted ${apply}) and ${spec.proof ?? "carries this resource's mark"}: reclaimed, not made again.${pendingCreates}`,
    );
    await removeDuplicates(mine, spec, extra);
    return kept as T;
  }
  const preexisting = new Set(before.map((c) => spec.idOf(c)));

  let ambiguousBefore = false;
  for (let attempt = 1; ; attempt++) {
    let failure: unknown;
    try {
      const created = await spec.create();
      mine.add(spec.idOf(created));
      if (spec.journal !== undefined) journalAdd(spec.journal, spec.idOf(created));
      if (ambiguousBefore && spec.owns && spec.remove)
        await removeLateDuplicates(mine, spec, created, preexisting);
      return created;
    } catch (err) {
      if (!isAmbiguous(err)) throw err;
      failure = err;
    }
    ambiguousBefore = true;
    const window = mayCommitLater(failure) ? settleMs : 0;
    const found = await lookAfter(mine, spec, failure, preexisting, window, sleep);
    if (found !== undefined) {
      mine.add(spec.idOf(found));
      return found;
    }
    if (attempt >= attempts) throw mayExistError(spec, failure, undefined);
  }
}

function owns<T>(spec: CreateOnceSpec<T>, candidate: T): boolean {
  return spec.owns?.(candidate) === true;
}

/** Looks for what an ambiguous attempt made, until `windowMs` after the failure. */
async function lookAfter<T>(
  mine: Set<string>,
  spec: CreateOnceSpec<T>,
  failure: unknown,
  preexisting: ReadonlySet<string>,
  windowMs: number,
  sleep: (ms: number) => Promise<void>,
): Promise<T | undefined> {
  // A monotonic clock: the window must not move with the wall clock.
  const until = performance.now() + windowMs;
  for (let look = 0; ; look++) {
    const candidates = await persistentFind(spec, failure, sleep);
    const fresh = candidates.filter((c) => !mine.has(spec.idOf(c)));
    const owned = fresh.filter((c) => owns(spec, c));
    if (owned.length > 0) {
      const [kept, ...extra] = owned;
      await removeDuplicates(mine, spec, extra);
      return kept;
    }
    // Nothing can prove whose a new look-alike is: never reclaimed, and no second create either.
    const appeared = fresh.filter((c) => !preexisting.has(spec.idOf(c)));
    if (!spec.owns && appeared.length > 0) throw unprovableError(spec, failure, appeared.map(spec.idOf));
    const left = until - performance.now();
    if (left <= 0) return undefined;
    await sleep(Math.min(LOOK_PAUSES_MS[Math.min(look, LOOK_PAUSES_MS.length - 1)] as number, left));
  }
}

/**
 * A look-up after an ambiguous failure, tried {@link LOOK_ROUNDS} times (each with the client's own
 * retries): giving up here leaves an object that may exist, so it is worth insisting. Throws
 * {@link mayExistError} when every round failed.
 */
async function persistentFind<T>(
  spec: CreateOnceSpec<T>,
  failure: unknown,
  sleep: (ms: number) => Promise<void>,
): Promise<T[]> {
  for (let round = 1; ; round++) {
    try {
      return await spec.find();
    } catch (lookError) {
      if (round >= LOOK_ROUNDS) throw mayExistError(spec, failure, lookError);
      await sleep(1000 * round);
    }
  }
}

/** Deletes owned duplicates (kinds the API can delete); a failure leaves them, with a warning. */
async function removeDuplicates<T>(
  mine: Set<string>,
  spec: CreateOnceSpec<T>,
  extra: readonly T[],
): Promise<void> {
  if (extra.length === 0) return;
  const ids = extra.map(spec.idOf);
  if (!spec.remove) {
    warn(
      `${spec.kind}: ${ids.length} duplicate(s) of this resource exist and the API cannot delete them: ${ids.join(", ")}`,
    );
    return;
  }
  for (const id of ids) {
    try {
      await spec.remove(id);
      mine.add(id);
    } catch (err) {
      warn(say`${kindWord(spec.kind)}: could not remove duplicate ${id}: ${errorText(err)}`);
    }
  }
}

/** After a create that followed an ambiguous failure: removes owned copies a late commit made. */
async function removeLateDuplicates<T>(
  mine: Set<string>,
  spec: CreateOnceSpec<T>,
  created: T,
  preexisting: ReadonlySet<string>,
): Promise<void> {
  let candidates: T[];
  try {
    candidates = await spec.find();
  } catch {
    return; // the create succeeded; the check is a courtesy (the next touch removes leftovers)
  }
  const createdId = spec.idOf(created);
  const extra = candidates.filter(
    (c) =>
      spec.idOf(c) !== createdId &&
      owns(spec, c) &&
      !preexisting.has(spec.idOf(c)) &&
      !mine.has(spec.idOf(c)),
  );
  await removeDuplicates(mine, spec, extra);
}

/**
 * Leftovers of a resource that its `update` removes (never `read`, which a preview runs): objects that carry
 * its mark but are not its object, e.g. a create the service committed after every look-up had
 * ended. Those `removable` (a campaign still in DRAFT) are deleted; the others are named in a
 * warning. Never fails the operation: a failed look or delete is a warning.
 */
export async function removeLeftovers<T>(
  spec: Pick<CreateOnceSpec<T>, "kind" | "idOf"> & {
    /** The marked objects, from {@link Claims.sharedList}. */
    list(): Promise<T[]>;
    /** The resource's own object. */
    ownId: string;
    /** True when the leftover may be deleted (a DRAFT campaign). */
    removable(object: T): boolean;
    remove(id: string): Promise<void>;
  },
): Promise<string[]> {
  let marked: T[];
  try {
    marked = await spec.list();
  } catch (err) {
    warn(say`${kindWord(spec.kind)} ${spec.ownId}: could not look for leftovers: ${errorText(err)}`);
    return [];
  }
  const removed: string[] = [];
  for (const object of marked) {
    const id = spec.idOf(object);
    if (id === spec.ownId) continue;
    if (!spec.removable(object)) {
      warn(
        say`${kindWord(spec.kind)} ${spec.ownId}: ${id} carries this resource's mark but is no longer a draft; left alone`,
      );
      continue;
    }
    try {
      await spec.remove(id);
      removed.push(id);
    } catch (err) {
      warn(say`${kindWord(spec.kind)} ${spec.ownId}: could not remove leftover ${id}: ${errorText(err)}`);
    }
  }
  return removed;
}

/** The error after which the object may exist: what happened and exactly what to do. */
export function mayExistError<T>(spec: CreateOnceSpec<T>, failure: unknown, lookError: unknown): Error {
  const looked =
    lookError === undefined
      ? "no such object turned up in the look-ups that followed"
      : `the look-up for it failed too (${shorten(errorText(lookError), 300)})`;
  const next = spec.owns
    ? say`Running ${commandWord("up")} again reclaims it if it exists, as it ${spec.proof ?? "carries this resource's mark"}`
    : `Nothing else was created: ${(spec.advice ?? adoptIdAdvice)([])}`;
  const error = new Error(
    `${errorText(failure)}. The service may have made the ${spec.describe} anyway: ${looked}. ${next}.`,
  );
  (error as Error & { cause?: unknown }).cause = failure;
  return error;
}

/** The error when objects appeared during an ambiguous create of a kind that cannot prove ownership. */
function unprovableError<T>(spec: CreateOnceSpec<T>, failure: unknown, ids: readonly string[]): Error {
  const error = new Error(
    `${errorText(failure)}. ${ids.length} candidate(s) for the ${spec.describe} appeared meanwhile (${ids.join(", ")}), ` +
      say`and nothing proves whose they are: another ${declared} may have made them, so none is reclaimed and nothing else was created. ` +
      `${capitalize((spec.advice ?? adoptIdAdvice)(ids))}.`,
  );
  (error as Error & { cause?: unknown }).cause = failure;
  return error;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The inputs `check` hands on for a kind with autonamed titles (see `sdk/autoname.ts`): once a
 * resource exists, its title stays what it was, as Pulumi's own autonames do. An autoname kept
 * from an earlier run stays (a rename with `aliases` does not move it); a resource made before
 * autonaming, without a title, keeps having none.
 */
export function keepAutoname(olds: PropertyBag | undefined, news: PropertyBag): PropertyBag {
  // Every existing campaign, regular or transactional, has a subject; a new resource has no olds.
  if (news.autonamed !== true || olds?.subject === undefined) return news;
  if (olds.autonamed === true && typeof olds.title === "string") return { ...news, title: olds.title };
  if (olds.title === undefined || olds.title === null) {
    const { title: _title, autonamed: _autonamed, ...rest } = news;
    return rest;
  }
  return news;
}
