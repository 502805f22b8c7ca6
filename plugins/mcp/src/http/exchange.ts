/**
 * One request as the steps after the checks see it — the request, its caller, the session owner
 * that caller is, the parsed body — and the hand-off to a session's transport.
 */
import type { Session } from "../sessions/table.js";
import type { Caller } from "./identify.js";

export interface Exchange {
  readonly request: Request;
  readonly caller: Caller;
  /** Who a session opened by this request belongs to, and who may use one it names (identify.ts). */
  readonly owner: string;
  /** The JSON body read-body.ts parsed; `undefined` for a GET, a DELETE, a body that is not JSON. */
  readonly parsedBody: unknown;
}

/** The request through the session's SDK transport, with the caller's `authInfo` and the parsed body. */
export function deliver(session: Session, { request, caller, parsedBody }: Exchange): Promise<Response> {
  return session.transport.handleRequest(request, {
    ...(caller.authInfo === undefined ? {} : { authInfo: caller.authInfo }),
    ...(parsedBody === undefined ? {} : { parsedBody }),
  });
}
