import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, Factory, Tools } from "@axn/core";
import { createKernelHost, registeredAdapters } from "@axn/core/internal";
import plugin, { LangchainAdapter, langchainConfig } from "axn-plugin-langchain";
import { captureReports } from "../../support/reports.js";

describe("axn-plugin-langchain: the plugin and its settings", () => {
  // First: its beforeEach resets the kernel and installs the report capture; the host loads into that.
  const reports = captureReports();
  beforeEach(() => {
    const host = createKernelHost();
    plugin.apply(host, undefined);
    host.freeze();
  });

  it("is a host plugin named axn-plugin-langchain that registers the langchain adapter key", () => {
    expect([plugin.name, plugin.version, plugin.host]).to.deep.equal(["axn-plugin-langchain", "0.1.0", "^0.1.0"]);
    expect(Object.isFrozen(plugin)).to.equal(true);
    // defineAdapterPlugin: the plugin carries the adapter's key and pair.
    expect([plugin.key, plugin.wrap, plugin.tools]).to.deep.equal([
      "langchain",
      LangchainAdapter.wrap,
      LangchainAdapter.tools,
    ]);
    const registered = registeredAdapters().find((adapter) => adapter.key === "langchain");
    expect(registered?.plugin).to.equal("axn-plugin-langchain");
    expect(registered?.configSource?.toolRoots()).to.deep.equal([]);
    expect(Tools.adapters()).to.include("langchain");
  });

  it("declares its settings under the langchain namespace with the documented defaults", () => {
    expect(langchainConfig.namespace).to.equal("langchain");
    expect(langchainConfig.describe().map((s) => [s.name, s.value, s.overridable])).to.deep.equal([
      ["presentAs", "structured", true],
      ["rejectOpaqueExposedValues", false, true],
      ["toolRoots", [], false],
    ]);
  });

  it("validates per-action settings when the action is defined", () => {
    expect(() =>
      defineAxn({
        name: "LangchainPlugin.BadPresent",
        configure: { langchain: { presentAs: "html" as never } },
        call: () => undefined,
      }),
    ).to.throw(
      'Invalid langchain.presentAs "html" on action LangchainPlugin.BadPresent: expected one of "structured", "message"',
    );
    expect(() =>
      defineAxn({
        name: "LangchainPlugin.Unknown",
        tool: { langchain: { colour: "blue" } as never },
        call: () => undefined,
      }),
    ).to.throw(
      "Unknown setting langchain.colour on action LangchainPlugin.Unknown; axn-plugin-langchain accepts: name, presentAs, rejectOpaqueExposedValues",
    );
  });

  it("resolves rejectOpaqueExposedValues per action", async () => {
    class Money {
      constructor(readonly cents: number) {}
    }
    const exposes = { price: z.instanceof(Money) };
    const Lenient = Factory.build({ name: "LangchainPlugin.Lenient", exposes }, () => ({ price: new Money(5) }));
    const Strict = Factory.build(
      { name: "LangchainPlugin.Strict", exposes, configure: { langchain: { rejectOpaqueExposedValues: true } } },
      () => ({ price: new Money(5) }),
    );
    const call = { name: "t", args: {}, id: "call_1", type: "tool_call" as const };
    expect((await LangchainAdapter.wrap(Lenient).invoke(call)).status).to.equal("success");
    const strict = await LangchainAdapter.wrap(Strict).invoke(call);
    expect([strict.status, strict.content]).to.deep.equal(["error", "The tool could not produce a valid response"]);
    expect(reports.map((r) => r.action)).to.deep.equal(["LangchainPlugin.Strict"]);
  });

  describe("LangchainAdapter.tools()", () => {
    it("is callable with no arguments and wraps every langchain member, sorted by tool name", () => {
      defineAxn({ name: "LangchainPlugin.Zeta", description: "Z", tool: ["langchain"], call: () => undefined });
      defineAxn({ name: "LangchainPlugin.Alpha", description: "A", tool: true, call: () => undefined });
      defineAxn({ name: "LangchainPlugin.Elsewhere", tool: { except: ["langchain"] }, call: () => undefined });
      defineAxn({ name: "LangchainPlugin.NotATool", call: () => undefined });
      const tools = LangchainAdapter.tools();
      expect(tools.map((t) => [t.name, t.description])).to.deep.equal([
        ["langchain_plugin_alpha", "A"],
        ["langchain_plugin_zeta", "Z"],
      ]);
      expect(tools.map((t) => t.name)).to.deep.equal(Tools.for("langchain").map((a) => a.toolName("langchain")));
    });

    it("applies its options to every tool", async () => {
      defineAxn({
        name: "LangchainPlugin.Hello",
        expects: { who: { schema: z.string(), on: "ambientContext" } },
        exposes: { text: z.string() },
        messages: { success: ({ text }) => text },
        tool: true,
        call: ({ who }) => ({ text: `hello ${who}` }),
      });
      const [tool] = LangchainAdapter.tools({ presentAs: "message", ambientContext: { who: "ada" } });
      const message = await tool!.invoke({ name: "langchain_plugin_hello", args: {}, id: "call_1", type: "tool_call" });
      expect(message.content).to.equal("hello ada");
    });
  });
});
