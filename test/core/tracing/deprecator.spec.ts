import { expect } from "chai";
import { createDeprecator, deprecators, DeprecationError } from "@axn/core";

describe("deprecators", () => {
  it("warns once per message, can be silenced, or made to throw", () => {
    const lines: string[] = [];
    const d = createDeprecator("axn-plugin-demo", "2.0", (line) => void lines.push(line));
    d.warn("`foo` is deprecated; use `bar`");
    d.warn("`foo` is deprecated; use `bar`");
    expect(lines).to.deep.equal(["`foo` is deprecated; use `bar` (deprecated; will be removed in axn-plugin-demo 2.0)"]);
    d.behavior = "silence";
    d.warn("other");
    expect(lines).to.have.length(1);
    d.behavior = "raise";
    expect(() => d.warn("other")).to.throw(DeprecationError, "other (deprecated; will be removed in axn-plugin-demo 2.0)");
    expect(deprecators().get("axn-plugin-demo")).to.equal(d);
    expect(deprecators().has("@axn/core")).to.equal(true);
  });
});
