import { expect } from "chai";
import { z } from "zod/v3";
import { configureAxn, createConfigurable, defineAxn, Tools, UnserializableValue } from "@axn/core";
import { resetKernel } from "@axn/sdk/testing";
import {
  declareRejectOpaqueExposedValues,
  guardToolResponse,
  serializeExposed,
  toolRootsDefault,
  toolRootsSource,
} from "@axn/sdk/adapter";
import { captureReports } from "../support/reports.js";

/** One namespace for this file: namespaces are process-wide, like a published plugin's. */
const fixtureConfig = toolRootsDefault(
  declareRejectOpaqueExposedValues(createConfigurable("axn-plugin-adapterspec").configNamespace("adapterspec"), {
    default: false,
  }),
  ["agent_tools"],
);

class Money {
  constructor(readonly cents: number) {}
}

describe("@axn/sdk/adapter", () => {
  const reports = captureReports();
  after(() => resetKernel());

  describe("declareRejectOpaqueExposedValues / serializeExposed", () => {
    it("requires an explicit default", () => {
      const config = createConfigurable("axn-plugin-nodefault").configNamespace("nodefault");
      expect(() => declareRejectOpaqueExposedValues(config, {} as never)).to.throw(
        TypeError,
        "declareRejectOpaqueExposedValues(axn-plugin-nodefault): `default` is required and must be a boolean",
      );
    });

    it("resolves the setting for the result's own action, whatever the package-wide value", async () => {
      const exposes = { price: z.instanceof(Money) };
      const Lenient = defineAxn({ name: "AdapterSpec.Lenient", exposes, call: () => ({ price: new Money(5) }) });
      const Strict = defineAxn({
        name: "AdapterSpec.Strict",
        exposes,
        configure: { adapterspec: { rejectOpaqueExposedValues: true } },
        call: () => ({ price: new Money(5) }),
      });
      expect(serializeExposed(fixtureConfig, await Lenient.call({}))).to.deep.equal({ price: { cents: 5 } });
      const strict = await Strict.call({});
      expect(() => serializeExposed(fixtureConfig, strict)).to.throw(
        UnserializableValue,
        "Cannot render price: opaque value: instance of Money has no declared rendering (add toJSON)",
      );
      const lenientAgain = await Lenient.call({});
      fixtureConfig.configure((c) => {
        c.rejectOpaqueExposedValues = true;
      });
      // Package-wide strictness now applies to the lenient action too; the per-action value still wins for Strict.
      expect(() => serializeExposed(fixtureConfig, lenientAgain)).to.throw(UnserializableValue);
      expect(() => serializeExposed(fixtureConfig, strict)).to.throw(UnserializableValue);
      fixtureConfig.reset("rejectOpaqueExposedValues");
    });
  });

  describe("guardToolResponse", () => {
    const action = { name: "AdapterSpec.Tool" };

    it("returns the mapping's value when it succeeds (sync and async)", async () => {
      expect(guardToolResponse(action, { onError: () => "error" }, () => "ok")).to.equal("ok");
      expect(await guardToolResponse(action, { onError: () => "error" }, async () => "ok")).to.equal("ok");
      expect(reports).to.have.length(0);
    });

    it("reports once and answers onError outside development", async () => {
      configureAxn({ env: "production" });
      const boom = new Error("mapping bug");
      expect(
        guardToolResponse(action, { onError: (e) => `own error (${(e as Error).message})` }, () => {
          throw boom;
        }),
      ).to.equal("own error (mapping bug)");
      expect(
        await guardToolResponse(action, { onError: () => "async own error" }, async () => {
          throw new Error("later");
        }),
      ).to.equal("async own error");
      expect(reports.map((r) => [r.action, r.phase])).to.deep.equal([
        ["AdapterSpec.Tool", "adapter response"],
        ["AdapterSpec.Tool", "adapter response"],
      ]);
    });

    it("rethrows in development, after reporting", () => {
      configureAxn({ env: "development" });
      const boom = new Error("loud in dev");
      expect(() =>
        guardToolResponse(action, { onError: () => "never" }, () => {
          throw boom;
        }),
      ).to.throw(boom);
      expect(reports).to.have.length(1);
      configureAxn({ env: "test" });
    });
  });

  describe("toolRootsDefault", () => {
    it("validates the default where it is declared", () => {
      const config = createConfigurable("axn-plugin-broad").configNamespace("broad");
      expect(() => toolRootsDefault(config, ["app"])).to.throw(
        'tool root "app" ends in the bulk folder "app"; point it at a folder that holds only tools (e.g. "app/agent_tools")',
      );
    });

    it("an app's configure wins, and reset returns to the adapter's default", () => {
      const source = toolRootsSource(fixtureConfig);
      expect(source.toolRoots()).to.deep.equal(["agent_tools"]);
      fixtureConfig.configure((c) => {
        c.toolRoots = ["tools/ai"];
      });
      expect(source.toolRoots()).to.deep.equal(["tools/ai"]);
      expect(() =>
        fixtureConfig.configure((c) => {
          c.toolRoots = ["."];
        }),
      ).to.throw(/tool root "\." is the project root/);
      fixtureConfig.reset("toolRoots");
      expect(source.toolRoots()).to.deep.equal(["agent_tools"]);
      expect(Tools.projectRoot()).to.be.a("string");
    });
  });
});
