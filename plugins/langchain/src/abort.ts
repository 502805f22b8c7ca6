/**
 * Ending a tool call promptly when the agent run is aborted. The action sees the same signal as
 * `ctx.signal` and may stop on its own; this makes sure the run does not wait for a body that
 * ignores it. The rejection is the signal's reason, the way LangChain's own `tool()` rejects.
 */

/** The error a run's abort surfaces as: the signal's reason when it is one, else `Error("Aborted")`. */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  return new Error(typeof reason === "string" ? reason : "Aborted");
}

/** Settles like `work`, unless `signal` aborts first: then it rejects with {@link abortError}. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortError(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
