/**
 * The Host check an HTTP-served transport puts in front of its handler (docs/adapter-authoring.md,
 * "Serving over HTTP: the Host check"). Built once per server; the same rules as the shipped HTTP
 * and MCP transports.
 */
import { hostCheck, hostnameOf, isLoopbackHostname, LOOPBACK_HOSTS } from "@axn/sdk/adapter";

export type FetchHandler = (request: Request) => Response | Promise<Response>;

export interface HostGuardOptions {
  /** The address the server binds. */
  readonly bindAddress: string;
  /** Host names to answer. Default: the loopback names on a loopback bind, anything on a public one. */
  readonly allowedHosts?: readonly string[];
}

export function withHostCheck(handler: FetchHandler, options: HostGuardOptions): FetchHandler {
  const list = options.allowedHosts ?? (isLoopbackHostname(options.bindAddress) ? LOOPBACK_HOSTS : undefined);
  if (list === undefined) return handler; // a public bind with no list: nothing to check against
  const allowed = hostCheck(list);
  return (request) => {
    const host = request.headers.get("host");
    if (allowed(host)) return handler(request);
    return Response.json({ error: `Host ${JSON.stringify(hostnameOf(host ?? "") ?? "")} is not allowed` }, { status: 403 });
  };
}
