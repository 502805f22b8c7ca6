/**
 * Pins the rendering rules of docs/serialization.md: what renders how, what is refused, the exact
 * refusal messages, and that `render(result)` covers exactly an action's declared exposes.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import {
  AxnError,
  ErrorCodes,
  Result,
  defineAxn,
  isAxnError,
  render,
  UnserializableValue as PublicUnserializableValue,
} from "@axn/core";
import { renderValue } from "../../../core/src/render/values.js";
import { UnserializableValue } from "../../../core/src/render/unserializable-value.js";

const loose = { rejectOpaque: false };
const strict = { rejectOpaque: true };

/** The refusal `fn` throws, asserted to be an UnserializableValue. */
function refusal(fn: () => unknown): UnserializableValue {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(UnserializableValue);
    return error as UnserializableValue;
  }
  expect.fail("expected an UnserializableValue");
}

function refuses(value: unknown, path: string, message: string, options = loose): UnserializableValue {
  const error = refusal(() => renderValue(value, path, options));
  expect(error.message).to.equal(message);
  return error;
}

class Money {
  constructor(
    readonly cents: number,
    readonly currency: string,
  ) {}
}

class Priced {
  constructor(readonly amount: unknown) {}
  toJSON(): unknown {
    return { amount: this.amount };
  }
}

