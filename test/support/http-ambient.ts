/**
 * Specs whose tools declare ambient fields other than `principal` (`userId`, `authInfo`, …) over
 * the HTTP plugin. Its one authentication, `serve.authenticate`, hands a call only the caller's
 * `principal`; an app that wants more maps it in its own operation, as these helpers do — the
 * request still goes through the real server, authentication and the one tool-call pipeline.
 */
import type { AmbientContextSource, AxnPrincipal } from "@axn/core";
import type { HttpOperation } from "axn-plugin-http";

const AMBIENT_CLAIM = "spec/ambientContext";

/** An operation whose call gets `ambientContext(the context authentication established)` instead. */
export function withAmbient(
  op: HttpOperation,
  ambientContext: (established: AmbientContextSource) => AmbientContextSource,
): HttpOperation {
  return {
    ...op,
    invoke: (args, options = {}) =>
      op.invoke(args, { ...options, ambientContext: ambientContext(options.ambientContext ?? {}) }),
  };
}

/**
 * A principal carrying a call's whole trusted context, for `serve.authenticate` to answer: the
 * context's own `principal` (so the pipeline's access check sees the caller the tool will), with
 * the context in its claims.
 */
export function principalCarrying(ambientContext: AmbientContextSource): AxnPrincipal {
  const own = (ambientContext as { principal?: AxnPrincipal }).principal ?? { id: "spec-caller" };
  return { ...own, claims: { ...own.claims, [AMBIENT_CLAIM]: ambientContext } };
}

/** The context a {@link principalCarrying} principal carries (`{}` for an anonymous call). */
export function carriedAmbient(established: AmbientContextSource): AmbientContextSource {
  const principal = (established as { principal?: AxnPrincipal }).principal;
  return (principal?.claims?.[AMBIENT_CLAIM] as AmbientContextSource | undefined) ?? {};
}
