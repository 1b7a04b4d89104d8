import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { type PageMeta, type SenderClient, SenderError, SenderHttpError } from "../../provider/client";
import { programClient, programToken, sharedConfigFailure, warnUnknownConfigKeys } from "../program-client";

/**
 * The args of a function's Output form: every argument may be an `Input`, and so may every
 * item of a list argument. Mapping over the plain args keeps their TSDoc on hover.
 */
export type InputArgs<T> = {
  [K in keyof T]: NonNullable<T[K]> extends readonly (infer Item)[]
    ? pulumi.Input<pulumi.Input<Item>[]> | Extract<T[K], undefined>
    : pulumi.Input<T[K]>;
};

/** Why a function failed; see {@link SenderFunctionError.reason}. */
export type SenderFunctionFailure = "argument" | "not-found" | "config" | "request";

/**
 * The error every data-source function throws. Its message starts with the function's name, e.g.
 * `getCampaign: no campaign with id "nope1"`; the underlying client error, if any, is the `cause`.
 * The API token never appears in it.
 *
 * It is a `pulumi.RunError`, so a program that does not catch it fails with its message on one
 * line, without a stack trace. A configuration failure (`reason` `config`) is not about one
 * function: its message is the configuration message alone, and every function that meets the
 * same failure throws the same error object, so that the program reports it once.
 */
export class SenderFunctionError extends pulumi.RunError {
  /** The function that failed, e.g. `getCampaign` (for `config` failures, the first that did). */
  readonly functionName: string;
  /**
   * `argument`: a bad argument, caught before any request; `not-found`: the service does not know
   * the id; `config`: the program's `sender:*` settings are missing or malformed; `request`: any
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
    super(reason === "config" ? detail : `${functionName}: ${detail}`);
    if (options.cause !== undefined) {
      Object.defineProperty(this, "cause", { value: options.cause, enumerable: false, writable: true });
    }
    this.name = "SenderFunctionError";
    this.functionName = functionName;
    this.reason = reason;
    this.argument = options.argument;
  }
}

/** What a 404 means for one read: `no campaign with id "x"`. */
class NotFound extends Error {}

/**
 * Turns the service's 404 for this read into a `not-found` failure that names the id, e.g.
 * `notFound(client.getCampaign(id), "campaign with id", id)`.
 */
export async function notFound<T>(request: Promise<T>, what: string, id: string | number): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (SenderHttpError.is(error) && error.status === 404) {
      throw new NotFound(`no ${what} ${JSON.stringify(String(id))}`, { cause: error });
    }
    throw error;
  }
}

/** The arguments of one function: a zod schema per argument and the rule shown when it fails. */
export interface ArgsSpec<Shape extends z.ZodRawShape> {
  /** The whole args object; unknown keys are refused so that a misspelt argument is not ignored. */
  schema: z.ZodObject<Shape, z.core.$strict>;
  /** Argument name → the rule it breaks, e.g. `must be a non-empty string`. */
  rules: { [K in keyof Shape]: string };
}

/** Declares the arguments of a function. */
export function defineArgs<Shape extends z.ZodRawShape>(
  shape: Shape,
  rules: { [K in keyof Shape]: string },
): ArgsSpec<Shape> {
  return { schema: z.strictObject(shape) as z.ZodObject<Shape, z.core.$strict>, rules };
}

/** No arguments at all. */
export const NO_ARGS = defineArgs({}, {});

// Shared argument schemas and the rules their messages state.

/** An id or hash: any non-blank text. */
export const idArg = z.string().refine((value) => value.trim() !== "");
/** The rule of {@link idArg}. */
export const ID_RULE = "must be a non-empty string";

/** The `maxItems` cap of a paginated read. */
export const maxItemsArg = z.number().int().min(1).optional();
/** The rule of {@link maxItemsArg}. */
export const MAX_ITEMS_RULE = "must be a whole number of at least 1";

/** Records per page of a paginated read; the service refuses more than 100. */
export const limitArg = z.number().int().min(1).max(100).optional();
/** The rule of {@link limitArg}. */
export const LIMIT_RULE = "must be a whole number from 1 to 100";

