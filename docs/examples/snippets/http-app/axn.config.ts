/* docs/plugins/http.md, quick start: test/plugins/http/docs.spec.ts runs this app's server.ts. */
// axn.config.ts
import { defineConfig } from "@axn/sdk";
import { staticTokens } from "@axn/sdk/auth";
import "axn-plugin-http"; // types the `http` settings below

export default defineConfig({
  plugins: ["http"],
  http: { toolRoots: ["agent_tools"] },
  // One authentication for every HTTP transport; the token's principal reaches actions as ambient
  // `principal`. No token, or an unknown one: 401.
  serve: { authenticate: staticTokens({ s3cret: { id: "officer-7" } }) },
});
