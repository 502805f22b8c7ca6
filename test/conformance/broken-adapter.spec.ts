/**
 * The conformance suite can fail: run against a fixture adapter with one deliberate defect at a
 * time, exactly the checks guarding that contract fail — and the same adapter without defects
 * passes every check, so the failures are the defects' doing.
 */
import { expect } from "chai";
import Mocha from "mocha";
import { CHECK_IDS, describeAdapterConformance, runConformanceChecks, type ConformanceCheckId } from "@axn/sdk/conformance";
import { resetAxn } from "@axn/sdk/testing";
import { fixtureAdapter, type Defect } from "./fixtures/broken-adapter.js";

async function failedChecks(defects: readonly Defect[]): Promise<ConformanceCheckId[]> {
  const results = await runConformanceChecks(fixtureAdapter(defects));
  expect(results.map((result) => result.id)).to.deep.equal([...CHECK_IDS]);
  return results.filter((result) => !result.passed).map((result) => result.id);
}

describe("conformance suite against a broken adapter", () => {
  before(resetAxn);
  after(resetAxn);

  it("passes the fixture adapter without defects", async () => {
    expect(await failedChecks([])).to.deep.equal([]);
  });

  const expectations: readonly [Defect, string, readonly ConformanceCheckId[]][] = [
    ["mutates-action", "mutates the action it wraps", ["not-mutated"]],
    ["renames-tool", "advertises action.name instead of toolName(key)", ["name"]],
    ["advertises-ambient", "adds an ambient field to the advertised schema", ["input-schema", "ambient-absent"]],
    ["leaks-exception", "sends the exception's message and stack", ["exception-hidden"]],
    ["trusts-arguments", "takes the ambient context from the arguments (no Invoker)", ["ambient-smuggled", "input-error"]],
    ["shares-ambient", "keeps the ambient context in a module variable", ["ambient-concurrent"]],
    ["throws-unrenderable", "does not guard its mapping step", ["unrenderable-cycle", "unrenderable-surrogate"]],
    ["tools-needs-argument", "has a tools() that needs an argument", ["tools-zero-arg"]],
  ];
  for (const [defect, what, failing] of expectations) {
    it(`fails ${failing.join(" + ")} for an adapter that ${what}`, async () => {
      expect(await failedChecks([defect])).to.deep.equal(failing);
    });
  }

  it("says what broke, in the failing check's message", async () => {
    const [leak] = await runConformanceChecks(fixtureAdapter(["leaks-exception"]), { only: ["exception-hidden"] });
    expect(leak?.passed).to.equal(false);
    expect(leak?.error).to.match(/^fixture-adapter \(leaks-exception\) leaked the exception message to the client: /);
    const [rename] = await runConformanceChecks(fixtureAdapter(["renames-tool"]), { only: ["name"] });
    expect(rename?.error).to.contain(`advertises a different tool name than action.toolName("fixture")`);
  });

  it("reports the failures as failed tests when registered in a (nested) mocha run", async () => {
    const mocha = new Mocha({ reporter: class {} as never });
    let current: Mocha.Suite = mocha.suite;
    describeAdapterConformance(fixtureAdapter(["renames-tool", "leaks-exception"]), {
      describe: (title, body) => {
        const suite = Mocha.Suite.create(mocha.suite, title);
        const previous = current;
        current = suite;
        body();
        current = previous;
      },
      it: (title, body) => current.addTest(new Mocha.Test(title, body)),
    });
    const failed: string[] = [];
    const passed: string[] = [];
    await new Promise<void>((resolve) => {
      const runner = mocha.run(() => resolve());
      runner.on("fail", (test) => failed.push(test.title));
      runner.on("pass", (test) => passed.push(test.title));
    });
    expect(failed).to.deep.equal([
      "the advertised name is action.toolName(key) [name]",
      "an exception surfaces result.error, never its message or a stack trace [exception-hidden]",
    ]);
    expect(passed).to.have.length(CHECK_IDS.length - 2);
  });
});
