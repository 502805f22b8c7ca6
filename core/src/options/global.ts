/**
 * Process-wide settings of @axn/core itself (the seed's `Axn.config`): where exceptions are
 * reported, which environment the app runs in, the logger, and whether direct calls coerce wire
 * strings. Adapters read `reportException` / `raisesInDev` from here so every package reports
 * through the one handler the app configured.
 *
 * @example
 * ```ts
 * import { configureAxn } from "@axn/core";
 * configureAxn({ onException: (error, { action, phase }) => sentry.capture(error, { action, phase }) });
 * ```
 */
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { errorMessage } from "../errors/message.js";
import { kernel } from "../kernel/state.js";
import { accessPolicyProblem, freezeAccessPolicy } from "../action/access.js";
import type { AxnAccessOptions, AxnEnv, AxnGlobalConfig, AxnGlobalOptions, AxnLogger, ExceptionInfo } from "./types.js";

export type {
  AxnAccessOptions,
  AxnEnv,
  AxnGlobalConfig,
  AxnGlobalOptions,
  AxnLogger,
  ExceptionHandler,
  ExceptionInfo,
} from "./types.js";

const ENVS: readonly AxnEnv[] = ["development", "test", "production"];

const consoleLogger: AxnLogger = {
  debug: (message, ...details) => console.debug(message, ...details),
  info: (message, ...details) => console.info(message, ...details),
  warn: (message, ...details) => console.warn(message, ...details),
  error: (message, ...details) => console.error(message, ...details),
};

function defaultOnException(error: unknown, info: ExceptionInfo): void {
  axnConfig().logger.error(`[axn] ${info.action} raised in ${info.phase}: ${errorMessage(error)}`, error);
}

/**
 * NODE_ENV is read on every access (not captured at import) so a test runner that sets it late
 * still counts. An unrecognised value ("staging") is treated as production: the safe side, since
 * development is the mode that rethrows adapter bugs.
 */
function envFromProcess(): AxnEnv {
  const raw = process.env["NODE_ENV"];
  if (raw === undefined || raw === "") return "development";
  return (ENVS as readonly string[]).includes(raw) ? (raw as AxnEnv) : "production";
}

/** Sets any of the global options; omitted ones keep their current value. */
export function configureAxn(options: AxnGlobalOptions): void {
  const next: { -readonly [K in keyof AxnGlobalConfig]?: AxnGlobalConfig[K] } = { ...kernel.options };
  for (const [key, value] of Object.entries(options) as [keyof AxnGlobalConfig, unknown][]) {
    if (value === undefined) continue;
    check(key, value);
    (next as Record<string, unknown>)[key] =
      key === "access" ? Object.freeze({ default: freezeAccessPolicy((value as AxnAccessOptions).default) }) : value;
  }
  kernel.options = next;
}

/** The global coercion default alone: read on every call, so it skips building the whole config. */
export function globalCoerceInputTypes(): boolean {
  return kernel.options.coerceInputTypes ?? false;
}

/** The effective global configuration (explicit values over defaults). */
export function axnConfig(): AxnGlobalConfig {
  const explicit = kernel.options;
  return {
    onException: explicit.onException ?? defaultOnException,
    env: explicit.env ?? envFromProcess(),
    logger: explicit.logger ?? consoleLogger,
    coerceInputTypes: explicit.coerceInputTypes ?? false,
    access: explicit.access ?? DEFAULT_ACCESS,
  };
}

/** Back to the defaults (`resetKernel` does this too). */
export function resetAxnConfig(): void {
  kernel.options = {};
}

/**
 * Sends `error` to the configured `onException`. Never throws: reporting sits on paths that must
 * not fail (a result is already settled), so a throwing handler is itself logged instead.
 */
export function reportException(error: unknown, info: ExceptionInfo): void {
  // One fault, one page: an error rethrown through several layers (an adapter's guard, then its
  // transport's error handler) is reported by the first of them only.
  if (typeof error === "object" && error !== null) {
    if (kernel.reported.has(error)) return;
    kernel.reported.add(error);
  }
  const config = axnConfig();
  try {
    config.onException(error, info);
  } catch (handlerError) {
    try {
      config.logger.error(
        `[axn] onException handler threw while reporting ${info.action} (${info.phase}): ${errorMessage(handlerError)}`,
        handlerError,
      );
    } catch {
      // A logger that throws leaves nowhere to report to; swallowing is the only option left.
    }
  }
}

/** True in development, where adapters rethrow their own bugs instead of masking them. */
export function raisesInDev(): boolean {
  return axnConfig().env === "development";
}

const OPTION_NAMES: readonly string[] = ["access", "coerceInputTypes", "env", "logger", "onException"];

/** Every action is public unless it, or the app, says otherwise: existing apps keep working. */
const DEFAULT_ACCESS: AxnAccessOptions = Object.freeze({ default: "public" });

function check(key: keyof AxnGlobalConfig, value: unknown): void {
  if (!OPTION_NAMES.includes(key)) {
    throw new AxnError(
      ErrorCodes.UnknownSetting,
      `Unknown configureAxn option ${key}; known options: ${OPTION_NAMES.join(", ")}`,
    );
  }
  const problem = problemWith(key, value);
  if (problem !== undefined) {
    throw new AxnError(ErrorCodes.InvalidSetting, `Invalid configureAxn option ${key}: ${problem}`);
  }
}

function problemWith(key: string, value: unknown): string | undefined {
  switch (key) {
    case "onException":
      return typeof value === "function" ? undefined : "expected a function (error, { action, phase }) => void";
    case "env":
      return (ENVS as readonly unknown[]).includes(value)
        ? undefined
        : `expected one of ${ENVS.map((e) => JSON.stringify(e)).join(", ")}, got ${JSON.stringify(value)}`;
    case "logger": {
      const logger = value as Partial<Record<keyof AxnLogger, unknown>> | null;
      const ok =
        typeof logger === "object" &&
        logger !== null &&
        (["debug", "info", "warn", "error"] as const).every((m) => typeof logger[m] === "function");
      return ok ? undefined : "expected an object with debug, info, warn and error functions";
    }
    case "coerceInputTypes":
      return typeof value === "boolean" ? undefined : "expected a boolean";
    case "access": {
      if (typeof value !== "object" || value === null) return "expected { default: policy }";
      const extra = Object.keys(value).find((k) => k !== "default");
      if (extra !== undefined) return `unknown key "${extra}" (access takes { default })`;
      const problem = accessPolicyProblem((value as { default?: unknown }).default);
      return problem === undefined ? undefined : `default: ${problem}`;
    }
    default:
      return undefined;
  }
}
