import { expect } from "chai";
import { deprecators } from "@axn/core";
import { deprecator as sdkDeprecator } from "@axn/sdk";
import { deprecator as mcpDeprecator } from "axn-plugin-mcp";
import { deprecator as langchainDeprecator } from "axn-plugin-langchain";

describe("a deprecator per package", () => {
  it("each package owns one, listed by name, governed independently", () => {
    const own = { "@axn/sdk": sdkDeprecator, "axn-plugin-mcp": mcpDeprecator, "axn-plugin-langchain": langchainDeprecator };
    for (const [name, deprecator] of Object.entries(own)) {
      expect(deprecators().get(name), name).to.equal(deprecator);
      expect(deprecator.gem).to.equal(name);
    }
    mcpDeprecator.behavior = "raise";
    try {
      expect(() => mcpDeprecator.warn("`title` is deprecated")).to.throw("`title` is deprecated (deprecated; will be removed in axn-plugin-mcp 1.0)");
      langchainDeprecator.behavior = "silence";
      expect(() => langchainDeprecator.warn("quiet")).to.not.throw();
    } finally {
      mcpDeprecator.behavior = "warn";
      langchainDeprecator.behavior = "warn";
    }
  });
});
