/**
 * The HTTP API as an `axn serve` transport: mounted at `basePath` on the CLI's server, the same app
 * `serve` runs (every version of every `http` tool, the OpenAPI document titled after the app)
 * behind the same Host check, through @hono/node-server's request listener. It also describes
 * itself for `axn openapi`, with the very document a client would fetch.
 */
import type { HttpTransport, TransportApp, TransportRegistrar } from "@axn/core";
import { getRequestListener } from "@hono/node-server";
import { createHttpApp } from "./app.js";
import { httpConfig } from "./config.js";
import { referencePageEnabled } from "./reference-page.js";
import { hostGuarded } from "./serve.js";
// plugin.ts imports this module: its `tools` is read only when the transport starts.
import { tools } from "./plugin.js";
import type { HttpOperation } from "./wrap.js";

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
    async start({ app, hostname }) {
      const operations = tools();
      const listener = getRequestListener(hostGuarded(appFor(app), hostname), { hostname });
      return {
        listener,
        summary: `${operations.length} HTTP operations`,
        banner: (origin) => {
          const example = exampleOperation(operations);
          return {
            endpoints: [
              { label: "HTTP API", target: `POST ${origin}${basePath}/{tool}/v{n}` },
              { label: "OpenAPI", target: `${origin}${basePath}/openapi.json` },
              ...(referencePageEnabled(httpConfig.get("referencePage")) ? [{ label: "API docs", target: `${origin}${basePath}/docs  (open in a browser)` }] : []),
            ],
            notes:
              example === undefined
                ? []
                : [["Try:", `  curl -s -X POST ${origin}${basePath}${example.route} -H 'content-type: application/json' -d '{}'`]],
          };
        },
        // The server is the CLI's; the app holds nothing open.
        async stop() {},
      };
    },
    async openapi(app) {
      // Loopback Host: the document is what a local client would fetch.
      const response = await appFor(app).fetch(new Request(`http://127.0.0.1${basePath}/openapi.json`));
      if (!response.ok) {
        throw new Error(
          `the HTTP app answered ${response.status} for ${basePath}/openapi.json: ${await response.text()}; ` +
            "the document is served behind the authenticate setting, which must accept an anonymous local request",
        );
      }
      return (await response.json()) as Record<string, unknown>;
    },
  };
}

function appFor(app: TransportApp): ReturnType<typeof createHttpApp> {
  return createHttpApp({ openapi: { title: app.name, version: app.version } });
}

/** An operation `-d '{}'` can call: no required input, read-only preferred. */
function exampleOperation(operations: readonly HttpOperation[]): HttpOperation | undefined {
  const callable = operations.filter((op) => ((op.inputSchema["required"] as readonly string[] | undefined) ?? []).length === 0);
  return callable.find((op) => op.semanticHints.includes("readOnly")) ?? callable[0];
}
