/**
 * axn-plugin-http's own endpoint against the served suite, with the driver docs/adapter-authoring.md
 * shows (docs/examples/snippets/http-served-driver.ts): its `/api` transport served under `axn
 * serve`'s shared server, checked for the serving policy, the principal, the slot, the timeout,
 * hidden exceptions and cancellation.
 */
import { describeServedConformance } from "@axn/sdk/conformance";
import { resetKernel } from "@axn/sdk/testing";
import { httpServedDriver } from "../../docs/examples/snippets/http-served-driver.js";

describe("served conformance: axn-plugin-http", () => {
  before(resetKernel);
  after(resetKernel);

  describeServedConformance(httpServedDriver);
});
