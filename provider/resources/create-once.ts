import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Claims } from "../claims";
import { SenderHttpError, shorten } from "../client";
import type { PropertyBag } from "./bag";

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
   * ({@link journalIds}). Only such an object is ever adopted. Left out when nothing can prove
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
 * The folder of the create journal: `$PULUMI_SENDER_JOURNAL_DIR`, else `sender-creates` in the
 * Pulumi home (`$PULUMI_HOME` or `~/.pulumi`).
 */
export function journalDir(): string {
  const explicit = process.env.PULUMI_SENDER_JOURNAL_DIR;
  if (explicit) return explicit;
  const home = process.env.PULUMI_HOME || path.join(os.homedir(), ".pulumi");
  return path.join(home, "sender-creates");
}

/**
 * The journal key of a marked resource: its kind, its mark and a hash of the account's API root
 * (never the token), e.g. `Campaign-1a2b3c4d-5e6f7a8b`.
 */
export function journalKey(kind: string, mark: string, baseUrl: string): string {
  const account = createHash("sha256").update(baseUrl).digest("hex").slice(0, 8);
  return `${kind}-${mark}-${account}`;
}

function journalFile(key: string): string {
  return path.join(journalDir(), `${key.replace(/[^\w.-]/g, "_")}.json`);
}

/**
 * The journal's folder, made private (0700) if it is not: its file names hold marks and account
 * hashes, and nobody else may plant files in it. A folder an older version made 0755 is narrowed.
 *
 * @throws Error naming the folder when it is not a folder of its own (a symlink, a file).
 */
function privateJournalDir(): string {
  const dir = journalDir();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory())
    throw new Error(`the create journal folder ${dir} is not a folder (a symlink or a file)`);
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
  return dir;
}

/** The error for a journal that cannot be read: it names the file and what to do. */
function journalError(file: string, why: string): Error {
  return new Error(
    `the create journal ${file} cannot be read (${why}). It proves which objects this machine made for this resource; repair or remove it, then run \`pulumi up\` again`,
  );
}

/**
 * What a journal file holds: the ids this resource made, and, while a create of a kind that cannot
 * mark its objects is under way, the fingerprint of what it found absent before sending it
 * ({@link journalIntend}).
 */
interface JournalRecord {
  ids: Set<string>;
  absent?: string | undefined;
}

/**
 * The record of the journal `file`, or an empty one when there is no journal yet. Never follows a
 * symlink (`O_NOFOLLOW`): a planted link is an error, as is a file that does not parse.
 */
function readJournal(file: string): JournalRecord {
  let text: string;
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { ids: new Set() };
    throw journalError(file, code === "ELOOP" ? "it is a symbolic link" : errorText(err));
  }
  try {
    if (!fs.fstatSync(fd).isFile()) throw journalError(file, "it is not a regular file");
    text = fs.readFileSync(fd, "utf8");
  } finally {
    fs.closeSync(fd);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw journalError(file, `not JSON: ${shorten(errorText(err), 200)}`);
  }
  const { ids, absent } = (parsed ?? {}) as { ids?: unknown; absent?: unknown };
  if (
    !Array.isArray(ids) ||
    !ids.every((id) => typeof id === "string") ||
    (absent !== undefined && typeof absent !== "string")
  )
    throw journalError(file, 'not of the form {"ids": ["<id>", ...], "absent"?: "<fingerprint>"}');
  return { ids: new Set(ids), absent };
}

/**
 * Replaces the journal `file` with `ids`: written to a fresh temporary file made with an
 * exclusive create that never follows a symlink (`O_CREAT|O_EXCL|O_NOFOLLOW`, 0600), then renamed
 * over the journal, which replaces a planted symlink rather than writing through it.
 */
