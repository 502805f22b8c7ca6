/**
 * Type-level checks of access policies (verified by `tsc -b`; the function holding them never
 * runs): an `allow` predicate is typed over the app's `AxnPrincipal`, widened here by declaration
 * merging exactly as an app does it, so a merged field type-checks and a misspelt or mistyped one
 * does not; a policy is one of the documented shapes.
 */
import { expect } from "chai";
import { configureAxn, defineAxn, type AccessPolicy, type AxnPrincipal } from "@axn/core";

declare module "@axn/core" {
  interface AxnPrincipal {
    /** This spec's merged claim (optional, so every other spec's principals still type-check). */
    readonly department?: "support" | "billing";
  }
}

function policyTypes(): void {
  defineAxn({
    name: "Types.Refund",
    access: { allow: (principal) => principal.department === "billing" },
    call: () => {},
  });
  defineAxn({
    name: "Types.Scoped",
    access: { scopes: ["refunds:write"], roles: ["agent"], allow: (p) => p.id.startsWith("ag_") },
    call: () => {},
  });
  defineAxn({ name: "Types.Open", access: "public", call: () => {} });
  configureAxn({ access: { default: "authenticated" } });

  defineAxn({
    name: "Types.Typo",
    // @ts-expect-error — no such field on the merged principal
    access: { allow: (principal) => principal.departmnt === "billing" },
    call: () => {},
  });
  defineAxn({
    name: "Types.Sales",
    // @ts-expect-error — "sales" is not a department: the comparison has no overlap
    access: { allow: (principal) => principal.department === "sales" },
    call: () => {},
  });
  // @ts-expect-error — a predicate answers a boolean
  defineAxn({ name: "Types.NotBool", access: { allow: (principal) => principal.department }, call: () => {} });
  // @ts-expect-error — not a policy name
  defineAxn({ name: "Types.Private", access: "private", call: () => {} });
  // @ts-expect-error — scopes are strings
  const numeric: AccessPolicy = { scopes: [1] };
  // @ts-expect-error — a principal needs an id
  const anonymous: AxnPrincipal = { department: "support" };
  void numeric;
  void anonymous;
}

describe("types: access policies", () => {
  it("type-check against the merged principal (checked by tsc)", () => {
    expect(policyTypes).to.be.a("function");
  });
});
