import { expect } from "chai";
import {
  HookError,
  HookStage,
  defineAxn,
  Tools,
  semanticHintOwner,
  fieldMetadataKeyOwner,
  knownSemanticHints,
  type AdapterRegistrar,
  type AnyAxn,
  type ResultInfo,
} from "@axn/core";
import { activeHost, createKernelHost, hostLoaded, registeredAdapters } from "@axn/core/internal";
import { captureReports } from "../../support/reports.js";
import { thrown } from "../../support/thrown.js";
import { freshKernel } from "../../support/fresh-kernel.js";

const roots = { toolRoots: (): readonly string[] => [] };

describe("host kernel", () => {
  freshKernel();
  const reports = captureReports();

  it("has a frozen record of the six hooks", () => {
    const host = createKernelHost();
    expect(Object.isFrozen(host.hooks)).to.equal(true);
    expect(Object.keys(host.hooks)).to.deep.equal([
      "registerAdapter",
      "registerSemanticHint",
      "registerFieldMetadataKey",
      "registerTransport",
      "onResult",
      "onAccessDenied",
    ]);
    expect(activeHost()).to.equal(host);
  });

  it("allows one active host per process", () => {
    createKernelHost();
    const error = thrown(() => createKernelHost());
    expect(error.code).to.equal("AXN_HOST_ACTIVE");
    expect(error.message).to.equal(
      "An axn host is already active in this process; an app loads exactly one host (in tests, call resetKernel() from @axn/sdk/testing between hosts)",
    );
  });

  describe("ordering", () => {
    it("runs taps in registration order, lower stage first, and `before` ahead of the named tap", () => {
      const host = createKernelHost();
      const order: string[] = [];
      const tap = (name: string) => () => void order.push(name);
      host.hooks.registerSemanticHint.tap("axn-plugin-a", tap("a"));
      host.hooks.registerSemanticHint.tap({ name: "axn-plugin-late", stage: HookStage.Late }, tap("late"));
      host.hooks.registerSemanticHint.tap("axn-plugin-b", tap("b"));
      host.hooks.registerSemanticHint.tap({ name: "axn-plugin-early", stage: HookStage.Early }, tap("early"));
      host.hooks.registerSemanticHint.tap({ name: "axn-plugin-first", before: "axn-plugin-a" }, tap("before-a"));
      host.runRegistrations();
      expect(order).to.deep.equal(["early", "before-a", "a", "b", "late"]);
    });

    it("runs each registration hook once, adapters then hints then metadata keys", () => {
      const host = createKernelHost();
      const order: string[] = [];
      host.hooks.registerFieldMetadataKey.tap("p", () => void order.push("metadata"));
      host.hooks.registerSemanticHint.tap("p", () => void order.push("hints"));
      host.hooks.registerAdapter.tap("p", () => void order.push("adapters"));
      host.runRegistrations();
      host.runRegistrations();
      host.freeze();
      expect(order).to.deep.equal(["adapters", "hints", "metadata"]);
    });
  });

  describe("attribution", () => {
    it("wraps whatever a tap throws with the plugin (tap name), the hook and the cause", () => {
      const host = createKernelHost();
      const original = new Error("no such transport");
      host.hooks.registerAdapter.tap("axn-plugin-x", () => {
        throw original;
      });
      const error = thrown(() => host.runRegistrations()) as HookError;
      expect(error).to.be.instanceOf(HookError);
      expect(error.code).to.equal("AXN_HOOK_FAILED");
      expect(error.message).to.equal('Plugin "axn-plugin-x" failed in hook registerAdapter: no such transport');
      expect(error.plugin).to.equal("axn-plugin-x");
      expect(error.hook).to.equal("registerAdapter");
      expect(error.cause).to.equal(original);
    });

    it("attributes a registry refusal to the plugin that caused it", () => {
      const host = createKernelHost();
      host.hooks.registerFieldMetadataKey.tap("axn-plugin-beta", (keys) => keys.add("sensitive"));
      expect(thrown(() => host.runRegistrations()).message).to.equal(
        'Plugin "axn-plugin-beta" failed in hook registerFieldMetadataKey: Cannot register field metadata key "sensitive": it is owned by the axn core field DSL',
      );
    });

    it("records which plugin registered each hint and metadata key", () => {
      const host = createKernelHost();
      host.hooks.registerSemanticHint.tap("axn-plugin-mcp", (hints) => hints.add("openWorld"));
      host.hooks.registerFieldMetadataKey.tap("axn-plugin-mcp", (keys) => keys.add("mcpTitle"));
      host.freeze();
      expect(knownSemanticHints()).to.include("openWorld");
      expect(semanticHintOwner("openWorld")).to.equal("axn-plugin-mcp");
      expect(fieldMetadataKeyOwner("mcpTitle")).to.equal("axn-plugin-mcp");
    });
  });

  describe("adapters", () => {
    it("keeps one adapter list: what a plugin registers is what the tool registry enumerates", () => {
      const host = createKernelHost();
      host.hooks.registerAdapter.tap("axn-plugin-alpha", (adapters) => adapters.add("alpha", roots));
      host.hooks.registerAdapter.tap("axn-plugin-beta", (adapters) => adapters.add("beta"));
      host.runRegistrations();
      expect(registeredAdapters()).to.deep.equal([
        { key: "alpha", configSource: roots, plugin: "axn-plugin-alpha" },
        { key: "beta", configSource: undefined, plugin: "axn-plugin-beta" },
      ]);
      expect(Tools.adapters()).to.deep.equal(["alpha", "beta"]);
    });

    it("lists an adapter registered through Tools.registerAdapter too (one list, no sync step)", () => {
      Tools.registerAdapter("direct");
      expect(registeredAdapters()).to.deep.equal([{ key: "direct", configSource: undefined, plugin: undefined }]);
      expect(Tools.adapters()).to.deep.equal(["direct"]);
    });

    it("re-registering without a source keeps the source already given", () => {
      const host = createKernelHost();
      host.hooks.registerAdapter.tap("a", (adapters) => adapters.add("alpha", roots));
      host.hooks.registerAdapter.tap("b", (adapters) => adapters.add("alpha"));
      host.runRegistrations();
      expect(registeredAdapters()).to.deep.equal([{ key: "alpha", configSource: roots, plugin: "a" }]);
    });
  });

  describe("freezing", () => {
    it("marks discovery complete", () => {
      const host = createKernelHost();
      expect(hostLoaded()).to.equal(false);
      expect(host.phase).to.equal("load");
      host.freeze();
      expect(hostLoaded()).to.equal(true);
      expect(host.phase).to.equal("run");
    });

    it("refuses a new tap after load", () => {
      const host = createKernelHost();
      host.freeze();
      const error = thrown(() => host.hooks.onResult.tap("axn-plugin-late", () => undefined));
      expect(error.code).to.equal("AXN_REGISTRY_FROZEN");
      expect(error.message).to.equal(
        `Cannot tap hook onResult as "axn-plugin-late" after the host finished loading; tap it from a plugin's apply()`,
      );
      expect(host.hooks.onResult.taps).to.have.length(0);
    });

    it("refuses an adapter registration at run time through a kept registrar", () => {
      const host = createKernelHost();
      let kept: AdapterRegistrar | undefined;
      host.hooks.registerAdapter.tap("axn-plugin-sneaky", (adapters) => void (kept = adapters));
      host.freeze();
      const error = thrown(() => kept!.add("later"));
      expect(error.code).to.equal("AXN_REGISTRY_FROZEN");
      expect(error.message).to.equal(
        `Cannot register adapter "later" after the host finished loading; register it from a plugin's apply()`,
      );
    });
  });

  describe("onResult observers", () => {
    const Greet = () => defineAxn({ name: "Greet", call: () => undefined });

    it("sees every finished call with its result, action and duration", async () => {
      const host = createKernelHost();
      const seen: ResultInfo[] = [];
      host.hooks.onResult.tap("axn-plugin-audit", (info) => void seen.push(info));
      host.freeze();
      const action = Greet();
      const result = await action.call({});
      expect(seen).to.have.length(1);
      expect(seen[0]!.result).to.equal(result);
      expect(seen[0]!.action).to.equal(action as unknown as AnyAxn);
      expect(seen[0]!.durationMs).to.be.a("number");
    });

    it("reports a throwing observer once; the result and later observers are unaffected", async () => {
      const host = createKernelHost();
      const later: boolean[] = [];
      host.hooks.onResult.tap("axn-plugin-broken", () => {
        throw new Error("metrics down");
      });
      host.hooks.onResult.tap("axn-plugin-audit", ({ result }) => void later.push(result.ok));
      host.freeze();
      const result = await Greet().call({});
      expect(result.ok).to.equal(true);
      expect(later).to.deep.equal([true]);
      expect(reports).to.have.length(1);
      const report = reports[0]!;
      expect(report.action).to.equal("Greet");
      expect(report.phase).to.equal("onResult");
      expect((report.error as HookError).message).to.equal(
        'Plugin "axn-plugin-broken" failed in hook onResult: metrics down',
      );
      expect((report.error as HookError).cause).to.be.instanceOf(Error);
    });

    it("sees calls made during the load phase by the observers tapped so far", async () => {
      const host = createKernelHost();
      const seen: string[] = [];
      const action = Greet();
      await action.call({});
      host.hooks.onResult.tap("axn-plugin-audit", ({ result }) => void seen.push(result.outcome));
      await action.call({});
      expect(seen).to.deep.equal(["success"]);
    });

    it("does not enter tapable when nothing observes", async () => {
      const host = createKernelHost();
      const hook = host.hooks.onResult as unknown as { call: () => void };
      hook.call = () => {
        throw new Error("dispatched");
      };
      const action = Greet();
      expect((await action.call({})).ok).to.equal(true); // load phase: no taps yet
      host.freeze();
      expect((await action.call({})).ok).to.equal(true); // run phase: no taps, so no sink at all
      expect(reports).to.have.length(0);
    });

    it("is a no-op without a host", async () => {
      expect((await Greet().call({})).ok).to.equal(true);
      expect(reports).to.have.length(0);
    });
  });
});
