/**
 * docs/plugins.md — the imaginary Slack transport plugin: its types for app code (declaration
 * merging), and a per-action setting resolved at call time. Pinned by test/docs/pages.spec.ts.
 */
import type { OverridableSettingsOf, SettingsOf } from "@axn/core";
import { slackConfig } from "./config.js";

declare module "@axn/core" {
  interface AdapterSettingsRegistry {
    slack: OverridableSettingsOf<typeof slackConfig>;   // per-action bags: tool/configure: { slack: {...} }
  }
  interface SemanticHintRegistry {
    broadcast: true;                                     // semanticHints: ["broadcast"]
  }
  interface FieldMetadataKeys {
    slackTitle?: string;                                 // expects: { q: { schema, slackTitle: "Query" } }
  }
}
// An augmentation merges only into a module the program loaded: an adapter that imports only
// @axn/sdk/adapter loads "@axn/sdk" here, or TypeScript refuses the block below (TS2664).
import type {} from "@axn/sdk";
declare module "@axn/sdk" {
  interface AppSettingsRegistry {
    slack: SettingsOf<typeof slackConfig>;               // axn.config: { slack: { maxItems: 50 } }
  }
}

import type { AnyAxn } from "@axn/core";
import { definePlugin } from "@axn/sdk";

/** What a message shows for `action`: its own bag's value, its parent's, else the package value. */
export function presentationOf(action: AnyAxn) {
  const presentAs = slackConfig.resolveOverrideFor(action, "presentAs");
  return presentAs;
}

export { slackConfig };
export default definePlugin({
  name: "axn-plugin-slack",
  version: "1.0.0",
  host: "^0.1.0",
  apply(host) {
    host.hooks.registerAdapter.tap("axn-plugin-slack", (adapters) => adapters.add("slack"));
    host.hooks.registerSemanticHint.tap("axn-plugin-slack", (hints) => hints.add("broadcast"));
    host.hooks.registerFieldMetadataKey.tap("axn-plugin-slack", (keys) => keys.add("slackTitle"));
  },
});
