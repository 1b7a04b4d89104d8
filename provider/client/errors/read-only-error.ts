import { preview, say } from "../../words";
import { hasBrand, setBrand } from "./brand";

const READ_ONLY_BRAND: unique symbol = Symbol.for("pulumi-sender.SenderReadOnlyError") as never;

/**
 * A request that would write, refused before it was sent by a read-only client: the client that
 * `check`, `diff` and `read` work with, so that a preview or a `refresh --preview-only` never
 * changes the service. It is a bug in the provider, never the user's doing; it does not extend
 * `SenderError`, since nothing was sent.
 */
export class SenderReadOnlyError extends Error {
  /** The refused request's method, e.g. `DELETE`. */
  readonly method: string;
  /** The refused request's path, e.g. `/v2/campaigns`. */
  readonly path: string;

  /**
   * @param method The refused method.
   * @param path The refused path (the token blanked).
   */
  constructor(method: string, path: string) {
    super(
      say`refused to send ${method} ${path}: check, diff and read (a ${preview}, a refresh) never write to Sender`,
    );
    this.name = "SenderReadOnlyError";
    this.method = method;
    this.path = path;
    setBrand(this, READ_ONLY_BRAND);
  }

  /** Whether `value` is a {@link SenderReadOnlyError}, from this or any other copy of the package. */
  static is(value: unknown): value is SenderReadOnlyError {
    return hasBrand(value, READ_ONLY_BRAND);
  }
}
