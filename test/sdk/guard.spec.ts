/**
 * guardToolResponse and thenables (issue 16, item 23). The seed: the mapping step "runs entirely
 * outside core's executor", and guard_tool_response must catch whatever it raises — "left unguarded,
 * that exception escapes .call on every transport". An async mapping need not return a native
 * Promise: any thenable (a userland promise, a lazy query builder) is awaited and guarded alike.
 */
import { expect } from "chai";
import { configureAxn } from "@axn/core";
import { resetKernel } from "@axn/sdk/testing";
import { guardToolResponse } from "@axn/sdk/adapter";
import { captureReports } from "../support/reports.js";

/** A minimal Promises/A+ thenable that is not a native Promise. */
function thenable<T>(settle: (resolve: (value: T) => void, reject: (error: unknown) => void) => void): PromiseLike<T> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable that is not a Promise is what this spec is about
    then(onFulfilled, onRejected) {
      return new Promise<T>(settle).then(onFulfilled, onRejected);
    },
  };
}

describe("guardToolResponse with thenables", () => {
  const reports = captureReports();
  const action = { name: "GuardSpec.Tool" };
  afterEach(() => resetKernel());

  it("a rejecting thenable is reported and answered by onError, like a rejected promise", async () => {
    configureAxn({ env: "production" });
    const boom = new Error("thenable mapping bug");
    const answer = guardToolResponse(action, { onError: (e) => `own error (${(e as Error).message})` }, () =>
      thenable<string>((_resolve, reject) => reject(boom)),
    );
    expect(answer).to.be.instanceOf(Promise);
    expect(await answer).to.equal("own error (thenable mapping bug)");
    expect(reports.map((r) => [r.error, r.action, r.phase])).to.deep.equal([
      [boom, "GuardSpec.Tool", "adapter response"],
    ]);
  });

  it("a thenable whose then throws synchronously is reported the same way", async () => {
    configureAxn({ env: "production" });
    const broken: PromiseLike<string> = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that is not a Promise is what this spec is about
      then() {
        throw new Error("then exploded");
      },
    };
    expect(await guardToolResponse(action, { onError: () => "own error" }, () => broken)).to.equal("own error");
    expect(reports.map((r) => (r.error as Error).message)).to.deep.equal(["then exploded"]);
  });

  it("a fulfilling thenable resolves to its value, unreported", async () => {
    const answer = guardToolResponse(action, { onError: () => "never" }, () =>
      thenable<string>((resolve) => resolve("ok")),
    );
    expect(await answer).to.equal("ok");
    expect(reports).to.have.length(0);
  });

  it("rethrows (as a rejection) in development, after reporting", async () => {
    configureAxn({ env: "development" });
    const boom = new Error("loud in dev");
    let caught: unknown;
    try {
      await guardToolResponse(action, { onError: () => "never" }, () =>
        thenable<string>((_resolve, reject) => reject(boom)),
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).to.equal(boom);
    expect(reports).to.have.length(1);
  });
});
