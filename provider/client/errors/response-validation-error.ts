import type { z } from "zod";
import { hasBrand, setBrand } from "./brand";

const VALIDATION_ERROR_BRAND: unique symbol = Symbol.for(
  "pulumi-sender.SenderResponseValidationError",
) as never;

/** What {@link SenderResponseValidationError} is built from. */
export interface SenderResponseValidationErrorDetails {
  /** HTTP method of the request. */
  method: string;
  /** Request path without the query. */
  path: string;
  /** HTTP status of the (successful) answer. */
  status: number;
  /** What did not fit: zod's issues, or one synthetic issue when the body was not JSON. */
  issues: z.core.$ZodIssue[];
  /** The answer body as received (parsed JSON, or the raw text). */
  body: unknown;
  /**
   * True when the request changed something (any method but GET): the service carried it out,
   * so the object it made or changed exists even though its answer could not be read.
   */
  ambiguous?: boolean;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? issue.path.map(String).join(".") : "(body)";
  return `${where}: ${issue.message}`;
}

/**
 * The request succeeded but its body did not have the documented shape. Like ky's
 * `SchemaValidationError`, this does not extend `SenderError`: nothing failed on the wire, and
 * retrying would not help.
 */
export class SenderResponseValidationError extends Error {
  /** HTTP method of the request. */
  readonly method: string;
  /** Request path without the query. */
  readonly path: string;
  /** HTTP status of the answer. */
  readonly status: number;
  /** What did not fit. */
  readonly issues: z.core.$ZodIssue[];
  /** The answer body as received. */
  readonly body: unknown;
  /**
   * True when the request was a change the service carried out (2xx) although its answer is
   * unreadable: a caller about to repeat a creating call must first look for the object.
   */
  readonly ambiguous: boolean;

  constructor(details: SenderResponseValidationErrorDetails) {
    const shown = details.issues.slice(0, 5).map(describeIssue);
    const more = details.issues.length > 5 ? `; and ${details.issues.length - 5} more` : "";
    const effect = details.ambiguous
      ? " (the service accepted the request, so what it made or changed may exist)"
      : "";
    super(
      `${details.method} ${details.path} answered ${details.status} with an unexpected body: ${shown.join("; ")}${more}${effect}`,
    );
    this.ambiguous = details.ambiguous ?? false;
    this.name = "SenderResponseValidationError";
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.issues = details.issues;
    this.body = details.body;
    setBrand(this, VALIDATION_ERROR_BRAND);
  }

  /** Whether `value` is a {@link SenderResponseValidationError}, from any copy of the package. */
  static is(value: unknown): value is SenderResponseValidationError {
    return hasBrand(value, VALIDATION_ERROR_BRAND);
  }

  /** A plain summary for logs. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      method: this.method,
      path: this.path,
      status: this.status,
      issues: this.issues,
      ambiguous: this.ambiguous,
    };
  }
}
