/**
 * The HTTP API as an `axn serve` transport: mounted at `basePath` on the CLI's server, the same app
 * `serve` runs (every version of every `http` tool, the OpenAPI document titled after the app)
 * behind the server's serving policy (the one `/mcp` shares), through @hono/node-server's request listener. It also describes
 * itself for `axn openapi`, with the very document a client would fetch.
 */
import {
  AxnError,
  ErrorCodes,
  type HttpServingPolicy,
  type HttpTransport,
  type TransportApp,
  type TransportRegistrar,
} from "@axn/core";
import { servingConfig } from "@axn/sdk/serving";
import { httpConfig } from "../config.js";
import { createHttpApp } from "../hono/app.js";
import { referencePageServed } from "../hono/reference-page.js";
import { nodeListener } from "../node/listener.js";
import { registeredOperations } from "../operation/registered.js";
import type { HttpOperation } from "../operation/wrap.js";
import type { OpenApiListing } from "../openapi/per-caller.js";
import { toolRoutesOf } from "../pipeline/route-table.js";

/** Registers the transport; tapped on `registerTransport`, when the settings are final. */
export function registerHttpTransport(transports: TransportRegistrar): void {
  transports.add(httpTransport(httpConfig.get("basePath")));
}

function httpTransport(basePath: string): HttpTransport<{}> {
  return {
    kind: "http",
    name: "http",
    description: `the HTTP API (POST ${basePath}/{tool}/v{n}) and its OpenAPI document`,
    // With no base path the API's routes sit at the root: it takes what no other transport's path does.
    path: basePath === "" ? "/" : basePath,
    async start({ app, hostname, serving }) {
      // One Host policy for every transport of the server: the plugin's own list would open /api
      // to names /mcp refuses (or the reverse), so under axn serve it is refused unless it says
      // what serve.allowedHosts already does — rather than silently not applied.
      assertNoOwnHostList();
      const operations = registeredOperations();
      const served = appFor(app, serving);
      const listener = nodeListener(served.fetch, hostname, httpConfig.get("maxBodyBytes"), toolRoutesOf(served));
      return {
        listener,
        summary: `${operations.length} HTTP ${operations.length === 1 ? "operation" : "operations"}`,
        banner: (origin) => {
          const example = exampleOperation(operations);
          return {
            endpoints: [
              { label: "HTTP API", target: `POST ${origin}${basePath}/{tool}/v{n}` },
              { label: "OpenAPI", target: `${origin}${basePath}/openapi.json` },
              ...(referencePageServed(httpConfig.get("referencePage"))
                ? [{ label: "API docs", target: `${origin}${basePath}/docs  (open in a browser)` }]
                : []),
            ],
            notes:
              example === undefined
                ? []
                : [
                    [
                      "Try:",
                      `  curl -s -X POST ${origin}${basePath}${example.route} -H 'content-type: application/json' -d '{}'`,
                    ],
                  ],
          };
        },
        // The server is the CLI's; the app holds nothing open.
        async stop() {},
      };
    },
    async openapi(app) {
      // Loopback Host: the document a local client would fetch, listing every operation (a caller
      // fetching it from the server sees those it may call).
      const response = await appFor(app, undefined, "all").fetch(
        new Request(`http://127.0.0.1${basePath}/openapi.json`),
      );
      if (!response.ok) {
        throw new Error(
          `the HTTP app answered ${response.status} for ${basePath}/openapi.json: ${await response.text()}; ` +
            "the document is served behind serve.authenticate, which must accept an anonymous local request (serve.anonymous)",
        );
      }
      return (await response.json()) as Record<string, unknown>;
    },
  };
}

function appFor(
  app: TransportApp,
  serving?: HttpServingPolicy,
  openapiListing?: OpenApiListing,
): ReturnType<typeof createHttpApp> {
  return createHttpApp({
    openapi: { title: app.name, version: app.version },
    ...(serving === undefined ? {} : { serving }),
    ...(openapiListing === undefined ? {} : { openapiListing }),
  });
}

/** An operation `-d '{}'` can call: no required input, read-only preferred. */
function exampleOperation(operations: readonly HttpOperation[]): HttpOperation | undefined {
  const callable = operations.filter(
    (op) => ((op.inputSchema["required"] as readonly string[] | undefined) ?? []).length === 0,
  );
  return callable.find((op) => op.semanticHints.includes("readOnly")) ?? callable[0];
}

/**
 * `http.allowedHosts` under `axn serve`: a config error naming what to write, unless it is the same
 * list as `serve.allowedHosts` (then it says nothing the one policy does not).
 */
function assertNoOwnHostList(): void {
  const own = httpConfig.get("allowedHosts");
  if (own === null) return;
  const shared = servingConfig.get("allowedHosts");
  if (shared !== null && shared.length === own.length && shared.every((host, i) => host === own[i])) return;
  throw new AxnError(
    ErrorCodes.ConfigInvalid,
    `http.allowedHosts is not applied under axn serve, which answers one Host policy on /api and /mcp alike: ` +
      `write serve: { allowedHosts: ${JSON.stringify(own)} } in axn.config instead, and remove http.allowedHosts`,
  );
}
