/**
 * A cap on the tool calls one server runs at once. A transport takes a slot before it starts a
 * call and gives it back when the call is answered; with none free it answers at once (HTTP `503`
 * with `Retry-After`, MCP a JSON-RPC error) rather than queueing without bound.
 */
export interface CallLimiter {
  readonly max: number;
  readonly inFlight: number;
  /** A release function (call it once), or `undefined` when every slot is taken. */
  tryAcquire(): (() => void) | undefined;
}

export function callLimiter(max: number): CallLimiter {
  if (!Number.isSafeInteger(max) || max <= 0)
    throw new RangeError(`callLimiter: max must be a positive integer, got ${max}`);
  let inFlight = 0;
  return {
    max,
    get inFlight() {
      return inFlight;
    },
    tryAcquire() {
      if (inFlight >= max) return undefined;
      inFlight++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight--;
      };
    },
  };
}

/** What a client is told when every slot is taken, and how long to wait (seconds) before trying again. */
export const BUSY_MESSAGE = "Server busy: too many tool calls in progress; retry shortly";
export const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * One call's slot, given back when the call is answered — or, when the call was answered at its
 * deadline while its body (ignoring its signal) runs on, when that body ends: pass `onOverdue` in
 * the call's options (`toolPipeline` calls it). Abandoned work thus stays counted against the cap
 * instead of piling up behind it.
 */
export class CallSlot {
  readonly #release: () => void;
  #overdue: Promise<void> | undefined;

  constructor(release: () => void) {
    this.#release = release;
  }

  readonly onOverdue = (settled: Promise<void>): void => {
    this.#overdue = settled;
  };

  /** The caller has its answer: give the slot back now, or when the overdue body ends. */
  answered(): void {
    if (this.#overdue === undefined) this.#release();
    else void this.#overdue.then(this.#release);
  }
}
