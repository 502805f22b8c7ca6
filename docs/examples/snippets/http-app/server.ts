/* docs/plugins/http.md, quick start: test/plugins/http/docs.spec.ts runs this file (PORT=0). */
// server.ts
import { loadHost } from "@axn/sdk";
import { serve } from "axn-plugin-http";

await loadHost();                                             // reads axn.config.ts, imports agent_tools/
const server = await serve({ port: Number(process.env.PORT ?? 8787) }); // 127.0.0.1 by default
console.log(`listening on ${server.url}`);                    // http://127.0.0.1:8787
