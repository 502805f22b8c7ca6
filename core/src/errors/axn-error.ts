/**
 * The base class for errors @axn/core itself throws: a stable `code`, an optional `cause`, and the
 * axn brand. Plugins may extend it, or keep their own superclass and call `markAxnError`.
 * `instanceof AxnError` holds for an error built by any copy of @axn/core in the process.
 */
import { brandErrorClass, markAxnError } from "./brand.js";
import type { AxnErrorCode } from "./codes.js";

export class AxnError extends Error {
  readonly code: AxnErrorCode;

  constructor(code: AxnErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }

  toJSON(): { name: string; code: AxnErrorCode; message: string } {
    return { name: this.name, code: this.code, message: this.message };
  }
}
markAxnError(AxnError);
brandErrorClass(AxnError, "AxnError");
