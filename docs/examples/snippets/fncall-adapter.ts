/**
 * docs/adapter-authoring.md — a complete, minimal adapter plugin for a "function calling"
 * transport: each tool is `{ name, description, parameters }` plus a `call(args, session)` that
 * answers `{ ok: true, content }` or `{ ok: false, error }`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import {
  createConfigurable,
  createDeprecator,
  Invoker,
  markAxnError,
  Tools,
  TOOL_NAME_PATTERN,
  type AnyAxn,
  type FieldError,
  type JsonSchema,
  type JsonValue,
  type OverridableSettingsOf,
  type SettingsOf,
} from "@axn/core";
import { definePlugin } from "@axn/sdk";
import {
  declareRejectOpaqueExposedValues,
  guardToolResponse,
  serializeExposed,
  toolRootsDefault,
  toolRootsSource,
} from "@axn/sdk/adapter";

const PLUGIN = "axn-plugin-fncall";
export const FNCALL = "fncall";

// --- configuration: namespace first, then the settings (an overridable one locks the namespace) ---
export const fncallConfig = declareRejectOpaqueExposedValues(
  toolRootsDefault(createConfigurable(PLUGIN).configNamespace(FNCALL), ["agent_tools"]),
  { default: false },
).setting("presentAs", { default: "structured", oneOf: ["structured", "message"], overridable: true });

// Declaration merging: the plugin's per-action bag, hint and field key type-check in app code.
declare module "@axn/core" {
  interface AdapterSettingsRegistry {
    fncall: OverridableSettingsOf<typeof fncallConfig>;
  }
  interface SemanticHintRegistry {
    externalEffects: true;
  }
  interface FieldMetadataKeys {
    fncallExample?: string;
  }
}
declare module "@axn/sdk" {
  interface AppSettingsRegistry {
    fncall: SettingsOf<typeof fncallConfig>;
  }
}

// --- errors: the package's own family carries the axn brand ---
export class FncallError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
    this.name = new.target.name;
  }
}
markAxnError(FncallError);

export const deprecator = createDeprecator(PLUGIN, "2.0");

// --- live transport capabilities: a per-call handle, never ambient data ---
export interface FncallSession {
  readonly userId: string;
  /** Further facts the transport vouches for (a token's claims): trusted ambient context too. */
  readonly claims?: Readonly<Record<string, unknown>>;
  /** A live capability: progress goes straight back to the transport. */
  readonly progress?: (done: number) => void;
}
const sessions = new AsyncLocalStorage<FncallSession>();
/** The session of the tool call running now (`undefined` outside one). */
export function currentSession(): FncallSession | undefined {
  return sessions.getStore();
}

// --- wrap / tools ---
export type FncallResponse =
  | { readonly ok: true; readonly content: string | { readonly [key: string]: JsonValue } }
  | { readonly ok: false; readonly error: string; readonly fieldErrors?: readonly FieldError[] };

export interface FncallTool {
  readonly name: string;
  readonly description: string | undefined;
  readonly parameters: JsonSchema;
  readonly action: AnyAxn;
  call(args: unknown, session: FncallSession): Promise<FncallResponse>;
}

export interface WrapOptions {
  readonly name?: string;
  readonly description?: string;
  /** @deprecated use `description` */
  readonly summary?: string;
}

export const ADAPTER_FAILURE = "The tool could not produce a valid response";
const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

export function wrap(action: AnyAxn, options: WrapOptions = {}): FncallTool {
  if (options.summary !== undefined) deprecator.warn("wrap(action, { summary }) is deprecated; use { description }");
  const name = options.name ?? action.toolName(FNCALL);
  if (!TOOL_NAME_PATTERN.test(name)) throw new TypeError(`fncall.wrap(${action.name}): tool name "${name}" must match ${TOOL_NAME_PATTERN}`);
  const presentAs = fncallConfig.resolveOverrideFor(action, "presentAs");
  return Object.freeze({
    name,
    description: options.description ?? options.summary ?? action.description,
    parameters: action.inputSchema,
    action,
    async call(args: unknown, session: FncallSession): Promise<FncallResponse> {
      // Trusted context goes in as plain data; the live handle through AsyncLocalStorage.
      const result = await sessions.run(session, () => invoker.call(action, args, { ambientContext: { ...session.claims, userId: session.userId } }));
      // Guard only the mapping: the call above already reported its own exceptions.
      return guardToolResponse(action, { onError: (): FncallResponse => ({ ok: false, error: ADAPTER_FAILURE }) }, (): FncallResponse => {
        if (!result.ok) {
          const error = result.error ?? ADAPTER_FAILURE;
          return Invoker.inputInvalid(result) ? { ok: false, error, fieldErrors: Invoker.fieldErrors(result) } : { ok: false, error };
        }
        return { ok: true, content: presentAs === "message" ? result.message : serializeExposed(fncallConfig, result) };
      });
    },
  });
}

/** Zero-argument: every fncall member, wrapped with its defaults. */
export function tools(): FncallTool[] {
  return Tools.for(FNCALL).map((action) => wrap(action));
}

// --- the plugin: registrations happen in apply(), at load ---
export default definePlugin({
  name: PLUGIN,
  version: "1.0.0",
  host: "^0.1.0",
  apply(host) {
    host.hooks.registerAdapter.tap(PLUGIN, (adapters) => adapters.add(FNCALL, toolRootsSource(fncallConfig)));
    host.hooks.registerSemanticHint.tap(PLUGIN, (hints) => hints.add("externalEffects"));
    host.hooks.registerFieldMetadataKey.tap(PLUGIN, (keys) => keys.add("fncallExample"));
  },
});
