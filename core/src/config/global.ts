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

export type AxnEnv = "development" | "test" | "production";

/** The logger shape axn writes to; `console` fits it. */
export interface AxnLogger {
  debug(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

/** Where an exception happened: the action (or adapter/plugin) and the phase it was in. */
export interface ExceptionInfo {
  readonly action: string;
  readonly phase: string;
}

export type ExceptionHandler = (error: unknown, info: ExceptionInfo) => void;

export interface AxnGlobalConfig {
  /** Called once per unexpected exception (body, callbacks, observers, adapter mapping). */
  readonly onException: ExceptionHandler;
  /** Defaults from `NODE_ENV`; `"development"` when unset. */
  readonly env: AxnEnv;
  readonly logger: AxnLogger;
  /** Coerce wire strings on direct calls (the Invoker always coerces). Default `false`. */
  readonly coerceInputTypes: boolean;
}

export type AxnGlobalOptions = Partial<AxnGlobalConfig>;

const ENVS: readonly AxnEnv[] = ["development", "test", "production"];

const consoleLogger: AxnLogger = {
  debug: (message, ...details) => console.debug(message, ...details),
  info: (message, ...details) => console.info(message, ...details),
  warn: (message, ...details) => console.warn(message, ...details),
  error: (message, ...details) => console.error(message, ...details),
};

function defaultOnException(error: unknown, info: ExceptionInfo): void {
  axnConfig().logger.error(`[axn] ${info.action} raised in ${info.phase}: ${describe(error)}`, error);
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

/**
 * Process-wide state lives on `globalThis` under a `Symbol.for` key, so duplicate copies of
 * @axn/core in one process (a plugin's nested install, a test runner loading both the CJS and ESM
 * builds) share one registry instead of silently splitting it — the same reasoning as the error brand.
 */
const STATE_KEY = Symbol.for("axn.v1.globalConfig");
const state = ((globalThis as { [STATE_KEY]?: { explicit: AxnGlobalOptions } })[STATE_KEY] ??= { explicit: {} });

/** Sets any of the global options; omitted ones keep their current value. */
export function configureAxn(options: AxnGlobalOptions): void {
  const next: { -readonly [K in keyof AxnGlobalConfig]?: AxnGlobalConfig[K] } = { ...state.explicit };
  for (const [key, value] of Object.entries(options) as [keyof AxnGlobalConfig, unknown][]) {
    if (value === undefined) continue;
    check(key, value);
    (next as Record<string, unknown>)[key] = value;
  }
  state.explicit = next;
}

/** The global coercion default alone: read on every call, so it skips building the whole config. */
export function globalCoerceInputTypes(): boolean {
  return state.explicit.coerceInputTypes ?? false;
}

/** The effective global configuration (explicit values over defaults). */
export function axnConfig(): AxnGlobalConfig {
  return {
    onException: state.explicit.onException ?? defaultOnException,
    env: state.explicit.env ?? envFromProcess(),
    logger: state.explicit.logger ?? consoleLogger,
    coerceInputTypes: state.explicit.coerceInputTypes ?? false,
  };
}

/** Back to defaults (tests). */
export function resetAxnConfig(): void {
  state.explicit = {};
}

/**
 * Sends `error` to the configured `onException`. Never throws: reporting sits on paths that must
 * not fail (a result is already settled), so a throwing handler is itself logged instead.
 */
export function reportException(error: unknown, info: ExceptionInfo): void {
  // One fault, one page: an error rethrown through several layers (an adapter's guard, then its
  // transport's error handler) is reported by the first of them only.
  if (typeof error === "object" && error !== null) {
    if (reportedErrors.has(error)) return;
    reportedErrors.add(error);
  }
  const config = axnConfig();
  try {
    config.onException(error, info);
  } catch (handlerError) {
    try {
      config.logger.error(
        `[axn] onException handler threw while reporting ${info.action} (${info.phase}): ${describe(handlerError)}`,
        handlerError,
      );
    } catch {
      // A logger that throws leaves nowhere to report to; swallowing is the only option left.
    }
  }
}

const reportedErrors = new WeakSet<object>();

/** True in development, where adapters rethrow their own bugs instead of masking them. */
export function raisesInDev(): boolean {
  return axnConfig().env === "development";
}

const OPTION_NAMES: readonly string[] = ["coerceInputTypes", "env", "logger", "onException"];

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
    default:
      return undefined;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
