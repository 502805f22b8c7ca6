/**
 * tool-invoker.txt, "Return value and detection": "#call returns a plain Axn::Result — the same
 * object a direct .call returns". Every input, however hostile, settles as a `Result`: never a
 * synchronous throw, never a rejected promise. A value that throws when read (a getter, a Proxy)
 * is nothing a model can send as JSON, so it is a bug in whoever built it: a reported exception
 * whose `result.exception` is what was thrown, and `result.error` the action's headline.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, Invoker, type AmbientContextSource, type Result } from "@axn/core";
import { captureReports } from "../../support/reports.js";

const boom = new Error("trap exploded");
/** `target` with a getter under `key` that throws a fresh "getter exploded" error each time it is read. */
const throwing = <T extends object>(target: T, key: string): T =>
  Object.defineProperty(target, key, {
    enumerable: true,
    get() {
      throw new Error("getter exploded");
    },
  });
const hostileProxy = (): object =>
  new Proxy(
    {},
    {
      get() {
        throw boom;
      },
      has() {
        throw boom;
      },
      ownKeys() {
        throw boom;
      },
      getOwnPropertyDescriptor() {
        throw boom;
      },
      getPrototypeOf() {
        throw boom;
      },
    },
  );
const revokedProxy = (): object => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};

describe("hostile inputs always settle as a Result", () => {
  const reports = captureReports();
  const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
  const lenient = new Invoker({ userFacingInputErrors: true });

  const Greet = defineAxn({
    name: "HostileInputs.Greet",
    messages: { error: "Could not greet" },
    expects: { name: z.string(), userId: { schema: z.string(), on: "ambientContext", optional: true } },
    exposes: { greeting: z.string() },
    call: ({ name, userId }) => ({ greeting: `hello ${name}${userId === undefined ? "" : ` from ${userId}`}` }),
  });

  /** Calls `run` and insists it neither throws synchronously nor rejects. */
  async function settles(run: () => Promise<object>): Promise<Result<Record<string, unknown>>> {
    let promise: Promise<object>;
    try {
      promise = run();
    } catch (error) {
      throw new Error(`threw synchronously: ${String(error)}`);
    }
    return promise.then(
      (result) => result as Result<Record<string, unknown>>,
      (error: unknown) => {
        throw new Error(`rejected: ${String(error)}`);
      },
    );
  }

  it("an argument object with a throwing getter on a declared field: a reported exception", async () => {
    for (const call of [
      () => invoker.call(Greet, throwing({}, "name")),
      () => Greet.call(throwing({}, "name") as never),
    ]) {
      const result = await settles(call);
      expect(result.outcome).to.equal("exception");
      expect(result.error).to.equal("Could not greet");
      expect(result.exception?.message).to.equal("getter exploded");
      expect(Invoker.inputInvalid(result)).to.equal(false);
    }
    expect(reports.map((r) => (r.error as Error).message)).to.deep.equal(["getter exploded", "getter exploded"]);
  });

  it("a throwing getter on the smuggled ambientContext key is never read", async () => {
    for (const key of ["ambientContext", "ambient_context"]) {
      const result = await settles(() => invoker.call(Greet, throwing({ name: "Ada" }, key)));
      expect(result.ok, result.outcome).to.equal(true);
      expect(result.exposed).to.deep.equal({ greeting: "hello Ada" });
    }
  });

  it("a throwing getter on an undeclared key: refused by name under rejectUndeclaredInputs, never read otherwise", async () => {
    const refused = await settles(() => invoker.call(Greet, throwing({ name: "Ada" }, "extra")));
    expect(refused.outcome).to.equal("failure");
    expect(Invoker.fieldErrors(refused)).to.deep.equal([{ field: "extra", message: "unknown input: extra" }]);
    const dropped = await settles(() => lenient.call(Greet, throwing({ name: "Ada" }, "extra")));
    expect(dropped.ok).to.equal(true);
  });

  it("a Proxy whose every trap throws, and a revoked Proxy, as the arguments", async () => {
    for (const args of [hostileProxy(), revokedProxy()]) {
      for (const call of [
        () => invoker.call(Greet, args),
        () => lenient.call(Greet, args),
        () => Greet.call(args as never),
      ]) {
        const result = await settles(call);
        expect(result.outcome).to.equal("exception");
        expect(result.error).to.equal("Could not greet");
      }
    }
  });

  it("a trusted ambient object with a throwing getter on a declared key: a reported exception", async () => {
    const ambientContext = throwing({}, "userId") as AmbientContextSource;
    for (const call of [
      () => Greet.call({ name: "Ada" }, { ambientContext }),
      () => invoker.call(Greet, { name: "Ada" }, { ambientContext }),
    ]) {
      const result = await settles(call);
      expect(result.outcome).to.equal("exception");
      expect(result.error).to.equal("Could not greet");
      expect(result.exception?.message).to.equal("getter exploded");
    }
    expect(reports).to.have.length(2);
  });

  it("a throwing getter on an undeclared ambient key is never read", async () => {
    const ambientContext = throwing({ userId: "u1" }, "secret") as AmbientContextSource;
    const result = await settles(() => invoker.call(Greet, { name: "Ada" }, { ambientContext }));
    expect(result.ok, result.outcome).to.equal(true);
    expect(result.exposed).to.deep.equal({ greeting: "hello Ada from u1" });
  });

  it("a Proxy whose every trap throws, and a revoked Proxy, as the trusted ambient context", async () => {
    for (const ambientContext of [hostileProxy(), revokedProxy()] as AmbientContextSource[]) {
      for (const call of [
        () => Greet.call({ name: "Ada" }, { ambientContext }),
        () => invoker.call(Greet, { name: "Ada" }, { ambientContext }),
      ]) {
        const result = await settles(call);
        expect(result.outcome).to.equal("exception");
        expect(result.error).to.equal("Could not greet");
      }
    }
  });

  it("call options whose getter throws settle too", async () => {
    const options = throwing({}, "ambientContext");
    for (const call of [
      () => Greet.call({ name: "Ada" }, options),
      () => invoker.call(Greet, { name: "Ada" }, options),
    ]) {
      const result = await settles(call);
      expect(result.outcome).to.equal("exception");
      expect(result.exception?.message).to.equal("getter exploded");
    }
  });
});
