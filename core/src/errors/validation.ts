/**
 * Validation errors: inbound (the expects contract) and outbound (the exposes contract).
 * `fieldErrors` carries each violation; `userFacing` says whether the failure is the caller's to
 * correct (its message may be shown) or a developer-facing bug (reported, never shown).
 */
import { AxnError } from "./axn-error.js";
import { ErrorCodes } from "./codes.js";

export interface FieldError {
  /** The field path: `limit`, `customer.address.zip`, `items[2].qty`. */
  readonly field: string;
  /** A sentence naming the field: `limit: Expected number, received string`. */
  readonly message: string;
}

export class ValidationError extends AxnError {
  readonly fieldErrors: readonly FieldError[];
  /** True when the failure is the caller's to correct and its message may be shown to them. */
  readonly userFacing: boolean;
  /** True when an ambient-context field is among the violations. */
  readonly involvesAmbient: boolean;

  constructor(
    code: string,
    fieldErrors: readonly FieldError[],
    options: { userFacing: boolean; involvesAmbient?: boolean; action: string },
  ) {
    super(code, fieldErrors.map((e) => e.message).join("; "));
    this.fieldErrors = fieldErrors;
    this.userFacing = options.userFacing;
    this.involvesAmbient = options.involvesAmbient ?? false;
  }

  /** True for a validation error that was settled as a user-facing caller error. */
  static isUserFacing(error: unknown): boolean {
    return error instanceof ValidationError && error.userFacing;
  }
}

export class InboundValidationError extends ValidationError {
  constructor(fieldErrors: readonly FieldError[], options: { userFacing: boolean; involvesAmbient?: boolean; action: string }) {
    super(ErrorCodes.InboundInvalid, fieldErrors, options);
  }
}

export class OutboundValidationError extends ValidationError {
  constructor(fieldErrors: readonly FieldError[], options: { action: string }) {
    super(ErrorCodes.OutboundInvalid, fieldErrors, { userFacing: false, action: options.action });
  }
}
