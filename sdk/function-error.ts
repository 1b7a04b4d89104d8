// A data source's failure as the program meets it: provider/functions throws a plain error of its
// own, and the SDK gives it to the program as a pulumi.RunError, which the program prints as its
// message alone, without a stack trace.
import * as pulumi from "@pulumi/pulumi";
import { SenderFunctionError as FunctionFailure, type SenderFunctionFailure } from "../provider/functions";

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

// One RunError per failure object: a configuration failure is one object for every function
// (ProgramContext.sharedConfigFailure), and must stay one so that the program reports it once.
const given = new WeakMap<FunctionFailure, SenderFunctionError>();

/**
 * The failure as the program is given it: a failure of provider/functions becomes a
 * {@link SenderFunctionError} with its message, fields, cause and stack (the same object for the
 * same failure); anything else is returned as it is.
 */
export function programFailure(error: unknown): unknown {
  if (!(error instanceof FunctionFailure)) return error;
  let failure = given.get(error);
  if (failure === undefined) {
    // The failure's message is its detail after `<function>: ` (the whole message for `config`).
    const detail =
      error.reason === "config" ? error.message : error.message.slice(`${error.functionName}: `.length);
    failure = new SenderFunctionError(error.functionName, error.reason, detail, {
      ...(error.argument === undefined ? {} : { argument: error.argument }),
      ...(error.cause === undefined ? {} : { cause: error.cause }),
    });
    // Where the failure was made, not where it was translated.
    if (error.stack !== undefined) failure.stack = error.stack;
    given.set(error, failure);
  }
  return failure;
}
