/**
 * Validation errors: inbound (the expects contract) and outbound (the exposes contract).
 * `fieldErrors` carries each violation; `userFacing` says whether the failure is the caller's to
 * correct (its message may be shown) or a developer-facing bug (reported, never shown).
 */
import { AxnError } from "./axn-error.js";
import { brandErrorClass } from "./brand.js";
import { ErrorCodes } from "./codes.js";

export interface FieldError {
  /** The field path: `limit`, `customer.address.zip`, `items[2].qty`. */
  readonly field: string;
  /** A sentence naming the field: `limit: Expected number, received string`. */
  readonly message: string;
}

/** How much of a received string (a value, a key) a violation message quotes, in UTF-16 units. */
export const MAX_QUOTED_CHARS = 100;
/** The most a violation's text, or a field path, runs to — however it was worded. */
export const MAX_VIOLATION_CHARS = 500;

/** `text` cut to at most `max` UTF-16 units plus "…", never splitting a surrogate pair. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  // A high surrogate whose low half would be cut off: a lone surrogate has no UTF-8 form.
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * A violation's text, bounded whatever worded it (zod's messages, an author's refine or
 * `validate`): each verbatim occurrence of a long received string keeps only its first
 * MAX_QUOTED_CHARS, and the whole text is cut at MAX_VIOLATION_CHARS — so a message quoting the
 * value its own way (escaped, re-cased) is bounded too. The one home of this rule.
 */
export function boundViolationText(text: string, received?: unknown): string {
  // A text this short cannot contain a received string long enough to shorten.
  if (text.length <= MAX_QUOTED_CHARS) return text;
  let bounded = text;
  if (typeof received === "string" && received.length > MAX_QUOTED_CHARS && bounded.includes(received)) {
    bounded = bounded.split(received).join(truncateText(received, MAX_QUOTED_CHARS));
  }
  return truncateText(bounded, MAX_VIOLATION_CHARS);
}

/** A received key as a path segment or in a message: its first MAX_QUOTED_CHARS. */
export function boundKey(key: string): string {
  return truncateText(key, MAX_QUOTED_CHARS);
}

/** A whole field path, bounded (its segments are already bounded keys; the depth is not). */
export function boundPath(path: string): string {
  return truncateText(path, MAX_VIOLATION_CHARS);
}

/** A field error for the violation `text` at `path`, both bounded (`received`: the value there). */
export function fieldError(path: string, text: string, received?: unknown): FieldError {
  const field = boundPath(path);
  return { field, message: `${field}: ${boundViolationText(text, received)}` };
}

export class ValidationError extends AxnError {
  declare readonly code: typeof ErrorCodes.InboundInvalid | typeof ErrorCodes.OutboundInvalid;
  readonly fieldErrors: readonly FieldError[];
  /** True when the failure is the caller's to correct and its message may be shown to them. */
  readonly userFacing: boolean;
  /** True when an ambient-context field is among the violations. */
  readonly involvesAmbient: boolean;

  constructor(
    code: typeof ErrorCodes.InboundInvalid | typeof ErrorCodes.OutboundInvalid,
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
  declare readonly code: typeof ErrorCodes.InboundInvalid;
  constructor(
    fieldErrors: readonly FieldError[],
    options: { userFacing: boolean; involvesAmbient?: boolean; action: string },
  ) {
    super(ErrorCodes.InboundInvalid, fieldErrors, options);
  }
}

export class OutboundValidationError extends ValidationError {
  declare readonly code: typeof ErrorCodes.OutboundInvalid;
  constructor(fieldErrors: readonly FieldError[], options: { action: string }) {
    super(ErrorCodes.OutboundInvalid, fieldErrors, { userFacing: false, action: options.action });
  }
}
brandErrorClass(ValidationError, "ValidationError");
brandErrorClass(InboundValidationError, "InboundValidationError");
brandErrorClass(OutboundValidationError, "OutboundValidationError");
