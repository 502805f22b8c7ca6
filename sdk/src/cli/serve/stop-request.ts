/**
 * When `axn serve` should stop: on SIGINT (Ctrl+C) or SIGTERM (a supervisor), or — serving over
 * stdio — when stdin ends (the client went away). Made before any transport starts, so a signal
 * that arrives while they start, or the instant the banner is out, is never lost. The first signal
 * removes the handlers: a second Ctrl+C ends the process at once, however long stopping takes.
 */
import type { Readable } from "node:stream";

export interface StopRequest {
  /** Resolves with what asked to stop (`"SIGTERM"`, `"stdin ended"`). */
  readonly requested: Promise<string>;
  /** Whether `requested` has resolved. */
  readonly isRequested: boolean;
  /** Removes the handlers (idempotent). */
  dispose(): void;
}

export function stopRequest(stdin?: Readable): StopRequest {
  let resolve!: (reason: string) => void;
  let isRequested = false;
  const requested = new Promise<string>((done) => (resolve = done));
  const request = (reason: string): void => {
    dispose();
    isRequested = true;
    resolve(reason);
  };
  const onSignal = (signal: NodeJS.Signals): void => request(signal);
  const onEnd = (): void => request("stdin ended");
  function dispose(): void {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    stdin?.off("end", onEnd);
  }
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  stdin?.once("end", onEnd);
  return {
    requested,
    get isRequested() {
      return isRequested;
    },
    dispose,
  };
}
