/**
 * The base class for errors @axn/core itself throws: a stable `code`, an optional `cause`, and the
 * axn brand. Plugins may extend it, or keep their own superclass and call `markAxnError`.
 */
import { markAxnError } from "./brand.js";

export class AxnError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }

  toJSON(): { name: string; code: string; message: string } {
    return { name: this.name, code: this.code, message: this.message };
  }
}
markAxnError(AxnError);
