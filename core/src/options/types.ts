/**
 * The types of @axn/core's own process-wide options (`configureAxn`): a module of declarations
 * only, so the kernel state that stores the options and `options/global.ts` that reads and
 * validates them can both name them.
 */
import type { AccessPolicy } from "../action/access.js";

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
  /** Access defaults: the policy of an action that declares no `access` (default `"public"`). */
  readonly access: AxnAccessOptions;
}

export interface AxnAccessOptions {
  /** The policy of every action that declares none. */
  readonly default: AccessPolicy;
}

export type AxnGlobalOptions = Partial<AxnGlobalConfig>;
