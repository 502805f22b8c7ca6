/**
 * docs/adapter-authoring.md — what the example adapter serves, called the way its transport calls
 * it. Run after fncall-host.ts loaded the host; pinned by test/docs/snippets.spec.ts.
 */
import { Search } from "./factory.js";
import { wrap, type FncallTool } from "./fncall-adapter.js";

/** "Schema reflection" and "Invocation and result mapping": the discovered invoice tool. */
export async function invoiceTool(invoice: FncallTool) {
  invoice.parameters;
  // { type: "object", properties: { number: { type: "string", pattern: "^INV-\\d+$" } },
  //   required: ["number"], additionalProperties: false }

  await invoice.call({ number: "INV-7" }, { userId: "cus_1" });
  // { ok: true, content: { number: "INV-7", userId: "cus_1", issuedOn: "2026-01-15T00:00:00.000Z" } }
  await invoice.call({ number: "7" }, { userId: "cus_1" });
  // { ok: false, error: "number: Invalid string: must match pattern /^INV-\d+$/", fieldErrors: [{ field: "number", message: "number: Invalid string: must match pattern /^INV-\d+$/" }] }
}

/** "Inline tools". */
export async function inlineTool() {
  const inline = wrap(Search);                       // Search = Factory.build({ name: "search", … }, body)
  [inline.name, inline.description];                 // ["search", "Search for items"]
  await inline.call({ query: "rr" }, { userId: "u1" }); // { ok: true, content: { results: ["cherry"] } }
  return inline;
}
