/**
 * A deprecator per package (the `ActiveSupport::Deprecation` port): a package warns through its
 * own instance, and an app governs each one — silence it in tests, make it throw in CI.
 *
 * @example
 * ```ts
 * export const deprecator = createDeprecator("axn-plugin-mcp", "1.0");
 * deprecator.warn("`foo` is deprecated; use `bar`");
 * // app: deprecator.behavior = "raise";
 * ```
 */
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { brandErrorClass } from "../errors/brand.js";
import { kernel } from "../kernel/state.js";

export type DeprecationBehavior = "warn" | "silence" | "raise";

export class DeprecationError extends AxnError {
  declare readonly code: typeof ErrorCodes.Deprecated;
  constructor(message: string) {
    super(ErrorCodes.Deprecated, message);
  }
}
brandErrorClass(DeprecationError, "DeprecationError");

export interface Deprecator {
  readonly gem: string;
  readonly horizon: string;
  behavior: DeprecationBehavior;
  /**
   * Warns once per distinct message (or throws / stays silent, per `behavior`). Bound to its
   * deprecator: `const { warn } = deprecator` and `messages.forEach(deprecator.warn)` work.
   */
  readonly warn: (message: string) => void;
}

// Kernel state, so a package whose deprecator came from a second copy of @axn/core is listed too.
const registry = kernel.deprecators as Map<string, Deprecator>;

export function createDeprecator(
  gem: string,
  horizon: string,
  sink: (line: string) => void = (line) => process.emitWarning(line, "DeprecationWarning"),
): Deprecator {
  const seen = new Set<string>();
  // `warn` closes over the object rather than reading `this`, so it works detached; it reads
  // `behavior` at each call, so an app changing it later still governs a destructured `warn`.
  const deprecator: Deprecator = {
    gem,
    horizon,
    behavior: "warn",
    warn: (message: string) => {
      const line = `${message} (deprecated; will be removed in ${gem} ${horizon})`;
      if (deprecator.behavior === "silence") return;
      if (deprecator.behavior === "raise") throw new DeprecationError(line);
      if (seen.has(message)) return;
      seen.add(message);
      sink(line);
    },
  };
  registry.set(gem, deprecator);
  return deprecator;
}

/** Every package's deprecator, by package name, so an app can govern them in one place. */
export function deprecators(): ReadonlyMap<string, Deprecator> {
  return registry;
}

/** @axn/core's own deprecator (a second copy of @axn/core joining the kernel shares the first's). */
export const deprecator: Deprecator = registry.get("@axn/core") ?? createDeprecator("@axn/core", "1.0");
