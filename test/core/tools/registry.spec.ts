import { expect } from "chai";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { configureAxn, defineAxn, Tools, type AnyAxn } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { resetKernel } from "@axn/sdk/testing";

const noop = () => undefined;
const names = (actions: readonly AnyAxn[], key: string) => actions.map((a) => `${a.toolName(key)}@${a.toolVersion}`);

function loadedHost(...keys: string[]): void {
  const host = createKernelHost();
  host.hooks.registerAdapter.tap("test-plugin", (adapters) => {
    for (const k of keys) adapters.add(k);
  });
  host.freeze();
}

describe("Tools registry", () => {
  const warnings: string[] = [];
  beforeEach(() => {
    resetKernel();
    warnings.length = 0;
    configureAxn({ logger: { debug: noop, info: noop, error: noop, warn: (m: string) => void warnings.push(m) } });
  });
  after(() => {
    resetKernel();
    configureAxn({ logger: console });
  });

  it("an unknown adapter key throws a TypeError, suggesting the key meant and naming the registered keys", () => {
    loadedHost("mcp", "http");
    expect(() => Tools.for("mpc")).to.throw(
      TypeError,
      'Unknown tool adapter "mpc"; did you mean "mcp"? Registered adapters: http, mcp',
    );
  });

  it("membership = (directory grant ∪ declaration grant) − except, for every declaration form", () => {
    loadedHost("mcp", "http", "langchain");
    defineAxn({ name: "All", tool: true, call: noop });
    defineAxn({ name: "Listed", tool: ["mcp", "http"], call: noop });
    defineAxn({ name: "Bag", tool: { mcp: {} }, call: noop });
    defineAxn({ name: "Configured", configure: { http: {} }, call: noop });
    defineAxn({ name: "Out", tool: false, call: noop });
    defineAxn({ name: "Except", tool: { except: ["http"] }, call: noop });
    defineAxn({ name: "ListedExcept", tool: { mcp: {}, http: {}, except: ["mcp"] }, call: noop });
    defineAxn({ name: "Undeclared", call: noop });
    expect(names(Tools.for("mcp"), "mcp")).to.deep.equal(["all@1", "bag@1", "except@1", "listed@1"]);
    expect(names(Tools.for("http"), "http")).to.deep.equal(["all@1", "configured@1", "listed@1", "listed_except@1"]);
    expect(names(Tools.for("langchain"), "langchain")).to.deep.equal(["all@1", "except@1"]);
  });

  it("returns the latest version per tool name, sorted by name; allVersions returns every version", () => {
    loadedHost("mcp");
    defineAxn({ name: "Zeta", tool: true, call: noop });
    defineAxn({ name: "AgentTools.ApproveLoan.V1", toolVersion: 1, tool: true, call: noop });
    defineAxn({ name: "AgentTools.ApproveLoan.V3", toolVersion: 3, tool: true, call: noop });
    defineAxn({ name: "AgentTools.ApproveLoan.V2", toolVersion: 2, tool: true, call: noop });
    expect(names(Tools.for("mcp"), "mcp")).to.deep.equal(["approve_loan@3", "zeta@1"]);
    expect(names(Tools.for("mcp", { allVersions: true }), "mcp")).to.deep.equal([
      "approve_loan@1",
      "approve_loan@2",
      "approve_loan@3",
      "zeta@1",
    ]);
    const group = Tools.versions("mcp", "approve_loan");
    expect(group.all.map((a) => a.toolVersion)).to.deep.equal([1, 2, 3]);
    expect(group.latest.name).to.equal("AgentTools.ApproveLoan.V3");
  });

  it("two actions sharing tool name and version raise, naming both and how to disambiguate", () => {
    loadedHost("mcp");
    defineAxn({ name: "Billing.Charge", tool: true, call: noop });
    defineAxn({ name: "Actions.Billing.Charge", tool: true, call: noop });
    expect(() => Tools.for("mcp")).to.throw(
      'Tool name conflict for adapter "mcp": Billing.Charge and Actions.Billing.Charge both resolve to tool "billing_charge" version 1; set a distinct tool name (tool: { name: "..." }) or toolVersion on one of them',
    );
  });

  it("a V<n> segment must match a version the action declares", () => {
    loadedHost("mcp");
    expect(() => defineAxn({ name: "AgentTools.Refund.V2", toolVersion: 3, tool: true, call: noop })).to.throw(
      TypeError,
      "defineAxn(AgentTools.Refund.V2): the name ends in a V2 segment but toolVersion is 3; make them agree",
    );
  });

  describe("a V<n> member without its own toolVersion (issue 16, item 13)", () => {
    // The seed: "a ::Vn member that didn't declare its own tool_version — a forgotten declaration, or
    // one merely inherited from a superclass — raises", "enforced at enumeration (and, when the
    // constant name is already visible, at declaration)". A TypeScript name is always visible at defineAxn.
    const missing =
      "defineAxn(AgentTools.Refund.V2): the name ends in a V2 segment but does not declare toolVersion; add toolVersion: 2";

    it("raises at definition for every form that declares membership", () => {
      loadedHost("mcp", "http");
      for (const declaration of [
        { tool: true },
        { tool: ["mcp"] },
        { tool: { mcp: {} } },
        { tool: { except: ["http"] } },
        { tool: { name: "refund" } },
        { configure: { mcp: {} } },
      ] as const) {
        expect(
          () => defineAxn({ name: "AgentTools.Refund.V2", ...declaration, call: noop }),
          JSON.stringify(declaration),
        ).to.throw(TypeError, missing);
      }
    });

    it("raises at definition when the version would only be inherited through extends", () => {
      loadedHost("mcp");
      const V1 = defineAxn({ name: "AgentTools.Refund.V1", toolVersion: 1, tool: ["mcp"], call: noop });
      expect(() => defineAxn({ name: "AgentTools.Refund.V2", extends: V1, tool: ["mcp"], call: noop })).to.throw(
        TypeError,
        `${missing} (toolVersion is never inherited through extends)`,
      );
    });

    it("raises before any host has loaded: the rule needs only the name", () => {
      expect(() => defineAxn({ name: "AgentTools.Refund.V2", tool: true, call: noop })).to.throw(TypeError, missing);
    });

    it("does not raise for an action that is not declared a tool", () => {
      loadedHost("mcp");
      expect(() => defineAxn({ name: "Payments.V2", call: noop })).not.to.throw();
      expect(() => defineAxn({ name: "Helpers.Format.V2", tool: false, call: noop })).not.to.throw();
    });

    describe("a member only through a directory grant is still caught at enumeration", () => {
      const root = join(dirname(fileURLToPath(import.meta.url)), "../../fixtures/version-roots");
      const load = async () => {
        Tools.setProjectRoot(root);
        const host = createKernelHost();
        host.hooks.registerAdapter.tap("versions-plugin", (a) => a.add("mcp", { toolRoots: () => ["agent_tools"] }));
        host.freeze();
        await Tools.discover();
      };

      it("Tools.for checks every member: a v2 module, or a V3 name, without toolVersion", async () => {
        await load();
        expect(() => Tools.for("mcp")).to.throw(
          "Action Fixture.Legacy.V3 ends in a V3 segment but does not declare toolVersion; add toolVersion: 3",
        );
        // Without toolVersion the V2 segment is not dropped from the name, so the tool reads as "refund_v2".
        expect(() => Tools.versions("mcp", "refund_v2")).to.throw(
          "Action Fixture.RefundSecond (module refund/v2) ends in a V2 segment but does not declare toolVersion; add toolVersion: 2",
        );
      });

      it("Tools.versions checks only the members it matched", async () => {
        await load();
        expect(Tools.versions("mcp", "healthy").latest.name).to.equal("Fixture.Healthy");
      });
    });
  });

  it("per-adapter and shared name overrides", () => {
    loadedHost("mcp", "http");
    const A = defineAxn({ name: "Search.Items", tool: { name: "find", mcp: { name: "mcp_find" } }, call: noop });
    expect(A.toolName()).to.equal("find");
    expect(A.toolName("mcp")).to.equal("mcp_find");
    expect(A.toolName("http")).to.equal("find");
    expect(names(Tools.for("mcp"), "mcp")).to.deep.equal(["mcp_find@1"]);
  });

  it("is cached and invalidated only when the registry changes", () => {
    loadedHost("mcp");
    defineAxn({ name: "One", tool: true, call: noop });
    const first = Tools.for("mcp");
    expect(Tools.for("mcp")).to.equal(first);
    defineAxn({ name: "Two", tool: true, call: noop });
    const second = Tools.for("mcp");
    expect(second).to.not.equal(first);
    expect(names(second, "mcp")).to.deep.equal(["one@1", "two@1"]);
  });

  it("warns once when called before the host finished loading", () => {
    Tools.registerAdapter("mcp");
    defineAxn({ name: "Early", tool: true, call: noop });
    Tools.for("mcp");
    Tools.for("mcp");
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.match(/^axn: Tools\.for was called before discovery was complete/);
  });

  it("refuses new adapters after the host finished loading", () => {
    loadedHost("mcp");
    expect(() => Tools.registerAdapter("late")).to.throw(
      'Cannot register tool adapter "late" after the host finished loading; register it from a plugin\'s apply()',
    );
  });

  it("re-registering without a source keeps the source already given", async () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), "../../fixtures/tool-roots");
    Tools.setProjectRoot(root);
    Tools.registerAdapter("mcp", { toolRoots: () => ["agent_tools"] });
    Tools.registerAdapter("mcp");
    await Tools.discover();
    expect(names(Tools.for("mcp"), "mcp")).to.include("users_list_companies@1");
  });

  describe("tool roots", () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), "../../fixtures/tool-roots");

    it("imports every module under a root; exported actions get the directory grant and a path-derived name", async () => {
      Tools.setProjectRoot(root);
      const host = createKernelHost();
      host.hooks.registerAdapter.tap("roots-plugin", (a) => {
        a.add("mcp", { toolRoots: () => ["agent_tools"] });
        a.add("http");
      });
      host.freeze();
      await Tools.discover();
      expect(names(Tools.for("mcp", { allVersions: true }), "mcp")).to.deep.equal([
        "approve_loan@1",
        "approve_loan@2",
        "users_list_companies@1",
      ]);
      // Directory grants are per adapter: http has no roots, and the helper opted out everywhere.
      expect(names(Tools.for("http"), "http")).to.deep.equal(["narrowed@1"]);
      expect(warnings).to.deep.equal([]);
    });

    it("refuses the project root, .. escapes and bulk folders", async () => {
      for (const [bad, message] of [
        [".", 'tool root "." is the project root; point it at a folder that holds only tools (e.g. "agent_tools")'],
        ["../elsewhere", 'tool root "../elsewhere" escapes the project root'],
        [
          "src",
          'tool root "src" ends in the bulk folder "src"; point it at a folder that holds only tools (e.g. "src/agent_tools")',
        ],
        [
          "app/actions",
          'tool root "app/actions" ends in the bulk folder "actions"; point it at a folder that holds only tools (e.g. "app/actions/agent_tools")',
        ],
      ]) {
        resetKernel();
        Tools.setProjectRoot(root);
        Tools.registerAdapter("mcp", { toolRoots: () => [bad!] });
        let error: unknown;
        try {
          await Tools.discover();
        } catch (e) {
          error = e;
        }
        expect((error as Error).message, bad).to.equal(message);
        expect((error as { code: string }).code).to.equal("AXN_INVALID_TOOL_ROOT");
      }
    });
  });
});
