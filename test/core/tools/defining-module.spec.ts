/**
 * The module that defines an action names it (issue 16, item 12). Under a tool root a module
 * names the action it holds "as a file names a constant" (the seed's Zeitwerk residency: a class
 * is named by the file that defines it). An ES module's exports are live bindings, so a barrel
 * re-exporting an action exports the very same value; the barrel must not rename the tool, whether
 * it is imported before the defining module (and so is what evaluates it) or after it.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { Tools, type AnyAxn } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { resetKernel } from "@axn/sdk/testing";

const execFileAsync = promisify(execFile);
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "../../fixtures/defining-module");

async function discover(roots: readonly string[]): Promise<readonly AnyAxn[]> {
  Tools.setProjectRoot(FIXTURES);
  const host = createKernelHost();
  host.hooks.registerAdapter.tap("defining-module-spec", (adapters) => adapters.add("mcp", { toolRoots: () => roots }));
  host.freeze();
  await Tools.discover();
  return Tools.for("mcp");
}

describe("tool roots: the module that defines an action names it", () => {
  beforeEach(() => {
    resetKernel();
  });
  after(() => {
    resetKernel();
  });

  it("a barrel imported before the defining module (aa_index.ts → billing/charge.ts) does not rename it", async () => {
    const members = await discover(["before/agent_tools"]);
    const charge = members.find((a) => a.name === "Fixture.Charge")!;
    expect(charge.toolName("mcp")).to.equal("billing_charge");
  });

  it("a barrel imported after the defining module (zz_reexports.ts → billing/refund.ts) does not rename it", async () => {
    const members = await discover(["after/agent_tools"]);
    expect(members.map((a) => [a.name, a.toolName("mcp")])).to.deep.equal([["Fixture.Refund", "billing_refund"]]);
  });

  it("an action defined through a helper is named by the module that calls the helper", async () => {
    const members = await discover(["before/agent_tools"]);
    expect(members.find((a) => a.name === "Fixture.VoidInvoice")!.toolName("mcp")).to.equal("billing_void_invoice");
  });

  it("a defining module names only the one action it exports, never another it defined", async () => {
    const members = await discover(["unexported/agent_tools"]);
    expect(members.map((a) => [a.name, a.toolName("mcp")])).to.deep.equal([
      ["Fixture.Orders.Internal", "fixture_orders_internal"],
      ["Fixture.Orders.Cancel", "orders"],
    ]);
  });

  it("an action defined outside every root and re-exported by one is granted, and keeps the name its own name derives", async () => {
    const members = await discover(["before/agent_tools"]);
    expect(members.map((a) => a.toolName("mcp"))).to.deep.equal([
      "billing_charge",
      "billing_void_invoice",
      "fixture_shared_lookup",
    ]);
  });
});

describe("tool roots: the defining module when modules load synchronously (require, require(esm))", () => {
  // A plain Node process, as a CommonJS test runner (jest, mocha without a loader) runs an app:
  // runner.cjs requires one ES module tool before discovery, and a CommonJS barrel under the root
  // requires the module that defines its action. Both put a requirer's frame outward of the
  // definition; the tool is still named by the module that defined it.
  it("names each tool by its defining module, not by the runner or barrel that required it", async () => {
    const { stdout } = await execFileAsync(process.execPath, [join(FIXTURES, "required/runner.cjs")], {
      env: { ...process.env, NODE_OPTIONS: "--no-warnings" },
    });
    expect(JSON.parse(stdout)).to.deep.equal([
      ["Fixture.ChargeBack", "billing_charge_back"],
      ["Fixture.Settle", "billing_settle"],
    ]);
  });
});

describe("Tools.rootExports: what a root's modules export, as discovery imported them", () => {
  beforeEach(() => resetKernel());
  after(() => resetKernel());

  it("lists each module under the adapter's roots with its exports — the same values discovery saw", async () => {
    const members = await discover(["after/agent_tools"]);
    const modules = await Tools.rootExports("mcp");
    expect(modules.map((module) => module.path.slice(FIXTURES.length + 1))).to.deep.equal([
      "after/agent_tools/billing/refund.ts",
      "after/agent_tools/zz_reexports.ts",
    ]);
    // Not a second evaluation: the exported action is the very one discovery put in the catalog.
    const refund = members.find((action) => action.name === "Fixture.Refund");
    expect(refund).to.not.equal(undefined);
    expect(Object.values(modules[0]!.exports)).to.include(refund);
  });

  it("refuses an adapter key nobody registered", async () => {
    try {
      await Tools.rootExports("nope");
      expect.fail("expected a TypeError");
    } catch (error) {
      expect((error as Error).message).to.match(/^Unknown tool adapter "nope"/);
    }
  });
});
