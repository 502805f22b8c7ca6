/**
 * `Failure`: the control-flow signal `callOrThrow` raises for a deliberate failure. Its `message`
 * is the user-facing `result.error`. It deliberately does not carry the axn error brand: catching
 * "axn objected" and "the action chose to fail" are different things.
 */
import { brandErrorClass } from "./brand.js";
import { ErrorCodes } from "./codes.js";

export class Failure extends Error {
  /** Stable code, like every error the library raises. */
  readonly code = ErrorCodes.Failure;
  /** The action that failed, by name. */
  readonly action: string;

  constructor(message: string, options: { action: string; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "Failure";
    this.action = options.action;
  }
}
// Outside the axn brand, but `instanceof Failure` still holds across copies of @axn/core.
brandErrorClass(Failure, "Failure");
