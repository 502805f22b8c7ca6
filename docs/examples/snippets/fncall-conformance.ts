/**
 * docs/adapter-authoring.md — the example adapter (fncall-adapter.ts) against the adapter
 * conformance suite. test/docs/snippets.spec.ts imports this module, which registers the suite.
 */
import { createKernelHost } from "@axn/core";
import { describeAdapterConformance, type AdapterConformanceDriver } from "@axn/sdk/conformance";
import { resetAxn } from "@axn/sdk/testing";
import fncallPlugin, { tools, wrap, type FncallTool } from "./fncall-adapter.js";
import { valibotProbes } from "./valibot-probes.js";

describe("conformance: axn-plugin-fncall", () => {
  before(() => {
    resetAxn();
    const host = createKernelHost();
    fncallPlugin.apply(host, undefined);
    host.freeze();
  });
  after(resetAxn);

  const driver: AdapterConformanceDriver<FncallTool> = {
    name: "axn-plugin-fncall",
    key: "fncall",
    wrap: (action) => wrap(action),
    tools,
    advertised: (tool) => ({ name: tool.name, inputSchema: tool.parameters }),
    // Go through your real transport here: a real client, a real request (here: JSON both ways).
    async invoke(tool, args, { ambientContext }) {
      const reply = await tool.call(JSON.parse(JSON.stringify(args)), { userId: "conformance", claims: ambientContext });
      const text = JSON.stringify(reply);
      return reply.ok ? { ok: true, text, structured: reply.content } : { ok: false, text };
    },
  };
  describeAdapterConformance(driver);
  // The same checks, with the probe actions declared in valibot (docs/schemas.md).
  describeAdapterConformance({ ...driver, probeSchemas: valibotProbes });
});
