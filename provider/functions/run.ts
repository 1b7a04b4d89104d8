// Running a data source, the same way for the SDK (in the program, with the program's client) and
// for the plugin (with its provider's client): arguments checked first, errors named after the function.
import { z } from "zod";
import { type PageMeta, type SenderClient, SenderError, SenderHttpError } from "../client";
import { fieldWord, lookupWord, say } from "../words";
import type { ArgDecls, DataSource } from "./declare";

/** Why a function failed; see {@link SenderFunctionError.reason}. */
export type SenderFunctionFailure = "argument" | "not-found" | "ambiguous" | "config" | "request";

/**
 * The error every data-source function throws. Its message starts with the function's name, e.g.
 * `getCampaign: no campaign with id "nope1"`; the underlying client error, if any, is the `cause`.
 * The API token never appears in it.
 *
 * It is a plain `Error`, of no door: the SDK gives a program the same failure as a `pulumi.RunError`
 * (`sdk/function-error.ts`), and the plugin and the Terraform door report its message. A
 * configuration failure (`reason` `config`) is not about one function: its message is the
 * configuration message alone, and every function that meets the same failure throws the same
 * error object, so that the program reports it once.
 */
export class SenderFunctionError extends Error {
  /** The function that failed, e.g. `getCampaign` (for `config` failures, the first that did). */
  readonly functionName: string;
  /**
   * `argument`: a bad argument, caught before any request; `not-found`: the service does not know
   * the id (or no record has the name looked up); `ambiguous`: several records have the name looked
   * up; `config`: the program's `sender:*` settings are missing or malformed; `request`: any
   * other failure of the request.
   */
  readonly reason: SenderFunctionFailure;
  /** The offending argument, for `argument` failures. */
  readonly argument: string | undefined;

  /**
   * @param functionName The function that failed.
   * @param reason Why it failed.
   * @param detail The message after the function's name (for `config`, the whole message).
   * @param options The offending argument and the underlying error.
   */
  constructor(
    functionName: string,
    reason: SenderFunctionFailure,
    detail: string,
    options: { argument?: string; cause?: unknown } = {},
  ) {
    super(reason === "config" ? detail : say`${lookupWord(functionName)}: ${detail}`);
    if (options.cause !== undefined) {
      Object.defineProperty(this, "cause", { value: options.cause, enumerable: false, writable: true });
    }
    this.name = "SenderFunctionError";
    this.functionName = functionName;
    this.reason = reason;
    this.argument = options.argument;
  }
}

/** Where a data source runs: its client, the token to scrub from messages, and failure sharing. */
export interface RunContext {
  /** The client; throws when the settings are missing or malformed (a `config` failure). */
  readonly client: () => SenderClient;
  /** The configured token, or undefined; only to scrub it from error messages. */
  readonly token: () => string | undefined;
  /** The one error object for a configuration failure message (the SDK reports each once). */
  readonly sharedConfigFailure?: (message: string, make: () => SenderFunctionError) => SenderFunctionError;
}

/**
 * A read that found no record, or more than one, where the function promises one: `no campaign with
 * id "x"`, `2 tags are named "VIP" (…)`. Its message is the failure's, after the function's name.
 */
export class LookupError extends Error {
  /**
   * @param reason `not-found` or `ambiguous`, as {@link SenderFunctionError.reason} reports it.
   * @param message What was looked up and what was found.
   * @param options The underlying error (the service's 404), if any.
   */
  constructor(
    readonly reason: "not-found" | "ambiguous",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "LookupError";
  }
}

/**
 * Turns the service's 404 for this read into a `not-found` failure that names the id, e.g.
 * `notFound(client.getCampaign(id), "campaign with id", id)`.
 */
export async function notFound<T>(request: Promise<T>, what: string, id: string | number): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (SenderHttpError.is(error) && error.status === 404) {
      throw new LookupError("not-found", `no ${what} ${JSON.stringify(String(id))}`, { cause: error });
    }
    throw error;
  }
}

function argumentError(functionName: string, rules: Record<string, string>, issue: z.core.$ZodIssue) {
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0] ?? "";
    const known = Object.keys(rules);
    const expected = known.length === 0 ? "it takes no arguments" : `expected ${known.join(", ")}`;
    return new SenderFunctionError(functionName, "argument", `unknown argument "${key}" (${expected})`, {
      argument: key,
    });
  }
  const name = issue.path[0];
  if (typeof name !== "string" || rules[name] === undefined) {
    return new SenderFunctionError(functionName, "argument", "args must be an object");
  }
  return refusedArgument(functionName, name, rules[name]);
}

