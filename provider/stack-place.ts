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

/** What the nonce's record does in this place. */
export type PlaceVerdict =
  /** The nonce stays; `place` is recorded (the same place, a confirmed move, or a record from before places). */
  | { readonly keep: true; readonly place: string }
  /** A declared copy: a fresh nonce, and this place. */
  | { readonly keep: false; readonly place: string }
  /** Another place, neither confirmed as a move nor declared a copy: nothing may run. */
  | { readonly failure: string };

/**
 * Judges the nonce's record, last used at `recorded`, in the place `here`. `movedFrom` and
 * `copyOf` are the values of {@link MOVED_FROM_ENV} and {@link COPY_OF_ENV}: each counts only when it
 * names the recorded place, so a confirmation left set never covers a later copy.
 */
export function judgePlace(
  recorded: string | undefined,
  here: string,
  movedFrom: string | undefined,
  copyOf: string | undefined,
): PlaceVerdict {
  if (recorded === undefined || !PLACE_PATTERN.test(recorded) || recorded === here)
    return { keep: true, place: here };
  if (movedFrom === recorded) return { keep: true, place: here };
  if (copyOf === recorded) return { keep: false, place: here };
  return {
    failure:
      `this stack's state was last used in another place (another backend, organization, project or stack: ${recorded} there, ${here} here), ` +
      "and a copy must not take over the objects of the stack it was copied from. " +
      `If the stack moved here, run again with ${MOVED_FROM_ENV}=${recorded}; if it is a copy, with ${COPY_OF_ENV}=${recorded}, ` +
      "which gives it a nonce of its own (docs/reliability.md)",
  };
}
