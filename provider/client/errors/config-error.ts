import { SenderError } from "./sender-error";

/** The client was given an unusable option; `option` names it (never its secret value). */
export class SenderConfigError extends SenderError {
  override readonly kind = "config" as const;
  /** The name of the offending option, e.g. `baseUrl`. */
  readonly option: string;

  constructor(option: string, reason: string) {
    super(`Invalid Sender client option ${option}: ${reason}`);
    this.option = option;
  }

  /** Whether `value` is a {@link SenderConfigError}, from any copy of the package. */
  static override is(value: unknown): value is SenderConfigError {
    return SenderError.is(value) && value.kind === "config";
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), option: this.option };
  }
}
