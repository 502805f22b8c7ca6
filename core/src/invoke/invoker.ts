/**
 * The Invoker: the sanctioned way to run an action as a tool, with model-supplied, untrusted
 * arguments. It always coerces wire strings, optionally settles inbound violations as user-facing
 * failures and rejects undeclared keys, and strips any ambient context smuggled in the arguments
 * before merging the adapter's trusted one. The gates apply to exactly one call: an action calling
 * another action inside sees ordinary direct-call semantics.
 *
 * @example
 * ```ts
 * const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
 * const result = await invoker.call(ListCompanies, modelArgs, { ambientContext: { userId } });
 * if (Invoker.inputInvalid(result)) console.log(result.exception.fieldErrors);
 * ```
 */
import { internalsOf } from "../action/internals.js";
import type { CallPolicy } from "../action/call-policy.js";
import type { AnyAxn, CallOptions } from "../action/types.js";
import type { Result } from "../action/result.js";
import { InboundValidationError, ValidationError, type FieldError } from "../errors/validation.js";
import { wireValueProblem } from "./wire-values.js";
import { accessRefusal, isPublic } from "../access/decide.js";
import { principalFrom } from "../access/principal.js";

/** The Invoker's access gate: the principal of the call's trusted ambient context against the action's policy. */
function accessGate(action: AnyAxn, ambient: unknown): Error | undefined {
  // A public action (the default) reads no principal: the common call pays one lookup.
  if (isPublic(action)) return undefined;
  return accessRefusal(action, principalFrom(ambient));
}

export interface InvokerOptions {
  /** Inbound violations settle as user-facing failures (not reported) instead of developer-facing bugs. */
  readonly userFacingInputErrors?: boolean;
  /**
   * A top-level key that is not a declared input is an inbound violation (`unknown input: <key>`);
   * user-facing only with `userFacingInputErrors`, otherwise developer-facing and reported.
   */
  readonly rejectUndeclaredInputs?: boolean;
}

/**
 * A tool call's options are a direct call's, field for field (the adapter's trusted ambient
 * context, the abort signal, span attributes), so the Invoker hands them to the action unchanged.
 */
export type InvokeOptions = CallOptions;

/** The options of a call given none: one shared object, not a fresh `{}` per call. */
const NO_OPTIONS: InvokeOptions = Object.freeze({});

/** An Invoker's policy, for `settledCall` (set by the class's static block, which alone reads `#policy`). */
let policyOf: (invoker: Invoker) => CallPolicy;

/**
 * `invoker.call`, its `Result` not wrapped in a promise when the call settled synchronously (most
 * do): for a transport handing the result on from its own per-call object (@axn/sdk/adapter's tool
 * pipeline), where resolving a promise with the `Result` looked its `then` up on every call.
 * Internal (`@axn/core/internal`): a public caller gets the promise.
 */
export function settledCall(
  invoker: Invoker,
  action: AnyAxn,
  args: unknown,
  options: InvokeOptions = NO_OPTIONS,
): Result<Record<string, unknown>> | Promise<Result<Record<string, unknown>>> {
  return internalsOf(action).settle(args, options, policyOf(invoker));
}

export class Invoker {
  /** The call policy the runtime applies to each call this Invoker makes (and not to calls nested in it). */
  readonly #policy: CallPolicy;

  static {
    policyOf = (invoker) => invoker.#policy;
  }

  constructor(options: InvokerOptions = {}) {
    this.#policy = Object.freeze({
      coerce: true,
      userFacingInputErrors: options.userFacingInputErrors === true,
      rejectUndeclaredInputs: options.rejectUndeclaredInputs === true,
      checkValue: wireValueProblem,
      access: accessGate,
    });
  }

  get options(): Required<InvokerOptions> {
    return {
      userFacingInputErrors: this.#policy.userFacingInputErrors,
      rejectUndeclaredInputs: this.#policy.rejectUndeclaredInputs,
    };
  }

  /**
   * Runs `action` with model-supplied `args`. Never throws or rejects: every input, however hostile,
   * settles as a `Result`. A model-supplied `ambientContext` / `ambient_context` key is never read
   * (no field may carry either name), so the guard needs no copy of the arguments.
   */
  call<A extends AnyAxn>(
    action: A,
    args: unknown,
    options: InvokeOptions = NO_OPTIONS,
  ): Promise<Result<Record<string, unknown>>> {
    // The options go through as they are: they are `CallOptions` field for field, and a copy built
    // with conditional spreads was most of the Invoker's own overhead (bench: row 2, Invoker).
    return internalsOf(action).execute(args, options, this.#policy);
  }

  /**
   * The checks `call` makes before the action's hooks and body — the access gate, then the inputs —
   * without running it: `undefined` when the call would start, else the refusal `Result` the call
   * would have settled (reported the same way). A transport asks it before enqueueing a caller's
   * call, so a job the worker's Invoker would refuse is never stored.
   */
  check<A extends AnyAxn>(
    action: A,
    args: unknown,
    options: InvokeOptions = NO_OPTIONS,
  ): Promise<Result<Record<string, unknown>> | undefined> {
    return internalsOf(action).precheck(args, options, this.#policy);
  }

  /**
   * True only when the result failed because the caller's arguments were wrong and the violation
   * was settled user-facing: the adapter may tell the model which argument to fix.
   */
  static inputInvalid(
    result: Result<Record<string, unknown>>,
  ): result is Result<Record<string, unknown>> & { exception: InboundValidationError } {
    return (
      !result.ok && result.exception instanceof InboundValidationError && ValidationError.isUserFacing(result.exception)
    );
  }

  /** The per-field violations behind an input-invalid result (empty otherwise). */
  static fieldErrors(result: Result<Record<string, unknown>>): readonly FieldError[] {
    return result.exception instanceof ValidationError ? result.exception.fieldErrors : [];
  }
}
