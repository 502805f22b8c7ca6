import { expect } from "chai";
import { deprecator as coreDeprecator, deprecators } from "@axn/core";
import { deprecator as sdkDeprecator } from "@axn/sdk";

describe("a deprecator per package", () => {
  it("each package that may deprecate owns one, listed by name, governed independently", () => {
    // The plugins own none: nothing they released is deprecated (nothing was released yet).
    const own = { "@axn/core": coreDeprecator, "@axn/sdk": sdkDeprecator };
    for (const [name, deprecator] of Object.entries(own)) {
      expect(deprecators().get(name), name).to.equal(deprecator);
      expect(deprecator.gem).to.equal(name);
    }
    sdkDeprecator.behavior = "raise";
    coreDeprecator.behavior = "silence";
    try {
      expect(() => sdkDeprecator.warn("`title` is deprecated")).to.throw(
        "`title` is deprecated (deprecated; will be removed in @axn/sdk 1.0)",
      );
      expect(() => coreDeprecator.warn("quiet")).to.not.throw();
    } finally {
      sdkDeprecator.behavior = "warn";
      coreDeprecator.behavior = "warn";
    }
  });
});
