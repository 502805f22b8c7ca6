/**
 * Call deadlines without a Node timer per call. Every tool call has one (`serve.callTimeoutMs`),
 * and a `setTimeout` + `clearTimeout` pair per call was the largest single cost of the tool
 * pipeline (~0.3–0.8 µs of a ~3 µs HTTP call, measured with test/bench/http-parts.ts). Calls of one
 * timeout length expire in the order they started, so each length keeps its waiting calls in a
 * list, oldest first, under one timer armed for the oldest: adding and removing a call is a few
 * pointer writes, and the timer is re-armed only when it fires.
 *
 * A call's expiry runs when its deadline has passed (the timer may fire early for a call that has
 * since settled: the list then re-arms for the oldest one left). The timer keeps the process alive
 * only while some call is waiting, as a per-call timer did.
 */

/** One waiting call: `expire` runs once its deadline has passed, unless it was removed first. */
export interface Waiting {
  readonly due: number;
  readonly expire: () => void;
  /** The list it waits in (undefined once expired or removed). */
  list: DeadlineList | undefined;
  previous: Waiting | undefined;
  next: Waiting | undefined;
}

class DeadlineList {
  readonly #ms: number;
  #oldest: Waiting | undefined;
  #newest: Waiting | undefined;
  #timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires (so a list never keeps two). */
  #armedFor = 0;

  constructor(ms: number) {
    this.#ms = ms;
  }

  add(expire: () => void): Waiting {
    const waiting: Waiting = { due: performance.now() + this.#ms, expire, list: this, previous: this.#newest, next: undefined };
    if (this.#newest === undefined) this.#oldest = waiting;
    else this.#newest.next = waiting;
    this.#newest = waiting;
    if (this.#timer === undefined) this.#arm(this.#ms);
    // A timer left from an empty list was unref'd: a waiting call keeps the process alive again.
    else if (waiting.previous === undefined) this.#timer.ref();
    return waiting;
  }

  remove(waiting: Waiting): void {
    if (waiting.previous === undefined) this.#oldest = waiting.next;
    else waiting.previous.next = waiting.next;
    if (waiting.next === undefined) this.#newest = waiting.previous;
    else waiting.next.previous = waiting.previous;
    waiting.list = waiting.previous = waiting.next = undefined;
    // Nothing waits: the timer stays (re-arming it per call is the cost this file avoids) but no
    // longer holds the process open.
    if (this.#oldest === undefined) this.#timer?.unref();
  }

  #arm(delay: number): void {
    this.#armedFor = performance.now() + delay;
    this.#timer = setTimeout(this.#fire, Math.max(1, Math.ceil(delay)));
  }

  readonly #fire = (): void => {
    this.#timer = undefined;
    const now = performance.now();
    for (let oldest = this.#oldest; oldest !== undefined && oldest.due <= now; oldest = this.#oldest) {
      this.remove(oldest);
      oldest.expire();
    }
    // An expiry may itself have added a call (and armed the timer).
    if (this.#oldest !== undefined && (this.#timer === undefined || this.#armedFor > this.#oldest.due)) {
      if (this.#timer !== undefined) clearTimeout(this.#timer);
      this.#arm(this.#oldest.due - now);
    }
  };
}

const lists = new Map<number, DeadlineList>();

/** Runs `expire` once `ms` have passed, unless {@link removeDeadline} comes first. */
export function addDeadline(ms: number, expire: () => void): Waiting {
  let list = lists.get(ms);
  if (list === undefined) lists.set(ms, (list = new DeadlineList(ms)));
  return list.add(expire);
}

/** The call settled in time: its expiry will not run. */
export function removeDeadline(waiting: Waiting): void {
  waiting.list?.remove(waiting);
}
