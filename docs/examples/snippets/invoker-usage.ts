/**
 * docs/invoker.md — the calls the page shows, each section's code in one function. Pinned by
 * test/docs/snippets.spec.ts.
 */
import { Invoker } from "@axn/core";
import { invoker, ListCompanies, runTool } from "./invoker.js";

/** "Direct calls keep their own setting". */
export async function directCall() {
  // @ts-expect-error the type says number: a direct call takes it at its word and does not coerce
  const direct = await ListCompanies.call({ limit: "2" }, { ambientContext: { userId: "u1" } });
  direct.outcome;            // "exception"
  direct.exception?.message; // "limit: Invalid input: expected number, received string"
  return direct;
}

/** "The ambient-context guard". */
export async function smuggledAmbient() {
  await runTool({ limit: "1", ambientContext: { userId: "attacker" } }, { userId: "u1" });
  // { content: { companies: ["Acme"], userId: "u1" } }
}

/** "Return value and detection". */
export async function returnValues() {
  await runTool({ limit: "2", sort: "name" }, { userId: "u1" });
  // { content: { companies: ["Acme", "Globex"], userId: "u1" } }

  await runTool({ limit: "many", sort: "age" }, { userId: "u1" });
  // { error: "Could not list companies: limit: Invalid input: expected number, received string; sort: Invalid option: expected one of "name"|"size"",
  //   fieldErrors: [{ field: "limit", message: "limit: Invalid input: expected number, received string" },
  //                 { field: "sort", message: "sort: Invalid option: expected one of "name"|"size"" }] }

  await runTool({ limit: 5, offset: 10 }, { userId: "u1" });
  // { error: "Could not list companies: unknown input: offset",
  //   fieldErrors: [{ field: "offset", message: "unknown input: offset" }] }
}

/** "Ambient violations stay developer-facing". */
export async function ambientViolation() {
  const result = await invoker.call(ListCompanies, { limit: "x" }, { ambientContext: {} });
  result.outcome;                  // "exception" — reported once
  result.error;                    // "Could not list companies"
  Invoker.inputInvalid(result);    // false
  Invoker.fieldErrors(result);
  // [{ field: "limit", message: "limit: Invalid input: expected number, received string" },
  //  { field: "userId", message: "userId: Invalid input: expected string, received undefined" }]
  return result;
}

/** "Bounded messages". */
export async function boundedMessage() {
  const result = await invoker.call(ListCompanies, { ["k".repeat(200_000)]: 1 }, { ambientContext: { userId: "u1" } });
  result.error; // "Could not list companies: unknown input: kkkk…" (100 k's, then …)
  //               — a 400 of a few hundred bytes over HTTP, not 200 KB
  return result;
}
