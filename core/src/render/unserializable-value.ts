/**
 * `UnserializableValue`: what `render` throws when an exposed value has no honest JSON
 * representation. It names *where* the value is (`records[3].price`) and *why* it was refused, and
 * never the value itself — exposed values may be secrets, and this message ends up in logs.
 *
 * @example
 * ```ts
 * try {
 *   render(result);
 * } catch (e) {
 *   if (e instanceof UnserializableValue) log(e.path, e.reason); // "records[3].price", "non-finite number (NaN)"
 * }
 * ```
 */
import { AxnError } from "../errors/axn-error.js";
import { brandErrorClass } from "../errors/brand.js";
import { ErrorCodes } from "../errors/codes.js";

export class UnserializableValue extends AxnError {
  declare readonly code: typeof ErrorCodes.Unserializable;
  /** Where the value sits, rooted at the exposed field name: `records[3].price`, `meta["odd key"]`. */
  readonly path: string;
  /** Why it has no JSON rendering, e.g. `non-finite number (NaN)`. Never contains the value. */
  readonly reason: string;

  constructor(path: string, reason: string, options?: { cause?: unknown }) {
    super(ErrorCodes.Unserializable, `Cannot render ${path}: ${reason}`, options);
    this.path = path;
    this.reason = reason;
  }

  override toJSON(): {
    name: string;
    code: typeof ErrorCodes.Unserializable;
    message: string;
    path: string;
    reason: string;
  } {
    return { ...super.toJSON(), code: this.code, path: this.path, reason: this.reason };
  }
}
brandErrorClass(UnserializableValue, "UnserializableValue");
