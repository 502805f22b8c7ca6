/**
 * docs/adapter-authoring.md — the example adapter (fncall-adapter.ts) against the adapter
 * conformance suite. test/docs/snippets.spec.ts imports this module, which registers the suite.
 */
import { describeAdapterConformance } from "@axn/sdk/conformance";
import { resetKernel } from "@axn/sdk/testing";
import { fncallDriver } from "./fncall-driver.js";
import { valibotProbes } from "./valibot-probes.js";

describe("conformance: axn-plugin-fncall", () => {
  before(resetKernel); // the probes join the catalog (tools() serves them): start and end clean
  after(resetKernel);

  describeAdapterConformance(fncallDriver);
  // The same checks, with the probe actions declared in valibot (docs/schemas.md).
  describeAdapterConformance({ ...fncallDriver, probeSchemas: valibotProbes });
});
