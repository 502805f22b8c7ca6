/**
 * axn-plugin-mcp against the adapter conformance suite, through the real protocol: the suite loads
 * the plugin through `createHost`, wraps its probes with `McpAdapter.wrap` / `McpAdapter.tools`, and
 * reads the SDK `Client`'s own `tools/list` and `tools/call` results (support/transports.ts), once
 * per schema kind of the probes.
 */
import { CONFORMANCE_PROBE_KINDS } from "../support/schema-kinds.js";
import { describeAdapterConformance } from "@axn/sdk/conformance";
import { resetKernel } from "@axn/sdk/testing";
import mcpPlugin, { McpAdapter, type McpTool } from "axn-plugin-mcp";
import { mcpTransport } from "./support/transports.js";

describe("conformance: axn-plugin-mcp", () => {
  before(resetKernel);
  after(resetKernel);

  for (const kind of CONFORMANCE_PROBE_KINDS)
    describeAdapterConformance<McpTool>({
      ...kind,
      name: "axn-plugin-mcp",
      plugin: mcpPlugin,
      key: "mcp",
      wrap: (action) => McpAdapter.wrap(action),
      tools: McpAdapter.tools,
      transport: mcpTransport,
    });
});
