/**
 * The axn error brand. "Is this an axn error?" is answered by a `Symbol.for`-keyed marker on the
 * error's prototype chain rather than by a base class, so it holds across duplicate copies of the
 * package and lets a plugin's error keep whatever superclass its ecosystem needs.
 */
const BRAND: unique symbol = Symbol.for("axn.error") as never;

/** Anything carrying the brand: every error @axn/core defines, and any class a plugin marks. */
export interface BrandedError extends Error {
  readonly code: string;
}

/** True for every error this library (or a plugin that opted in through {@link markAxnError}) defines. */
export function isAxnError(value: unknown): value is BrandedError {
  return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
}

/**
 * Opts an error class (and, through the prototype chain, all its subclasses) into the brand.
 * Including the brand is a promise: the class becomes public, documented and catchable as an
 * axn error. `Failure` deliberately stays outside it.
 */
export function markAxnError<C extends abstract new (...args: never[]) => Error>(errorClass: C): C {
  Object.defineProperty(errorClass.prototype, BRAND, { value: true, enumerable: false });
  return errorClass;
}
