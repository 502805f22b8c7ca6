/**
 * The deprecated `McpAdapter.serverContext()` and the per-call scope it reads, entered only for a
 * tool with the `serverContext` setting on (wrap option › per action › app-wide › default off);
 * every other tool reaches its live capabilities through the call context alone.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { defineAxn, DeprecationError, type AnyAxn } from "@axn/core";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { deprecator, mcpConfig, McpAdapter, type McpServerContext } from "axn-plugin-mcp";
import { resetKernel } from "@axn/sdk/testing";
import { z } from "zod";
import { connectInMemory } from "./support.js";

const DEPRECATION =
  "McpAdapter.serverContext() is deprecated: use the call context (ctx.progress, ctx.signal), which needs no setting and works on every transport. " +
  "Until then a tool reaches the handle only with the mcp setting serverContext: true (tool: { mcp: { serverContext: true } }); elsewhere it returns undefined " +
  "(deprecated; will be removed in axn-plugin-mcp 1.0)";

/** A tool that reports progress both ways and says whether the MCP handle reached it. */
function progressTool(name: string, settings: { serverContext?: boolean } = {}): AnyAxn {
  return defineAxn({
    name,
    ...(settings.serverContext === undefined ? {} : { configure: { mcp: { serverContext: settings.serverContext } } }),
    exposes: { handle: z.boolean(), token: z.boolean() },
    call: async (_input, ctx) => {
      const live: McpServerContext | undefined = McpAdapter.serverContext();
      await ctx.progress(1, 2, "through the call context");
      await live?.reportProgress(2, 2, "through the MCP handle");
      return { handle: live !== undefined, token: live?.progressToken !== undefined };
    },
  });
}

async function callWithProgress(tool: ReturnType<typeof McpAdapter.wrap>): Promise<{ structured: unknown; seen: Progress[] }> {
  const connected = await connectInMemory({ tools: [tool] });
  try {
    const seen: Progress[] = [];
    const result = await connected.client.callTool({ name: tool.name, arguments: {} }, undefined, { onprogress: (progress) => seen.push(progress) });
    // The last notification may be handled after the response: wait a turn for it.
    await new Promise((resolve) => setImmediate(resolve));
    return { structured: result.structuredContent, seen };
  } finally {
    await connected.close();
  }
}

describe("axn-plugin-mcp: serverContext() (deprecated) and its opt-in scope", () => {
  let behavior: typeof deprecator.behavior;
  beforeEach(() => {
    resetKernel();
    behavior = deprecator.behavior;
    deprecator.behavior = "silence";
  });
  afterEach(() => {
    deprecator.behavior = behavior;
    resetKernel();
  });

  it("by default no scope is entered: the handle is undefined in the call, and the call context still carries progress", async () => {
    const { structured, seen } = await callWithProgress(McpAdapter.wrap(progressTool("ServerContext.Default")));
    expect(structured).to.deep.equal({ handle: false, token: false });
    expect(seen).to.deep.equal([{ progress: 1, total: 2, message: "through the call context" }]);
  });

  it("serverContext: true on the action gives its calls the handle (progress token, reportProgress)", async () => {
    const { structured, seen } = await callWithProgress(McpAdapter.wrap(progressTool("ServerContext.PerAction", { serverContext: true })));
    expect(structured).to.deep.equal({ handle: true, token: true });
    expect(seen).to.deep.equal([
      { progress: 1, total: 2, message: "through the call context" },
      { progress: 2, total: 2, message: "through the MCP handle" },
    ]);
  });

  it("the wrap option wins over the action's value, the action's over the app-wide one", async () => {
    mcpConfig.configure((c) => {
      c.serverContext = true;
    });
    expect((await callWithProgress(McpAdapter.wrap(progressTool("ServerContext.AppWide")))).structured).to.deep.equal({ handle: true, token: true });
    expect((await callWithProgress(McpAdapter.wrap(progressTool("ServerContext.OffHere", { serverContext: false })))).structured).to.deep.equal({ handle: false, token: false });
    expect((await callWithProgress(McpAdapter.wrap(progressTool("ServerContext.Wrapped", { serverContext: false }), { serverContext: true }))).structured).to.deep.equal({ handle: true, token: true });
  });

  it("serverContext() warns through the plugin's deprecator, naming what to use instead", () => {
    deprecator.behavior = "raise";
    expect(() => McpAdapter.serverContext()).to.throw(DeprecationError, DEPRECATION);
  });

  it("a serverContext that is not a boolean is refused, naming the setting", () => {
    expect(() =>
      mcpConfig.configure((c) => {
        (c as { serverContext: unknown }).serverContext = "yes";
      }),
    ).to.throw('Invalid serverContext "yes" for axn-plugin-mcp: expected true or false');
    const action = progressTool("ServerContext.BadOption");
    expect(() => McpAdapter.wrap(action, { serverContext: "yes" as unknown as boolean })).to.throw(
      TypeError,
      'McpAdapter.wrap(ServerContext.BadOption): serverContext must be true or false, got "yes"',
    );
  });

  describe("in a process of its own (Node 20's promise hook)", () => {
    const probe = fileURLToPath(new URL("./fixtures/promise-hook-probe.ts", import.meta.url));
    const run = (scoped: boolean): Promise<{ structuredContent: unknown; hookBefore: boolean; hookAfter: boolean }> =>
      new Promise((resolve, reject) =>
        execFile(process.execPath, ["--import", "tsx", probe, String(scoped)], (error, stdout, stderr) =>
          error === null ? resolve(JSON.parse(stdout)) : reject(new Error(`probe failed: ${stderr}`)),
        ),
      );

    it("a call of a tool without the setting switches no promise hook on", async () => {
      expect(await run(false)).to.deep.equal({ structuredContent: { sum: 5 }, hookBefore: false, hookAfter: false });
    });

    it("a call of an opted-in tool enters the scope (on a Node whose AsyncLocalStorage uses promise hooks, one is then on)", async () => {
      const usesPromiseHooks = Number(process.versions.node.split(".")[0]) < 24;
      expect(await run(true)).to.deep.equal({ structuredContent: { sum: 5 }, hookBefore: false, hookAfter: usesPromiseHooks });
    });
  });
});
