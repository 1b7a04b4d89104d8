/**
 * Where a stack instance lives, so that a copy of its state never takes over the original's
 * objects (docs/reliability.md, "Copied and moved stacks"). `pulumi stack export` from one backend
 * and `stack import` into another carries the stack instance's nonce along, and with it every
 * ownership mark; nothing in the state tells the copy from a move. So the nonce's record keeps the
 * place it was last used in, a hash of the backend's URL, the organization, the project and the
 * stack (never any of them in clear), and the first run in another place stops until the user says
 * which it is: a move keeps the nonce, a copy takes a fresh one.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { PLACE_BACKEND_KEY, PLACE_RECORD_KEY } from "../core/engine-values";

export { PLACE_BACKEND_KEY, PLACE_RECORD_KEY };

/** The variable that confirms a move: the place the state was last used in, as the refusal names it. */
export const MOVED_FROM_ENV = "SENDER_STACK_MOVED_FROM";

/** The variable that declares a copy: the place of the original, as the refusal names it. */
export const COPY_OF_ENV = "SENDER_STACK_COPY_OF";

/** The shape of a place: 16 lowercase hex digits. */
export const PLACE_PATTERN = /^[0-9a-f]{16}$/;

/** What names a place. Unknown parts are empty: they then tell no two places apart. */
export interface PlaceParts {
  /** The backend's URL (`file:///…`, `https://api.pulumi.com`), or `""` when it cannot be known. */
  readonly backendUrl: string;
  /** The organization (`organization` on a file backend), or `""` when it cannot be known. */
  readonly organization: string;
  /** The project's name. */
  readonly project: string;
  /** The stack's name. */
  readonly stack: string;
}

