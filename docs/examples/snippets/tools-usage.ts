/**
 * docs/tools.md — enumerating versions, and a name conflict. Both run against the global registry,
 * so test/docs/snippets.spec.ts calls them after clearing it.
 */
import { defineAxn, Tools } from "@axn/core";

/** "Versioning": run after tools-versions.ts is loaded. */
export function enumerateVersions() {
  Tools.for("mcp");                        // [ApproveLoanV2]                  — "approve_loan" @ 2
  Tools.for("mcp", { allVersions: true }); // [ApproveLoanV1, ApproveLoanV2]
  Tools.versions("mcp", "approve_loan");   // { all: [V1, V2], latest: V2 }
  return { latest: Tools.for("mcp"), all: Tools.for("mcp", { allVersions: true }), group: Tools.versions("mcp", "approve_loan") };
}

/** "Conflicts": throws. */
export function conflict(): void {
  defineAxn({ name: "Billing.Charge", tool: true, call: () => undefined });
  defineAxn({ name: "Actions.Billing.Charge", tool: true, call: () => undefined });
  Tools.for("mcp");
  // Tool name conflict for adapter "mcp": Billing.Charge and Actions.Billing.Charge both resolve to
  // tool "billing_charge" version 1; set a distinct tool name (tool: { name: "..." }) or toolVersion on one of them
}
