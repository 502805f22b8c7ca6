/**
 * docs/plugins/http.md, "API" — the plugin's exports, checked against the real ones, and one
 * operation invoked without HTTP. Pinned by test/plugins/http/docs.spec.ts.
 */
import httpPlugin, { HttpAdapter, createHttpApp, serve, httpConfig, type HttpOperation, type WrapOptions } from "axn-plugin-http";
import type { AnyAxn } from "@axn/core";

httpPlugin;                                                          // defineAdapterPlugin(...): registers adapter key "http"
httpConfig;                                                          // the `http` settings above
HttpAdapter.tools satisfies () => readonly HttpOperation[];          // every version of every http tool, wrapped
HttpAdapter.wrap satisfies (action: AnyAxn, options?: WrapOptions) => HttpOperation; // WrapOptions: { description? }

export async function oneOperation() {
  const operation = HttpAdapter.wrap(ApproveLoanV2);
  const { action, toolName, toolVersion, method, description, inputSchema, outputSchema, semanticHints } = operation;
  operation.route;        // "/approve_loan/v2" (under basePath)
  operation.operationId;  // "approve_loan_v2"
  await operation.invoke({ amount: 500 }, { ambientContext: { principal: { id: "officer-7" } } }); // one call, no HTTP
  // { status: 200, body: { approved: true, amount: 500, currency: "EUR", officerId: "officer-7" } }
  return { operation, listed: { action, toolName, toolVersion, method, description, inputSchema, outputSchema, semanticHints } };
}

/** "Serving another transport on the same app". */
export async function mountMcp() {
  const mcp = createStreamableHttpHandler({ name: "acme", version: "1.0.0" }); // from axn-plugin-mcp
  const app = createHttpApp({
    mount: [{ path: "/mcp", handler: (request) => mcp.fetch(request) }],
  });
  const server = await serve({ app, port: 0 }); // 0: any free port; server.url says which
  return { server, mcp };
}

// What the code above assumes (imports are hoisted).
import { createStreamableHttpHandler } from "axn-plugin-mcp";
import { ApproveLoanV2 } from "./http-app/agent_tools/approve_loan/v2.js";
