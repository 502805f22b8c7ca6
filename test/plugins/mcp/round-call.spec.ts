/**
 * A 2026-07-28 `tools/call` runs on the rounds engine with the tool's pipeline told to the round
 * (server/tool-rounds.ts, tools/wrap.ts `roundCallOf`): a tool made by `wrap` that way, and a tool
 * of the app's own making (here a wrapped tool with its `call` replaced) through its own `call`,
 * handed the request with the round's signal and rounds — through the v2 Client pinned to the era,
 * over the Streamable HTTP handler in process.
 */
import { expect } from "chai";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { z } from "zod";
import { defineAxn } from "@axn/core";
import { createStreamableHttpHandler, McpAdapter, type McpCallRequest, type McpTool } from "axn-plugin-mcp";
import { textOf } from "./support.js";

const Echo = defineAxn({
  name: "RoundCallSpec.Echo",
  description: "Echo a word",
  expects: { word: z.string() },
  exposes: { echoed: z.string() },
  call: ({ word }) => ({ echoed: word }),
});

const Twin = defineAxn({
  name: "RoundCallSpec.Twin",
  description: "Answered by its own call",
  call: () => undefined,
});

describe("axn-plugin-mcp: a 2026-07-28 tools/call in rounds", () => {
  it("runs a wrapped tool's pipeline, and a tool of the app's own making through its call with the round's signal", async () => {
    const seen: { signal?: string; aborted?: boolean; rounds?: boolean; args?: unknown }[] = [];
    const echo = McpAdapter.wrap(Echo);
    const wrapped = McpAdapter.wrap(Twin);
    const own: McpTool = {
      ...wrapped,
      call: async (args: unknown, request?: McpCallRequest) => {
        const signal = request?.signal;
        seen.push({
          signal: typeof signal,
          aborted: typeof signal === "function" ? signal().aborted : undefined,
          rounds: request?.rounds !== undefined,
          args,
        });
        return { content: [{ type: "text", text: "from its own call" }] };
      },
    };
    const handler = createStreamableHttpHandler({
      name: "round-call-spec",
      version: "1.0.0",
      tools: [echo, own],
    });
    const client = new Client(
      { name: "round-call-spec", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
    try {
      expect(client.getProtocolEra()).to.equal("modern");
      const echoed = await client.callTool({ name: echo.name, arguments: { word: "hi" } });
      expect(echoed.structuredContent).to.deep.equal({ echoed: "hi" });
      const twin = await client.callTool({ name: wrapped.name, arguments: { any: 1 } });
      expect(textOf(twin)).to.equal("from its own call");
      expect(seen).to.deep.equal([{ signal: "function", aborted: false, rounds: true, args: { any: 1 } }]);
    } finally {
      await client.close();
      await handler.close();
    }
  });
});
