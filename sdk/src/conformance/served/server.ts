/**
 * The endpoint under test, served the way `axn serve` serves it: the plugin loaded through
 * `createHost` with the suite's `serve` settings (a static token for the suite's principal, one
 * concurrent call), its registered transports collected by the CLI's own registrar, the named one
 * started with the serving policy `axn serve` builds, and mounted on the CLI's shared server on
 * loopback. Requests go out over `node:http`, so the suite sets any Host header it likes.
 */
import { request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import type { HttpTransport, TransportFlags, TransportFlagValues } from "@axn/core";
import { collectTransports, isHttp } from "../../cli/serve/registered.js";
import { listenShared, type SharedServer } from "../../cli/serve/shared-server.js";
import { staticTokens } from "../../auth/static-tokens.js";
import { servingPolicy } from "../../serving/policy.js";
import { loadPlugin, type LoadedPlugin } from "../host.js";
import { CONFORMANCE_PRINCIPAL } from "../probes.js";
import type { ServedEndpointDriver, ServedResponse } from "./driver.js";

/** The bearer token the suite's principal holds. */
export const CONFORMANCE_TOKEN = "conformance-token";

export interface ServedEndpoint {
  readonly loaded: LoadedPlugin;
  /** The endpoint's URL (origin and path). */
  readonly url: string;
  readonly server: SharedServer;
  stop(): Promise<void>;
}

/** `loadedHook` runs once the plugin loaded, before its transport starts (which may read the catalog once). */
export async function serveEndpoint(
  driver: ServedEndpointDriver,
  label: string,
  loadedHook: () => void,
): Promise<ServedEndpoint> {
  const loaded = await loadPlugin(
    driver,
    label,
    { serve: { authenticate: staticTokens({ [CONFORMANCE_TOKEN]: CONFORMANCE_PRINCIPAL }), maxConcurrentCalls: 1 } },
    { ownKey: false },
  );
  loadedHook();
  const entry = collectTransports(loaded.host, [])
    .filter(isHttp)
    .find((candidate) => candidate.transport.name === driver.transport);
  if (entry === undefined) {
    throw new Error(
      `${label}: the plugin registers no http transport named "${driver.transport}" (registerTransport in apply())`,
    );
  }
  const transport = entry.transport as HttpTransport;
  const hostname = "127.0.0.1";
  const running = await transport.start({
    app: Object.freeze({ name: "axn-conformance", version: "0.0.0", root: process.cwd() }),
    flags: defaultFlags(transport.flags ?? {}),
    hostname,
    serving: servingPolicy({ hostname }),
  });
  const server = await listenShared([{ entry: { plugin: entry.plugin, transport }, running }], 0, hostname);
  return {
    loaded,
    url: `${server.url}${transport.path === "/" ? "" : transport.path}`,
    server,
    async stop() {
      const closed = server.close();
      await running.stop();
      await closed;
    },
  };
}

/** What `axn serve` passes a transport when no flag is given. */
function defaultFlags(flags: TransportFlags): TransportFlagValues<TransportFlags> {
  return Object.fromEntries(
    Object.entries(flags).map(([name, flag]) => [name, flag.type === "boolean" ? false : flag.default]),
  ) as TransportFlagValues<TransportFlags>;
}

/** Sends one request over loopback; `signal` aborting closes it (the client went away). */
export function send(
  target: string,
  init: { method: string; headers: OutgoingHttpHeaders; body: string | undefined },
  signal?: AbortSignal,
): Promise<ServedResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(target, { method: init.method, headers: init.headers, signal }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", reject);
      incoming.on("end", () =>
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}
