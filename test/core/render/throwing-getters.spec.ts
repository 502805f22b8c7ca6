/**
 * Issue 16, item 18. The seed (Value serialization): render "raises UnserializableValue … when an
 * exposed value has no honest JSON representation, naming the path to it (records[3].price, not
 * 'something')". A value whose property cannot even be read — a getter that throws, a Proxy whose
 * trap throws, a collection whose iterator throws — has no JSON representation either, so it is
 * the same failure: an `UnserializableValue` with the path, the thrown error kept as the `cause`
 * (its message may carry data, so it stays out of the message). Never a raw error out of render.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, render } from "@axn/core";
import { guardToolResponse, serializeExposed } from "@axn/sdk/adapter";
import { langchainConfig } from "axn-plugin-langchain";
import { renderValue } from "../../../core/src/render/values.js";
import { refusal } from "./support.js";
import { captureReports } from "../../support/reports.js";

const loose = { rejectOpaque: false };

const secret = new Error("db password is hunter2");

function throwing<T extends object>(target: T, key: string): T {
  return Object.defineProperty(target, key, {
    enumerable: true,
    get() {
      throw secret;
    },
  });
}

describe("render: a value that throws while being read is an UnserializableValue with the path", () => {
  it("a throwing getter names the property whose getter threw, keeping the error as the cause only", () => {
    const error = refusal(() => renderValue({ profile: throwing({ name: "Ada" }, "secret") }, "user", loose));
    expect(error.message).to.equal("Cannot render user.profile.secret: reading this property threw (see cause)");
    expect(error.path).to.equal("user.profile.secret");
    expect(error.cause).to.equal(secret);
    expect(error.message).not.to.include("hunter2");
  });

  it("wherever the getter sits: in an array, at the root, on a class instance, beside values that need converting", () => {
    expect(refusal(() => renderValue([{ a: 1 }, throwing({}, "b")], "rows", loose)).message).to.equal(
      "Cannot render rows[1].b: reading this property threw (see cause)",
    );
    expect(refusal(() => renderValue(throwing({}, "odd key"), "root", loose)).message).to.equal(
      'Cannot render root["odd key"]: reading this property threw (see cause)',
    );
    class Account {
      readonly id = 1;
    }
    expect(refusal(() => renderValue({ account: throwing(new Account(), "balance") }, "x", loose)).message).to.equal(
      "Cannot render x.account.balance: reading this property threw (see cause)",
    );
    expect(
      refusal(() => renderValue({ at: new Date(0), more: throwing({ at: new Date(0) }, "z") }, "x", loose)).message,
    ).to.equal("Cannot render x.more.z: reading this property threw (see cause)");
    // A toJSON result with a throwing getter.
    expect(
      refusal(() => renderValue({ priced: { toJSON: () => throwing({}, "amount") } }, "x", loose)).message,
    ).to.equal("Cannot render x.priced.amount: reading this property threw (see cause)");
  });

  it("whatever is thrown, an Error or not", () => {
    const odd = Object.defineProperty({}, "v", {
      enumerable: true,
      get() {
        throw "a bare string"; // a getter that throws a non-Error is the case under test
      },
    });
    const error = refusal(() => renderValue({ odd }, "x", loose));
    expect(error.message).to.equal("Cannot render x.odd.v: reading this property threw (see cause)");
    expect(error.cause).to.equal("a bare string");
  });

  it("a throwing toJSON getter, a Proxy whose trap throws, a Map or Set whose iterator throws: the value's own path", () => {
    const toJSONGetter = throwing({}, "toJSON");
    expect(refusal(() => renderValue({ a: toJSONGetter }, "x", loose)).message).to.equal(
      "Cannot render x.a: reading the value threw (see cause)",
    );
    const trap = new Proxy(
      {},
      {
        getPrototypeOf: () => {
          throw secret;
        },
      },
    );
    const fromTrap = refusal(() => renderValue({ list: [1, trap] }, "x", loose));
    expect(fromTrap.message).to.equal("Cannot render x.list[1]: reading the value threw (see cause)");
    expect(fromTrap.cause).to.equal(secret);
    const keys = new Proxy(
      {},
      {
        ownKeys: () => {
          throw secret;
        },
      },
    );
    expect(refusal(() => renderValue({ keys }, "x", loose)).message).to.equal(
      "Cannot render x.keys: reading the value threw (see cause)",
    );
    class BrokenMap extends Map<string, number> {
      override *[Symbol.iterator](): MapIterator<[string, number]> {
        yield ["a", 1];
        throw secret;
      }
    }
    expect(refusal(() => renderValue({ m: new BrokenMap() }, "x", loose)).message).to.equal(
      "Cannot render x.m: reading the value threw (see cause)",
    );
    class BrokenSet extends Set<number> {
      override [Symbol.iterator](): SetIterator<number> {
        throw secret;
      }
    }
    expect(refusal(() => renderValue([new BrokenSet()], "x", loose)).message).to.equal(
      "Cannot render x[0]: reading the value threw (see cause)",
    );
  });

  it("stops the path at the field name below a sensitive field", () => {
    const error = refusal(() =>
      renderValue({ "ada@example.com": throwing({}, "pin") }, "secrets", { rejectOpaque: false, sensitive: true }),
    );
    expect(error.message).to.equal("Cannot render secrets: reading this property threw (see cause)");
  });

  it("keeps a refusal thrown by a getter from looking like the walker's own (a getter that renders something else)", () => {
    const inner = Object.defineProperty({}, "nested", {
      enumerable: true,
      get: () => renderValue(NaN, "elsewhere", loose),
    });
    const error = refusal(() => renderValue({ inner }, "x", loose));
    expect(error.message).to.equal("Cannot render x.inner.nested: reading this property threw (see cause)");
    expect((error.cause as Error).message).to.equal("Cannot render elsewhere: non-finite number (NaN)");
  });

  describe("through render(result) and an adapter's guard", () => {
    const reports = captureReports();
    const Profile = defineAxn({
      name: "Render.ThrowingGetter.Profile",
      exposes: { profile: z.any() },
      call: () => ({ profile: throwing({ name: "Ada" }, "secret") }),
    });

    it("render(result) throws the UnserializableValue, never the getter's error", async () => {
      const result = await Profile.call({});
      expect(result.ok, result.error).to.equal(true);
      const error = refusal(() => render(result));
      expect(error.message).to.equal("Cannot render profile.secret: reading this property threw (see cause)");
    });

    it("guardToolResponse reports the UnserializableValue once and answers the adapter's own error", async () => {
      const result = await Profile.call({});
      const answer = guardToolResponse<unknown>(Profile, { onError: () => "adapter error" }, () =>
        serializeExposed(langchainConfig, result),
      );
      expect(answer).to.equal("adapter error");
      expect(reports.map((r) => [r.phase, (r.error as Error).message])).to.deep.equal([
        ["adapter response", "Cannot render profile.secret: reading this property threw (see cause)"],
      ]);
    });
  });
});
