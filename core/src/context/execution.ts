/**
 * Per-execution state, kept in `AsyncLocalStorage` (never module-level mutables): which action is
 * running, its ambient context, its span. Everything that must be visible "from inside the action
 * currently running, even across await" reads it from here, and two concurrent calls never share it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Span } from "@opentelemetry/api";

export interface ExecutionState {
  /** The running action's name. */
  readonly action: string;
  /** The ambient context the action resolved from (what nested calls inherit). */
  readonly ambient: ReadonlyMap<string, unknown> | undefined;
  /** The action's `axn.call` span. */
  readonly span: Span | undefined;
  /** The enclosing execution, for nested calls. */
  readonly parent: ExecutionState | undefined;
}

const storage = new AsyncLocalStorage<ExecutionState>();

export function currentExecution(): ExecutionState | undefined {
  return storage.getStore();
}

export function runInExecution<T>(state: ExecutionState, fn: () => T): T {
  return storage.run(state, fn);
}

/** Ambient context set outside any action (a request handler, `Current.run`). */
const ambientStorage = new AsyncLocalStorage<ReadonlyMap<string, unknown>>();

export function outerAmbient(): ReadonlyMap<string, unknown> | undefined {
  return storage.getStore()?.ambient ?? ambientStorage.getStore();
}

export function runWithAmbient<T>(ambient: ReadonlyMap<string, unknown>, fn: () => T): T {
  // Code running inside an action that opens a new ambient scope must not keep seeing the
  // action's own scope, so leave the execution store too.
  return storage.exit(() => ambientStorage.run(ambient, fn));
}
