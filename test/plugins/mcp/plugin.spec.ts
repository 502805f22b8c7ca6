import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, knownSemanticHints, semanticHintOwner, Tools } from "@axn/core";
import { createKernelHost, registeredAdapters } from "@axn/core/internal";
import { createHost } from "@axn/sdk";
import mcpPlugin, { McpAdapter, mcpConfig } from "axn-plugin-mcp";
import { connectInMemory } from "./support.js";
import { resetKernel } from "@axn/sdk/testing";

describe("axn-plugin-mcp: the plugin", () => {
  beforeEach(() => {
    resetKernel();
  });
  afterEach(() => {
    resetKernel();
  });

  it("is a frozen definePlugin object", () => {
    expect(mcpPlugin).to.include({ name: "axn-plugin-mcp", version: "0.1.0", host: "^0.1.0" });
    expect(Object.isFrozen(mcpPlugin)).to.equal(true);
  });

  it("registers the mcp adapter (with its tool roots) and the openWorld / closedWorld hints", async () => {
    const host = createKernelHost();
    await mcpPlugin.apply(host, undefined);
    host.freeze();
    const adapter = registeredAdapters().find((a) => a.key === "mcp");
    expect(adapter?.plugin).to.equal("axn-plugin-mcp");
    expect(adapter?.configSource?.toolRoots()).to.deep.equal([]);
    expect(knownSemanticHints()).to.include.members(["openWorld", "closedWorld"]);
    expect(semanticHintOwner("openWorld")).to.equal("axn-plugin-mcp");
    expect(mcpConfig.describe().map((s) => [s.name, s.overridable, s.value])).to.deep.equal([
      ["toolRoots", false, []],
      ["presentAs", true, "structured"],
      ["title", true, undefined],
      ["annotations", true, undefined],
      ["resources", false, []],
      ["prompts", false, []],
      ["configureServer", false, undefined],
      ["longRunning", true, undefined],
      ["taskTtlMs", false, 3_600_000],
      ["taskPollIntervalMs", false, 1000],
      ["stateless", false, false],
      ["requestStateKey", false, undefined],
      ["cacheTtlMs", false, 0],
      ["cacheScope", false, "private"],
      ["sessionStore", false, "memory"],
      ["maxSessions", false, 1000],
      ["maxSessionsPerPrincipal", false, 100],
      ["sessionIdleMs", false, 600000],
      ["rejectOpaqueExposedValues", true, false],
    ]);
  });

  it("mcp.stateless (for instances behind a balancer) takes a boolean; anything else is refused naming it", () => {
    expect(() =>
      mcpConfig.configure((c) => {
        (c as { stateless: unknown }).stateless = "yes";
      }),
    ).to.throw('Invalid stateless "yes" for axn-plugin-mcp: expected true or false');
    expect(mcpConfig.get("stateless")).to.equal(false);
  });

  it('mcp.sessionStore takes "memory", "redis" or a redis:// URL; anything else is refused naming it', () => {
    for (const value of ["memory", "redis", "redis://127.0.0.1:6379", "rediss://cache.internal:6380/2"]) {
      mcpConfig.configure((c) => {
        (c as { sessionStore: unknown }).sessionStore = value;
      });
      expect(mcpConfig.get("sessionStore")).to.equal(value);
    }
    mcpConfig.reset();
    for (const value of ["postgres://db", "Redis", 6379]) {
      expect(() =>
        mcpConfig.configure((c) => {
          (c as { sessionStore: unknown }).sessionStore = value;
        }),
      ).to.throw(
        `Invalid sessionStore ${JSON.stringify(value)} for axn-plugin-mcp: expected "memory", "redis" (the app's queue.connection) or a redis:// URL`,
      );
    }
    expect(mcpConfig.get("sessionStore")).to.equal("memory");
  });

  it("tools() wraps every Tools.for('mcp') member: sorted by name, latest version only", async () => {
    const V1 = defineAxn({
      name: "McpPlugin.Approve",
      toolVersion: 1,
      tool: ["mcp"],
      exposes: { v: z.number() },
      call: () => ({ v: 1 }),
    });
    const V2 = defineAxn({
      name: "McpPlugin.Approve",
      toolVersion: 2,
      tool: ["mcp"],
      exposes: { v: z.number() },
      call: () => ({ v: 2 }),
    });
    defineAxn({
      name: "McpPlugin.Audit",
      tool: { mcp: { presentAs: "message" } },
      semanticHints: ["openWorld"],
      call: () => undefined,
    });
    defineAxn({ name: "McpPlugin.Internal", tool: { except: ["mcp"] }, call: () => undefined });
    defineAxn({ name: "McpPlugin.Helper", call: () => undefined });
    await createHost({ config: { plugins: [mcpPlugin] } });

    const tools = McpAdapter.tools();
    expect(tools.map((t) => [t.name, t.action.toolVersion])).to.deep.equal([
      ["mcp_plugin_approve", 2],
      ["mcp_plugin_audit", 1],
    ]);
    expect(tools[0]!.action).to.equal(V2);
    expect(tools[0]!._meta).to.deep.equal({ "axn/toolVersion": 2 });
    expect(tools[1]!.annotations).to.deep.equal({ openWorldHint: true });
    expect(Tools.for("mcp", { allVersions: true })).to.deep.equal([V1, V2, tools[1]!.action]);

    const { client, close } = await connectInMemory();
    try {
      const { tools: listed } = await client.listTools();
      expect(listed.map((t) => t.name)).to.deep.equal(["mcp_plugin_approve", "mcp_plugin_audit"]);
      expect((await client.callTool({ name: "mcp_plugin_approve", arguments: {} })).structuredContent).to.deep.equal({
        v: 2,
      });
    } finally {
      await close();
    }
  });

  it("app config writes the mcp settings", async () => {
    const Report = defineAxn({
      name: "McpPlugin.Report",
      tool: ["mcp"],
      exposes: { n: z.number() },
      call: () => ({ n: 1 }),
    });
    await createHost({ config: { plugins: [mcpPlugin], mcp: { presentAs: "message", title: "Axn tool" } } });
    const tool = McpAdapter.wrap(Report);
    expect(tool).not.to.have.property("outputSchema");
    expect(tool.title).to.equal("Axn tool");
  });
});
