/**
 * docs/plugins.md, "Testing a plugin" — a plugin's own spec. test/docs/pages.spec.ts imports this
 * module, which registers the suite.
 */
import { createHost } from "@axn/sdk";
import { resetKernel } from "@axn/sdk/testing";
import plugin from "../src/index.js";
import withOptions from "../src/with-options.js";

describe("axn-plugin-audit", () => {
  // Before and after: a spec file run after another starts from a clean kernel, and leaves one.
  beforeEach(resetKernel);
  afterEach(resetKernel);
  it("loads", async () => {
    await createHost({ config: { plugins: [plugin] } });
  });
  it("loads with its options", async () => {
    await createHost({ config: { plugins: [[withOptions, { level: "debug" }]] } });
  });
});
