/**
 * The axn error brand. "Is this an axn error?" is answered by a `Symbol.for`-keyed marker on the
 * error's prototype chain rather than by a base class, so it holds across duplicate copies of the
 * package and lets a plugin's error keep whatever superclass its ecosystem needs.
 *
 * `instanceof` holds across copies too: each error class core defines carries a brand of its own
 * (`brandErrorClass`), and its `Symbol.hasInstance` asks for that brand instead of walking the
 * prototype chain — so `error instanceof InboundValidationError` is true for an error built by a
 * second copy of @axn/core, and false for every other class.
 */
import type { AxnErrorCode } from "./codes.js";

const BRAND: unique symbol = Symbol.for("axn.error") as never;
/** Where a branded class keeps its own brand (a static, so subclasses do not inherit it as theirs). */
const CLASS_BRAND: unique symbol = Symbol.for("axn.error.classBrand") as never;

/** Anything carrying the brand: every error @axn/core defines, and any class a plugin marks. */
export interface BrandedError extends Error {
  readonly code: AxnErrorCode;
}

/** True for every error this library (or a plugin that opted in through {@link markAxnError}) defines. */
export function isAxnError(value: unknown): value is BrandedError {
  return hasBrand(value, BRAND);
}

/**
 * True when some object on `value`'s prototype chain holds `brand` as its own `true`. Read this way
 * (not as `value[brand]`) because the tag is inherited and cannot be taken back: a subclass that
 * shadows it on its own prototype (`Object.defineProperty(Sub.prototype, brand, { value: false })`)
 * or an instance that does is still branded — a public error family never grows an untagged member.
 */
function hasBrand(value: unknown, brand: symbol): boolean {
  if (typeof value !== "object" || value === null) return false;
  // A Proxy's getPrototypeOf trap may throw: such a value is not one of ours.
  try {
    for (let at: object | null = value; at !== null; at = Object.getPrototypeOf(at) as object | null) {
      const own = Object.getOwnPropertyDescriptor(at, brand);
      if (own !== undefined && own.value === true) return true;
    }
  } catch {
    return false;
  }
  return false;
}

/** Defines `brand` on `prototype` for good: neither writable nor configurable, so it cannot be removed or flipped. */
function defineBrand(prototype: object, brand: symbol): void {
  Object.defineProperty(prototype, brand, { value: true, enumerable: false, writable: false, configurable: false });
}

/**
 * Opts an error class (and, through the prototype chain, all its subclasses) into the brand.
 * Including the brand is a promise: the class becomes public, documented and catchable as an
 * axn error. `Failure` deliberately stays outside it.
 */
export function markAxnError<C extends abstract new (...args: never[]) => Error>(errorClass: C): C {
  if (!hasBrand(errorClass.prototype, BRAND)) defineBrand(errorClass.prototype, BRAND);
  return errorClass;
}

type BrandedClass = { readonly [CLASS_BRAND]?: symbol };

/**
 * Gives `errorClass` a brand of its own (`Symbol.for("axn.error.class:<name>")`, `name` stable
 * whatever a bundler renames the class to) and makes `instanceof errorClass` answer by it. A
 * subclass without a brand of its own (a plugin's `class WebhookError extends AxnError`) keeps
 * ordinary `instanceof`.
 */
export function brandErrorClass<C extends abstract new (...args: never[]) => Error>(errorClass: C, name: string): C {
  const brand = Symbol.for(`axn.error.class:${name}`);
  defineBrand(errorClass.prototype, brand);
  Object.defineProperty(errorClass, CLASS_BRAND, { value: brand, enumerable: false });
  Object.defineProperty(errorClass, Symbol.hasInstance, { value: hasBrandOf, enumerable: false, configurable: true });
  return errorClass;
}

const nativeInstanceOf = Function.prototype[Symbol.hasInstance];

function hasBrandOf(this: abstract new (...args: never[]) => unknown, value: unknown): boolean {
  const brand = Object.hasOwn(this, CLASS_BRAND) ? (this as BrandedClass)[CLASS_BRAND] : undefined;
  if (brand === undefined) return nativeInstanceOf.call(this, value);
  return hasBrand(value, brand);
}
