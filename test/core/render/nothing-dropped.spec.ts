/**
 * Issue 16, item 19. The seed (Value serialization): "Always: nothing was silently dropped along
 * the way" — a promise that holds under `rejectOpaque: false` too, which "should not suggest the
 * output might not be JSON". Three values rendered `{}` or lost a datum without a word:
 *
 * - a `RegExp` (its pattern sits in internal slots, not properties): chosen, it renders through
 *   the projection the language declares for it, its literal `String(re)` (`"/ab+c/gi"`), like a
 *   `Date` renders as its ISO string — under both settings, as it is no guess;
 * - a class instance whose data sit in `#private` fields (or accessors), so it has no own
 *   enumerable property: chosen, refused — `{}` would drop whatever it holds, and only its author
 *   can declare a rendering (`toJSON`);
 * - a named property on an array (or on any value rendered through a fixed form: `Set`, `Map`,
 *   `Date`, `RegExp`, a boxed primitive): chosen, refused naming the property — JSON has no place
 *   for it beside the items.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, render } from "@axn/core";
import { renderValue } from "../../../core/src/render/values.js";
import { refusal } from "./support.js";

const loose = { rejectOpaque: false };
const strict = { rejectOpaque: true };

function refuses(
  value: unknown,
  path: string,
  message: string,
  options: { rejectOpaque: boolean; sensitive?: boolean } = loose,
): void {
  expect(refusal(() => renderValue(value, path, options)).message).to.equal(message);
}

class Money {
  readonly #cents: number;
  readonly #currency: string;
  constructor(cents: number, currency: string) {
    this.#cents = cents;
    this.#currency = currency;
  }
  get cents(): number {
    return this.#cents;
  }
  get currency(): string {
    return this.#currency;
  }
}

describe("render: nothing is silently dropped, under rejectOpaque: false too", () => {
  describe("a RegExp renders as its literal, String(re)", () => {
    it("pattern and flags, in both settings", () => {
      expect(renderValue(/ab+c/gi, "pattern", loose)).to.equal("/ab+c/gi");
      expect(renderValue({ rules: [/^\d{5}$/u, /a\/b/] }, "x", strict)).to.deep.equal({
        rules: ["/^\\d{5}$/u", "/a\\/b/"],
      });
      expect(JSON.stringify(renderValue(/x/y, "p", loose))).to.equal('"/x/y"');
    });

    it("its own toJSON still wins; a pattern with a lone surrogate is refused like any string", () => {
      const declared = Object.assign(/a/, { toJSON: () => ({ source: "a" }) });
      expect(renderValue(declared, "p", strict)).to.deep.equal({ source: "a" });
      // biome-ignore lint/complexity/useRegexLiterals: the pattern must hold a real lone surrogate, which a literal's \ud800 escape is not
      refuses(new RegExp("a\ud800"), "p", "Cannot render p: string has no UTF-8 form (lone surrogate at index 2)");
    });
  });

  describe("a class instance with no own enumerable property is refused: {} would drop what it holds", () => {
    it("data in #private fields behind getters", () => {
      refuses(
        { price: new Money(120, "EUR") },
        "order",
        "Cannot render order.price: instance of Money has no own enumerable property to render (data in #private fields or accessors would be dropped; add toJSON)",
      );
    });

    it("whatever else has no enumerable data: a built-in with internal slots, an anonymous class", () => {
      refuses(
        new URLSearchParams("a=1"),
        "q",
        "Cannot render q: instance of URLSearchParams has no own enumerable property to render (data in #private fields or accessors would be dropped; add toJSON)",
      );
      const Anonymous = (() => class {})();
      refuses(
        [new Anonymous()],
        "x",
        "Cannot render x[0]: an instance of an anonymous class has no own enumerable property to render (data in #private fields or accessors would be dropped; add toJSON)",
      );
    });

    it("renders once the author declares a rendering, or when the instance has own properties", () => {
      class Declared extends Money {
        toJSON(): object {
          return { cents: this.cents, currency: this.currency };
        }
      }
      expect(renderValue(new Declared(5, "EUR"), "price", strict)).to.deep.equal({ cents: 5, currency: "EUR" });
      class Empty {
        toJSON(): this {
          return this; // the author declares the (empty) own properties as the rendering
        }
      }
      expect(renderValue(new Empty(), "x", strict)).to.deep.equal({});
      class Point {
        constructor(
          readonly x: number,
          readonly y: number,
        ) {}
      }
      expect(renderValue(new Point(1, 2), "p", loose)).to.deep.equal({ x: 1, y: 2 });
      // A plain empty object is data, not a class hiding any.
      expect(renderValue({}, "x", loose)).to.deep.equal({});
      expect(renderValue(Object.create(null) as object, "x", loose)).to.deep.equal({});
    });

    it("under rejectOpaque: true it is the opaque refusal, as before", () => {
      refuses(
        { price: new Money(1, "EUR") },
        "order",
        "Cannot render order.price: opaque value: instance of Money has no declared rendering (add toJSON)",
        strict,
      );
    });
  });

  describe("a named property on an array, or on a value rendered through a fixed form, is refused by name", () => {
    it("an array's named property", () => {
      const rows = Object.assign([{ id: 1 }, { id: 2 }], { total: 2 });
      refuses(
        { rows },
        "report",
        "Cannot render report.rows.total: a named property on an array has no JSON form (it would be dropped)",
      );
      refuses(
        Object.assign([1], { "odd key": 1 }),
        "x",
        'Cannot render x["odd key"]: a named property on an array has no JSON form (it would be dropped)',
      );
      // A match array carries index, input and groups beside its items.
      refuses(
        "a1".match(/\d/),
        "m",
        "Cannot render m.index: a named property on an array has no JSON form (it would be dropped)",
      );
    });

    it("also on an array that needs copying, an array subclass, or one returned by toJSON", () => {
      refuses(
        Object.assign([new Date(0)], { note: "x" }),
        "x",
        "Cannot render x.note: a named property on an array has no JSON form (it would be dropped)",
      );
      class Rows extends Array<number> {}
      refuses(
        Object.assign(Rows.from([1]), { page: 1 }),
        "x",
        "Cannot render x.page: a named property on an array has no JSON form (it would be dropped)",
      );
      refuses(
        { toJSON: () => Object.assign([1], { n: 1 }) },
        "x",
        "Cannot render x.n: a named property on an array has no JSON form (it would be dropped)",
      );
    });

    it("on a Set, a Map, a Date, a RegExp and a boxed primitive", () => {
      const reason = (kind: string): string => `a named property on ${kind} has no JSON form (it would be dropped)`;
      refuses(Object.assign(new Set([1]), { label: "x" }), "s", `Cannot render s.label: ${reason("a Set")}`);
      refuses(Object.assign(new Map([["k", 1]]), { label: "x" }), "m", `Cannot render m.label: ${reason("a Map")}`);
      refuses({ at: Object.assign(new Date(0), { zone: "CET" }) }, "x", `Cannot render x.at.zone: ${reason("a Date")}`);
      refuses(Object.assign(/a/, { label: "x" }), "p", `Cannot render p.label: ${reason("a RegExp")}`);
      refuses(
        Object.assign(new String("ab"), { label: "x" }),
        "s",
        `Cannot render s.label: ${reason("a boxed primitive")}`,
      );
      // A boxed string's own index properties are its characters, not named properties.
      expect(renderValue(new String("ab"), "s", loose)).to.equal("ab");
    });

    it("keeps the path at the field name below a sensitive field", () => {
      refuses(
        Object.assign([1], { "ada@example.com": 1 }),
        "secrets",
        "Cannot render secrets: a named property on an array has no JSON form (it would be dropped)",
        {
          rejectOpaque: false,
          sensitive: true,
        },
      );
    });

    it("plain arrays, sparse or not, keep their own rules", () => {
      const records = [{ id: 1, tags: ["a"] }];
      expect(renderValue(records, "records", loose)).to.equal(records);
      // biome-ignore lint/suspicious/noSparseArray: a hole in an array is the case under test
      refuses([1, , 3], "x", "Cannot render x[1]: undefined in an array (JSON would turn it into null)");
    });
  });

  it("through render(result): an exposed RegExp, and a #private class refused by name", async () => {
    const Rules = defineAxn({
      name: "Render.NothingDropped.Rules",
      exposes: { pattern: z.instanceof(RegExp), price: z.instanceof(Money).optional() },
      call: () => ({ pattern: /^[a-z]+$/i, price: new Money(1, "EUR") }),
    });
    const result = await Rules.call({});
    expect(result.ok, result.error).to.equal(true);
    expect(refusal(() => render(result)).message).to.equal(
      "Cannot render price: instance of Money has no own enumerable property to render (data in #private fields or accessors would be dropped; add toJSON)",
    );
    const OnlyPattern = defineAxn({
      name: "Render.NothingDropped.OnlyPattern",
      exposes: { pattern: z.instanceof(RegExp) },
      call: () => ({ pattern: /^[a-z]+$/i }),
    });
    expect(render(await OnlyPattern.call({}))).to.deep.equal({ pattern: "/^[a-z]+$/i" });
  });
});
