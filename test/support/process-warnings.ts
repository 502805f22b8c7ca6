/**
 * Captures the process warnings (`process.emitWarning`: DeprecationWarning and the rest) emitted
 * while `body` runs, instead of letting Node print them to stderr. A spec that exercises a warning
 * on purpose pins it through this and keeps the run quiet (test/support/quiet-run.mjs fails a run
 * on any line that is not the reporter's).
 *
 * Node prints a warning from a `"warning"` listener of its own; setting `process.noDeprecation`
 * would not help, since it drops the warning before any listener sees it. So the listeners present
 * before the capture (Node's printer among them) are taken off for its duration and put back after.
 * `emitWarning` delivers on a later tick, so the capture waits one macrotask after `body` before
 * putting the printer back: a warning `body` emitted has arrived by then.
 */
export async function capturingProcessWarnings<T>(body: (warnings: readonly Error[]) => T | Promise<T>): Promise<T> {
  const warnings: Error[] = [];
  const listen = (warning: Error): void => void warnings.push(warning);
  const installed = process.listeners("warning");
  for (const listener of installed) process.off("warning", listener);
  process.on("warning", listen);
  try {
    const value = await body(warnings);
    await new Promise((resolve) => setImmediate(resolve));
    return value;
  } finally {
    process.off("warning", listen);
    for (const listener of installed) process.on("warning", listener);
  }
}
