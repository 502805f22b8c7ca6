/**
 * Node 20's promise hooks, on and off. The first `AsyncLocalStorage.run` in a process switches on
 * a promise hook that then runs for every promise in the process until every storage is disabled.
 * A process serving a bare SDK server never switches it on, nor does a plain axn-plugin-mcp call
 * (test/plugins/mcp/promise-hook.spec.ts); anything entering a storage does. Measured in one process, both
 * sides of a pair would run with it on, hiding that cost — so a scenario can switch it off before
 * its baseline runs, and the candidate's own first call switches it back on, as it would in the
 * candidate's process.
 *
 * Storages are tracked through `AsyncLocalStorage.prototype._enable` (Node 20's internal, called by
 * every `run`/`enterWith`); where it does not exist (Node ≥ 24's AsyncContextFrame storage has no
 * promise hook) there is nothing to switch. `promiseHooksOn` asks the runtime itself, so a hook this
 * module cannot switch off (an untracked storage, a tracing context manager) is reported, not missed.
 */
import { AsyncLocalStorage, executionAsyncId } from "node:async_hooks";

type Enable = (this: AsyncLocalStorage<unknown>) => void;

const storages = new Set<AsyncLocalStorage<unknown>>();
const proto = AsyncLocalStorage.prototype as unknown as { _enable?: Enable };
const original = proto._enable;
if (typeof original === "function" && !(original as { tracked?: boolean }).tracked) {
  const tracked: Enable = function (this: AsyncLocalStorage<unknown>) {
    storages.add(this);
    original.call(this);
  };
  (tracked as { tracked?: boolean }).tracked = true;
  proto._enable = tracked;
}

/** True when a promise hook runs in this process: a promise reaction then gets an async id of its own. */
export async function promiseHooksOn(): Promise<boolean> {
  return (await Promise.resolve().then(() => executionAsyncId())) !== 0;
}

/**
 * Disables every storage enabled since this module loaded; true when no promise hook runs
 * afterwards. Safe only between operations: a disabled storage forgets its store until its next `run`.
 */
export async function switchOffPromiseHooks(): Promise<boolean> {
  for (const storage of storages) storage.disable();
  return !(await promiseHooksOn());
}
