/**
 * An unregistered adapter key is DSL misuse (issue 16, item 14). The seed's error boundary:
 * "Generic ArgumentErrors raised for DSL misuse — a malformed on:, an unregistered tool adapter —
 * stay plain ArgumentErrors", outside the axn error brand. In TypeScript that is a plain
 * `TypeError` (still carrying the stable code `AXN_UNKNOWN_ADAPTER`), with a did-you-mean. After
 * the host has loaded, the set of adapters is final, so a typo'd key in a declaration fails when
 * the action is defined; an action defined earlier fails when loading finishes.
 */
import { expect } from "chai";
import { createConfigurable, defineAxn, isAxnError, Tools } from "@axn/core";
import { catalogActions, createKernelHost } from "@axn/core/internal";
import { thrown } from "../../support/thrown.js";
import { resetKernel } from "@axn/sdk/testing";

const noop = () => undefined;

// A package that declares per-action settings under a namespace without serving tools.
createConfigurable("axn-plugin-auditspec")
  .configNamespace("auditspec")
  .setting("level", { default: "info", overridable: true });

function loadedHost(...keys: string[]): void {
  const host = createKernelHost();
  host.hooks.registerAdapter.tap("test-plugin", (adapters) => {
    for (const k of keys) adapters.add(k);
  });
  host.freeze();
}

function expectDslMisuse(error: unknown, message: string): void {
  expect(error).to.be.instanceOf(TypeError);
  expect(isAxnError(error)).to.equal(false);
  expect((error as { code?: string }).code).to.equal("AXN_UNKNOWN_ADAPTER");
  expect((error as Error).message).to.equal(message);
}

describe("an unregistered adapter key is DSL misuse: a plain TypeError with a did-you-mean", () => {
  beforeEach(() => {
    resetKernel();
  });
  after(() => {
    resetKernel();
  });

  describe("asking the registry", () => {
    it('Tools.for("mpc") suggests the adapter meant', () => {
      loadedHost("mcp", "http");
      expectDslMisuse(
        thrown(() => Tools.for("mpc")),
        'Unknown tool adapter "mpc"; did you mean "mcp"? Registered adapters: http, mcp',
      );
    });

    it("Tools.isMember and Tools.versions answer the same way", () => {
      loadedHost("mcp", "http");
      const A = defineAxn({ name: "Orders.Refund", tool: true, call: noop });
      const message = 'Unknown tool adapter "mpc"; did you mean "mcp"? Registered adapters: http, mcp';
      expectDslMisuse(
        thrown(() => Tools.isMember(A, "mpc")),
        message,
      );
      expectDslMisuse(
        thrown(() => Tools.versions("mpc", "orders_refund")),
        message,
      );
    });

    it("with nothing close, it lists what is registered; with nothing registered, it says how to register", () => {
      loadedHost("mcp", "http");
      expectDslMisuse(
        thrown(() => Tools.for("kafka")),
        'Unknown tool adapter "kafka"; registered adapters: http, mcp',
      );
      resetKernel();
      expectDslMisuse(
        thrown(() => Tools.for("mcp")),
        'Unknown tool adapter "mcp"; registered adapters: (none — load a plugin or call Tools.registerAdapter)',
      );
    });
  });

  describe("declaring, after the host has loaded", () => {
    it('tool: ["mpc"] fails at defineAxn, and the action is never defined', () => {
      loadedHost("mcp", "http");
      expectDslMisuse(
        thrown(() => defineAxn({ name: "Orders.Refund", tool: ["mcp", "mpc"], call: noop })),
        'defineAxn(Orders.Refund): unknown tool adapter "mpc"; did you mean "mcp"? Registered adapters: http, mcp',
      );
      expect(catalogActions().map((a) => a.name)).to.deep.equal([]);
    });

    it("a per-adapter bag, a configure bag and an except list are checked alike", () => {
      loadedHost("mcp", "http");
      const message =
        'defineAxn(Orders.Refund): unknown tool adapter "htp"; did you mean "http"? Registered adapters: http, mcp';
      expectDslMisuse(
        thrown(() => defineAxn({ name: "Orders.Refund", tool: { htp: {} }, call: noop })),
        message,
      );
      expectDslMisuse(
        thrown(() => defineAxn({ name: "Orders.Refund", configure: { htp: {} }, call: noop })),
        message,
      );
      expectDslMisuse(
        thrown(() => defineAxn({ name: "Orders.Refund", tool: { except: ["htp"] }, call: noop })),
        'defineAxn(Orders.Refund): unknown tool adapter "htp" in tool.except; did you mean "http"? Registered adapters: http, mcp',
      );
    });

    it("a settings bag for a namespace a loaded package declared is not a typo, adapter or not", () => {
      loadedHost("mcp");
      expect(() =>
        defineAxn({ name: "Orders.Audited", configure: { auditspec: { level: "debug" } }, call: noop }),
      ).not.to.throw();
      expectDslMisuse(
        thrown(() => defineAxn({ name: "Orders.Listed", tool: ["auditspec"], call: noop })),
        'defineAxn(Orders.Listed): unknown tool adapter "auditspec"; registered adapters: mcp',
      );
    });
  });

  describe("declared before the host loaded", () => {
    it("is accepted while adapters may still register, and fails when loading finishes", async () => {
      defineAxn({ name: "Orders.Early", tool: ["mpc"], call: noop });
      loadedHost("mcp");
      let error: unknown;
      try {
        await Tools.discover(); // what the host runs right after it freezes
      } catch (e) {
        error = e;
      }
      expectDslMisuse(
        error,
        'defineAxn(Orders.Early): unknown tool adapter "mpc"; did you mean "mcp"? Registered adapters: mcp',
      );
    });

    it("and enumerating reports it too, for a host that never ran discovery", () => {
      defineAxn({ name: "Orders.Early", tool: ["mpc"], call: noop });
      loadedHost("mcp");
      expectDslMisuse(
        thrown(() => Tools.for("mcp")),
        'defineAxn(Orders.Early): unknown tool adapter "mpc"; did you mean "mcp"? Registered adapters: mcp',
      );
    });
  });
});