describe("render: values", () => {
  describe("UnserializableValue", () => {
    it("names the path and the reason, with a stable code", () => {
      const error = new UnserializableValue("records[3].price", "non-finite number (NaN)");
      expect(error.message).to.equal("Cannot render records[3].price: non-finite number (NaN)");
      expect(error.path).to.equal("records[3].price");
      expect(error.reason).to.equal("non-finite number (NaN)");
      expect(error.code).to.equal("AXN_UNSERIALIZABLE_VALUE");
      expect(error.code).to.equal(ErrorCodes.Unserializable);
      expect(error.name).to.equal("UnserializableValue");
      expect(isAxnError(error)).to.equal(true);
      expect(error.toJSON()).to.deep.equal({
        name: "UnserializableValue",
        code: "AXN_UNSERIALIZABLE_VALUE",
        message: "Cannot render records[3].price: non-finite number (NaN)",
        path: "records[3].price",
        reason: "non-finite number (NaN)",
      });
    });

    it("is exported from @axn/core as an AxnError", () => {
      expect(new PublicUnserializableValue("x", "y")).to.be.instanceOf(AxnError);
    });

    it("never carries the offending value", () => {
      const error = refusal(() => renderValue({ password: "hunter2\ud800" }, "creds", loose));
      expect(error.message).to.equal(
        "Cannot render creds.password: string has no UTF-8 form (lone surrogate at index 7)",
      );
      expect(error.message).not.to.include("hunter2");
    });
  });

  describe("values that render as themselves", () => {
    it("passes JSON leaves through", () => {
      for (const v of ["", "héllo 👋", 0, 1.5, -3, true, false, null]) expect(renderValue(v, "x", loose)).to.equal(v);
    });

    it("returns a plain object or array as is when nothing needs changing (after checking it)", () => {
      const records = [{ id: 1, name: "a", tags: ["x"], address: { city: "c" }, ok: true, none: null }];
      expect(renderValue(records, "records", loose)).to.equal(records);
      const nullProto = Object.assign(Object.create(null) as object, { a: 1 });
      expect(renderValue(nullProto, "x", loose)).to.equal(nullProto);
    });

    it("renders a shared, acyclic reference twice", () => {
      const address = { city: "Paris" };
      const rendered = renderValue({ home: address, work: address, at: new Date(0) }, "x", loose);
      expect(JSON.stringify(rendered)).to.equal(
        '{"home":{"city":"Paris"},"work":{"city":"Paris"},"at":"1970-01-01T00:00:00.000Z"}',
      );
    });
  });

  describe("conversions", () => {
    it("renders -0 as 0, copying the container and leaving the original alone", () => {
      expect(Object.is(renderValue(-0, "x", loose), 0)).to.equal(true);
      const original = [1, -0, 2];
      const rendered = renderValue(original, "x", loose) as number[];
      expect(rendered).not.to.equal(original);
      expect(Object.is(rendered[1], 0)).to.equal(true);
      expect(rendered).to.deep.equal([1, 0, 2]);
      expect(Object.is(original[1], -0)).to.equal(true);
    });

    it("renders a bigint as its decimal string", () => {
      expect(renderValue(12345678901234567890n, "x", loose)).to.equal("12345678901234567890");
      expect(renderValue({ n: -42n }, "x", loose)).to.deep.equal({ n: "-42" });
    });

    it("renders a Date as its ISO string", () => {
      expect(renderValue(new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)), "x", loose)).to.equal("2024-01-02T03:04:05.006Z");
    });

    it("keeps every member when a container is copied partway", () => {
      const record = { a: "1", b: 2, at: new Date(0), c: true, d: "x", e: { f: 1 }, g: [1] };
      expect(renderValue(record, "x", loose)).to.deep.equal({
        a: "1",
        b: 2,
        at: "1970-01-01T00:00:00.000Z",
        c: true,
        d: "x",
        e: { f: 1 },
        g: [1],
      });
    });

    it("unwraps boxed primitives", () => {
      expect(renderValue(new String("s"), "x", loose)).to.equal("s");
      expect(renderValue(new Number(2), "x", loose)).to.equal(2);
      expect(renderValue(new Boolean(false), "x", loose)).to.equal(false);
      expect(renderValue(Object(5n), "x", loose)).to.equal("5");
      refuses(new Number(NaN), "x", "Cannot render x: non-finite number (NaN)");
    });

    it("renders a Map with string and number keys as an object", () => {
      const map = new Map<unknown, unknown>([
        ["a", 1],
        [2, new Date(0)],
        [3n, "big"],
        [true, "yes"],
      ]);
      expect(renderValue(map, "m", loose)).to.deep.equal({
        a: 1,
        "2": "1970-01-01T00:00:00.000Z",
        "3": "big",
        true: "yes",
      });
    });

    it("renders a Date Map key as its ISO string, and a key object through its own toString", () => {
      class Sku {
        constructor(readonly code: string) {}
        toString(): string {
          return `sku-${this.code}`;
        }
      }
      const map = new Map<unknown, unknown>([
        [new Date(0), 1],
        [new Sku("7"), 2],
      ]);
      expect(renderValue(map, "m", strict)).to.deep.equal({ "1970-01-01T00:00:00.000Z": 1, "sku-7": 2 });
    });

    it("keeps a __proto__ key as an own property instead of changing the prototype", () => {
      const map = new Map([["__proto__", { polluted: true }]]);
      const rendered = renderValue(map, "m", loose) as Record<string, unknown>;
      expect(Object.getPrototypeOf(rendered)).to.equal(Object.prototype);
      expect(Object.hasOwn(rendered, "__proto__")).to.equal(true);
      expect(JSON.stringify(rendered)).to.equal('{"__proto__":{"polluted":true}}');
      const parsed = JSON.parse('{"__proto__": 1, "at": 0}') as Record<string, unknown>;
      parsed["at"] = new Date(0); // forces a copy
      expect(JSON.stringify(renderValue(parsed, "p", loose))).to.equal(
        '{"__proto__":1,"at":"1970-01-01T00:00:00.000Z"}',
      );
    });

    it("renders a Set as an array", () => {
      expect(renderValue(new Set([1, "a", new Date(0)]), "s", loose)).to.deep.equal([
        1,
        "a",
        "1970-01-01T00:00:00.000Z",
      ]);
    });

    it("renders a value with toJSON through what toJSON returns, recursively", () => {
      expect(renderValue(new Priced(new Date(0)), "p", strict)).to.deep.equal({ amount: "1970-01-01T00:00:00.000Z" });
      expect(renderValue({ toJSON: () => 7n }, "p", loose)).to.equal("7");
      refuses({ items: [new Priced(NaN)] }, "order", "Cannot render order.items[0].amount: non-finite number (NaN)");
    });

    it("passes toJSON the property key, as JSON.stringify does", () => {
      const seen: string[] = [];
      const probe = {
        toJSON: (key: string) => {
          seen.push(key);
          return 1;
        },
      };
      renderValue({ a: probe, list: [probe] }, "root", loose);
      renderValue(probe, "root", loose);
      expect(seen).to.deep.equal(["a", "0", "root"]);
    });

    it("treats toJSON returning this as a declared rendering of the own properties", () => {
      class Self {
        readonly a = 1;
        toJSON(): this {
          return this;
        }
      }
      const rendered = renderValue(new Self(), "x", strict);
      expect(rendered).to.deep.equal({ a: 1 });
      expect(Object.getPrototypeOf(rendered)).to.equal(Object.prototype);
    });

    it("reports a toJSON that throws with the path, keeping the thrown error only as the cause", () => {
      const boom = new Error("secret detail");
      const error = refuses(
        {
          a: {
            toJSON: () => {
              throw boom;
            },
          },
        },
        "x",
        "Cannot render x.a: toJSON threw (see cause)",
      );
      expect(error.cause).to.equal(boom);
    });

    it("renders a class instance without toJSON as its own enumerable properties", () => {
      const rendered = renderValue({ price: new Money(120, "EUR") }, "x", loose) as { price: object };
      expect(rendered).to.deep.equal({ price: { cents: 120, currency: "EUR" } });
      expect(Object.getPrototypeOf(rendered.price)).to.equal(Object.prototype);
    });

    it("renders an AxnError through its toJSON", () => {
      expect(renderValue(new AxnError("AXN_X", "m"), "e", strict)).to.deep.equal({
        name: "AxnError",
        code: "AXN_X",
        message: "m",
      });
    });
  });

  describe("always refused", () => {
    it("a non-finite number", () => {
      const records = [{}, {}, {}, { price: NaN }];
      refuses(records, "records", "Cannot render records[3].price: non-finite number (NaN)");
      refuses({ n: Infinity }, "x", "Cannot render x.n: non-finite number (Infinity)");
      refuses([-Infinity], "x", "Cannot render x[0]: non-finite number (-Infinity)");
      refuses(NaN, "total", "Cannot render total: non-finite number (NaN)");
    });

    it("a string with a lone surrogate", () => {
      refuses(["ok", "\udc00x"], "x", "Cannot render x[1]: string has no UTF-8 form (lone surrogate at index 0)");
      refuses("ab\ud800", "x", "Cannot render x: string has no UTF-8 form (lone surrogate at index 2)");
      refuses("😀\ud800😀", "x", "Cannot render x: string has no UTF-8 form (lone surrogate at index 2)");
    });

    it("a property name with a lone surrogate", () => {
      refuses(
        { meta: { "a\ud800": 1 } },
        "x",
        'Cannot render x.meta["a\\ud800"]: property name has no UTF-8 form (lone surrogate at index 1)',
      );
      refuses(
        new Map([["k\udfff", 1]]),
        "m",
        "Cannot render m: a Map key has no UTF-8 form (lone surrogate at index 1)",
      );
    });

    it("a cycle, naming where it closes", () => {
      const node: { name: string; next?: unknown } = { name: "a" };
      node.next = { name: "b", next: node };
      refuses({ node }, "graph", "Cannot render graph.node.next.next: cyclic reference (the value contains itself)");
      const list: unknown[] = [1];
      list.push(list);
      refuses(list, "list", "Cannot render list[1]: cyclic reference (the value contains itself)");
      const map = new Map<string, unknown>();
      map.set("self", map);
      refuses(map, "m", "Cannot render m.self: cyclic reference (the value contains itself)");
    });

    it("a cycle through toJSON", () => {
      class Loop {
        toJSON(): unknown {
          return { again: this };
        }
      }
      refuses([new Loop()], "x", "Cannot render x[0].again: cyclic reference (the value contains itself)");
    });

    it("two Map keys that render as one property", () => {
      refuses(
        new Map<unknown, unknown>([
          [1, "a"],
          ["1", "b"],
        ]),
        "meta",
        'Cannot render meta["1"]: two Map keys render as this one property',
      );
      class Tag {
        toString(): string {
          return "t";
        }
      }
      refuses(
        {
          m: new Map([
            [new Tag(), 1],
            [new Tag(), 2],
          ]),
        },
        "x",
        "Cannot render x.m.t: two Map keys render as this one property",
      );
      refuses(
        new Map([
          [{}, 1],
          [{}, 2],
        ]),
        "meta",
        'Cannot render meta["[object Object]"]: two Map keys render as this one property',
      );
    });

    it("a Map key with no property name", () => {
      refuses(new Map([[Symbol("s"), 1]]), "m", "Cannot render m: a symbol Map key has no property name");
      refuses(new Map([[undefined, 1]]), "m", "Cannot render m: a Map key undefined has no property name");
      refuses(new Map([[null, 1]]), "m", "Cannot render m: a Map key null has no property name");
      refuses(new Map([[() => 1, 1]]), "m", "Cannot render m: a function Map key has no property name");
      refuses(new Map([[new Date(NaN), 1]]), "m", "Cannot render m: a Map key is an invalid Date");
    });

    it("undefined inside an array, a hole included", () => {
      refuses([1, undefined], "x", "Cannot render x[1]: undefined in an array (JSON would turn it into null)");
      // biome-ignore lint/suspicious/noSparseArray: a hole in an array is the case under test
      refuses({ list: [1, , 3] }, "x", "Cannot render x.list[1]: undefined in an array (JSON would turn it into null)");
      refuses(new Set([undefined]), "s", "Cannot render s[0]: undefined in an array (JSON would turn it into null)");
      refuses(undefined, "x", "Cannot render x: undefined has no JSON representation");
    });

    it("a function or a symbol", () => {
      refuses({ f: () => 1 }, "x", "Cannot render x.f: a function has no JSON representation");
      refuses([Symbol("s")], "x", "Cannot render x[0]: a symbol has no JSON representation");
      refuses(Object(Symbol("s")), "x", "Cannot render x: a symbol has no JSON representation");
    });

    it("an invalid Date", () => {
      refuses({ at: new Date("nope") }, "x", "Cannot render x.at: invalid Date");
    });

    it("binary data without a declared rendering, Buffer included despite its toJSON", () => {
      const message = (kind: string): string =>
        `Cannot render blob: binary data (${kind}) without a declared rendering (expose it as a base64 string)`;
      refuses(new Uint8Array(2), "blob", message("Uint8Array"));
      refuses(Buffer.from("hi"), "blob", message("Buffer"));
      refuses(new ArrayBuffer(4), "blob", message("ArrayBuffer"));
      refuses(new DataView(new ArrayBuffer(4)), "blob", message("DataView"));
      refuses(new Float64Array(1), "blob", message("Float64Array"));
    });

    it("an Error without toJSON", () => {
      refuses(
        { e: new TypeError("internal detail") },
        "x",
        "Cannot render x.e: an Error (TypeError) has no JSON rendering (expose its message as a string, or add toJSON)",
      );
    });

    it("a Promise and the weak collections", () => {
      refuses(
        { p: Promise.resolve(1) },
        "x",
        "Cannot render x.p: a Promise has no JSON representation (a missing await?)",
      );
      refuses(new WeakMap(), "x", "Cannot render x: a WeakMap has no enumerable contents");
      refuses(new WeakSet(), "x", "Cannot render x: a WeakSet has no enumerable contents");
    });

    it("a toJSON chain that never settles", () => {
      class Endless {
        toJSON(): Endless {
          return new Endless();
        }
      }
      refuses(new Endless(), "x", "Cannot render x: toJSON does not settle (more than 16 nested toJSON results)");
    });
  });

  describe("an undefined object property", () => {
    it("is absent, not dropped: omitted like an absent optional property", () => {
      const original = { a: 1, b: undefined, c: "x" };
      const rendered = renderValue(original, "x", loose);
      expect(rendered).to.deep.equal({ a: 1, c: "x" });
      expect(Object.hasOwn(rendered as object, "b")).to.equal(false);
      expect(Object.hasOwn(original, "b")).to.equal(true);
      expect(renderValue(new Map([["k", undefined]]), "m", loose)).to.deep.equal({});
    });
  });

  describe("rejectOpaque", () => {
    it("refuses a class instance with no declared rendering", () => {
      refuses(
        { price: new Money(1, "EUR") },
        "order",
        "Cannot render order.price: opaque value: instance of Money has no declared rendering (add toJSON)",
        strict,
      );
      const Anonymous = (() => class {})();
      refuses(
        new Anonymous(),
        "x",
        "Cannot render x: opaque value: an instance of an anonymous class has no declared rendering (add toJSON)",
        strict,
      );
    });

    it("refuses a Map key object whose string form is the inherited one", () => {
      refuses(
        new Map([[{}, 1]]),
        "m",
        "Cannot render m: opaque key: a plain object has no declared string form (add toString)",
        strict,
      );
      refuses(
        new Map([[new Money(1, "EUR"), 1]]),
        "m",
        "Cannot render m: opaque key: instance of Money has no declared string form (add toString)",
        strict,
      );
    });

    it("lets through every value this module gives a rendering", () => {
      const value = {
        list: [1, "a", null],
        plain: { a: 1 },
        at: new Date(0),
        big: 1n,
        map: new Map([["k", 1]]),
        set: new Set([2]),
        boxed: new String("s"),
        priced: new Priced(3),
      };
      expect(renderValue(value, "x", strict)).to.deep.equal({
        list: [1, "a", null],
        plain: { a: 1 },
        at: "1970-01-01T00:00:00.000Z",
        big: "1",
        map: { k: 1 },
        set: [2],
        boxed: "s",
        priced: { amount: 3 },
      });
    });
  });

  describe("paths", () => {
    it("uses dot for identifiers, brackets for indexes and other keys", () => {
      refuses(
        { a: { b: [0, 1, { "odd key": { c: NaN } }] } },
        "root",
        'Cannot render root.a.b[2]["odd key"].c: non-finite number (NaN)',
      );
      refuses(new Map([["odd key", NaN]]), "meta", 'Cannot render meta["odd key"]: non-finite number (NaN)');
      refuses({ s: new Set([1, NaN]) }, "x", "Cannot render x.s[1]: non-finite number (NaN)");
    });

    it("stops at the field name for a sensitive field, whose keys may be data", () => {
      const options = { rejectOpaque: false, sensitive: true };
      refuses(
        { "ada@example.com": { pin: NaN } },
        "secrets",
        "Cannot render secrets: non-finite number (NaN)",
        options,
      );
      refuses(
        new Map<unknown, unknown>([
          [1, 1],
          ["1", 2],
        ]),
        "secrets",
        "Cannot render secrets: two Map keys render as this one property",
        options,
      );
    });
  });

  describe("nesting depth", () => {
    function nest(depth: number, leaf: unknown, arrays = false): unknown {
      let value = leaf;
      for (let i = 0; i < depth; i++) value = arrays ? [value] : { child: value };
      return value;
    }

    it("walks 1,000-deep objects and arrays (the limit), and refuses the level past it on every Node", () => {
      const objects = nest(1_000, 1); // the value itself is level 1
      expect(renderValue(objects, "deep", loose)).to.equal(objects); // nothing to change: returned as is
      const deep = nest(1_000, new Date(0), true);
      let rendered: unknown = renderValue(deep, "deep", loose);
      for (let i = 0; i < 1_000; i++) rendered = (rendered as unknown[])[0];
      expect(rendered).to.equal("1970-01-01T00:00:00.000Z");
      const past = refusal(() => renderValue(nest(1_001, 1), "deep", loose));
      expect(past.message).to.equal(
        `Cannot render deep${".child".repeat(1_000)}: nested more than 1,000 levels deep (flatten it)`,
      );
      // Far past what JSON.stringify can encode on Node 20/24, and what Node 26 encodes: refused alike.
      expect(refusal(() => renderValue(nest(100_000, 1, true), "deep", loose)).path).to.equal(
        `deep${"[0]".repeat(1_000)}`,
      );
    });

    it("still finds a cycle that closes at the deepest level allowed", () => {
      const root: { child?: unknown } = {};
      let at = root;
      for (let i = 0; i < 999; i++) {
        const next = {};
        at.child = next;
        at = next;
      }
      at.child = root;
      const error = refusal(() => renderValue(root, "deep", loose));
      expect(error.reason).to.equal("cyclic reference (the value contains itself)");
      expect(error.path).to.equal(`deep${".child".repeat(1_000)}`);
    });
  });
});

