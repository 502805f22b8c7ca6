/**
 * The tool Invoker profile every adapter runs its calls through, in one place: coercion of wire
 * strings (always on under an Invoker), user-facing input errors (so the model is told which
 * argument to fix), and undeclared keys refused. An Invoker is immutable, so one instance serves
 * every call of every adapter.
 *
 * @example
 * ```ts
 * const result = await toolInvoker.call(action, modelArgs, { ambientContext: { userId } });
 * ```
 */
import { Invoker } from "@axn/core";

export const toolInvoker: Invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
