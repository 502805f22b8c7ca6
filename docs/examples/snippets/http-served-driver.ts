/** docs/adapter-authoring.md — a served-suite driver for an HTTP-style endpoint: axn-plugin-http's /api, one tool a route. */
import type { ServedEndpointDriver } from "@axn/sdk/conformance";
import httpPlugin from "axn-plugin-http";

export const httpServedDriver: ServedEndpointDriver = {
  name: "axn-plugin-http",
  plugin: httpPlugin,
  key: "http",
  transport: "http",               // the name it registers with registerTransport
  maxBodyBytes: 1024 * 1024,       // its http.maxBodyBytes
  // One call: POST {endpoint}/{tool}/v1 with the arguments as the JSON body.
  request: ({ url, tool, args }) => ({
    url: `${url}/${tool}/v1`,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(args),
  }),
  // What the client reads: 2xx is a success; a failure's text is the JSON body's `error`.
  reply: ({ status, body }) => {
    const ok = status >= 200 && status < 300;
    return { ok, text: ok ? body : String((JSON.parse(body) as { error?: unknown }).error) };
  },
};
