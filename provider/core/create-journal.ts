/**
 * The create journal: which objects this machine made for a resource, kept outside the state so
 * that a create whose answer was lost (a killed `up`) still proves whose object it is. One private
 * JSON file per resource; see docs/reliability.md.
 */
import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { shorten } from "../client";
import { commandWord, say } from "../words";
import { warn } from "./diagnostics";
import { errorText } from "./operation-errors";

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
    say`the create journal ${file} cannot be read (${why}). It proves which objects this machine made for this resource; repair or remove it, then run ${commandWord("up")} again`,
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
  /**
   * The ids a state was seen to hold under this key (an engine handed them to the provider from
   * its state): never proof of an unrecorded create, so never reclaimed ({@link journalRecorded}).
   */
  recorded?: Set<string> | undefined;
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
  const { ids, absent, recorded } = (parsed ?? {}) as { ids?: unknown; absent?: unknown; recorded?: unknown };
  const strings = (list: unknown): list is string[] =>
    Array.isArray(list) && list.every((id) => typeof id === "string");
  if (
    !strings(ids) ||
    (absent !== undefined && typeof absent !== "string") ||
    (recorded !== undefined && !strings(recorded))
  )
    throw journalError(
      file,
      'not of the form {"ids": ["<id>", ...], "absent"?: "<fingerprint>", "recorded"?: ["<id>", ...]}',
    );
  return { ids: new Set(ids), absent, ...(recorded === undefined ? {} : { recorded: new Set(recorded) }) };
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
      JSON.stringify({
        ids: [...record.ids],
        ...(record.absent ? { absent: record.absent } : {}),
        ...(record.recorded && record.recorded.size > 0 ? { recorded: [...record.recorded] } : {}),
      }),
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
  const { ids, recorded } = readJournal(journalFile(key));
  // An id a state was seen to hold is no unrecorded create's: it proves nothing.
  for (const id of recorded ?? []) ids.delete(id);
  return ids;
}

/**
 * The ids a state was seen to hold under `key` ({@link journalRecord}): a create never reclaims
 * one, whatever it carries. The object a replacement replaces, a forgotten object (Terraform's
 * `removed`, `pulumi state delete`), another workspace's object of the same scope: each was handed
 * to the provider from a state before, on this machine.
 *
 * @throws Error naming the journal's path when it cannot be read, as {@link journalIds}.
 */
export function journalRecorded(key: string): ReadonlySet<string> {
  return readJournal(journalFile(key)).recorded ?? new Set();
}

/**
 * Remembers that a state holds `id` under `key`: an engine handed it to the provider from its
 * state (a diff, a read, an update, a delete) or the provider answered its create. Written only
 * when new; a journal that cannot be written is a warning.
 */
export function journalRecord(key: string, id: string): void {
  updateJournal(key, "write", (record) => {
    if (record.recorded?.has(id)) return undefined;
    return { ...record, recorded: new Set([...(record.recorded ?? []), id]) };
  });
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
  updateJournal(key, "write", (record) => ({ ...record, absent: fingerprint }));
}

/**
 * Ends the intent {@link journalIntend} recorded: with the id the create made (it joins the ids),
 * or without one when the create surely made nothing (the service refused it).
 */
export function journalSettle(key: string, id: string | undefined): void {
  updateJournal(key, "write", (record) => {
    if (record.absent === undefined && id === undefined) return undefined;
    if (id !== undefined) record.ids.add(id);
    return { ids: record.ids, recorded: record.recorded };
  });
}

/**
 * Forgets that a state holds `id` under `key`: its resource deleted it (or kept it, as the API
 * cannot delete it, outside every state). A journal it cannot read safely is left, with a warning.
 */
export function journalRelease(key: string, id: string): void {
  updateJournal(key, "update", (record) =>
    record.recorded?.delete(id) ? { ...record, recorded: record.recorded } : undefined,
  );
}

/** Remembers that this resource made `id` (written before the object loses its mark). */
export function journalAdd(key: string, id: string): void {
  updateJournal(key, "write", (record) =>
    record.ids.has(id) ? undefined : { ...record, ids: record.ids.add(id) },
  );
}

/** Forgets `id` (its resource deleted it). A journal it cannot read safely is left as it is, with a warning. */
export function journalForget(key: string, id: string): void {
  // A stale entry only names an object that no longer exists: a failure is a warning.
  updateJournal(key, "update", (record) => (record.ids.delete(id) ? record : undefined));
}

/**
 * Reads the journal of `key`, and replaces it with what `change` makes of its record (undefined:
 * nothing to change); a record with no id and no intent removes the file (rm unlinks a symlink
 * itself, never its target). A journal that cannot be read or written is a warning, never a failure
 * of the operation.
 */
function updateJournal(
  key: string,
  verb: "write" | "update",
  change: (record: JournalRecord) => JournalRecord | undefined,
): void {
  const file = journalFile(key);
  try {
    const next = change(readJournal(file));
    if (next === undefined) return;
    if (next.ids.size === 0 && next.absent === undefined && (next.recorded?.size ?? 0) === 0)
      fs.rmSync(file, { force: true });
    else writeJournal(file, next);
  } catch (err) {
    warn(`could not ${verb} the create journal ${file}: ${errorText(err)}`);
  }
}
