/** `@axn/sdk/testing`: buildAxn, withAmbientContext, resetKernel. */
import { expect } from "chai";
import { z } from "zod/v3";
import { axnConfig, configureAxn, Tools } from "@axn/core";
import { catalogActions, activeHost, createKernelHost } from "@axn/core/internal";
import { buildAxn, BUILT_AXN_PREFIX, resetKernel, withAmbientContext } from "@axn/sdk/testing";

const WhoAmI = () =>
  buildAxn({
    expects: { userId: { schema: z.string(), on: "ambientContext" } },
    exposes: { userId: z.string() },
    call: async ({ userId }) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { userId };
    },
  });

describe("@axn/sdk/testing", () => {
  beforeEach(resetKernel);
  after(resetKernel);

  describe("buildAxn", () => {
    it("defines a working action with a generated, unique, provider-safe name", async () => {
      const a = buildAxn({
        expects: { n: z.number() },
        exposes: { double: z.number() },
        call: ({ n }) => ({ double: n * 2 }),
      });
      const b = buildAxn({ call: () => undefined });
      expect(a.name).to.match(new RegExp(`^${BUILT_AXN_PREFIX.replace(".", "\\.")}\\d+$`));
      expect(a.name).not.to.equal(b.name);
      expect(a.toolName()).to.match(/^spec_built_axn\d+$/);
      expect((await a.call({ n: 21 })).double).to.equal(42);
      expect(catalogActions()).to.include.members([a, b]);
    });

    it("keeps a name that is given", () => {
      expect(buildAxn({ name: "Billing.ChargeCard", call: () => undefined }).toolName()).to.equal(
        "billing_charge_card",
      );
    });
  });

  describe("withAmbientContext", () => {
    it("is the ambient context of the calls inside it, and only theirs", async () => {
      const action = WhoAmI();
      const [a, b] = await Promise.all([
        withAmbientContext({ userId: "u_a" }, () => action.call({})),
        withAmbientContext({ userId: "u_b" }, () => action.call({})),
      ]);
      expect([a.userId, b.userId]).to.deep.equal(["u_a", "u_b"]);
      // Outside, there is none: the missing ambient field is an integration bug, reported.
      const reported: unknown[] = [];
      configureAxn({ onException: (error) => reported.push(error) });
      const outside = await action.call({});
      expect(outside.ok).to.equal(false);
      expect(reported).to.have.length(1);
    });

    it("returns what the function returns", () => {
      expect(withAmbientContext({}, () => 7)).to.equal(7);
    });
  });

  describe("resetKernel", () => {
    it("clears the catalog, the host, the tool registry and the global config", () => {
      buildAxn({ tool: true, call: () => undefined });
      const host = createKernelHost();
      host.hooks.registerAdapter.tap("spec", (adapters) => adapters.add("spec_adapter"));
      host.freeze();
      configureAxn({ env: "production" });
      expect(Tools.adapters()).to.include("spec_adapter");

      resetKernel();

      expect(catalogActions()).to.deep.equal([]);
      expect(activeHost()).to.equal(undefined);
      expect(Tools.adapters()).to.deep.equal([]);
      expect(axnConfig().env).to.equal("test");
      createKernelHost().freeze(); // a new host can load
    });
  });
});
