/**
 * The langchain adapter's settings, under the `langchain` config namespace: how a success is
 * presented to the model (`presentAs`), whether opaque exposed values are refused
 * (`rejectOpaqueExposedValues`), and the tool-root folders exposed without a per-action `tool`
 * declaration (`toolRoots`). `presentAs` and `rejectOpaqueExposedValues` are overridable per action
 * through `configure: { langchain: {...} }` or `tool: { langchain: {...} }`.
 *
 * @example
 * ```ts
 * import { langchainConfig } from "axn-plugin-langchain";
 * langchainConfig.configure((c) => { c.presentAs = "message"; });
 * ```
 */
import { createConfigurable, type OverridableSettingsOf } from "@axn/core";
import { declarePresentAs, declareRejectOpaqueExposedValues, toolRootsDefault } from "@axn/sdk/adapter";

export type { PresentAs } from "@axn/sdk/adapter";

/** The adapter key: `Tools.for("langchain")`, `action.toolName("langchain")`, the config namespace. */
export const ADAPTER_KEY = "langchain";

/** The npm package name: the configurable's owner and the name the plugin taps hooks under. */
export const PACKAGE_NAME = "axn-plugin-langchain";

export const langchainConfig = toolRootsDefault(
  // An LLM is better served by an ugly-but-honest string than by a failed tool call.
  declareRejectOpaqueExposedValues(declarePresentAs(createConfigurable(PACKAGE_NAME).configNamespace(ADAPTER_KEY)), {
    default: false,
  }),
  // No default roots: a folder is exposed only when the app says so.
  [],
);

/** The per-action bag: `configure: { langchain: { presentAs: "message" } }`. */
export type LangchainActionSettings = OverridableSettingsOf<typeof langchainConfig>;

declare module "@axn/core" {
  interface AdapterSettingsRegistry {
    langchain: LangchainActionSettings;
  }
}
