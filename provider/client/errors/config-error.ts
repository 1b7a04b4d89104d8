import { SenderError } from "./sender-error";

/**
 * A configuration failure: a client option or a `sender:*` stack setting is missing or unusable.
 * `option` names it (never its secret value); the message is one line that says how to fix it.
 */
export class SenderConfigError extends SenderError {
  override readonly kind = "config" as const;
  /** The name of the offending option, e.g. `baseUrl` or `sender:apiToken`. */
  readonly option: string;
  /** What is wrong with it, e.g. `must use https`. */
  readonly reason: string;

  /**
   * @param option The offending option.
   * @param reason What is wrong with it.
   * @param message The whole message, when the default `Invalid Sender client option <option>: <reason>` does not fit.
   */
  constructor(option: string, reason: string, message?: string) {
    super(message ?? `Invalid Sender client option ${option}: ${reason}`);
    this.option = option;
    this.reason = reason;
  }

  /** Whether `value` is a {@link SenderConfigError}, from any copy of the package. */
  static override is(value: unknown): value is SenderConfigError {
    return SenderError.is(value) && value.kind === "config";
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), option: this.option };
  }
}
