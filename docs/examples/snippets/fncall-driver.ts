/** docs/adapter-authoring.md — the conformance driver for the example adapter: its own transport, of the function-calling kind. */
import type { AdapterConformanceDriver } from "@axn/sdk/conformance";
import fncallPlugin, { tools, wrap, type FncallTool } from "./fncall-adapter.js";

export const fncallDriver: AdapterConformanceDriver<FncallTool> = {
  name: "axn-plugin-fncall",
  plugin: fncallPlugin,
  key: "fncall",
  wrap: (action) => wrap(action),
  tools,
  transport: {
    kind: "function-calling",
    connect: async (fns) => ({
      // What the model is sent: each tool's name and parameters.
      list: async () => fns.map((fn) => ({ name: fn.name, parameters: fn.parameters })),
      // What it is handed back: the reply as a tool message. The session is the trusted channel.
      async call({ name, args, ambientContext, signal }) {
        const fn = fns.find((candidate) => candidate.name === name);
        if (fn === undefined) throw new Error(`no fncall tool is named "${name}"`);
        const reply = await fn.call(args, { userId: String(ambientContext["userId"] ?? ""), claims: ambientContext, ...(signal && { signal }) });
        return reply.ok ? { status: "success", content: reply.content } : { status: "error", content: reply.error, artifact: reply.fieldErrors };
      },
    }),
  },
};
