/**
 * The worked example of docs/adapter-authoring.md (docs/examples/snippets/fncall-adapter.ts)
 * against the shipped adapter conformance suite, loaded through the real host so its load checks
 * run. The transport is the example's own object: a call is `tool.call(args, session)` with the
 * trusted context in the session, and the client reads the whole response.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { resetHost } from "@axn/core";
import { clearCatalog } from "@axn/core/internal";
import { createHost } from "@axn/sdk";
import { describeAdapterConformance } from "@axn/sdk/conformance";
import { resetAxn } from "@axn/sdk/testing";
import fncall, { tools, wrap, type FncallTool } from "../../docs/examples/snippets/fncall-adapter.js";
import { CONFORMANCE_PROBE_KINDS } from "../support/schema-kinds.js";

const SNIPPETS = join(dirname(fileURLToPath(import.meta.url)), "../../docs/examples/snippets");

describe("conformance: the docs' fncall adapter", () => {
  before(async () => {
    resetAxn();
    clearCatalog();
    await createHost({ config: { plugins: [fncall] }, cwd: SNIPPETS });
  });
  after(() => {
    resetHost();
    clearCatalog();
    resetAxn();
  });

  for (const kind of CONFORMANCE_PROBE_KINDS)
    describeAdapterConformance<FncallTool>({
      ...kind,
      name: "axn-plugin-fncall",
      key: "fncall",
      wrap: (action) => wrap(action),
      tools,
      advertised: (tool) => ({ name: tool.name, inputSchema: tool.parameters }),
      async invoke(tool, args, { ambientContext }) {
        const reply = await tool.call(args, { context: ambientContext });
        return reply.ok
          ? { ok: true, text: typeof reply.content === "string" ? reply.content : JSON.stringify(reply.content), structured: reply.content }
          : { ok: false, text: JSON.stringify(reply) };
      },
    });
});
