import { expect } from "chai";
import { deprecators } from "@axn/core";
import { deprecator as sdkDeprecator } from "@axn/sdk";
import { deprecator as httpDeprecator } from "axn-plugin-http";

describe("a deprecator per package", () => {
  it("each package owns one, listed by name, governed independently", () => {
    // axn-plugin-mcp and axn-plugin-langchain own none: nothing they released is deprecated.
    const own = { "@axn/sdk": sdkDeprecator, "axn-plugin-http": httpDeprecator };
    for (const [name, deprecator] of Object.entries(own)) {
      expect(deprecators().get(name), name).to.equal(deprecator);
      expect(deprecator.gem).to.equal(name);
    }
    sdkDeprecator.behavior = "raise";
    try {
      expect(() => sdkDeprecator.warn("`title` is deprecated")).to.throw("`title` is deprecated (deprecated; will be removed in @axn/sdk 1.0)");
      httpDeprecator.behavior = "silence";
      expect(() => httpDeprecator.warn("quiet")).to.not.throw();
    } finally {
      sdkDeprecator.behavior = "warn";
      httpDeprecator.behavior = "warn";
    }
  });
});
