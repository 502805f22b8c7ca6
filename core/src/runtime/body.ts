/**
 * The body's part of a call: the call context it receives (`expose`, `fail`, `done`, `log`,
 * `signal`, `action`, and the live capabilities — live.ts), the hooks around it, and what it
 * returns or exposes folded into one bag.
 * `fail` and `done` end the body by throwing a `Settle`, which never escapes the runtime.
 */
import type { AnyAxn, CallOptions } from "../action/types.js";
import type { CompiledAction } from "./compiled.js";
import type { Reason } from "./messages.js";
import { axnConfig } from "../options/global.js";
import { LiveState } from "./live.js";
import type { LiveSupport } from "../action/live.js";

/** Thrown by `ctx.fail` / `ctx.done`; never escapes the runtime. */
export class Settle {
  constructor(
    readonly ok: boolean,
    readonly reason: Reason | undefined,
  ) {}
}

const NEVER_ABORTED = new AbortController().signal;

/**
 * The exposed values so far, by the index of their field in `action.exposes` (undefined: none yet).
 * An array rather than an object keyed by name: filling an object from the body's keys is a keyed
 * store per key, which V8 cannot specialise across actions (see plan.ts).
 */
export type ExposedBag = unknown[];

function mergeExposed(action: CompiledAction, bag: ExposedBag, values: unknown): void {
  if (values === undefined || values === null) return;
  if (typeof values !== "object" || Array.isArray(values)) {
    throw new TypeError(
      `${action.name} returned a ${Array.isArray(values) ? "array" : typeof values}; return an object of exposed values (or nothing)`,
    );
  }
  if (action.readExposed?.(values, bag)) return;
  for (const key of Object.keys(values)) {
    const index = action.exposeIndex.get(key);
    if (index === undefined) throw new TypeError(`${action.name} does not declare exposed field "${key}"`);
    bag[index] = (values as Record<string, unknown>)[key];
  }
}

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/**
 * Per-call context handed to the body. Authors destructure it (`(input, { expose, fail })`), so
 * nothing here may depend on `this`: `fail`/`done` need no state and live on the prototype,
 * `expose` is the one per-call closure, and the live capabilities are built on first use.
 */
export class BodyContext {
  #bag: ExposedBag;
  #expose: ((values: unknown) => void) | undefined;
  #signal: AbortSignal | (() => AbortSignal) | undefined;
  #options: CallOptions | undefined;
  #live: LiveState | undefined;
  constructor(
    private readonly compiled: CompiledAction,
    bag: ExposedBag,
    options: CallOptions | undefined,
  ) {
    this.#bag = bag;
    this.#signal = options?.signal;
    // Kept whole so `live` is read only when the body first uses a live capability.
    this.#options = options;
  }
  /** Built on first use (most bodies return their exposes): one closure, the same on every read. */
  get expose(): (values: unknown) => void {
    const bag = this.#bag;
    const compiled = this.compiled;
    return (this.#expose ??= (values) => mergeExposed(compiled, bag, values));
  }
  #liveState(): LiveState {
    return (this.#live ??= new LiveState(this.compiled.name, this.#options?.live, () => this.signal));
  }
  get progress(): LiveState["progress"] {
    return this.#liveState().progress;
  }
  get notify(): LiveState["notify"] {
    return this.#liveState().notify;
  }
  get elicit(): LiveState["elicit"] {
    return this.#liveState().elicit;
  }
  get sample(): LiveState["sample"] {
    return this.#liveState().sample;
  }
  get roots(): LiveState["roots"] {
    return this.#liveState().roots;
  }
  get supports(): LiveSupport {
    return this.#liveState().supports;
  }
  get answered(): number {
    return this.#liveState().answered;
  }
  get signal(): AbortSignal {
    const signal = this.#signal;
    if (signal === undefined) return NEVER_ABORTED;
    if (typeof signal !== "function") return signal;
    const built = signal();
    this.#signal = built;
    return built;
  }
  get action(): AnyAxn {
    return this.compiled.self!;
  }
  fail(reason?: string, options?: { readonly standalone?: boolean }): never {
    throw new Settle(
      false,
      reason === undefined ? undefined : { text: reason, standalone: options?.standalone === true },
    );
  }
  done(message?: string): never {
    throw new Settle(true, message === undefined ? undefined : { text: message, standalone: false });
  }
  get log(): (message: string) => void {
    const name = this.compiled.name;
    return (message) => axnConfig().logger.info(`[${name}] ${message}`);
  }
}

/**
 * Runs the body and folds what it returns into the exposes; `done()` ends it as a success (its
 * reason returned), anything else thrown propagates. A synchronous body settles synchronously:
 * awaiting only a real promise saves a microtask turn per call.
 */
export function bodyStep(
  action: CompiledAction,
  input: Record<string, unknown>,
  bag: ExposedBag,
  ctx: BodyContext,
): Reason | undefined | Promise<Reason | undefined> {
  let returned: unknown;
  try {
    returned = action.body(input as never, ctx as never);
    if (!isThenable(returned)) {
      mergeExposed(action, bag, returned);
      return undefined;
    }
  } catch (error) {
    return doneReasonOf(error);
  }
  return Promise.resolve(returned).then((value: unknown): undefined => {
    mergeExposed(action, bag, value);
    return undefined;
  }, doneReasonOf);
}

/** `done()` is a success: its reason. Anything else thrown is the call's failure or exception. */
function doneReasonOf(error: unknown): Reason | undefined {
  if (error instanceof Settle && error.ok) return error.reason;
  throw error;
}

/** Hooks, body and `done`: returns the done reason, if the body ended early with one. */
export async function runBody(
  action: CompiledAction,
  input: Record<string, unknown>,
  bag: ExposedBag,
  options: CallOptions | undefined,
): Promise<Reason | undefined> {
  let doneReason: Reason | undefined;
  const ctx = new BodyContext(action, bag, options);
  const core = async (): Promise<void> => {
    for (const hook of action.before) await hook(input as never);
    doneReason = await bodyStep(action, input, bag, ctx);
    for (const hook of action.after) await hook(input as never);
  };
  if (action.around.length === 0) {
    await core();
    return doneReason;
  }
  let chain = core;
  for (let i = action.around.length - 1; i >= 0; i--) {
    const hook = action.around[i]!;
    const inner = chain;
    chain = () => hook(inner, input as never);
  }
  await chain();
  return doneReason;
}
