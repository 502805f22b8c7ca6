/**
 * docs/access.md — policies of each kind, the merged principal type, the refusals, the audit hook,
 * visibility and the app-wide default. Pinned by test/docs/access-page.spec.ts.
 */
import { AccessDeniedError, configureAxn, defineAxn, Invoker, Tools, type AxnHost } from "@axn/core";
import { z } from "zod";

// Your app's principal: merge the claims your authentication verifies into the shared type.
declare module "@axn/core" {
  interface AxnPrincipal {
    readonly team?: "support" | "billing";
  }
}

export const ListInvoices = defineAxn({
  name: "Billing.ListInvoices",
  description: "List the invoices",          // no `access`: public (the default)
  tool: ["fncall"],
  exposes: { count: z.number() },
  call: () => ({ count: 3 }),
});

export const Profile = defineAxn({
  name: "Billing.Profile",
  access: "authenticated",                  // any signed-in caller
  tool: ["fncall"],
  expects: { principal: { schema: z.object({ id: z.string() }), on: "ambientContext" } },
  exposes: { id: z.string() },
  call: ({ principal }) => ({ id: principal.id }),
});

export const Refund = defineAxn({
  name: "Billing.Refund",
  access: { scopes: ["billing:write"], allow: (principal) => principal.team === "billing" },
  tool: ["fncall"],
  expects: { invoiceId: z.string() },
  call: () => {},
  messages: { success: "Refunded" },
});

export const VoidInvoice = defineAxn({
  name: "Billing.VoidInvoice",
  access: { roles: ["admin", "finance"] },  // at least one of them
  tool: ["fncall"],
  expects: { invoiceId: z.string() },
  call: () => {},
});

const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
const ada = { id: "u_ada", scopes: ["billing:write"], team: "billing" as const };
const bob = { id: "u_bob", roles: ["support"], team: "support" as const };

export async function refusals() {
  const anonymous = await invoker.call(Refund, { invoiceId: "inv_1" }, { ambientContext: {} });
  anonymous.error;            // "Authentication required: sign in to call billing_refund"
  anonymous.exception instanceof AccessDeniedError && anonymous.exception.code; // "AXN_UNAUTHENTICATED"
  const forbidden = await invoker.call(Refund, { invoiceId: "inv_1" }, { ambientContext: { principal: bob } });
  forbidden.error;            // "Forbidden: billing_refund needs the scope billing:write"
  forbidden.exception instanceof AccessDeniedError && forbidden.exception.code; // "AXN_FORBIDDEN"
  const allowed = await invoker.call(Refund, { invoiceId: "inv_1" }, { ambientContext: { principal: ada } });
  allowed.message;            // "Refunded"
  const direct = await VoidInvoice.call({ invoiceId: "inv_1" });
  direct.ok;                  // true: a direct call is trusted code, not checked
  return { anonymous, forbidden, allowed, direct };
}

export function visibleTo() {
  return {
    anonymous: Tools.for("fncall", { principal: null }).map((a) => a.toolName("fncall")),  // ["billing_list_invoices"]
    bob: Tools.for("fncall", { principal: bob }).map((a) => a.toolName("fncall")),         // ["billing_list_invoices", "billing_profile"]
    ada: Tools.for("fncall", { principal: ada }).map((a) => a.toolName("fncall")),         // [..., "billing_refund"]
  };
}

// A plugin's apply(host): every refusal, for the audit log.
export function auditRefusals(host: AxnHost, log: (line: string) => void): void {
  host.hooks.onAccessDenied.tap("axn-plugin-audit", ({ tool, reason, principal }) => {
    log(`denied ${tool} (${reason}) for ${principal?.id ?? "anonymous"}`);
  });
}

export function closedByDefault(): void {
  configureAxn({ access: { default: "authenticated" } }); // every action without `access` needs a caller
}
