import { SenderHttpError, shorten } from "../client";

/**
 * How one resource kind makes an object exactly once. A kind supplies only `create`, `find` and
 * `owns`; {@link createOnce} does the rest (look-ups, waiting for a late commit, retries,
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
   * The service's objects this create could have made: the same distinguishing fields,
   * whoever made them. Called before the first attempt and after every ambiguous failure.
   */
  find(): Promise<T[]>;
  /**
   * True when an object provably belongs to this resource of this stack, e.g. it carries the
   * resource's autonamed title. Such an object is adopted whenever it was made; any other
   * candidate only when it is the single one that appeared during this create. Left out when
   * nothing can prove ownership (an explicit title).
   */
  owns?(candidate: T): boolean;
  /** The object's id. */
  idOf(object: T): string;
  /** Deletes an object, for the kinds the API can delete: duplicates this resource made are removed. */
  remove?(id: string): Promise<void>;
}

/** Tuning of {@link createOnce}. */
export interface CreateOnceOptions {
  /** Creating attempts, each followed by look-ups when it fails ambiguously. Default 3. */
  attempts?: number;
  /**
   * How long after an ambiguous failure the service may still commit the request: look-ups go on
   * until then. The attempt timeout of the client. Default 30 s.
   */
  settleMs?: number;
  /** Sleep, replaceable in tests. */
  sleep?: (ms: number) => Promise<void>;
}

/** Ids adopted or created in this process, per kind: never adopted twice by two resources. */
const claimed = new Map<string, Set<string>>();

function claimedOf(kind: string): Set<string> {
  let set = claimed.get(kind);
  if (!set) {
    set = new Set();
    claimed.set(kind, set);
  }
  return set;
}

/** Forgets what this process claimed; for tests, whose emulator reuses ids after a reset. */
export function resetClaims(): void {
  claimed.clear();
}

