/**
 * docs/access.md's example (docs/examples/snippets/access.ts), run and pinned: the refusals and
 * their codes, a direct call left unchecked, what each caller is shown, the audit hook's lines and
 * the app-wide default. The snippet is imported inside the spec, after the kernel is reset, so its
 * `fncall` members join no other spec's enumeration.
 */
import { expect } from "chai";
import { pathToFileURL } from "node:url";
import { fileURLToPath } from "node:url";
import { Invoker } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { resetKernel } from "@axn/sdk/testing";

type Snippet = typeof import("../../docs/examples/snippets/access.js");
const SNIPPET = fileURLToPath(new URL("../../docs/examples/snippets/access.ts", import.meta.url));
let generation = 0;

describe("docs/access.md", () => {
  let snippet: Snippet;
  const lines: string[] = [];
  beforeEach(async () => {
    resetKernel();
    lines.length = 0;
    snippet = (await import(`${pathToFileURL(SNIPPET).href}?access=${++generation}`)) as Snippet;
    const host = createKernelHost();
    host.hooks.registerAdapter.tap("fncall", (adapters) => adapters.add("fncall"));
    snippet.auditRefusals(host, (line) => lines.push(line));
    host.freeze();
  });
  after(resetKernel);

  it("refuses as the page shows, and leaves a direct call unchecked", async () => {
    const { anonymous, forbidden, allowed, direct } = await snippet.refusals();
    expect([anonymous.error, (anonymous.exception as { code?: string }).code]).to.deep.equal([
      "Authentication required: sign in to call billing_refund",
      "AXN_UNAUTHENTICATED",
    ]);
    expect([forbidden.error, (forbidden.exception as { code?: string }).code]).to.deep.equal([
      "Forbidden: billing_refund needs the scope billing:write",
      "AXN_FORBIDDEN",
    ]);
    expect(allowed.message).to.equal("Refunded");
    expect(direct.ok).to.equal(true);
    expect(lines).to.deep.equal([
      "denied billing_refund (unauthenticated) for anonymous",
      "denied billing_refund (forbidden) for u_bob",
    ]);
  });

  it("shows each caller what it may call", () => {
    expect(snippet.visibleTo()).to.deep.equal({
      anonymous: ["billing_list_invoices"],
      bob: ["billing_list_invoices", "billing_profile"],
      ada: ["billing_list_invoices", "billing_profile", "billing_refund"],
    });
  });

  it("closes every undeclared action by default when the app says so", async () => {
    snippet.closedByDefault();
    const result = await new Invoker().call(snippet.ListInvoices, {}, { ambientContext: {} });
    expect(result.error).to.equal("Authentication required: sign in to call billing_list_invoices");
  });
});
