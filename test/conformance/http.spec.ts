/**
 * axn-plugin-http against the adapter conformance suite, over real HTTP on loopback: the suite loads
 * the plugin through `createHost`, wraps its probes with `HttpAdapter.wrap` / `HttpAdapter.tools`,
 * and reads the served OpenAPI document and each `fetch` reply (support/transports.ts), once per
 * schema kind of the probes. The plugin declares no `presentAs` (a REST response is always
 * structured), so that check is pending here.
 */
import { CONFORMANCE_PROBE_KINDS } from "../support/schema-kinds.js";
import { describeAdapterConformance } from "@axn/sdk/conformance";
import { resetKernel } from "@axn/sdk/testing";
import httpPlugin, { HttpAdapter, type HttpOperation } from "axn-plugin-http";
import { httpTransport } from "./support/transports.js";

describe("conformance: axn-plugin-http", () => {
  before(resetKernel);
  after(resetKernel);

  for (const kind of CONFORMANCE_PROBE_KINDS)
    describeAdapterConformance<HttpOperation>({
      ...kind,
      name: "axn-plugin-http",
      plugin: httpPlugin,
      key: "http",
      wrap: (action) => HttpAdapter.wrap(action),
      tools: HttpAdapter.tools,
      transport: httpTransport,
    });
});
