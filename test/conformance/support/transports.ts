/**
 * The conformance transports of the two served plugins, shared by their conformance specs and by
 * the spec that breaks them on purpose (broken-transports.spec.ts):
 *
 * - MCP: `createMcpServer` serving the wrapped tools and the SDK's `Client` over `InMemoryTransport`.
 *   The trusted ambient context travels in the request's `_meta` (standing in for what a real server
 *   reads from a verified token) and reaches the tool through the server's `serverContext` builder.
 * - HTTP: `serve` on loopback port 0 and `fetch`. A call finds its route in the served OpenAPI
 *   document, as a generated client would; the trusted ambient context comes from
 *   `serve.authenticate` (a header a trusted proxy would set — never the body), carried on the
 *   principal and handed to each tool by its operation (test/support/http-ambient.ts).
 */
import type { AmbientContextSource } from "@axn/core";
import type { McpConformanceTransport, OpenApiConformanceTransport, OpenApiListing } from "@axn/sdk/conformance";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMcpServer, type McpTool } from "axn-plugin-mcp";
import { serve, type HttpOperation } from "axn-plugin-http";
import { servingPolicy } from "@axn/sdk/serving";
import { carriedAmbient, principalCarrying, withAmbient } from "../../support/http-ambient.js";

/** The request `_meta` key the MCP server reads the trusted ambient context from. */
const AMBIENT_META = "axn.conformance/ambientContext";
const AMBIENT_HEADER = "x-conformance-ambient";

export const mcpTransport: McpConformanceTransport<McpTool> = {
  kind: "mcp",
  async connect(tools) {
    const server = createMcpServer({
      name: "conformance",
      version: "1.0.0",
      tools,
      serverContext: (request) => (request._meta?.[AMBIENT_META] ?? {}) as AmbientContextSource,
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "conformance-client", version: "1.0.0" });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    return {
      list: () => client.listTools(),
      // The SDK cancels an aborted request with notifications/cancelled.
      call: ({ name, args, ambientContext, signal }) =>
        client.callTool(
          { name, arguments: { ...args }, _meta: { [AMBIENT_META]: { ...ambientContext } } },
          undefined,
          signal === undefined ? undefined : { signal },
        ),
      async close() {
        await client.close();
        await server.close();
      },
    };
  },
};

interface Document extends OpenApiListing {
  readonly paths: Record<string, { readonly post?: { readonly "x-axn-tool-name"?: string } }>;
}

export const httpTransport: OpenApiConformanceTransport<HttpOperation> = {
  kind: "openapi",
  async connect(operations) {
    const server = await serve({
      port: 0,
      tools: operations.map((op) => withAmbient(op, carriedAmbient)),
      serving: servingPolicy({
        authenticate: (request) =>
          principalCarrying(JSON.parse(request.headers.get(AMBIENT_HEADER) ?? "{}") as Record<string, unknown>),
      }),
    });
    const document = async (): Promise<Document> =>
      (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Document;
    return {
      list: document,
      async call({ name, args, ambientContext, signal }) {
        const route = Object.entries((await document()).paths).find(
          ([, item]) => item.post?.["x-axn-tool-name"] === name,
        )?.[0];
        if (route === undefined) throw new Error(`the OpenAPI document describes no operation for tool "${name}"`);
        const post = (contentType: string, body: unknown) =>
          fetch(`${server.url}${route}`, {
            method: "POST",
            headers: { "content-type": contentType, [AMBIENT_HEADER]: JSON.stringify(ambientContext) },
            body: JSON.stringify(body),
            ...(signal === undefined ? {} : { signal }),
          });
        let response = await post("application/json", args);
        // A tool that asks is answered 428: answer as a client with nobody to ask would (decline the
        // form, an empty reply, no roots) and call again, as docs/plugins/http.md's client does.
        while (response.status === 428) {
          const { inputRequests, requestState } = (await response.json()) as {
            inputRequests: Record<string, { kind: string }>;
            requestState: string;
          };
          const inputResponses = Object.fromEntries(
            Object.entries(inputRequests).map(([key, { kind }]) => [
              key,
              kind === "elicit" ? { action: "decline" } : kind === "sample" ? { text: "" } : { roots: [] },
            ]),
          );
          response = await post("application/vnd.axn.answers+json", { arguments: args, requestState, inputResponses });
        }
        return { status: response.status, body: await response.text() };
      },
      close: () => server.close(),
    };
  },
};