/** The place of `parts`: 16 hex of their SHA-256, so that none shows in the state or a message. */
export function placeOf(parts: PlaceParts): string {
  const text = [parts.backendUrl.replace(/\/+$/, ""), parts.organization, parts.project, parts.stack].join(
    "\n",
  );
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** js-yaml, the YAML reader @pulumi/pulumi itself reads Pulumi.yaml with; undefined when it cannot be found. */
function yamlReader(): { load(text: string): unknown } | undefined {
  for (const from of [__filename, safeResolve("@pulumi/pulumi")]) {
    if (from === undefined) continue;
    try {
      return createRequire(from)("js-yaml");
    } catch {
      // not resolvable from there
    }
  }
  return undefined;
}

function safeResolve(name: string): string | undefined {
  try {
    return require.resolve(name);
  } catch {
    return undefined;
  }
}

/** The `backend.url` of the project file `Pulumi.yaml` (or `.yml`) in `projectDir`, if it sets one. */
function projectBackendUrl(projectDir: string): string | undefined {
  for (const name of ["Pulumi.yaml", "Pulumi.yml"]) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(projectDir, name), "utf8");
    } catch {
      continue;
    }
    try {
      const url = (yamlReader()?.load(text) as { backend?: { url?: unknown } } | undefined)?.backend?.url;
      return typeof url === "string" && url !== "" ? url : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The backend `pulumi login` made current: the `current` of the Pulumi home's credentials file, nothing else of it. */
function loggedInUrl(env: NodeJS.ProcessEnv): string | undefined {
  const home = env.PULUMI_HOME || path.join(os.homedir(), ".pulumi");
  try {
    const current = (
      JSON.parse(fs.readFileSync(path.join(home, "credentials.json"), "utf8")) as {
        current?: unknown;
      }
    ).current;
    return typeof current === "string" && current !== "" ? current : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The backend the running `pulumi` command uses, found the way the CLI finds it: `PULUMI_BACKEND_URL`,
 * else the project's `backend.url`, else the backend of `pulumi login`; `""` when none of them says.
 */
export function currentBackendUrl(env: NodeJS.ProcessEnv = process.env, projectDir = process.cwd()): string {
  return env.PULUMI_BACKEND_URL || projectBackendUrl(projectDir) || loggedInUrl(env) || "";
}

/**
 * The place check of a run that acts on the service while the nonce's record is not in it: an
 * `up --target` or `--exclude` that leaves the record out, whose program sees the record as the
 * state holds it (`recorded`), or a delete, which runs no program. It fails, with
 * {@link judgePlace}'s line, in another place unless the run confirms a move; a declared copy
 * fails too, since its fresh nonce is made only where the record is in the run.
 *
 * @returns the failure, or undefined when the run may act.
 */
export function judgeUnplanned(
  recorded: string | undefined,
  here: PlaceHere,
  movedFrom: string | undefined,
  copyOf: string | undefined,
): string | undefined {
  const verdict = judgePlace(recorded, here.here, movedFrom, copyOf, here.oldWay);
  if ("failure" in verdict) return verdict.failure;
  if (verdict.keep) return undefined;
  return copyWithoutRecord(recorded);
}

/** The refusal of a run that says both that the stack moved and that it is a copy. */
export const BOTH_CONFIRMATIONS =
  `${MOVED_FROM_ENV} and ${COPY_OF_ENV} are both set, but a stack is either moved (the nonce stays) or copied (a fresh nonce): ` +
  "set only the one that is true (docs/reliability.md)";

/** The machine a place on a local path is on: its host name (`os.hostname()`). */
export function machineName(): string {
  return os.hostname();
}

/** The home folder `file://~` means, as the CLI finds it: the user's, from the system's user database. */
function userHome(): string {
  try {
    return os.userInfo().homedir;
  } catch {
    return os.homedir();
  }
}

/**
 * The backend URL as a place hashes it. A `file://` URL whose path is relative (`file://.state`,
 * `file://./x`) or starts with `~` names a folder only together with where it is read: it is
 * resolved as the CLI's diy backend resolves it (`~` is the user's home, a relative path is taken
 * from the project's folder) and named with the machine, `file://<machine>/<absolute path>`, so
 * that the same spelling in two folders or on two machines names two places. Any other URL (an
 * absolute `file:///…`, `s3://…`, `https://…`) is taken as given.
 */
export function resolvedBackendUrl(
  url: string,
  projectDir: string,
  machine: string = machineName(),
  home: string = userHome(),
): string {
  if (!url.startsWith("file://")) return url;
  const rest = url.slice("file://".length);
  const cut = rest.indexOf("?");
  const given = cut < 0 ? rest : rest.slice(0, cut);
  const query = cut < 0 ? "" : rest.slice(cut);
  if (given.startsWith("/")) return url;
  // The CLI's rule (pkg/backend/diy massageBlobPath): `~` alone is the home, `~<c>…` the home and what follows `~<c>`.
  const local = given.startsWith("~") ? (given === "~" ? home : path.join(home, given.slice(2))) : given;
  return `file://${machine}${path.resolve(projectDir, local)}${query}`;
}

/** The place of this run, and the place the same parts had before relative backend URLs were resolved. */
export interface PlaceHere {
  /** The place: {@link placeOf} with the backend URL {@link resolvedBackendUrl resolved}. */
  readonly here: string;
  /**
   * {@link placeOf} of the backend URL as given, when it differs from {@link here}: a record made
   * by an older version of this package holds it, and is taken as this place once, then replaced.
   */
  readonly oldWay: string | undefined;
}

/** Where the stack of `parts` (its backend URL as the CLI was given it) lives, read from `projectDir`. */
export function placeHere(parts: PlaceParts, projectDir: string, machine: string = machineName()): PlaceHere {
  const here = placeOf({ ...parts, backendUrl: resolvedBackendUrl(parts.backendUrl, projectDir, machine) });
  const oldWay = placeOf(parts);
  return { here, oldWay: oldWay === here ? undefined : oldWay };
}

/** What the nonce's record does in this place. */
export type PlaceVerdict =
  /** The nonce stays; `place` is recorded (the same place, a confirmed move, or a record from before places). */
  | { readonly keep: true; readonly place: string }
  /** A declared copy: a fresh nonce, and this place. */
  | { readonly keep: false; readonly place: string }
  /** Another place, neither confirmed as a move nor declared a copy: nothing may run. */
  | { readonly failure: string };

/**
 * Judges the nonce's record, last used at `recorded`, in the place `here` (or `oldWay`, the same
 * place as an older version of this package hashed it, {@link PlaceHere}). `movedFrom` and
 * `copyOf` are the values of {@link MOVED_FROM_ENV} and {@link COPY_OF_ENV}: each counts only when it
 * names the recorded place, so a confirmation left set never covers a later copy; both set at once
 * are refused ({@link BOTH_CONFIRMATIONS}), wherever the stack is.
 */
export function judgePlace(
  recorded: string | undefined,
  here: string,
  movedFrom: string | undefined,
  copyOf: string | undefined,
  oldWay?: string | undefined,
): PlaceVerdict {
  // A run is a move or a copy, never both: neither is guessed, so neither is taken.
  if (movedFrom && copyOf) return { failure: BOTH_CONFIRMATIONS };
  if (recorded === undefined || !PLACE_PATTERN.test(recorded) || recorded === here || recorded === oldWay)
    return { keep: true, place: here };
  if (movedFrom === recorded) return { keep: true, place: here };
  if (copyOf === recorded) return { keep: false, place: here };
  return { failure: anotherPlace(recorded, here) };
}

/** The refusal of a run in another place than `recorded`; `here` names this run's place. */
function anotherPlace(recorded: string, here: string): string {
  return (
    `this stack's state was last used in another place (another backend, organization, project or stack: ${recorded} there, ${here} here), ` +
    "and a copy must not take over the objects of the stack it was copied from. " +
    `If the stack moved here, run again with ${MOVED_FROM_ENV}=${recorded}; if it is a copy, with ${COPY_OF_ENV}=${recorded}, ` +
    "which gives it a nonce of its own (docs/reliability.md)"
  );
}

/** The refusal of a declared copy's run that does not hold the nonce's record, which the copy's fresh nonce needs. */
function copyWithoutRecord(recorded: string | undefined): string {
  return (
    `this run declares a copy (${COPY_OF_ENV}=${recorded}), which takes a nonce of its own, but the stack's nonce record is not in it (--target, --exclude or a delete): ` +
    "run once without --target and --exclude, then go on (docs/reliability.md)"
  );
}

/** Where one resource was last made or changed: its stack's place, and the backend alone. */
export interface PlaceRecord {
  /** The stack's {@link placeOf place} then: what the refusal names, and a confirmation must give. */
  readonly place: string;
  /** {@link backendOf} of the backend then: the one part of a place a delete can know again. */
  readonly backend: string;
}

/** The backend's part of a place: 16 hex of the SHA-256 of its {@link resolvedBackendUrl resolved} URL. */
export function backendOf(resolvedUrl: string): string {
  return createHash("sha256").update(resolvedUrl.replace(/\/+$/, "")).digest("hex").slice(0, 16);
}

/**
 * The backend of a provider process started in `projectDir` (the engine starts plugins in the
 * project's folder), found and resolved as {@link placeHere} finds it for the program.
 */
export function backendHere(env: NodeJS.ProcessEnv = process.env, projectDir = process.cwd()): string {
  return backendOf(resolvedBackendUrl(currentBackendUrl(env, projectDir), projectDir));
}

/**
 * The record a resource's outputs hold ({@link PLACE_RECORD_KEY}, {@link PLACE_BACKEND_KEY}), read
 * tolerantly: undefined for a state made before records, or anything else.
 */
export function placeRecordOf(
  outputs: Readonly<Record<string, unknown>> | undefined,
): PlaceRecord | undefined {
  const place = outputs?.[PLACE_RECORD_KEY];
  const backend = outputs?.[PLACE_BACKEND_KEY];
  if (typeof place !== "string" || typeof backend !== "string") return undefined;
  return PLACE_PATTERN.test(place) && PLACE_PATTERN.test(backend) ? { place, backend } : undefined;
}

/** True when `record` was made on another backend than `backend`: the resource's record is to be made again. */
export function recordMoved(record: PlaceRecord | undefined, backend: string): boolean {
  return record !== undefined && record.backend !== backend;
}

/**
 * The place check of a change (`"update"`) or a delete (`"delete"`) of one resource whose state
 * records `record`, on the backend `backend`: the one check of a run that may not hold the nonce's
 * record at all (a `destroy` runs no program). On another backend it fails with
 * {@link judgePlace}'s line unless the run confirms a move or, for a change, declares a copy (its
 * nonce's check runs in the same program); a delete in a declared copy fails as
 * {@link judgeUnplanned}'s does, since the objects the copied state lists are the original's.
 * A state made before records ({@link placeRecordOf} undefined) is not judged.
 *
 * @returns the failure, or undefined when the operation may act.
 */
export function judgeRecord(
  record: PlaceRecord | undefined,
  backend: string,
  movedFrom: string | undefined,
  copyOf: string | undefined,
  operation: "update" | "delete",
): string | undefined {
  if (movedFrom && copyOf) return BOTH_CONFIRMATIONS;
  if (record === undefined || record.backend === backend || movedFrom === record.place) return undefined;
  if (copyOf === record.place) return operation === "update" ? undefined : copyWithoutRecord(record.place);
  return anotherPlace(record.place, "another backend");
}
