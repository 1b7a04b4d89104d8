/**
 * How a resource operation fails: the one error it throws ({@link SenderOperationError}), naming
 * the operation, the kind and the object, and the 404 that `read` takes for an object gone.
 */
import { SenderError, type SenderHttpError, shorten } from "../client";
import { hasBrand, setBrand } from "../client/errors/brand";
import { commandWord, kindWord, operationWord, recorded, say } from "../words";
import { inProgramTerms, type WireMap } from "./program-errors";

/** The HTTP status of a client error, from this or any other copy of the package. */
export function httpStatusOf(err: unknown): number | undefined {
  return SenderError.is(err) && err.kind === "http" ? (err as SenderHttpError).status : undefined;
}

/** The message of anything thrown: an error's own, else the value as text. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** True for the service's "no such object" answer. */
export function isNotFound(err: unknown): boolean {
  return httpStatusOf(err) === 404;
}

/** The operations of a resource provider, as its errors name them. */
export type Operation = "check" | "diff" | "create" | "read" | "update" | "delete";

// Brand shared by every copy of this module in a process (see SenderError.is).
const OPERATION_ERROR_BRAND: unique symbol = Symbol.for("pulumi-sender.SenderOperationError") as never;

/**
 * The one error a resource operation fails with. Its message always names the operation, the
 * kind, the object (its id, or the title or adoptId when there is none yet) and the cause's own
 * message, e.g. `create Campaign "Welcome" failed: POST /v2/campaigns failed with 422: ...`.
 * The client's messages never contain the token, so neither does this.
 */
export class SenderOperationError extends Error {
  /** The provider operation that failed. */
  readonly operation: Operation;
  /** The resource kind. */
  readonly resourceKind: string;
  /** What names the object: its id, or the title or adoptId before it has one. */
  readonly subject: string;

  constructor(operation: Operation, kind: string, subject: string | undefined, cause: unknown) {
    let detail = errorText(cause);
    if (operation === "update" && isNotFound(cause)) {
      detail = say`${detail.replace(/\.?$/, ".")} The ${kindWord(kind)} no longer exists in Sender: run ${commandWord("refresh")} to drop it from the ${recorded}, then ${commandWord("up")} to make it again`;
    }
    // Ids and labels come from the program: a 100 KB value must still give a short line.
    super(
      say`${operationWord(operation)} ${kindWord(kind)}${subject ? ` ${shorten(subject)}` : ""} failed: ${detail}`,
      {
        cause,
      },
    );
    this.name = "SenderOperationError";
    this.operation = operation;
    this.resourceKind = kind;
    this.subject = subject ?? "";
    setBrand(this, OPERATION_ERROR_BRAND);
  }

  /** Whether `value` is a {@link SenderOperationError}, from this or any other copy of the package. */
  static is(value: unknown): value is SenderOperationError {
    return hasBrand(value, OPERATION_ERROR_BRAND);
  }
}

/** Wraps a failure in a {@link SenderOperationError}, unless it already is one. */
export function operationError(
  operation: Operation,
  kind: string,
  subject: string | undefined,
  err: unknown,
): SenderOperationError {
  return SenderOperationError.is(err) ? err : new SenderOperationError(operation, kind, subject, err);
}

/**
 * Runs one provider operation, rethrowing failures through {@link operationError}; with `wire`
 * (what the request's wire keys stand for), the service's refusals are said in the program's terms
 * ({@link inProgramTerms}).
 */
export async function withOperation<T>(
  operation: Operation,
  kind: string,
  subject: string | undefined,
  run: () => Promise<T>,
  wire?: WireMap,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw operationError(operation, kind, subject, wire ? inProgramTerms(err, wire) : err);
  }
}

/**
 * The one `read` style of every kind: fetch the record; the service's 404 means the object is
 * gone (`{ id: "" }`, so the engine drops it); any other failure is a {@link SenderOperationError}.
 */
export async function readOrGone<T, R>(
  kind: string,
  id: string,
  fetch: () => Promise<T>,
  toResult: (record: T) => R,
): Promise<R | { readonly id: "" }> {
  let record: T;
  try {
    record = await fetch();
  } catch (err) {
    if (isNotFound(err)) return { id: "" };
    throw operationError("read", kind, id, err);
  }
  return withOperation("read", kind, id, async () => toResult(record));
}
