/**
 * The internal record every action carries under a symbol. Registry, reflection, invoker and
 * configuration read it; it is not public API (reached through `@axn/core/internal`).
 */
import { AXN_INTERNALS, type ActionHandle } from "./handle.js";
import type { CallPolicy } from "./call-policy.js";
import type { NormalizedField } from "./fields.js";
import type { AccessPolicy } from "./access.js";
import { resultSource, type Result } from "./result.js";
import type { AnyAxn, CallOptions } from "./types.js";

export { AXN_INTERNALS };

export interface NormalizedToolDeclaration {
  /** `tool: true`: every registered adapter. */
  readonly all: boolean;
  /** Keys granted by a list, a per-adapter bag or a `configure` bag. */
  readonly keys: ReadonlySet<string>;
  /** `except: [...]`. */
  readonly except: ReadonlySet<string>;
  /** `tool: false`. */
  readonly optOut: boolean;
  /** A shared tool-name override (`tool: { name }`). */
  readonly name: string | undefined;
  /** Per-adapter tool-name overrides (`tool: { mcp: { name } }`). */
  readonly adapterNames: Readonly<Record<string, string>>;
}

export interface ActionInternals {
  /** Definition order, process-wide; stable tie-breaker for sorting. */
  readonly id: number;
  readonly name: string;
  readonly expects: readonly NormalizedField[];
  readonly exposes: readonly NormalizedField[];
  readonly tool: NormalizedToolDeclaration;
  /** Per-adapter settings overrides: namespace → setting → value (from `configure` and `tool` bags). */
  readonly overrides: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  readonly toolVersion: number;
  /** Whether `toolVersion` was declared by this action itself. */
  readonly toolVersionDeclared: boolean;
  /** Leading name segments stripped by `toolName` (default: actions, tools, agent_tools). */
  readonly toolPrefixes: readonly string[];
  readonly semanticHints: readonly string[];
  /** The action this one `extends`. */
  readonly parent: AnyAxn | undefined;
  /** Built by `Factory.build`: never discovered by `Tools.for`. */
  readonly factory: boolean;
  readonly coerceInputTypes: boolean | undefined;
  /** The declared (or inherited) access policy; `undefined`: the app's default applies. */
  readonly access: AccessPolicy | undefined;
  /**
   * The files on the synchronous stack when the action was defined, innermost first: the defining
   * module is one of them (kernel/origins.ts says which); never set for a factory-built action.
   */
  readonly definitionFiles: readonly string[] | undefined;
  /** Runs one call; `policy` comes from the caller (the Invoker) and applies to this call only. */
  readonly execute: (
    args: unknown,
    options: CallOptions | undefined,
    policy: CallPolicy | undefined,
  ) => Promise<Result<Record<string, unknown>>>;
  /** `execute`, its `Result` not wrapped in a promise when the call settled synchronously (runtime/execute.ts `settle`). */
  readonly settle: (
    args: unknown,
    options: CallOptions | undefined,
    policy: CallPolicy | undefined,
  ) => Result<Record<string, unknown>> | Promise<Result<Record<string, unknown>>>;
  /**
   * The access gate and input checks of a call, without running it: `undefined` when it would
   * start, else the refusal `Result` it would settle (runtime/execute.ts `precheck`).
   */
  readonly precheck: (
    args: unknown,
    options: CallOptions | undefined,
    policy: CallPolicy | undefined,
  ) => Promise<Result<Record<string, unknown>> | undefined>;
  /** What `precheck` checks, under direct-call rules: the error the call would be refused with, or `undefined`. */
  readonly inputRefusal: (args: unknown, options: CallOptions | undefined) => Promise<unknown>;
}

/** Anything carrying an action handle: an action from `defineAxn` or `Factory.build`. */
export interface HasActionHandle {
  readonly [AXN_INTERNALS]: ActionHandle;
}

/** The internal record behind an action's opaque handle. */
export function internalsOf(action: HasActionHandle): ActionInternals {
  return action[AXN_INTERNALS] as unknown as ActionInternals;
}

/** The handle an action carries for `internals`. */
export function handleFor(internals: ActionInternals): ActionHandle {
  return internals as unknown as ActionHandle;
}

/** True for an action value (anything carrying a handle). */
export function isAction(value: unknown): value is AnyAxn {
  return typeof value === "object" && value !== null && AXN_INTERNALS in value;
}

/** The action a result came from (render and adapters resolve per-action settings with it). */
export function sourceActionOf(result: object): AnyAxn | undefined {
  return resultSource(result) as AnyAxn | undefined;
}
