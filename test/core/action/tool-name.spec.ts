import { expect } from "chai";
import fc from "fast-check";
import {
  DEFAULT_TOOL_PREFIXES,
  deriveToolName,
  qualifiedNameFromModulePath,
  splitSegments,
  TOOL_NAME_PATTERN,
  versionSegment,
} from "../../../core/src/action/tool-name.js";

describe("action/tool-name", () => {
  describe("deriveToolName", () => {
    const pinned: [string, number | undefined, string][] = [
      ["AgentTools.Users.ListCompanies", undefined, "users_list_companies"],
      ["Actions.Tools.Foo.BarTool", undefined, "foo_bar_tool"],
      ["AgentTools.Users.Tools.Foo", undefined, "users_tools_foo"],
      ["Actions.Tools", undefined, "tools"],
      ["Weird.Na me!!Thing", undefined, "weird_na_me_thing"],
      ["AgentTools.ApproveLoan.V2", 2, "approve_loan"],
      ["Payments.V2", undefined, "payments_v2"],
      ["agent_tools/users/list_companies", undefined, "users_list_companies"],
      ["approve_loan/v2", 2, "approve_loan"],
      ["Billing::ChargeCard", undefined, "billing_charge_card"],
      ["", undefined, "tool"],
      ["!!!", undefined, "tool"],
    ];
    for (const [qualified, version, expected] of pinned) {
      it(`${JSON.stringify(qualified)}${version === undefined ? "" : ` (version ${version})`} → ${expected}`, () => {
        expect(deriveToolName(qualified, { prefixes: DEFAULT_TOOL_PREFIXES, version })).to.equal(expected);
      });
    }

    it("snake_cases acronyms and camelCase", () => {
      expect(deriveToolName("HTTPServer")).to.equal("http_server");
      expect(deriveToolName("approveLoan")).to.equal("approve_loan");
      expect(deriveToolName("ListCompanies")).to.equal("list_companies");
    });

    it("compares custom prefixes snake_cased", () => {
      expect(deriveToolName("MyApp.Ops.Restart", { prefixes: ["my_app", "Ops"] })).to.equal("restart");
      expect(deriveToolName("Actions.Restart", { prefixes: [] })).to.equal("actions_restart");
    });

    it("keeps a V<n> segment that is not last, or when no version is declared", () => {
      expect(deriveToolName("Loans.V2.Approve", { version: 2 })).to.equal("loans_v2_approve");
      expect(deriveToolName("AgentTools.ApproveLoan.V2")).to.equal("approve_loan_v2");
    });

    it("falls back to the last segment when only a version segment remains", () => {
      expect(deriveToolName("Actions.V3", { version: 3 })).to.equal("v3");
    });

    it("strips accents instead of dropping the letter", () => {
      expect(deriveToolName("Café.Commande")).to.equal("cafe_commande");
    });

    it("is total: never throws, never blank, always provider-safe", () => {
      // biome-ignore lint/nursery/noFloatingPromises: fc.assert on a synchronous property returns void (Biome infers the async overload)
      fc.assert(
        fc.property(
          fc.string({ unit: "binary" }),
          fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }),
          (name, version) => {
            const derived = deriveToolName(name, { version });
            expect(derived).to.match(TOOL_NAME_PATTERN);
          },
        ),
        { numRuns: 500 },
      );
    });
  });

  it("splitSegments splits on '.', '/' and '::'", () => {
    expect(splitSegments("A.B/C::D")).to.deep.equal(["A", "B", "C", "D"]);
  });

  it("versionSegment reads a trailing V<n>", () => {
    expect(versionSegment("AgentTools.ApproveLoan.V2")).to.equal(2);
    expect(versionSegment("approve_loan/v12")).to.equal(12);
    expect(versionSegment("Loans.V2.Approve")).to.equal(undefined);
    expect(versionSegment("Payments")).to.equal(undefined);
  });

  it("qualifiedNameFromModulePath strips the extension and an index basename", () => {
    expect(qualifiedNameFromModulePath("users/list_companies.ts")).to.equal("users/list_companies");
    expect(qualifiedNameFromModulePath("approve_loan/v2.ts")).to.equal("approve_loan/v2");
    expect(qualifiedNameFromModulePath("billing/index.mjs")).to.equal("billing");
    expect(qualifiedNameFromModulePath("./reports/daily.mts")).to.equal("reports/daily");
    expect(qualifiedNameFromModulePath("ops\\restart.js")).to.equal("ops/restart");
  });

  it("the default prefixes are actions, tools, agent_tools", () => {
    expect(DEFAULT_TOOL_PREFIXES).to.deep.equal(["actions", "tools", "agent_tools"]);
  });
});
