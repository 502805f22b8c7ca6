import { expect } from "chai";
import { axnConfig, configureAxn, raisesInDev, reportException, type AxnLogger } from "@axn/core";
import { resetAxnConfig } from "@axn/core/internal";
import { resetKernel } from "@axn/sdk/testing";

function withNodeEnv(value: string | undefined, fn: () => void): void {
  const saved = process.env["NODE_ENV"];
  if (value === undefined) delete process.env["NODE_ENV"];
  else process.env["NODE_ENV"] = value;
  try {
    fn();
  } finally {
    if (saved === undefined) delete process.env["NODE_ENV"];
    else process.env["NODE_ENV"] = saved;
  }
}

function recordingLogger(): AxnLogger & { lines: string[] } {
  const lines: string[] = [];
  const push = (message: string): void => void lines.push(message);
  return { lines, debug: push, info: push, warn: push, error: push };
}

describe("configureAxn (global settings)", () => {
  // The defaults are what this spec checks: start from them whatever ran before, and leave them.
  beforeEach(() => resetKernel());
  afterEach(() => resetKernel());

  it("defaults: env from NODE_ENV (development when unset), coercion off", () => {
    withNodeEnv(undefined, () => expect(axnConfig().env).to.equal("development"));
    withNodeEnv("production", () => expect(axnConfig().env).to.equal("production"));
    withNodeEnv("test", () => expect(axnConfig().env).to.equal("test"));
    withNodeEnv("staging", () => expect(axnConfig().env).to.equal("production"));
    expect(axnConfig().coerceInputTypes).to.equal(false);
  });

  it("raisesInDev is true only in development", () => {
    configureAxn({ env: "development" });
    expect(raisesInDev()).to.equal(true);
    configureAxn({ env: "production" });
    expect(raisesInDev()).to.equal(false);
  });

  it("by default reports exceptions through logger.error", () => {
    const logger = recordingLogger();
    configureAxn({ logger });
    reportException(new Error("boom"), { action: "Reports.Daily", phase: "call" });
    expect(logger.lines).to.deep.equal(["[axn] Reports.Daily raised in call: boom"]);
  });

  it("calls a configured onException with the action and phase", () => {
    const seen: unknown[] = [];
    configureAxn({ onException: (error, info) => seen.push([(error as Error).message, info]) });
    reportException(new Error("boom"), { action: "A", phase: "onResult" });
    expect(seen).to.deep.equal([["boom", { action: "A", phase: "onResult" }]]);
  });

  it("never throws: a throwing handler is itself logged", () => {
    const logger = recordingLogger();
    configureAxn({
      logger,
      onException: () => {
        throw new Error("handler broke");
      },
    });
    expect(() => reportException(new Error("boom"), { action: "A", phase: "call" })).not.to.throw();
    expect(logger.lines).to.deep.equal(["[axn] onException handler threw while reporting A (call): handler broke"]);
  });

  it("rejects invalid options with a stable code", () => {
    expect(() => configureAxn({ env: "staging" as never })).to.throw(
      'Invalid configureAxn option env: expected one of "development", "test", "production", got "staging"',
    );
    expect(() => configureAxn({ coerceInputTypes: "yes" as never })).to.throw(
      "Invalid configureAxn option coerceInputTypes: expected a boolean",
    );
    expect(() => configureAxn({ verbose: true } as never)).to.throw(
      "Unknown configureAxn option verbose; known options: access, coerceInputTypes, env, logger, onException",
    );
  });

  it("resetAxnConfig restores defaults", () => {
    configureAxn({ coerceInputTypes: true });
    resetAxnConfig();
    expect(axnConfig().coerceInputTypes).to.equal(false);
  });
});
