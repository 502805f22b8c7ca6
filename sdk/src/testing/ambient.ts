/**
 * `withAmbientContext`: runs `fn` as a server would run a request — with `context` as the ambient
 * context of every action it calls. Scoped with `AsyncLocalStorage` (through `Current.run`), so
 * concurrent specs never see each other's context.
 *
 * @example
 * ```ts
 * const result = await withAmbientContext({ userId: "u_1" }, () => WhoAmI.call({}));
 * ```
 */
import { Current, type AmbientContextSource } from "@axn/core";

export function withAmbientContext<T>(context: AmbientContextSource, fn: () => T): T {
  return Current.run(context, fn);
}
