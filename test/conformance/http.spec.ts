/**
 * axn-plugin-http against the adapter conformance suite, over real HTTP on loopback: the advertised
 * tool is read from the served OpenAPI document, a call is a `POST /api/{tool}/v{n}` with `fetch`,
 * and the trusted ambient context comes from the app's `authenticate` (here: a header a trusted
 * proxy would set — never the request body).
 */
import { createKernelHost } from "@axn/core";
import { CONFORMANCE_PROBE_KINDS } from "../support/schema-kinds.js";
import { describeAdapterConformance } from "@axn/sdk/conformance";
import { resetAxn } from "@axn/sdk/testing";
import httpPlugin, { HttpAdapter, serve, type HttpOperation, type HttpServerHandle } from "axn-plugin-http";

const AMBIENT_HEADER = "x-conformance-ambient";
const servers = new Map<HttpOperation, Promise<HttpServerHandle>>();

/** One loopback server per wrapped operation, reused by every call to it. */
function serverFor(op: HttpOperation): Promise<HttpServerHandle> {
  let server = servers.get(op);
  if (server === undefined) {
    server = serve({
      port: 0,
      tools: [op],
      authenticate: (request) => JSON.parse(request.headers.get(AMBIENT_HEADER) ?? "{}") as Record<string, unknown>,
    });
    servers.set(op, server);
  }
  return server;
}

interface OpenApiOperation {
  readonly requestBody?: { readonly content?: { readonly "application/json"?: { readonly schema?: unknown } } };
}

describe("conformance: axn-plugin-http", () => {
  before(() => {
    resetAxn();
    const host = createKernelHost();
    httpPlugin.apply(host, undefined);
    host.freeze();
  });
  after(async () => {
    await Promise.all([...servers.values()].map(async (server) => (await server).close()));
    servers.clear();
    resetAxn();
  });

  for (const kind of CONFORMANCE_PROBE_KINDS)
    describeAdapterConformance<HttpOperation>({
    ...kind,
    name: "axn-plugin-http",
    key: "http",
    wrap: (action) => HttpAdapter.wrap(action),
    tools: HttpAdapter.tools,
    async advertised(op) {
      const { url } = await serverFor(op);
      const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as { paths: Record<string, { post?: OpenApiOperation }> };
      // The tool's route; the document also describes itself (`/api/openapi.json`).
      const entries = Object.entries(document.paths).filter(([path]) => /^\/api\/[^/]+\/v\d+$/.test(path));
      const [path, item] = entries[0] ?? [];
      if (entries.length !== 1 || path === undefined) throw new Error(`expected one tool route in the OpenAPI document, got ${entries.length}`);
      const name = path.split("/")[2] ?? path;
      return { name, inputSchema: item?.post?.requestBody?.content?.["application/json"]?.schema };
    },
    async invoke(op, args, { ambientContext }) {
      const { url } = await serverFor(op);
      const response = await fetch(`${url}/api${op.route}`, {
        method: "POST",
        headers: { "content-type": "application/json", [AMBIENT_HEADER]: JSON.stringify(ambientContext) },
        body: JSON.stringify(args),
      });
      const text = await response.text();
      return { ok: response.ok, text, ...(response.ok ? { structured: JSON.parse(text) as unknown } : {}) };
    },
  });
});
