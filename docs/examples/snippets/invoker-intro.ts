/**
 * docs/invoker.md — the page's opening lines: one Invoker, one call with model-supplied arguments
 * and the server's trusted context. Pinned by test/docs/snippets.spec.ts.
 */
import { Invoker } from "@axn/core";

const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
const result = await invoker.call(ListCompanies, modelArgs, { ambientContext: { userId: session.userId } });

// What the lines above assume (imports are hoisted).
import { ListCompanies, modelArgs, session } from "./invoker.js";
export { invoker, result };
