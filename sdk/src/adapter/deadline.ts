/**
 * A tool call's deadline (pipeline.ts): past `ms`, the action's signal aborts and the call is
 * answered as timed out. Deadlines share one timer per duration instead of a `setTimeout` each:
 * every call with the same timeout expires in the order it started, so the pending deadlines of
 * one duration are a queue whose head is the next to expire, and one timer armed for that head
 * serves them all. A call that settles leaves its queue in O(1). This takes the timer pair
 * (allocate, insert into Node's timer list, unenroll) off every call, the larger part of what a
 * deadline would cost (bench: http-parts, "setTimeout + clearTimeout").
 *
 * The shared timer keeps the process alive exactly while some deadline is pending, as a timer of
 * each call's own would.
 */
import { performance } from "node:perf_hooks";

/**
 * What a deadline tells when it passes: an object, not a closure, so a call's own state (the
 * pipeline's per-call object) is told directly and no function is built per call.
 */
export interface OnExpired {
  expired(): void;
}

/** One pending deadline: a node of its duration's queue. */
interface Pending {
  readonly lane: Lane;
  readonly expiresAt: number;
  readonly onExpired: OnExpired;
  /** Still in its queue: neither passed nor cancelled. */
  queued: boolean;
  previous: Pending | undefined;
  next: Pending | undefined;
}

/** The pending deadlines of one duration, oldest first, and the timer armed for the oldest. */
class Lane {
  head: Pending | undefined;
  tail: Pending | undefined;
  timer: NodeJS.Timeout | undefined;

  constructor(readonly ms: number) {}

  add(onExpired: OnExpired): Pending {
    const now = performance.now();
    const pending: Pending = {
      lane: this,
      expiresAt: now + this.ms,
      onExpired,
      queued: true,
      previous: this.tail,
      next: undefined,
    };
    if (this.tail === undefined) this.head = pending;
    else this.tail.next = pending;
    this.tail = pending;
    if (this.timer === undefined) this.#arm(now);
    // Held only while something is pending (`ref` on a timer already held is a no-op).
    else if (pending.previous === undefined) this.timer.ref();
    return pending;
  }

  remove(pending: Pending): void {
    if (!pending.queued) return;
    pending.queued = false;
    const { previous, next } = pending;
    if (previous === undefined) this.head = next;
    else previous.next = next;
    if (next === undefined) this.tail = previous;
    else next.previous = previous;
    pending.previous = pending.next = undefined;
    // Left armed (re-armed for the new head when it fires) rather than cleared: a steady stream of
    // calls then costs one timer firing per duration, not a timer per call.
    if (this.head === undefined) this.timer?.unref();
  }

  readonly #fire = (): void => {
    this.timer = undefined;
    const now = performance.now();
    // Node runs a timer by its own millisecond clock, which may be a fraction of a millisecond
    // behind this one: a head within that rounding is due.
    for (let head = this.head; head !== undefined && head.expiresAt <= now + 1; head = this.head) {
      this.remove(head);
      head.onExpired.expired();
    }
    // An expiry's abort listeners may have started a call, arming the timer already.
    if (this.head !== undefined && this.timer === undefined) this.#arm(now);
  };

  /** Arms the timer for the oldest pending deadline. */
  #arm(now: number): void {
    this.timer = setTimeout(this.#fire, Math.max(1, Math.ceil(this.head!.expiresAt - now)));
  }
}

const lanes = new Map<number, Lane>();

/** A pending deadline of `ms`, calling `onExpired` when it passes unless cancelled first. */
export function startDeadline(ms: number, onExpired: OnExpired): Pending {
  let lane = lanes.get(ms);
  if (lane === undefined) {
    lane = new Lane(ms);
    lanes.set(ms, lane);
  }
  return lane.add(onExpired);
}

/** Cancels a deadline; one that passed or was cancelled already is left as it is. */
export function cancelDeadline(pending: Pending): void {
  pending.lane.remove(pending);
}