describe("render(result)", () => {
  const Report = defineAxn({
    name: "Report",
    exposes: {
      records: z.array(z.any()),
      note: z.string().optional(),
      token: { schema: z.any(), sensitive: true },
    },
    call: () => ({ records: [{ id: 1, at: new Date(0), price: new Money(5, "EUR") }], token: { pin: 1 } }),
  });

  it("renders exactly the declared exposes, omitting an absent optional one", async () => {
    const result = await Report.call({});
    const body = render(result);
    expect(body).to.deep.equal({
      records: [{ id: 1, at: "1970-01-01T00:00:00.000Z", price: { cents: 5, currency: "EUR" } }],
      token: { pin: 1 },
    });
    expect(Object.keys(body)).to.deep.equal(["records", "token"]);
    expect(JSON.parse(JSON.stringify(body))).to.deep.equal(body);
  });

  it("passes rejectOpaque through", async () => {
    const result = await Report.call({});
    expect(() => render(result, { rejectOpaque: true })).to.throw(
      PublicUnserializableValue,
      "Cannot render records[0].price: opaque value: instance of Money has no declared rendering (add toJSON)",
    );
  });

  it("roots the path at the field name, and withholds it below a sensitive field", async () => {
    const Broken = defineAxn({
      name: "Broken",
      exposes: { records: z.array(z.any()), token: { schema: z.any(), sensitive: true } },
      call: () => ({ records: [{}, {}, {}, { price: NaN }], token: { "key-1": NaN } }),
    });
    const result = await Broken.call({});
    expect(() => render(result)).to.throw(
      PublicUnserializableValue,
      "Cannot render records[3].price: non-finite number (NaN)",
    );
    const OnlyToken = defineAxn({
      name: "OnlyToken",
      exposes: { token: { schema: z.any(), sensitive: true } },
      call: () => ({ token: { "ada@example.com": NaN } }),
    });
    const tokenResult = await OnlyToken.call({});
    expect(() => render(tokenResult)).to.throw(
      PublicUnserializableValue,
      /^Cannot render token: non-finite number \(NaN\)$/,
    );
  });

  it("renders the same whether every expose is a plain leaf (one literal) or not (field by field)", async () => {
    const Leaves = defineAxn({
      name: "Leaves",
      exposes: { b: z.string(), a: z.number(), c: z.boolean().optional(), d: z.string().nullable() },
      call: (input: { mode: string }) =>
        input.mode === "all"
          ? { d: null, c: true, a: 1, b: "x" }
          : input.mode === "some"
            ? { a: 2, b: "y", d: "z" }
            : { a: 3, b: "bad \ud800", d: null },
      expects: { mode: z.string() },
    });
    const all = render(await Leaves.call({ mode: "all" }));
    expect(Object.keys(all)).to.deep.equal(["b", "a", "c", "d"]);
    expect(all).to.deep.equal({ b: "x", a: 1, c: true, d: null });
    const some = render(await Leaves.call({ mode: "some" }));
    expect(Object.keys(some)).to.deep.equal(["b", "a", "d"]);
    expect(some).to.deep.equal({ b: "y", a: 2, d: "z" });
    const bad = await Leaves.call({ mode: "bad" });
    expect(() => render(bad)).to.throw(
      PublicUnserializableValue,
      "Cannot render b: string has no UTF-8 form (lone surrogate at index 4)",
    );
  });

  it("renders only own exposed values, whatever Object.prototype holds", async () => {
    const Partial = defineAxn({
      name: "PartialLeaves",
      exposes: { a: z.number(), polluted: z.string().optional() },
      call: () => ({ a: 1 }),
    });
    const result = await Partial.call({});
    const proto = Object.prototype as Record<string, unknown>;
    proto["polluted"] = "from the prototype";
    try {
      expect(render(result)).to.deep.equal({ a: 1 });
      expect(Object.keys(render(result))).to.deep.equal(["a"]);
    } finally {
      delete proto["polluted"];
    }
  });

  it("takes only a successful result", async () => {
    const Fails = defineAxn({ name: "Fails", exposes: { x: z.number() }, call: (_input, ctx) => ctx.fail("nope") });
    const result = await Fails.call({});
    expect(() => render(result)).to.throw(TypeError, "render() takes a successful result; Fails failed");
  });

  it("needs the action the result came from", () => {
    expect(() => render(Result.ok({ x: 1 }))).to.throw(
      TypeError,
      "render() takes a result returned by an action's call; this result has no source action (was it built with Result.ok()?)",
    );
  });
});
