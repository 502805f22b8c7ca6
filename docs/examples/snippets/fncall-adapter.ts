/** docs/adapter-authoring.md — the worked example: a complete adapter plugin for a "function calling" transport. */
import { AsyncLocalStorage } from "node:async_hooks";
import { createConfigurable, createDeprecator, type AnyAxn, type JsonValue, type OverridableSettingsOf } from "@axn/core";
import { declarePresentAs, declareRejectOpaqueExposedValues, defineAdapterPlugin, resolveToolName, serializeExposed } from "@axn/sdk/adapter";
import { toolPipeline, toolRootsDefault, type ToolFailure } from "@axn/sdk/adapter";

// The `fncall` namespace: tool roots (default `agent_tools/`), then the two per-action settings an LLM-facing adapter has.
const roots = toolRootsDefault(createConfigurable("axn-plugin-fncall").configNamespace("fncall"), ["agent_tools"]);
export const fncallConfig = declarePresentAs(declareRejectOpaqueExposedValues(roots, { default: false }));
declare module "@axn/core" {
  interface AdapterSettingsRegistry { fncall: OverridableSettingsOf<typeof fncallConfig> } // types `configure: { fncall: … }`
  interface SemanticHintRegistry { externalEffects: true }
  interface FieldMetadataKeys { fncallExample?: string }
}
export const deprecator = createDeprecator("axn-plugin-fncall", "2.0");

/** One call's session: who the transport vouches for (and the claims of their token), a live capability, and the client's cancellation. */
export interface FncallSession { userId: string; claims?: Readonly<Record<string, unknown>>; progress?: (done: number) => void; signal?: AbortSignal }
const sessions = new AsyncLocalStorage<FncallSession>();
export const currentSession = (): FncallSession | undefined => sessions.getStore();
export type FncallResponse = { ok: true; content: string | { [key: string]: JsonValue } } | ({ ok: false } & ToolFailure);

function wrapAction(action: AnyAxn, options: { name?: string; description?: string; /** @deprecated */ summary?: string } = {}) {
  if (options.summary !== undefined) deprecator.warn("wrap(action, { summary }) is deprecated; use { description }");
  const presentAs = fncallConfig.resolveOverrideFor(action, "presentAs");
  const run = toolPipeline(action, {
    success: (result): FncallResponse => ({ ok: true, content: presentAs === "message" ? result.message : serializeExposed(fncallConfig, result) }),
    failure: (failure): FncallResponse => ({ ok: false, ...failure }),
  });
  const name = resolveToolName(action, "fncall", { name: options.name });
  // The trusted facts become the call's ambient context (never the arguments); the live session rides AsyncLocalStorage.
  const call = (args: unknown, s: FncallSession) =>
    sessions.run(s, () => run(args, { ambientContext: { ...s.claims, userId: s.userId }, ...(s.signal && { signal: s.signal }) }));
  return Object.freeze({ name, description: options.description ?? options.summary ?? action.description, parameters: action.inputSchema, action, call });
}
export type FncallTool = ReturnType<typeof wrapAction>;

const fncall = defineAdapterPlugin({ name: "axn-plugin-fncall", version: "1.0.0", host: "^0.1.0", key: "fncall", settings: fncallConfig,
  wrap: wrapAction, semanticHints: ["externalEffects"], fieldMetadataKeys: ["fncallExample"] });
export default fncall;
export const { wrap, tools } = fncall;
