/**
 * What a setting is: its declaration (default, allowed values, validation, overridability), the
 * check every write and every per-action value passes, and how a value shows in a message.
 */
import { inspect } from "node:util";
import { errorMessage } from "../errors/message.js";

/** What `validate` may return: `false` or a reason string rejects; anything else accepts. */
export type SettingCheckResult = boolean | string | undefined | null | void;

export interface SettingSpec<T, Ov extends boolean = boolean> {
  /**
   * The value when none was configured. A function is a thunk, re-evaluated on every read (so a
   * setting whose value is itself a function declares `default: () => handler`).
   */
  readonly default: T | (() => T);
  /** The only values accepted. */
  readonly oneOf?: readonly T[];
  /** An extra check on every write (app-wide or per action): return `false` or a reason to reject. */
  readonly validate?: (value: T) => SettingCheckResult;
  /** Whether an action may override it through its `configure` / `tool` bag for this namespace. */
  readonly overridable?: Ov;
  /** Shown by the CLI. */
  readonly description?: string;
}

/** A setting as the CLI and docs see it. */
export interface SettingInfo {
  readonly name: string;
  readonly overridable: boolean;
  readonly oneOf: readonly unknown[] | undefined;
  readonly description: string | undefined;
  /** The current package-level value (a function default evaluated now). */
  readonly value: unknown;
  /** True when no one configured it. */
  readonly isDefault: boolean;
}

/** A declared setting. */
export interface SettingRecord {
  readonly name: string;
  readonly spec: SettingSpec<unknown>;
  readonly overridable: boolean;
}

/** The per-adapter tool-name override; every namespace bag may carry it, and no setting may be called so. */
export const TOOL_NAME_KEY = "name";

/** The default's value now (a function default is evaluated on every read). */
export function defaultOf(record: SettingRecord): unknown {
  const fallback = record.spec.default;
  return typeof fallback === "function" ? (fallback as () => unknown)() : fallback;
}

/** Why `value` is not acceptable for the setting, or undefined. A throwing `validate` rejects with its message. */
export function problemWith(record: SettingRecord, value: unknown): string | undefined {
  const { oneOf, validate } = record.spec;
  if (oneOf !== undefined && !oneOf.some((allowed) => Object.is(allowed, value))) {
    return `expected one of ${oneOf.map(formatValue).join(", ")}`;
  }
  if (validate !== undefined) {
    let verdict: SettingCheckResult;
    try {
      verdict = validate(value);
    } catch (error) {
      return errorMessage(error);
    }
    if (typeof verdict === "string") return verdict;
    if (verdict === false) return "rejected by the setting's validate function";
  }
  return undefined;
}

export function formatValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  return inspect(value, { depth: 2, breakLength: Infinity });
}
