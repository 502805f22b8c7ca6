/**
 * docs/plugins/mcp.md, "Server context" — authentication mapped to the ambient context actions
 * declare. Pinned by test/plugins/mcp/docs.spec.ts.
 */
import { refuse, type Authenticate } from "@axn/sdk/auth";
import { servingPolicy } from "@axn/sdk/serving";
import { createStreamableHttpHandler } from "axn-plugin-mcp";

export function authenticatedHandler() {
  const mcp = createStreamableHttpHandler({
    name: "acme", version: "1.0.0",
    serving: servingPolicy({ authenticate: verifyBearer }), // what `serve.authenticate` in axn.config sets
    serverContext: ({ authInfo, sessionId }) => ({ userId: authInfo?.clientId, sessionId }), // clientId: the principal's id
  });
  return mcp;
}

/** A stand-in for a real token check: `Bearer t-<user>` is that user; no token is anonymous (refused: no `anonymous`). */
const verifyBearer: Authenticate = (request) => {
  const header = request.headers.get("authorization");
  if (header === null) return null;
  const user = /^Bearer t-(\w+)$/.exec(header)?.[1];
  return user === undefined ? refuse("Send Authorization: Bearer t-<user>") : { id: user };
};
