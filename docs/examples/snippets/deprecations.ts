/**
 * docs/actions.md — a package's deprecator and an app governing it. Loading this module warns and
 * changes two behaviours, so test/docs/snippets.spec.ts imports it inside a spec.
 */
import { createDeprecator, deprecators } from "@axn/core";

export const deprecator = createDeprecator("axn-plugin-webhooks", "2.0");
deprecator.warn("retry(seconds) is deprecated; use retry({ afterSeconds })");
// process warning (DeprecationWarning), once per distinct message:
// "retry(seconds) is deprecated; use retry({ afterSeconds }) (deprecated; will be removed in axn-plugin-webhooks 2.0)"

// in the app
deprecators().get("axn-plugin-webhooks")!.behavior = "raise"; // CI: throws DeprecationError (code AXN_DEPRECATED)
deprecators().get("@axn/core")!.behavior = "silence";          // tests