function writeJournal(file: string, record: JournalRecord): void {
  const dir = privateJournalDir();
  const temporary = path.join(dir, `.${path.basename(file)}.${randomBytes(8).toString("hex")}.tmp`);
  const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = fs.constants;
  const fd = fs.openSync(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
  try {
    fs.writeSync(
      fd,
      JSON.stringify({ ids: [...record.ids], ...(record.absent ? { absent: record.absent } : {}) }),
    );
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(temporary, file);
  } catch (err) {
    fs.rmSync(temporary, { force: true });
    throw err;
  }
}

/**
 * The ids the journal remembers for `key`: objects this resource of this stack instance made and
 * got an answer for (the key holds the resource's mark, which the stack instance's nonce makes).
 * An explicitly titled object loses its mark when it is renamed right after its create answers;
 * if the engine is killed before it records the id, this journal still proves whose object it is.
 *
 * @throws Error naming the journal's path when it cannot be read: a symlink, a file that does not
 * parse. It is never taken for an empty journal, which would lose a proof.
 */
export function journalIds(key: string): Set<string> {
  return readJournal(journalFile(key)).ids;
}

/**
 * The fingerprint a create of a kind that cannot mark its objects (a webhook) recorded as absent
 * before it sent its request ({@link journalIntend}), or undefined when none is under way.
 *
 * @throws Error naming the journal's path when it cannot be read, as {@link journalIds}.
 */
export function journalIntent(key: string): string | undefined {
  return readJournal(journalFile(key)).absent;
}

/**
 * Records, before a create of a kind that cannot mark its objects is sent, that the service held
 * no object of the `fingerprint` (a hash of its distinguishing fields, never the fields in clear):
 * after a crash that lost the answer, the one that appeared since is provably this resource's
 * ({@link journalIntent}). A journal that cannot be written is a warning: the create then proves
 * nothing after a crash, as before intents, and the next `up` refuses the look-alike.
 */
export function journalIntend(key: string, fingerprint: string): void {
  const file = journalFile(key);
  try {
    const record = readJournal(file);
    writeJournal(file, { ids: record.ids, absent: fingerprint });
  } catch (err) {
    process.stderr.write(`warning: could not write the create journal ${file}: ${errorText(err)}\n`);
  }
}

/**
 * Ends the intent {@link journalIntend} recorded: with the id the create made (it joins the ids),
 * or without one when the create surely made nothing (the service refused it).
 */
export function journalSettle(key: string, id: string | undefined): void {
  const file = journalFile(key);
  try {
    const record = readJournal(file);
    if (id !== undefined) record.ids.add(id);
    if (record.absent === undefined && id === undefined) return;
    if (record.ids.size === 0) fs.rmSync(file, { force: true });
    else writeJournal(file, { ids: record.ids });
  } catch (err) {
    process.stderr.write(`warning: could not write the create journal ${file}: ${errorText(err)}\n`);
  }
}

/** Remembers that this resource made `id` (written before the object loses its mark). */
export function journalAdd(key: string, id: string): void {
  const file = journalFile(key);
  try {
    const record = readJournal(file);
    if (record.ids.has(id)) return;
    record.ids.add(id);
    writeJournal(file, record);
  } catch (err) {
    process.stderr.write(`warning: could not write the create journal ${file}: ${errorText(err)}\n`);
  }
}

/** Forgets `id` (its resource deleted it). A journal it cannot read safely is left as it is, with a warning. */
export function journalForget(key: string, id: string): void {
  const file = journalFile(key);
  try {
    const record = readJournal(file);
    if (!record.ids.delete(id)) return;
    // rm unlinks a symlink itself, never its target.
    if (record.ids.size === 0 && record.absent === undefined) fs.rmSync(file, { force: true });
    else writeJournal(file, record);
  } catch (err) {
    // A stale entry only names an object that no longer exists.
    process.stderr.write(`warning: could not update the create journal ${file}: ${errorText(err)}\n`);
  }
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

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How many times a failing look-up after an ambiguous failure is tried before giving up. */
const LOOK_ROUNDS = 3;

/** The first look-up comes at once, the next ones after these pauses (the last one repeats). */
const LOOK_PAUSES_MS = [250, 500, 1000, 2000];

/** The default advice for candidates that are not provably the resource's. */
function adoptIdAdvice(ids: readonly string[]): string {
  if (ids.length === 0)
    return 'look for it in Sender and, if it is there, set `adoptId: "<its id>"` on this resource';
  return `check them in Sender and set ${ids.map((id) => `adoptId: "${id}"`).join(" or ")} on this resource if one is its own`;
}

/**
 * Creates an object without ever making two, and without adopting one that is not provably
 * this resource's. `claims` are the provider context's: an id it claimed is never adopted again.
 *
 * 1. Before the first attempt it looks in the context's list of the kind ({@link
 *    CreateOnceSpec.known}): an object this resource owns ({@link CreateOnceSpec.owns}) is
 *    adopted, e.g. one made by an `up` that was killed before the engine recorded it. Every
 *    other match is remembered as "there before".
 * 2. After an ambiguous failure it looks again, until the service can no longer commit
 *    ({@link CreateOnceOptions.settleMs}). An owned object is adopted. An object that is not
 *    provably the resource's is never adopted: for a kind that can prove ownership it is another
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
  const mine = claims.of(spec.kind);

  const before = await (spec.known ? spec.known() : spec.find());
  const owned = before.filter((c) => owns(spec, c) && !mine.has(spec.idOf(c)));
  if (owned.length > 0) {
    const [kept, ...extra] = owned;
    mine.add(spec.idOf(kept as T));
    // Made by an earlier run that never recorded it: that run (a kill) left a pending CREATE in
    // the state, which the engine keeps warning about until a refresh clears it.
    process.stderr.write(
      `note: ${spec.kind} ${spec.idOf(kept as T)} was made by an earlier run that did not record it (a lost answer, an interrupted up) and ${spec.proof ?? "carries this resource's mark"}: adopted, not made again. ` +
        "If that run left pending CREATE operations, `pulumi refresh --clear-pending-creates --yes` clears them (docs/reliability.md).\n",
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
    // Nothing can prove whose a new look-alike is: never adopted, and no second create either.
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
    console.error(
      `warning: ${spec.kind}: ${ids.length} duplicate(s) of this resource exist and the API cannot delete them: ${ids.join(", ")}`,
    );
    return;
  }
  for (const id of ids) {
    try {
      await spec.remove(id);
      mine.add(id);
    } catch (err) {
      console.error(`warning: ${spec.kind}: could not remove duplicate ${id}: ${errorText(err)}`);
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
    (c) => spec.idOf(c) !== createdId && owns(spec, c) && !preexisting.has(spec.idOf(c)),
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
    process.stderr.write(
      `warning: ${spec.kind} ${spec.ownId}: could not look for leftovers: ${errorText(err)}\n`,
    );
    return [];
  }
  const removed: string[] = [];
  for (const object of marked) {
    const id = spec.idOf(object);
    if (id === spec.ownId) continue;
    if (!spec.removable(object)) {
      process.stderr.write(
        `warning: ${spec.kind} ${spec.ownId}: ${id} carries this resource's mark but is no longer a draft; left alone\n`,
      );
      continue;
    }
    try {
      await spec.remove(id);
      removed.push(id);
    } catch (err) {
      process.stderr.write(
        `warning: ${spec.kind} ${spec.ownId}: could not remove leftover ${id}: ${errorText(err)}\n`,
      );
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
    ? `Running \`pulumi up\` again adopts it if it exists, as it ${spec.proof ?? "carries this resource's mark"}`
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
      `and nothing proves whose they are: another stack may have made them, so none is adopted and nothing else was created. ` +
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
