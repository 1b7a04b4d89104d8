import { hasBrand, setBrand } from "./brand";

/**
 * Brand shared by every copy of this module in a process: a plain `instanceof` fails when two
 * copies of the package are loaded (the Pulumi program and the dynamic-provider process each
 * `require` their own), so the check goes through a registered symbol instead.
 */
const SENDER_ERROR_BRAND: unique symbol = Symbol.for("pulumi-sender.SenderError") as never;

/** The kinds of {@link SenderError}, one per subclass. */
export type SenderErrorKind = "http" | "network" | "timeout" | "config";

/**
 * Base of every error the Sender client throws for a failed request or a bad configuration.
 * A body that does not fit its schema is a {@link SenderResponseValidationError} instead, which
 * deliberately does not extend this class: that request succeeded.
 */
export abstract class SenderError extends Error {
  /** Which subclass this is; survives a structured copy, unlike the prototype. */
  abstract readonly kind: SenderErrorKind;

  /**
   * True when the failed request may nevertheless have taken effect on the service (a 5xx, a
   * reset socket, a timeout after the request was sent). A caller about to repeat a creating
   * call should first look for the object it meant to create.
   */
  readonly ambiguous: boolean;

  constructor(message: string, options?: { cause?: unknown; ambiguous?: boolean }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.ambiguous = options?.ambiguous ?? false;
    setBrand(this, SENDER_ERROR_BRAND);
  }

  /** Whether `value` is a {@link SenderError}, from this or any other copy of the package. */
  static is(value: unknown): value is SenderError {
    return hasBrand(value, SENDER_ERROR_BRAND);
  }

  /** A plain summary for logs; it holds nothing that was not already in the message. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, kind: this.kind, message: this.message, ambiguous: this.ambiguous };
  }
}