/** True when a failed request may have been carried out by the service (timeout, reset, 5xx, unreadable 2xx). */
export function isAmbiguous(err: unknown): boolean {
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

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How many times a failing look-up after an ambiguous failure is tried before giving up. */
const LOOK_ROUNDS = 3;

/** The first look-up comes at once, the next ones after these pauses (the last one repeats). */
const LOOK_PAUSES_MS = [250, 500, 1000, 2000];

/**
 * Creates an object without ever making two, and without adopting one that is not provably
 * this resource's.
 *
 * 1. Before the first attempt it looks once: an object this resource owns (see
 *    {@link CreateOnceSpec.owns}) is adopted, e.g. one made by an `up` that was killed before the
 *    engine recorded it. Every other match is remembered as "not ours".
 * 2. After an ambiguous failure it looks again, until the service has had time to commit
 *    ({@link CreateOnceOptions.settleMs}). An owned object is adopted; otherwise a single new
 *    candidate (one that was not there before) is adopted; several new candidates fail with
 *    their ids and the `adoptId` to set, since a neighbour may have made one of them.
 * 3. Only when nothing turned up does it try again, up to {@link CreateOnceOptions.attempts}
 *    times. After the last attempt it has looked too; the error then says the object may exist.
 * 4. A look-up that keeps failing (three rounds, each with the client's retries) ends the create
 *    with an error saying the object may exist and how to adopt it.
 * 5. When the create succeeded after an ambiguous failure, one more look removes (for kinds the
 *    API can delete) owned duplicates that a late commit of the earlier attempt made.
 */
export async function createOnce<T>(spec: CreateOnceSpec<T>, options: CreateOnceOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 3;
  const settleMs = options.settleMs ?? 30_000;
  const sleep = options.sleep ?? defaultSleep;
  const mine = claimedOf(spec.kind);

  const before = await spec.find();
  const owns = (c: T) => spec.owns?.(c) === true;
  const owned = before.filter((c) => owns(c) && !mine.has(spec.idOf(c)));
  if (owned.length > 0) {
    const [kept, ...extra] = owned;
    mine.add(spec.idOf(kept as T));
    await removeDuplicates(spec, extra);
    return kept as T;
  }
  const preexisting = new Set(before.map((c) => spec.idOf(c)));

  let ambiguousBefore = false;
  for (let attempt = 1; ; attempt++) {
    let failure: unknown;
    try {
      const created = await spec.create();
      mine.add(spec.idOf(created));
      if (ambiguousBefore && spec.owns && spec.remove) await removeLateDuplicates(spec, created, preexisting);
      return created;
    } catch (err) {
      if (!isAmbiguous(err)) throw err;
      failure = err;
    }
    ambiguousBefore = true;
    const found = await lookAfter(spec, failure, preexisting, mayCommitLater(failure) ? settleMs : 0, sleep);
    if (found !== undefined) {
      mine.add(spec.idOf(found));
      return found;
    }
    if (attempt >= attempts) throw mayExistError(spec, failure, undefined);
  }
}

/** Looks for what an ambiguous attempt made, until `windowMs` after the failure. */
async function lookAfter<T>(
  spec: CreateOnceSpec<T>,
  failure: unknown,
  preexisting: ReadonlySet<string>,
  windowMs: number,
  sleep: (ms: number) => Promise<void>,
): Promise<T | undefined> {
  const mine = claimedOf(spec.kind);
  // A monotonic clock: the window must not move with the wall clock.
  const until = performance.now() + windowMs;
  for (let look = 0; ; look++) {
    const candidates = await persistentFind(spec, failure, sleep);
    const fresh = candidates.filter((c) => !mine.has(spec.idOf(c)));
    const owned = fresh.filter((c) => spec.owns?.(c) === true);
    if (owned.length > 0) {
      const [kept, ...extra] = owned;
      await removeDuplicates(spec, extra);
      return kept;
    }
    const appeared = fresh.filter((c) => !preexisting.has(spec.idOf(c)));
    if (appeared.length === 1) return appeared[0];
    if (appeared.length > 1) throw ambiguousMatchError(spec, failure, appeared.map(spec.idOf));
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
async function removeDuplicates<T>(spec: CreateOnceSpec<T>, extra: readonly T[]): Promise<void> {
  if (extra.length === 0) return;
  const ids = extra.map(spec.idOf);
  if (!spec.remove) {
    console.error(
      `warning: ${spec.kind}: ${ids.length} duplicate(s) of this resource exist and the API cannot delete them: ${ids.join(", ")}`,
    );
    return;
  }
  for (const id of ids) {
    try {
      await spec.remove(id);
      claimedOf(spec.kind).add(id);
    } catch (err) {
      console.error(`warning: ${spec.kind}: could not remove duplicate ${id}: ${errorText(err)}`);
    }
  }
}

/** After a create that followed an ambiguous failure: removes owned copies a late commit made. */
async function removeLateDuplicates<T>(
  spec: CreateOnceSpec<T>,
  created: T,
  preexisting: ReadonlySet<string>,
): Promise<void> {
  let candidates: T[];
  try {
    candidates = await spec.find();
  } catch {
    return; // the create succeeded; the check is a courtesy
  }
  const createdId = spec.idOf(created);
  const extra = candidates.filter(
    (c) => spec.idOf(c) !== createdId && spec.owns?.(c) === true && !preexisting.has(spec.idOf(c)),
  );
  await removeDuplicates(spec, extra);
}

/** The error after which the object may exist: what happened and exactly how to adopt it. */
export function mayExistError<T>(spec: CreateOnceSpec<T>, failure: unknown, lookError: unknown): Error {
  const looked =
    lookError === undefined
      ? "no such object turned up in the look-ups that followed"
      : `the look-up for it failed too (${shorten(errorText(lookError), 300)})`;
  const error = new Error(
    `${errorText(failure)}. The service may have made the ${spec.describe} anyway: ${looked}. ` +
      "Running `pulumi up` again adopts it when it carries this resource's autonamed title; with an explicit title, " +
      'look for it in Sender first and, if it is there, set `adoptId: "<its id>"` on this resource.',
  );
  (error as Error & { cause?: unknown }).cause = failure;
  return error;
}

/** The error when several objects appeared during an ambiguous create and none is provably ours. */
function ambiguousMatchError<T>(spec: CreateOnceSpec<T>, failure: unknown, ids: readonly string[]): Error {
  const list = ids.map((id) => `adoptId: "${id}"`).join(" or ");
  const error = new Error(
    `${errorText(failure)}. ${ids.length} candidates for the ${spec.describe} appeared meanwhile (${ids.join(", ")}); ` +
      `another stack may have made some of them, so none is adopted. Check them in Sender and set ${list} on this resource, ` +
      "or give it no title so that its autonamed title proves which one is its own.",
  );
  (error as Error & { cause?: unknown }).cause = failure;
  return error;
}

/**
 * The inputs `check` hands on for a kind with autonamed titles (see `sdk/autoname.ts`): once a
 * resource exists, its title stays what it was, as Pulumi's own autonames do. An autoname kept
 * from an earlier run stays (a rename with `aliases` does not move it); a resource made before
 * autonaming, without a title, keeps having none.
 */
export function keepAutoname(
  olds: Record<string, unknown> | undefined,
  news: Record<string, unknown>,
): Record<string, unknown> {
  // Every existing campaign, regular or transactional, has a subject; a new resource has no olds.
  if (news.autonamed !== true || olds?.subject === undefined) return news;
  if (olds.autonamed === true && typeof olds.title === "string") return { ...news, title: olds.title };
  if (olds.title === undefined || olds.title === null) {
    const { title: _title, autonamed: _autonamed, ...rest } = news;
    return rest;
  }
  return news;
}
