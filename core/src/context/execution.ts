/**
 * Per-execution state, kept in `AsyncLocalStorage` (never module-level mutables): which action is
 * running, its ambient context, its span. Everything that must be visible "from inside the action
 * currently running, even across await" reads it from here, and two concurrent calls never share it.
 */
import type { AsyncLocalStorage } from "node:async_hooks";
import type { Span } from "@opentelemetry/api";
import { kernel } from "../kernel/state.js";

export interface ExecutionState {
  /** The running action's name. */
  readonly action: string;
  /** The ambient-context source the action resolved from (what nested calls inherit), read key by key. */
  readonly ambient: unknown;
  /**
   * The ambient keys code running here may see through `Current.get()`: the running action's
   * declared ambient fields. `undefined` in a `Current.run` scope, whose table is the caller's own.
   */
  readonly visible: readonly string[] | undefined;
  /** The action's `axn.call` span. */
  readonly span: Span | undefined;
  /** The enclosing execution, for nested calls. */
  readonly parent: ExecutionState | undefined;
}

// The kernel's storages, shared by every copy of @axn/core in the process; this module owns what they hold.
const storage = kernel.execution.actions as AsyncLocalStorage<ExecutionState>;

export function currentExecution(): ExecutionState | undefined {
  return storage.getStore();
}

export function runInExecution<T>(state: ExecutionState, fn: () => T): T {
  return storage.run(state, fn);
}

/** Ambient context set outside any action (a request handler, `Current.run`). */
const ambientStorage = kernel.execution.ambient;

/** The ambient-context source visible here: the running action's, else the enclosing `Current.run`'s. */
export function outerAmbient(): unknown {
  return ambientOf(storage.getStore());
}

/** `outerAmbient()` for a caller that has already read `currentExecution()`. */
export function ambientOf(current: ExecutionState | undefined): unknown {
  return current !== undefined ? current.ambient : ambientStorage.getStore();
}

export function runWithAmbient<T>(ambient: unknown, fn: () => T): T {
  const current = storage.getStore();
  // Inside an action, a new ambient scope replaces only the ambient context: the running action
  // (and its span, the parent of anything called inside) stays what it was.
  if (current !== undefined) return storage.run({ ...current, ambient, visible: undefined }, fn);
  return ambientStorage.run(ambient, fn);
}
