import { expect } from "chai";
import {
  AxnError,
  Failure,
  HookError,
  InboundValidationError,
  OutboundValidationError,
  UnserializableValue,
  ValidationError,
  isAxnError,
  markAxnError,
} from "@axn/core";

describe("the axn error brand", () => {
  it("is carried by every core error and by classes a plugin marks, but not by Failure or plain errors", () => {
    class RetryLater extends TypeError {
      readonly code = "WEBHOOKS_RETRY_LATER";
    }
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
    // core/src's brand module is a second copy of the one the built package bundles.
    const copy = await import("../../../core/src/errors/brand.js");
    class FromCopy extends Error {}
    copy.markAxnError(FromCopy);
    expect(isAxnError(new FromCopy())).to.equal(true);
    expect(copy.isAxnError(new AxnError("X", "x"))).to.equal(true);
  });

  it("instanceof holds across two copies of @axn/core, class by class", async () => {
    // core/src is a second copy of every module here (the specs import the built package).
    const copy = {
      ...(await import("../../../core/src/errors/axn-error.js")),
      ...(await import("../../../core/src/errors/validation.js")),
      ...(await import("../../../core/src/errors/failure.js")),
    };
    expect(copy.AxnError).not.to.equal(AxnError);
    const inbound = new copy.InboundValidationError([], { userFacing: true, action: "A" });
    expect(inbound instanceof InboundValidationError).to.equal(true);
    expect(inbound instanceof ValidationError).to.equal(true);
    expect(inbound instanceof AxnError).to.equal(true);
    expect(inbound instanceof OutboundValidationError).to.equal(false);
    expect(inbound instanceof UnserializableValue).to.equal(false);
    expect(new copy.AxnError("X", "x") instanceof AxnError).to.equal(true);
    expect(new copy.AxnError("X", "x") instanceof ValidationError).to.equal(false);
    expect(new copy.Failure("no", { action: "A" }) instanceof Failure).to.equal(true);
    expect(new copy.Failure("no", { action: "A" }) instanceof AxnError).to.equal(false);
    expect(new AxnError("X", "x") instanceof copy.AxnError).to.equal(true);
    expect(new HookError("p", "onResult", new Error("x")) instanceof AxnError).to.equal(true);
  });

  it("a plugin's own subclass keeps ordinary instanceof; a plain error or a look-alike is no instance", () => {
    class WebhookError extends AxnError {}
    class Other extends AxnError {}
    expect(new WebhookError("WEBHOOKS_DOWN", "down") instanceof WebhookError).to.equal(true);
    expect(new WebhookError("WEBHOOKS_DOWN", "down") instanceof AxnError).to.equal(true);
    expect(new Other("X", "x") instanceof WebhookError).to.equal(false);
    expect(new Error("plain") instanceof AxnError).to.equal(false);
    expect((null as unknown) instanceof AxnError).to.equal(false);
    expect({ code: "AXN_FAILURE", message: "no" } instanceof Failure).to.equal(false);
  });

  it("every core error has a stable code", () => {
    expect(new InboundValidationError([], { userFacing: true, action: "A" }).code).to.equal("AXN_INBOUND_INVALID");
    expect(new Failure("x", { action: "A" }).code).to.equal("AXN_FAILURE");
  });
});

describe("the axn error brand cannot be taken back", () => {
  // tool-adapter-authoring.txt, "Error boundary": "The tag is also inherited, so a tagged class
  // can't grow an untagged subclass — a public error family shouldn't gain a secretly-internal
  // member." (issue 30, item 6)
  it("a subclass that shadows the brand on its prototype, or an instance that does, is still an axn error and still an instance", () => {
    class Unbranded extends InboundValidationError {}
    Object.defineProperty(Unbranded.prototype, Symbol.for("axn.error"), { value: false });
    Object.defineProperty(Unbranded.prototype, Symbol.for("axn.error.class:InboundValidationError"), { value: false });
    const error = new Unbranded([], { userFacing: true, action: "A" });
    expect(isAxnError(error)).to.equal(true);
    expect(error instanceof InboundValidationError).to.equal(true);
    const plain = new AxnError("X", "x");
    Object.defineProperty(plain, Symbol.for("axn.error"), { value: false });
    expect(isAxnError(plain)).to.equal(true);
  });

  it("is neither writable nor configurable on a branded class's prototype", () => {
    const brand = Object.getOwnPropertyDescriptor(AxnError.prototype, Symbol.for("axn.error"));
    expect(brand).to.deep.equal({ value: true, writable: false, enumerable: false, configurable: false });
    expect(() => delete (AxnError.prototype as unknown as Record<symbol, unknown>)[Symbol.for("axn.error")]).to.throw(
      TypeError,
    );
  });
});
