/**
 * tool-invoker.txt: the Invoker takes "model-supplied, untrusted arguments" — an object of named
 * inputs. A Map, a URLSearchParams, a Date or a class instance is an object but not one of named
 * inputs: it used to be read as no arguments (the tool ran on its defaults, `rejectUndeclaredInputs`
 * refused nothing). It is refused like any other non-object (issue 30, item 2).
 */
import { expect } from "chai";
import { z } from "zod";
import { defineAxn, Invoker } from "@axn/core";
import { captureReports } from "../../support/reports.js";

class Args {
  readonly limit = 5;
}

describe("Invoker: untrusted arguments must be an object of named inputs", () => {
  const reports = captureReports();
  const ran: unknown[] = [];
  const List = () =>
    defineAxn({
      name: "ArgumentsObject.List",
      expects: { limit: { schema: z.number(), default: 25 } },
      exposes: { limit: z.number() },
      call: ({ limit }) => {
        ran.push(limit);
        return { limit };
      },
    });
  beforeEach(() => void (ran.length = 0));

  const notNamedInputs: [string, () => unknown][] = [
    ["a Map", () => new Map([["limit", 5]])],
    ["a URLSearchParams", () => new URLSearchParams("limit=5")],
    ["a Date", () => new Date(0)],
    ["a class instance", () => new Args()],
  ];
  for (const [what, make] of notNamedInputs) {
    it(`refuses ${what} with "arguments must be an object", before the body runs`, async () => {
      const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
      const result = await invoker.call(List(), make());
      expect(result.ok).to.equal(false);
      expect(result.error).to.equal("arguments must be an object");
      expect(Invoker.inputInvalid(result)).to.equal(true);
      expect(Invoker.fieldErrors(result)).to.deep.equal([
        { field: "(arguments)", message: "arguments must be an object" },
      ]);
      expect(ran).to.deep.equal([]);
    });
  }

  it("without userFacingInputErrors the refusal is developer-facing and reported", async () => {
    const result = await new Invoker().call(List(), new Map([["limit", 5]]));
    expect(result.ok).to.equal(false);
    expect(Invoker.inputInvalid(result)).to.equal(false);
    expect(reports.map((r) => [r.action, (r.error as Error).message])).to.deep.equal([
      ["ArgumentsObject.List", "arguments must be an object"],
    ]);
    expect(ran).to.deep.equal([]);
  });

  it("takes a plain or null-prototype object (what JSON parsing gives)", async () => {
    const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
    const bare = Object.assign(Object.create(null) as object, { limit: 7 });
    expect((await invoker.call(List(), { limit: 6 })).exposed).to.deep.equal({ limit: 6 });
    expect((await invoker.call(List(), bare)).exposed).to.deep.equal({ limit: 7 });
  });
});
