// docs/plugins.md, "Transports": a third-party transport plugin that axn serve serves like the shipped ones.
import { definePlugin } from "@axn/sdk";
import { Tools } from "@axn/core";

export default definePlugin({
  name: "axn-plugin-echo",
  version: "1.0.0",
  host: "^0.1.0",
  apply(host) {
    host.hooks.registerAdapter.tap("axn-plugin-echo", (adapters) => adapters.add("echo")); // its tools: Tools.for("echo")
    host.hooks.registerTransport.tap("axn-plugin-echo", (transports) =>
      transports.add({
        kind: "http",                     // mounted on the shared HTTP server…
        name: "echo",                     // lower-case, unique per kind: help, banner, errors, --stdio NAME
        path: "/echo",                    // …at /echo and everything under it; "/" takes what no other path does
        description: "the echo tools' names as JSON",
        flags: {                          // typed: start() reads a string here, since it has a default
          "echo-greeting": { type: "string", valueName: "TEXT", help: "the greeting to answer with", default: "hello" },
        },
        async start({ flags }) {
          const tools = Tools.for("echo").map((action) => action.toolName("echo"));
          return {
            // Node's own request and response; the URL still starts with /echo.
            listener: (_request, response) => {
              response.writeHead(200, { "content-type": "application/json" });
              response.end(JSON.stringify({ greeting: flags["echo-greeting"], tools }));
            },
            summary: `${tools.length} echo tools`,    // the banner's first line: "Serving app (…, 2 echo tools) on …"
            async stop() {},                           // release what start opened (sessions, pools)
          };
        },
      }),
    );
  },
});
