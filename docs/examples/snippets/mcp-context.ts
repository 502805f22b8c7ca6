/**
 * docs/plugins/mcp.md, "Server context" — authentication mapped to the ambient context actions
 * declare. Pinned by test/plugins/mcp/docs.spec.ts.
 */
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { createStreamableHttpHandler } from "axn-plugin-mcp";

export function authenticatedHandler() {
  const mcp = createStreamableHttpHandler({
    name: "acme", version: "1.0.0",
    authenticate: async (req) => verifyBearer(req.headers.get("authorization")), // → AuthInfo | undefined
    serverContext: ({ authInfo, sessionId }) => ({ userId: authInfo?.extra?.userId, sessionId }),
  });
  return mcp;
}

/** A stand-in for a real token check: `Bearer t-<user>` is that user. */
function verifyBearer(header: string | null): AuthInfo | undefined {
  const user = /^Bearer t-(\w+)$/.exec(header ?? "")?.[1];
  return user === undefined ? undefined : { token: `t-${user}`, clientId: "docs", scopes: [], extra: { userId: user } };
}