/**
 * Declares the arguments of a paginated read: the given ones, then `limit` ({@link limitArg}) and
 * `maxItems` ({@link maxItemsArg}), in that order, the options {@link readPages} honours.
 */
export function pagedArgs<Shape extends z.ZodRawShape>(
  shape: Shape,
  rules: { [K in keyof Shape]: string },
): ArgsSpec<Shape & { limit: typeof limitArg; maxItems: typeof maxItemsArg }> {
  return defineArgs(
    { ...shape, limit: limitArg, maxItems: maxItemsArg },
    { ...rules, limit: LIMIT_RULE, maxItems: MAX_ITEMS_RULE },
  );
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
  // The rule, not zod's wording: one clear sentence per argument whatever the inner issue was.
  return new SenderFunctionError(functionName, "argument", `${name} ${rules[name]}`, { argument: name });
}

function scrub(text: string, token: string | undefined): string {
  return token ? text.split(token).join("[redacted]") : text;
}

function failure(functionName: string, error: unknown, stage: "settings" | "read"): SenderFunctionError {
  if (error instanceof SenderFunctionError) return error;
  const message = scrub(error instanceof Error ? error.message : String(error), programToken());
  if (error instanceof NotFound) {
    return new SenderFunctionError(functionName, "not-found", message, { cause: error.cause });
  }
  // A client option the settings produced (an http baseUrl...) is a config problem too.
  const isConfig = stage === "settings" || (SenderError.is(error) && error.kind === "config");
  if (!isConfig) return new SenderFunctionError(functionName, "request", message, { cause: error });
  return sharedConfigFailure(
    message,
    () => new SenderFunctionError(functionName, "config", message, { cause: error }),
  ) as SenderFunctionError;
}

/**
 * Runs one function: validates the args before anything else (so that a bad argument never costs a
 * request), gets the program's client, runs `read`, and turns every failure into a
 * {@link SenderFunctionError} named after the function.
 */
export async function runFunction<Shape extends z.ZodRawShape, Result>(
  functionName: string,
  spec: ArgsSpec<Shape>,
  args: unknown,
  opts: pulumi.InvokeOptions | undefined,
  read: (client: SenderClient, args: z.output<ArgsSpec<Shape>["schema"]>) => Promise<Result>,
): Promise<Result> {
  warnUnknownConfigKeys();
  const parsed = spec.schema.safeParse(args ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw onParent(argumentError(functionName, spec.rules as Record<string, string>, issue), opts);
  }
  let client: SenderClient;
  try {
    client = programClient();
  } catch (error) {
    throw failure(functionName, error, "settings");
  }
  try {
    return await read(client, parsed.data);
  } catch (error) {
    throw onParent(failure(functionName, error, "read"), opts);
  }
}

/**
 * With `opts.parent`, the failure is reported on that resource: the program's error handler
 * treats it as a `pulumi.ResourceError` with its stack hidden (the markers are those the
 * `isInstance` checks of `@pulumi/pulumi` read). A configuration failure stays on the stack.
 */
function onParent(error: SenderFunctionError, opts: pulumi.InvokeOptions | undefined): SenderFunctionError {
  if (!opts?.parent || error.reason === "config") return error;
  Object.assign(error, {
    __pulumiRunError: false,
    __pulumResourceError: true,
    resource: opts.parent,
    hideStack: true,
  });
  return error;
}

/**
 * The Output form of a function: waits for the args to be known, then calls the Promise form.
 * During preview it runs as soon as the args are known, so preview shows the same values as
 * `up`; secret args make the result secret.
 */
export function outputForm<Args, Result>(
  promiseForm: (args: Args, opts?: pulumi.InvokeOptions) => Promise<Result>,
  args: unknown,
  opts: pulumi.InvokeOptions | undefined,
): pulumi.Output<Result> {
  return pulumi
    .output(args as pulumi.Input<object>)
    .apply((plain) => promiseForm(plain as Args, opts)) as pulumi.Output<Result>;
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