/** A refused argument: its rule, not zod's wording, one clear sentence whatever the inner issue was. */
function refusedArgument(functionName: string, name: string, rule: string): SenderFunctionError {
  return new SenderFunctionError(functionName, "argument", say`${fieldWord(name)} ${rule}`, {
    argument: name,
  });
}

/**
 * Every given argument its declaration refuses, one failure each in the declarations' order (a
 * call stops at the first): judged from the arguments alone, before any request, as a Terraform
 * `validate` does. An argument absent, or whose value `skip` says is not known yet, is left out.
 */
export function argumentFailures(
  functionName: string,
  decls: Readonly<Record<string, { readonly check: z.ZodType; readonly rule: string }>>,
  args: Readonly<Record<string, unknown>>,
  skip: (value: unknown) => boolean = () => false,
): SenderFunctionError[] {
  return Object.entries(decls)
    .filter(([name]) => args[name] !== undefined && args[name] !== null && !skip(args[name]))
    .filter(([name, decl]) => !decl.check.safeParse(args[name]).success)
    .map(([name, decl]) => refusedArgument(functionName, name, decl.rule));
}

/** Checks the args against the declarations: unknown keys are refused, so a misspelt one is not ignored. */
function parseArgs<A>(name: string, decls: ArgDecls<A>, input: unknown): A {
  const shape: Record<string, z.ZodType> = {};
  const rules: Record<string, string> = {};
  for (const [key, decl] of Object.entries<{ check: z.ZodType; rule: string; optional?: boolean }>(decls)) {
    shape[key] = decl.optional ? decl.check.optional() : decl.check;
    rules[key] = decl.rule;
  }
  const parsed = z.strictObject(shape).safeParse(input ?? {});
  if (!parsed.success) throw argumentError(name, rules, parsed.error.issues[0]!);
  // Each key passed the check of its declaration, which ArgDecls<A> types as A's.
  return parsed.data as A;
}

function scrub(text: string, token: string | undefined): string {
  return token ? text.split(token).join("[redacted]") : text;
}

function failure(
  name: string,
  error: unknown,
  stage: "settings" | "read",
  context: RunContext,
): SenderFunctionError {
  if (error instanceof SenderFunctionError) return error;
  const message = scrub(error instanceof Error ? error.message : String(error), context.token());
  if (error instanceof LookupError) {
    return new SenderFunctionError(name, error.reason, message, { cause: error.cause });
  }
  // A client option the settings produced (an http baseUrl...) is a config problem too.
  const isConfig = stage === "settings" || (SenderError.is(error) && error.kind === "config");
  if (!isConfig) return new SenderFunctionError(name, "request", message, { cause: error });
  const make = () => new SenderFunctionError(name, "config", message, { cause: error });
  return context.sharedConfigFailure ? context.sharedConfigFailure(message, make) : make();
}

/**
 * Runs one data source: checks the args before anything else (so that a bad argument never costs a
 * request), gets the client, reads, and turns every failure into a {@link SenderFunctionError}
 * named after the function.
 */
export async function runDataSource<A, R>(
  source: DataSource<A, R>,
  input: unknown,
  context: RunContext,
): Promise<R> {
  const args = parseArgs(source.name, source.args, input);
  if (source.local !== undefined) {
    try {
      return source.local(args);
    } catch (error) {
      throw failure(source.name, error, "read", context);
    }
  }
  let client: SenderClient;
  try {
    client = context.client();
  } catch (error) {
    throw failure(source.name, error, "settings", context);
  }
  try {
    return await source.run(client, args);
  } catch (error) {
    throw failure(source.name, error, "read", context);
  }
}

/** Every record of a paginated list (up to a cap) and the count the service reports. */
export interface PagedRead<T> {
  /** The records read, in the service's order. */
  items: T[];
  /** How many records the list holds in all, even when `maxItems` stopped the read early. */
  total: number;
}

/**
 * Reads a paginated list page after page until its last page or `maxItems` records. A cap
 * smaller than the page size shrinks the pages, so that a small cap costs a small answer.
 */
export async function readPages<T>(
  fetchPage: (page: number, limit: number) => Promise<{ data: T[]; meta: PageMeta }>,
  options: { limit?: number | undefined; maxItems?: number | undefined },
): Promise<PagedRead<T>> {
  const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
  const limit = Math.min(options.limit ?? 100, maxItems);
  const items: T[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page, limit);
    total = answer.meta.total;
    for (const item of answer.data) {
      if (items.length >= maxItems) break;
      items.push(item);
    }
    if (items.length >= maxItems || answer.data.length === 0 || page >= answer.meta.last_page) {
      return { items, total };
    }
  }
}
