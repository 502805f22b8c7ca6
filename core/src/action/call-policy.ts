/**
 * A call policy: what the caller of one call decides beside its arguments. The runtime applies
 * it to that call only (a call nested inside it is a direct call again) and holds no policy of
 * its own: the Invoker hands in its policy — always-on coercion, its two knobs, and the wire-value
 * check — so the runtime never imports the Invoker. A direct call has none (`undefined`).
 *
 * @example
 * ```ts
 * const policy: CallPolicy = { coerce: true, userFacingInputErrors: true, rejectUndeclaredInputs: true, checkValue: wireValueProblem };
 * internalsOf(A).execute(args, options, policy);
 * ```
 */
import type { FieldError } from "../errors/validation.js";
import type { AnyAxn } from "./types.js";

export interface CallPolicy {
  /** Coerce wire strings on every field (whatever the field, action and global settings say). */
  readonly coerce: boolean;
  /** Inbound violations settle as user-facing failures instead of reported, developer-facing bugs. */
  readonly userFacingInputErrors: boolean;
  /** A top-level key that is not a declared input is a violation (`unknown input: <key>`). */
  readonly rejectUndeclaredInputs: boolean;
  /**
   * Checks a top-level argument that passed its schema for what the caller's transport cannot have
   * meant; returns the violation to refuse it with (its `field` rooted at `field`), or `undefined`.
   */
  readonly checkValue?: (value: unknown, field: string) => FieldError | undefined;
  /**
   * Decides, from the call's trusted ambient context, whether its caller may run `action` at all;
   * returns the error to refuse it with (settled as a failure before any input is read or the body
   * runs), or `undefined`.
   */
  readonly access?: (action: AnyAxn, ambient: unknown) => Error | undefined;
}
