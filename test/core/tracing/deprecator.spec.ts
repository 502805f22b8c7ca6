import { expect } from "chai";
import { createDeprecator, deprecators, DeprecationError } from "@axn/core";

describe("deprecators", () => {
  it("warns once per message, can be silenced, or made to throw", () => {
    const lines: string[] = [];
    const d = createDeprecator("axn-plugin-demo", "2.0", (line) => void lines.push(line));
    d.warn("`foo` is deprecated; use `bar`");
    d.warn("`foo` is deprecated; use `bar`");
    expect(lines).to.deep.equal([
      "`foo` is deprecated; use `bar` (deprecated; will be removed in axn-plugin-demo 2.0)",
    ]);
    d.behavior = "silence";
    d.warn("other");
    expect(lines).to.have.length(1);
    d.behavior = "raise";
    expect(() => d.warn("other")).to.throw(
      DeprecationError,
      "other (deprecated; will be removed in axn-plugin-demo 2.0)",
    );
    expect(deprecators().get("axn-plugin-demo")).to.equal(d);
    expect(deprecators().has("@axn/core")).to.equal(true);
  });
});

describe("deprecator methods are bound", () => {
  // Issue 16, item 22: `const { warn } = deprecator; warn()` threw
  // "Cannot read properties of undefined (reading 'behavior')".
  it("a destructured warn works and follows the deprecator's current behavior", () => {
    const lines: string[] = [];
    const d = createDeprecator("axn-plugin-bound", "3.0", (line) => void lines.push(line));
    const { warn } = d;
    warn("`old` is deprecated; use `new`");
    expect(lines).to.deep.equal([
      "`old` is deprecated; use `new` (deprecated; will be removed in axn-plugin-bound 3.0)",
    ]);
    d.behavior = "raise";
    expect(() => warn("other")).to.throw(
      DeprecationError,
      "other (deprecated; will be removed in axn-plugin-bound 3.0)",
    );
    d.behavior = "silence";
    expect(() => warn("quiet")).to.not.throw();
    expect(lines).to.have.length(1);
  });

  it("warn passed as a callback keeps its deprecator", () => {
    const lines: string[] = [];
    const d = createDeprecator("axn-plugin-callback", "1.0", (line) => void lines.push(line));
    ["a", "b", "a"].forEach(d.warn);
    expect(lines).to.deep.equal([
      "a (deprecated; will be removed in axn-plugin-callback 1.0)",
      "b (deprecated; will be removed in axn-plugin-callback 1.0)",
    ]);
  });
});
