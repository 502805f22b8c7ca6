/**
 * The message of whatever was thrown, for composing a message of our own: an `Error`'s `message`,
 * anything else (a string, a number, a plain object) as `String()` gives it. The one home of this
 * rule; `@axn/sdk` and the plugins reach it through `@axn/core/internal`.
 *
 * @example
 * ```ts
 * errorMessage(new Error("disk full")); // "disk full"
 * errorMessage("nope");                 // "nope"
 * ```
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
