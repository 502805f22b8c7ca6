/**
 * @axn/sdk/testing — helpers for specs of actions and adapter plugins: `buildAxn` (an action with
 * a unique generated name), `withAmbientContext` (run code as inside a request), `resetKernel`
 * (the one reset of the process-wide state, between specs), `scriptedAnswers` / `rerunWithAnswers`
 * (a body's questions answered in place, or the call re-run with the answers as MCP 2026-07-28 and
 * LangGraph do).
 *
 * Everything exported from this file is public API of @axn/sdk/testing, named one by one and pinned by
 * test/api-surface.spec.ts: a change here is an API change.
 *
 * @example
 * ```ts
 * import { buildAxn, resetKernel, withAmbientContext } from "@axn/sdk/testing";
 * afterEach(resetKernel);
 * it("reads the user", async () => {
 *   const WhoAmI = buildAxn({ expects: { userId: { schema: z.string(), on: "ambientContext" } }, exposes: { userId: z.string() }, call: ({ userId }) => ({ userId }) });
 *   expect((await withAmbientContext({ userId: "u_1" }, () => WhoAmI.call({}))).userId).to.equal("u_1");
 * });
 * ```
 */
export { buildAxn, uniqueAxnName, BUILT_AXN_PREFIX, type BuildAxnDefinition } from "./build-axn.js";
export { withAmbientContext } from "./ambient.js";
export { resetKernel } from "./reset.js";
export {
  scriptedAnswers,
  rerunWithAnswers,
  RERUN_REASON,
  type ScriptedAnswers,
  type Rerun,
} from "./scripted-answers.js";
