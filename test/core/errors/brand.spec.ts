import { expect } from "chai";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { AxnError, Failure, InboundValidationError, isAxnError, markAxnError } from "@axn/core";

describe("the axn error brand", () => {
  it("is carried by every core error and by classes a plugin marks, but not by Failure or plain errors", () => {
    class RetryLater extends TypeError { readonly code = "WEBHOOKS_RETRY_LATER"; }
    markAxnError(RetryLater);
    class Subclass extends RetryLater {}
    expect(isAxnError(new AxnError("X", "x"))).to.equal(true);
    expect(isAxnError(new InboundValidationError([], { userFacing: false, action: "A" }))).to.equal(true);
    expect(isAxnError(new RetryLater())).to.equal(true);
    expect(isAxnError(new Subclass())).to.equal(true);
    expect(new RetryLater()).to.be.instanceOf(TypeError);
    expect(isAxnError(new Failure("no", { action: "A" }))).to.equal(false);
    expect(isAxnError(new Error("plain"))).to.equal(false);
    expect(isAxnError(null)).to.equal(false);
  });

  it("holds across two copies of the module", async () => {
    const require = createRequire(import.meta.url);
    const brandPath = require.resolve("@axn/core").replace(/index\.js$/, "errors/brand.js");
    const copy = (await import(`${pathToFileURL(brandPath).href}?copy=2`)) as typeof import("@axn/core");
    class FromCopy extends Error {}
    copy.markAxnError(FromCopy);
    expect(isAxnError(new FromCopy())).to.equal(true);
    expect(copy.isAxnError(new AxnError("X", "x"))).to.equal(true);
  });

  it("every core error has a stable code", () => {
    expect(new InboundValidationError([], { userFacing: true, action: "A" }).code).to.equal("AXN_INBOUND_INVALID");
    expect(new Failure("x", { action: "A" }).code).to.equal("AXN_FAILURE");
  });
});
