import { expect } from "chai";
import { defineAxn } from "@axn/core";
import { captureReports } from "../../support/reports.js";

describe("hooks and callbacks", () => {
  const reports = captureReports();

  it("before runs parent→child, after child→parent, a parent's around wraps the child's", async () => {
    const log: string[] = [];
    const Base = defineAxn({
      name: "Base",
      hooks: {
        before: () => void log.push("parent before"),
        after: () => void log.push("parent after"),
        around: async (next) => {
          log.push("parent around in");
          await next();
          log.push("parent around out");
        },
      },
      call: () => undefined,
    });
    const Child = defineAxn({
      name: "Child",
      extends: Base,
      hooks: {
        before: [() => void log.push("child before 1"), () => void log.push("child before 2")],
        after: () => void log.push("child after"),
        around: async (next) => {
          log.push("child around in");
          await next();
          log.push("child around out");
        },
      },
      call: () => void log.push("body"),
    });
    await Child.call({});
    expect(log).to.deep.equal([
      "parent around in",
      "child around in",
      "parent before",
      "child before 1",
      "child before 2",
      "body",
      "child after",
      "parent after",
      "child around out",
      "parent around out",
    ]);
  });

  it("callbacks run last-defined first and every match fires; onError fires for failures and exceptions", async () => {
    const log: string[] = [];
    const Base = defineAxn({
      name: "CbBase",
      onFailure: () => void log.push("parent onFailure"),
      onError: () => void log.push("parent onError"),
      call: () => undefined,
    });
    const A = defineAxn({
      name: "Cb",
      extends: Base,
      onFailure: [() => void log.push("onFailure 1"), () => void log.push("onFailure 2")],
      onError: () => void log.push("onError"),
      onSuccess: () => void log.push("onSuccess"),
      onException: () => void log.push("onException"),
      call: (_i, ctx) => ctx.fail("no"),
    });
    await A.call({});
    expect(log).to.deep.equal(["onFailure 2", "onFailure 1", "parent onFailure", "onError", "parent onError"]);
  });

  it("a throwing callback is reported and does not change ok", async () => {
    const A = defineAxn({
      name: "CbThrow",
      onSuccess: () => {
        throw new Error("callback bug");
      },
      call: () => undefined,
    });
    const result = await A.call({});
    expect(result.ok).to.equal(true);
    expect(reports.map((r) => [r.action, r.phase, (r.error as Error).message])).to.deep.equal([
      ["CbThrow", "callback", "callback bug"],
    ]);
  });

  it("the global onException fires once per failure, at the innermost action", async () => {
    const Inner = defineAxn({
      name: "Inner",
      call: () => {
        throw new Error("deep");
      },
    });
    const Middle = defineAxn({
      name: "Middle",
      call: async () => {
        await Inner.callOrThrow({});
      },
    });
    const Outer = defineAxn({
      name: "Outer",
      call: async () => {
        await Middle.callOrThrow({});
      },
    });
    const result = await Outer.call({});
    expect(result.outcome).to.equal("exception");
    expect(reports.map((r) => r.action)).to.deep.equal(["Inner"]);
  });
});
