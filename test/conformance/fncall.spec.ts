/**
 * The example adapter of docs/adapter-authoring.md (docs/examples/snippets/fncall-adapter.ts)
 * against the shipped conformance suite, with the driver the guide shows in "The conformance
 * suite": a third-party transport of the function-calling kind, whose tools are their own native
 * objects — `{ name, parameters }` is what the model is sent, and `call(args, session)` answers
 * `{ ok, content }` or `{ ok: false, error, fieldErrors }`.
 */
import { CONFORMANCE_PROBE_KINDS } from "../support/schema-kinds.js";
import { expect } from "chai";
import { describeAdapterConformance, runConformanceChecks, type AdapterConformanceDriver } from "@axn/sdk/conformance";
import { resetKernel } from "@axn/sdk/testing";
import { wrap, type FncallTool } from "../../docs/examples/snippets/fncall-adapter.js";
import { fncallDriver } from "../../docs/examples/snippets/fncall-driver.js";

const driver = fncallDriver; // the driver docs/adapter-authoring.md shows

describe("conformance: the fncall example adapter (docs/adapter-authoring.md)", () => {
  before(resetKernel);
  after(resetKernel);

  for (const kind of CONFORMANCE_PROBE_KINDS) describeAdapterConformance<FncallTool>({ ...kind, ...driver });

  it("fails with the message the guide shows when its replies put a headline in front of result.error", async () => {
    resetKernel();
    const headlined: AdapterConformanceDriver<FncallTool> = {
      ...driver,
      wrap: (action) => {
        const fn = wrap(action);
        return {
          ...fn,
          async call(args, session) {
            const reply = await fn.call(args, session);
            return reply.ok ? reply : { ...reply, error: `Tool call failed: ${reply.error}` };
          },
        };
      },
    };
    const [result] = await runConformanceChecks(headlined, { only: ["no-headline"] });
    expect(result?.error).to.equal(
      `axn-plugin-fncall: for a business failure the client read "Tool call failed: Conformance probe refused: the widget is locked": result.error "Conformance probe refused: the widget is locked" behind a headline of the adapter's own, "Tool call failed: ". Broken convention: no adapter-wide error headline: each action declares its own messages.error, and a blanket headline erases it. Use result.error as it is.`,
    );
  });
});
