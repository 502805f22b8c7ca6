import { expect } from "chai";
import fc from "fast-check";
import { isDecimal, parseNumber } from "../../../core/src/schema/wire-parse.js";

// The grammar a wire number must follow, as the regular expression the scanner replaced.
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

describe("schema/wire-parse", () => {
  it("scans a decimal exactly as the grammar's regular expression decides", () => {
    // Texts built from the characters the grammar turns on, and a few it must refuse.
    const text = fc
      .array(fc.constantFrom("0", "1", "9", ".", "+", "-", "e", "E", " ", "a", "x", "\u0660", "\t"), {
        maxLength: 12,
      })
      .map((chars) => chars.join(""));
    // biome-ignore lint/nursery/noFloatingPromises: fc.assert on a synchronous property returns void (Biome infers the async overload)
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 8 })), (t) => {
        expect(isDecimal(t), JSON.stringify(t)).to.equal(DECIMAL.test(t));
      }),
      { numRuns: 20_000 },
    );
  });

  it("reads every text the grammar admits as Number reads it", () => {
    const digits = fc.array(fc.constantFrom(..."0123456789"), { minLength: 1, maxLength: 20 }).map((d) => d.join(""));
    // biome-ignore lint/nursery/noFloatingPromises: fc.assert on a synchronous property returns void (Biome infers the async overload)
    fc.assert(
      fc.property(fc.oneof(digits, fc.double({ noNaN: true }).map(String)), (text) => {
        const expected = Number(text);
        expect(parseNumber(text), text).to.deep.equal(
          Number.isFinite(expected) && isDecimal(text) ? expected : undefined,
        );
      }),
      { numRuns: 20_000 },
    );
  });

  it("parses the edges of the grammar", () => {
    const cases: [string, number | undefined][] = [
      ["25", 25],
      ["007", 7],
      ["999999999999999", 999999999999999],
      ["9007199254740993", 9007199254740992],
      ["-0", -0],
      ["+.5", 0.5],
      ["1.", 1],
      ["1.e3", 1000],
      ["-.5E-2", -0.005],
      ["", undefined],
      [".", undefined],
      ["+", undefined],
      ["1e", undefined],
      ["1e+", undefined],
      [" 1", undefined],
      ["0x10", undefined],
      ["Infinity", undefined],
      ["1e999", undefined],
      ["\u0661", undefined],
    ];
    for (const [text, parsed] of cases) expect(parseNumber(text), JSON.stringify(text)).to.deep.equal(parsed);
  });
});
