/**
 * tool-adapter-authoring.txt, "ambient_context": "the injected value must be a Hash (or a
 * hash-like that responds to key?/[] …) — axn keys into it to extract each declared field and
 * drops any source it can't key into, so passing a bare opaque transport object resolves every
 * ambient field as absent."
 *
 * In TypeScript a hash-like answers `has(key)` / `get(key)` (a `Map`, from any realm, or any object
 * with both methods), and a plain object is one from any realm (`node:vm`), or with no prototype.
 */
import { runInNewContext } from "node:vm";
import { expect } from "chai";
import { z } from "zod/v3";
import { Current, defineAxn, Invoker, type AmbientContextSource } from "@axn/core";
import { captureReports } from "../../support/reports.js";

describe("ambient context: every source that answers key lookups is read", () => {
  captureReports();
  const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

  const WhoAmI = defineAxn({
    name: "HashLikes.WhoAmI",
    expects: { userId: { schema: z.string(), on: "ambientContext" } },
    exposes: { userId: z.string() },
    call: ({ userId }) => ({ userId }),
  });

  /** The userId each way of supplying `source` resolves, or "(absent)". */
  async function resolved(source: unknown): Promise<string[]> {
    const ambientContext = source as AmbientContextSource;
    const results = [
      await WhoAmI.call({}, { ambientContext }),
      await invoker.call(WhoAmI, {}, { ambientContext }),
      await Current.run(ambientContext, () => WhoAmI.call({})),
    ];
    return results.map((r) => (r.ok ? (r.userId as string) : "(absent)"));
  }

  class IndifferentTable {
    readonly #values = new Map<string, unknown>();
    constructor(entries: Record<string, unknown>) {
      for (const [key, value] of Object.entries(entries)) this.#values.set(key.toLowerCase(), value);
    }
    has(key: string): boolean {
      return this.#values.has(key.toLowerCase());
    }
    get(key: string): unknown {
      return this.#values.get(key.toLowerCase());
    }
  }

  it("an object with get/has (a class instance)", async () => {
    expect(await resolved(new IndifferentTable({ USERID: "u1" }))).to.deep.equal(["u1", "u1", "u1"]);
  });

  it("an object literal with get/has", async () => {
    const session = { user: "u2" };
    const lookup = {
      has: (key: string) => key === "userId",
      get: (key: string) => (key === "userId" ? session.user : undefined),
    };
    expect(await resolved(lookup)).to.deep.equal(["u2", "u2", "u2"]);
  });

  it("a hash-like whose has() says no resolves nothing for that key, whatever get() answers", async () => {
    const lookup = { has: () => false, get: () => "ghost" };
    expect(await resolved(lookup)).to.deep.equal(["(absent)", "(absent)", "(absent)"]);
  });

  it("a Map from another realm (node:vm)", async () => {
    expect(await resolved(runInNewContext('new Map([["userId", "u3"]])'))).to.deep.equal(["u3", "u3", "u3"]);
  });

  it("a plain object from another realm (node:vm)", async () => {
    expect(await resolved(runInNewContext('({ userId: "u4" })'))).to.deep.equal(["u4", "u4", "u4"]);
  });

  it("a plain object with no prototype", async () => {
    const table = Object.assign(Object.create(null) as object, { userId: "u5" });
    expect(await resolved(table)).to.deep.equal(["u5", "u5", "u5"]);
  });

  it("an opaque object resolves every ambient field as absent — one with only get() too (a request's get(header) is no table)", async () => {
    class Socket {
      userId = "u6";
    }
    class Request {
      get(header: string): string | undefined {
        return header === "userId" ? "from-a-header" : undefined;
      }
    }
    expect(await resolved(new Socket())).to.deep.equal(["(absent)", "(absent)", "(absent)"]);
    expect(await resolved(new Request())).to.deep.equal(["(absent)", "(absent)", "(absent)"]);
    expect(
      await resolved(runInNewContext("new (class Socket { constructor() { this.userId = 'u7'; } })()")),
    ).to.deep.equal(["(absent)", "(absent)", "(absent)"]);
  });

  it("only declared keys are ever asked for", async () => {
    const asked: string[] = [];
    const lookup = {
      has: (key: string) => {
        asked.push(key);
        return key === "userId";
      },
      get: () => "u8",
    };
    await WhoAmI.call({}, { ambientContext: lookup });
    expect([...new Set(asked)]).to.deep.equal(["userId"]);
  });
});
