/**
 * Results that cannot be rendered: a cycle, NaN, Infinity, a lone surrogate (in a value and in a
 * key), and nesting far past render's 1,000 levels (and past what `JSON.stringify` encodes on Node
 * 20/24, which Node 26 encodes: refused alike on every Node). Each transport refuses them with
 * its own error — never a stack trace, never a partial body — reports the fault exactly once with
 * the tool named, and serves the next call.
 */
import { expect } from "chai";
import { UnserializableValue } from "@axn/core";
import { Identify, UNRENDERABLE_KINDS, Unrenderable, type UnrenderableKind } from "./support/tools.js";
import { openTransports, TRANSPORTS, type TransportName, type Transports } from "./support/transports.js";
import { describePages, recordPages, recordProcessFaults } from "./support/watch.js";

/** The adapters' own answer when the mapping step fails (the same words in all three plugins). */
const ADAPTER_FAILURE = "The tool could not produce a valid response";

/** Where render says the offending value is (`UnserializableValue.path`). */
const PATHS: Record<UnrenderableKind, string> = {
  cycle: "value.self",
  nan: "value.ratio",
  infinity: "value.ratio",
  loneSurrogate: "value.label",
  loneSurrogateKey: String.raw`value["key\udc00"]`,
  deepNesting: `value${"[0]".repeat(1_000)}`,
};

describe("reliability: results that cannot be rendered", function () {
  this.timeout(30_000);
  const faults = recordProcessFaults();
  const pages = recordPages();
  let transports: Transports;
  before(async () => {
    transports = await openTransports([Unrenderable, Identify]);
  });
  after(() => transports.close());

  function expectRefused(
    transport: TransportName,
    kind: UnrenderableKind,
    outcome: { ok: boolean; text: string; code: number | undefined },
  ): void {
    expect(outcome.ok, `${transport} ${kind}`).to.equal(false);
    expect(outcome.text, `${transport} ${kind}`).to.equal(ADAPTER_FAILURE);
    if (transport === "http") expect(outcome.code).to.equal(500);
    expect(describePages(pages), `${transport} ${kind}`).to.have.length(1);
    const [page] = pages;
    expect(page!.info, `${transport} ${kind}`).to.deep.equal({
      action: "Reliability.Unrenderable",
      phase: "adapter response",
    });
    expect(page!.error).to.be.instanceOf(UnserializableValue);
    expect((page!.error as UnserializableValue).path).to.equal(PATHS[kind]);
  }

  for (const transport of TRANSPORTS) {
    for (const kind of UNRENDERABLE_KINDS) {
      const run = async (): Promise<void> => {
        const outcome = await transports.call(transport, Unrenderable, { kind });
        expectRefused(transport, kind, outcome);
        const next = await transports.call(transport, Identify, { requestId: `after-${kind}` }, { user: "u_next" });
        expect([next.ok, next.text.includes("u_next")], `${transport}: the next call`).to.deep.equal([true, true]);
        expect(faults).to.deep.equal([]);
      };
      // Was a defect (fixed): the HTTP adapter encoded outside its response guard, so a value nested
      // past the encoder's depth got the app's generic 500 instead of the adapter's own error.
      it(`${transport}: ${kind} is refused with the adapter's own error and reported once, naming the tool`, run);
    }
  }
});
