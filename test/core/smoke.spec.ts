import { expect } from "chai";
import { VERSION } from "@axn/core";
describe("smoke", () => {
  it("loads", () => {
    expect(VERSION).to.equal("0.1.0");
  });
});
