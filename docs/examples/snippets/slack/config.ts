/**
 * docs/configuration.md, docs/plugins.md — an imaginary Slack transport plugin declaring its
 * settings. Pinned by test/docs/pages.spec.ts.
 */
import { createConfigurable } from "@axn/core";

export const slackConfig = createConfigurable("axn-plugin-slack")   // the owner, named in errors
  .configNamespace("slack")                                          // before any overridable setting
  .setting("presentAs", { default: "structured", oneOf: ["structured", "message"], overridable: true })
  .setting("maxItems", { default: 100, validate: (n) => n > 0 || "must be positive" })
  .setting("startedAt", { default: () => new Date() });           // a function default: re-evaluated on each read
