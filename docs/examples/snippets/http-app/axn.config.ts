/* docs/plugins/http.md, quick start: test/plugins/http/docs.spec.ts runs this app's server.ts. */
// axn.config.ts
import { defineConfig } from "@axn/sdk";
import "axn-plugin-http"; // types the `http` settings below

const tokens = new Map([["s3cret", "officer-7"]]);

export default defineConfig({
  plugins: ["http"],
  http: {
    toolRoots: ["agent_tools"],
    authenticate: (request) => {
      const officerId = tokens.get(request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "");
      return officerId === undefined ? null : { officerId }; // null: 401
    },
  },
});
